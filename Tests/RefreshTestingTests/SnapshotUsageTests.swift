import Foundation
import Testing

@testable import RefreshTesting

/// The usage file a run writes, and what `refresh-snapshots unreferenced` reads from it: which
/// references the run compared with, and which ones under a folder it did not.
@MainActor
@Suite("Snapshot usage and unreferenced references", .serialized)
struct SnapshotUsageTests {
  /// A test file of its own, so that the references here are nobody else's.
  nonisolated static let fakeTestFile: StaticString = "/tmp/refresh-testing-usage/UsageTests.swift"
  nonisolated static let folder = "/tmp/refresh-testing-usage/__Snapshots__/UsageTests"

  /// A fresh usage file's path.
  func usageFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "usage-\(UUID().uuidString).txt")
  }

  @Test func everyComparisonIsWrittenDownWhateverItFinds() throws {
    try? FileManager.default.removeItem(atPath: "/tmp/refresh-testing-usage")
    try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
    try Data("same\n".utf8).write(to: URL(fileURLWithPath: Self.folder + "/matched.txt"))
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: Self.folder + "/changed.txt"))
    let file = usageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    SnapshotUsage.$scopedFile.withValue(file.path) {
      assertSnapshot(
        of: "same", as: .lines, named: "matched", record: .missing, filePath: Self.fakeTestFile)
      withKnownIssue {
        assertSnapshot(
          of: "new", as: .lines, named: "changed", record: .missing, filePath: Self.fakeTestFile)
      }
    }
    // Without a usage file, nothing is written down.
    assertSnapshot(
      of: "same", as: .lines, named: "matched", record: .missing, filePath: Self.fakeTestFile)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == Self.folder + "/matched.txt\n" + Self.folder + "/changed.txt\n")
    #expect(
      try SnapshotUsage.references(listedIn: file) == [
        Self.folder + "/matched.txt", Self.folder + "/changed.txt",
      ])
  }

  @Test func theEnvironmentNamesTheFileAndAnEmptyValueNamesNone() throws {
    let file = usageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let reference = URL(fileURLWithPath: "/tmp/a/__Snapshots__/T/x.txt")
    SnapshotUsage.record(reference, environment: [SnapshotUsage.environmentVariable: ""])
    #expect(!FileManager.default.fileExists(atPath: file.path))
    SnapshotUsage.record(reference, environment: [SnapshotUsage.environmentVariable: file.path])
    SnapshotUsage.record(reference, environment: [SnapshotUsage.environmentVariable: file.path])
    #expect(
      try String(contentsOf: file, encoding: .utf8) == reference.path + "\n" + reference.path + "\n"
    )
    #expect(try SnapshotUsage.references(listedIn: file) == [reference.path])
  }

  @Test func linesWrittenAtOnceFromManyThreadsStayWhole() async throws {
    let file = usageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let environment = [SnapshotUsage.environmentVariable: file.path]
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<50 {
            SnapshotUsage.record(
              URL(fileURLWithPath: "/tmp/u/__Snapshots__/T/\(task)-\(index).txt"),
              environment: environment)
          }
        }
      }
    }
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 400)
    #expect(Set(lines).count == 400)
    #expect(lines.allSatisfy { $0.hasPrefix("/tmp/u/__Snapshots__/T/") && $0.hasSuffix(".txt") })
  }

  @Test func theReferencesOfAFolderAreItsSnapshotFilesWithoutPendingOnes() throws {
    let folder = try ReviewFolder()
    let review = SnapshotReview(root: folder.root)
    #expect(
      try review.references().map { review.shownPath(of: $0) } == [
        "Tests/ATests/__Snapshots__/ATests/changed.1.txt",
        "Tests/ATests/__Snapshots__/ATests/kept.1.txt",
        "Tests/ATests/__Snapshots__/ATests/rejected.1.svg",
      ])
  }

  @Test func unreferencedAreTheReferencesTheRunDidNotCompareWith() throws {
    let folder = try ReviewFolder()
    let review = SnapshotReview(root: folder.root)
    let used: Set<String> = [
      SnapshotUsage.canonicalPath(of: folder.snapshots.appendingPathComponent("kept.1.txt")),
      "/elsewhere/__Snapshots__/X/other.txt",
    ]
    let unused = try review.unreferenced(used: used)
    #expect(
      unused.map { review.shownPath(of: $0) } == [
        "Tests/ATests/__Snapshots__/ATests/changed.1.txt",
        "Tests/ATests/__Snapshots__/ATests/rejected.1.svg",
      ])
    for url in unused { try review.delete(unreferenced: url) }
    // Their pending files go with them; the used reference and its pending file stay, and so
    // does the new snapshot, which has no reference to be unused.
    #expect(
      folder.files() == [
        "kept.1.txt": "one\n", "kept.1.txt.pending": "two\n", "new.1.txt.pending": "fresh\nlines\n",
      ])
  }

  @Test func acceptingUnseenTakesTheNewOnesAndShowsTheChangedOnes() throws {
    let folder = try ReviewFolder()
    let review = SnapshotReview(root: folder.root)
    var output = ""
    var keys = ["s", "r", "a"][...]
    let summary = try review.review(
      acceptingUnseen: true, input: { keys.popFirst() }, output: { output += $0 })
    #expect(summary.description == "2 accepted, 1 rejected, 1 skipped")
    #expect(
      output.hasPrefix("Accepted Tests/ATests/__Snapshots__/ATests/new.1.txt (new)\n\n[1/3] "))
    #expect(!output.contains("fresh"))
    #expect(output.contains("[3/3] Tests/ATests/__Snapshots__/ATests/rejected.1.svg (changed)"))
    #expect(folder.contents("new.1.txt") == "fresh\nlines\n")
    #expect(folder.contents("changed.1.txt.pending") == "ab\nxd\n")
    #expect(folder.contents("kept.1.txt") == "one\n")
    #expect(folder.contents("rejected.1.svg") == "<svg>\n<b/>\n</svg>\n")
  }
}
