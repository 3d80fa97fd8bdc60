import Foundation
import Testing

@testable import RefreshTesting

/// Files for review in a folder of their own: a changed text snapshot, one to skip, a new one
/// and a changed SVG; and a pending file outside any `__Snapshots__` folder, which is not one.
final class ReviewFolder {
  let root: URL
  let snapshots: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("refresh-review-\(UUID().uuidString)", isDirectory: true)
    snapshots = root.appendingPathComponent("Tests/ATests/__Snapshots__/ATests", isDirectory: true)
    try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
    let files = [
      "changed.1.txt": "ab\ncd\n", "changed.1.txt.pending": "ab\nxd\n",
      "kept.1.txt": "one\n", "kept.1.txt.pending": "two\n",
      "new.1.txt.pending": "fresh\nlines\n",
      "rejected.1.svg": "<svg>\n<a/>\n</svg>\n", "rejected.1.svg.pending": "<svg>\n<b/>\n</svg>\n",
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: snapshots.appendingPathComponent(name))
    }
    let elsewhere = root.appendingPathComponent("Notes", isDirectory: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data("x\n".utf8).write(to: elsewhere.appendingPathComponent("x.txt.pending"))
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// The text of a file of the `__Snapshots__` folder, or `nil` when there is none.
  func contents(_ name: String) -> String? {
    try? String(contentsOf: snapshots.appendingPathComponent(name), encoding: .utf8)
  }

  /// Every file of the `__Snapshots__` folder with its text.
  func files() -> [String: String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []
    return Dictionary(uniqueKeysWithValues: names.map { ($0, contents($0) ?? "") })
  }
}

/// What `refresh-snapshots` does, on a folder: finding the pending snapshots, showing their
/// differences, and accepting, rejecting and skipping them.
@Suite("Reviewing pending snapshots")
struct SnapshotReviewTests {
  /// The screens of the folder's four pending snapshots.
  static let changedScreen =
    "[1/4] Tests/ATests/__Snapshots__/ATests/changed.1.txt (changed)\n"
    + "@@ -1,3 +1,3 @@\n ab\n-cd\n+xd\n \n"
    + "Changed cells (^):\n2 │xd\n  │^\n"
    + "a accept · r reject · s skip · q quit: "
  static let keptScreen =
    "[2/4] Tests/ATests/__Snapshots__/ATests/kept.1.txt (changed)\n"
    + "@@ -1,2 +1,2 @@\n-one\n+two\n \n"
    + "Changed cells (^):\n1 │two\n  │^^^\n"
    + "a accept · r reject · s skip · q quit: "
  static let newScreen =
    "[3/4] Tests/ATests/__Snapshots__/ATests/new.1.txt (new)\n"
    + "+fresh\n+lines\n"
    + "a accept · r reject · s skip · q quit: "
  static let rejectedScreen =
    "[4/4] Tests/ATests/__Snapshots__/ATests/rejected.1.svg (changed)\n"
    + "@@ -1,4 +1,4 @@\n <svg>\n-<a/>\n+<b/>\n </svg>\n \n"
    + "a accept · r reject · s skip · q quit: "

  /// Runs a review that reads `choices` in turn; returns its summary and everything it wrote.
  func review(_ folder: ReviewFolder, choices: [String]) throws -> (
    SnapshotReview.Summary, String
  ) {
    var remaining = choices[...]
    var written = ""
    let summary = try SnapshotReview(root: folder.root).review(
      input: { remaining.popFirst() }, output: { written += $0 })
    return (summary, written)
  }

  @Test func thePendingSnapshotsAreListedNewOrChanged() throws {
    let folder = try ReviewFolder()
    let review = SnapshotReview(root: folder.root)
    #expect(
      try review.pendingSnapshots().map(review.listing(of:)) == [
        "Tests/ATests/__Snapshots__/ATests/changed.1.txt (changed)",
        "Tests/ATests/__Snapshots__/ATests/kept.1.txt (changed)",
        "Tests/ATests/__Snapshots__/ATests/new.1.txt (new)",
        "Tests/ATests/__Snapshots__/ATests/rejected.1.svg (changed)",
      ])
  }

  @Test func eachIsShownWithItsDifferenceThenAcceptedRejectedOrSkipped() throws {
    let folder = try ReviewFolder()
    let (summary, written) = try review(folder, choices: ["a", "s", "A\n", "r"])
    #expect(
      written == Self.changedScreen + "a\nAccepted.\n\n" + Self.keptScreen + "s\nSkipped.\n\n"
        + Self.newScreen + "a\nAccepted.\n\n" + Self.rejectedScreen + "r\nRejected.\n\n"
        + "2 accepted, 1 rejected, 1 skipped\n")
    #expect(summary.description == "2 accepted, 1 rejected, 1 skipped")
    #expect(
      folder.files() == [
        "changed.1.txt": "ab\nxd\n",
        "kept.1.txt": "one\n", "kept.1.txt.pending": "two\n",
        "new.1.txt": "fresh\nlines\n",
        "rejected.1.svg": "<svg>\n<a/>\n</svg>\n",
      ])
  }

  @Test func anotherKeyAsksAgainAndQuitSkipsTheRest() throws {
    let folder = try ReviewFolder()
    let before = folder.files()
    let (summary, written) = try review(folder, choices: ["x", "q"])
    #expect(
      written == Self.changedScreen + "\nPress a, r, s or q: " + "q\n\n"
        + "0 accepted, 0 rejected, 4 skipped\n")
    #expect(summary.skipped == 4)
    #expect(folder.files() == before)
  }

  @Test func theEndOfTheInputQuits() throws {
    let folder = try ReviewFolder()
    let (summary, written) = try review(folder, choices: ["r"])
    #expect(
      written == Self.changedScreen + "r\nRejected.\n\n" + Self.keptScreen + "q\n\n"
        + "0 accepted, 1 rejected, 3 skipped\n")
    #expect(summary.rejected == 1)
    #expect(folder.contents("changed.1.txt") == "ab\ncd\n")
    #expect(folder.contents("changed.1.txt.pending") == nil)
  }

  @Test func aFolderWithNothingPending() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("refresh-review-empty-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    var written = ""
    let summary = try SnapshotReview(root: root).review(
      input: {
        Issue.record("asked for a choice")
        return nil
      }, output: { written += $0 })
    #expect(
      written == "No pending snapshots under \(root.standardizedFileURL.path).\n"
        + "0 accepted, 0 rejected, 0 skipped\n")
    #expect(summary == SnapshotReview.Summary())
    // The sample of SnapshotReview's documentation, on the same folder.
    try reviewPendingSnapshots(in: root)
  }

  @Test func aMissingFolderThrows() {
    let review = SnapshotReview(root: URL(fileURLWithPath: "/nonexistent-refresh-review"))
    #expect(throws: (any Error).self) { try review.pendingSnapshots() }
  }

  @Test func wideCharactersTakeTwoCells() {
    #expect(
      SnapshotReview.changedCells(reference: "松开\n", actual: "松X\n") == "1 │松X\n  │  ^^\n")
    #expect(SnapshotReview.changedCells(reference: "a\n", actual: "a\nb\n") == nil)
  }

  @Test func acceptAndRejectEverything() throws {
    let accepted = try ReviewFolder()
    let review = SnapshotReview(root: accepted.root)
    for pending in try review.pendingSnapshots() { try review.accept(pending) }
    #expect(
      accepted.files() == [
        "changed.1.txt": "ab\nxd\n", "kept.1.txt": "two\n", "new.1.txt": "fresh\nlines\n",
        "rejected.1.svg": "<svg>\n<b/>\n</svg>\n",
      ])
    let rejected = try ReviewFolder()
    let other = SnapshotReview(root: rejected.root)
    for pending in try other.pendingSnapshots() { try other.reject(pending) }
    #expect(
      rejected.files() == [
        "changed.1.txt": "ab\ncd\n", "kept.1.txt": "one\n",
        "rejected.1.svg": "<svg>\n<a/>\n</svg>\n",
      ])
  }
}

/// The sample of ``SnapshotReview``'s documentation, as written there.
func reviewPendingSnapshots(in folder: URL) throws {
  let review = SnapshotReview(root: folder)
  let summary = try review.review(input: { readLine() }, output: { print($0, terminator: "") })
  print(summary)  // 2 accepted, 1 rejected, 1 skipped
}
