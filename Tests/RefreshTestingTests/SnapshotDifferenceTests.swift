import Testing

@testable import RefreshTesting

@Suite("SnapshotDifference: a readable line-by-line difference")
struct SnapshotDifferenceTests {
  @Test func theSameTextsHaveNoDifference() {
    let difference = SnapshotDifference(reference: "a\nb\n", actual: "a\nb\n")
    #expect(difference.isEmpty)
    #expect(difference.unified == "")
  }

  @Test func aChangedLineShowsWithItsContext() {
    let reference = (1...9).map { "line \($0)" }.joined(separator: "\n")
    let actual = reference.replacingOccurrences(of: "line 5", with: "line five")
    let difference = SnapshotDifference(reference: reference, actual: actual)
    #expect(
      difference.unified == """
        @@ -3,5 +3,5 @@
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
        """)
  }

  @Test func distantChangesMakeTwoHunksAndCloseOnesOne() {
    let reference = (1...20).map { "\($0)" }.joined(separator: "\n")
    var lines = reference.split(separator: "\n").map(String.init)
    lines[1] = "two"
    lines[17] = "eighteen"
    let difference = SnapshotDifference(reference: reference, actual: lines.joined(separator: "\n"))
    #expect(difference.unified.components(separatedBy: "@@ -").count - 1 == 2)
    lines[4] = "five"
    let closer = SnapshotDifference(reference: reference, actual: lines.joined(separator: "\n"))
    #expect(closer.unified.hasPrefix("@@ -1,7 +1,7 @@"))
  }

  @Test func addedAndRemovedLinesAreTold() {
    let difference = SnapshotDifference(reference: "a\nb\nc", actual: "a\nc\nd")
    #expect(
      difference.lines == [.same("a"), .removed("b"), .same("c"), .added("d")])
  }
}
