import Foundation
import RefreshTesting
import Testing

/// The pending file a failed snapshot leaves beside its reference for review: written for a
/// change and for a missing reference that is not recorded, deleted once the snapshot matches
/// or is recorded, never written by recording.
@MainActor
@Suite("Pending snapshots beside the references", .serialized)
struct SnapshotPendingTests {
  /// A test file of its own, so that the references here are nobody else's.
  nonisolated static let fakeTestFile: StaticString =
    "/tmp/refresh-testing-pending/PendingTests.swift"
  nonisolated static let folder = "/tmp/refresh-testing-pending/__Snapshots__/PendingTests"

  nonisolated func comments(of issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }

  /// The text of a file in the folder, or `nil` when there is none.
  func contents(_ file: String) -> String? {
    try? String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
  }

  /// Sets the files of a snapshot: its reference and its pending file (`nil`: none).
  func prepare(_ name: String, reference: String?, pending: String?) throws {
    try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
    for (file, text) in [(name + ".txt", reference), (name + ".txt.pending", pending)] {
      let path = Self.folder + "/" + file
      try? FileManager.default.removeItem(atPath: path)
      if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    }
  }

  @Test func aChangedSnapshotIsLeftPendingUntilItMatches() throws {
    try prepare("changed", reference: "old\n", pending: nil)
    withKnownIssue {
      assertSnapshot(
        of: "new", as: .lines, named: "changed", record: .missing, filePath: Self.fakeTestFile)
    } matching: { issue in
      comments(of: issue).contains(
        "The new snapshot is pending in __Snapshots__/PendingTests/changed.txt.pending")
    }
    #expect(contents("changed.txt") == "old\n")
    #expect(contents("changed.txt.pending") == "new\n")

    // Another change replaces the pending file.
    withKnownIssue {
      assertSnapshot(
        of: "newer", as: .lines, named: "changed", record: .never, filePath: Self.fakeTestFile)
    }
    #expect(contents("changed.txt.pending") == "newer\n")

    // The snapshot is back to the reference: the stale pending file goes.
    #expect(
      assertSnapshot(
        of: "old", as: .lines, named: "changed", record: .missing, filePath: Self.fakeTestFile))
    #expect(contents("changed.txt") == "old\n")
    #expect(contents("changed.txt.pending") == nil)
  }

  @Test func aMissingReferenceThatIsNotRecordedIsLeftPending() throws {
    try prepare("missing", reference: nil, pending: nil)
    withKnownIssue {
      assertSnapshot(
        of: "first", as: .lines, named: "missing", record: .never, filePath: Self.fakeTestFile)
    } matching: { issue in
      comments(of: issue).contains(
        "The snapshot is pending in __Snapshots__/PendingTests/missing.txt.pending")
    }
    #expect(contents("missing.txt") == nil)
    #expect(contents("missing.txt.pending") == "first\n")
  }

  @Test func recordingWritesNoPendingFileAndDeletesAStaleOne() throws {
    // A missing reference recorded: no pending file.
    try prepare("recorded", reference: nil, pending: nil)
    withKnownIssue {
      assertSnapshot(
        of: "first", as: .lines, named: "recorded", record: .missing,
        filePath: Self.fakeTestFile)
    }
    #expect(contents("recorded.txt") == "first\n")
    #expect(contents("recorded.txt.pending") == nil)

    // A change re-recorded: the reference is replaced, and the pending file of an earlier run
    // goes with what it held.
    try prepare("rerecorded", reference: "old\n", pending: "stale\n")
    withKnownIssue {
      assertSnapshot(
        of: "new", as: .lines, named: "rerecorded", record: .failed,
        filePath: Self.fakeTestFile)
    }
    #expect(contents("rerecorded.txt") == "new\n")
    #expect(contents("rerecorded.txt.pending") == nil)

    // Every reference written again: the same.
    try prepare("all", reference: "same\n", pending: "stale\n")
    withKnownIssue {
      assertSnapshot(
        of: "same", as: .lines, named: "all", record: .all, filePath: Self.fakeTestFile)
    }
    #expect(contents("all.txt") == "same\n")
    #expect(contents("all.txt.pending") == nil)
  }

  @Test func aMatchingSnapshotDeletesAStalePendingFile() throws {
    try prepare("matching", reference: "same\n", pending: "stale\n")
    #expect(
      assertSnapshot(
        of: "same", as: .lines, named: "matching", record: .never, filePath: Self.fakeTestFile))
    #expect(contents("matching.txt") == "same\n")
    #expect(contents("matching.txt.pending") == nil)
  }
}
