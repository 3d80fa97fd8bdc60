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

  /// A filmstrip's hunks say which frame changed: the section line before the first change,
  /// or the changed section line itself.
  @Test func aHunkNamesTheFrameItsFirstChangeIsIn() {
    let frames = (1...3).map {
      "── frame \($0) · 0.\($0)00 s\n"
        + (1...6).map { "row \($0)" }
        .joined(separator: "\n")
    }
    let reference = frames.joined(separator: "\n")
    var changed = frames
    changed[1] = changed[1].replacingOccurrences(of: "row 1", with: "row one")
    changed[2] = changed[2].replacingOccurrences(of: "0.300 s", with: "0.350 s")
    let difference = SnapshotDifference(
      reference: reference, actual: changed.joined(separator: "\n"))
    let headers = difference.unified.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(
      headers == ["@@ -7,5 +7,5 @@ ── frame 2 · 0.200 s", "@@ -13,5 +13,5 @@ ── frame 3 · 0.300 s"])
    // A text without sections keeps bare headers.
    #expect(
      !SnapshotDifference(reference: "a\nb", actual: "a\nc").unified.contains("@@ -1,2 +1,2 @@ "))
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
