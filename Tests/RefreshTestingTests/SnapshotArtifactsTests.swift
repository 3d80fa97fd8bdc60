import Foundation
import Testing

@testable import RefreshTesting

/// What a failed snapshot leaves: the reference, the snapshot and the difference, attached
/// and, where the environment names a folder, written there.
@Suite("Snapshot failure artifacts")
struct SnapshotArtifactsTests {
  @Test func aMismatchLeavesTheReferenceTheSnapshotAndTheDifference() {
    let files = SnapshotArtifacts.files(
      name: "armed 1", reference: "old\n", actual: "new\n", difference: "@@ -1 +1 @@",
      pathExtension: "txt")
    #expect(files.map(\.name) == ["armed_1.reference.txt", "armed_1.actual.txt", "armed_1.diff"])
    #expect(files.map(\.text) == ["old\n", "new\n", "@@ -1 +1 @@\n"])
  }

  @Test func aMissingReferenceLeavesTheSnapshotAlone() {
    let files = SnapshotArtifacts.files(
      name: "armed", reference: nil, actual: "<svg/>", difference: nil, pathExtension: "svg")
    #expect(files.map(\.name) == ["armed.actual.svg"])
  }

  @Test func theFolderTheEnvironmentNamesGetsThemUnderTheTestFilesName() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("refresh-artifacts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let reference = URL(fileURLWithPath: "/tmp/x/__Snapshots__/HeaderTests/armed.txt")
    SnapshotArtifacts.keep(
      name: "armed", reference: "old\n", actual: "new\n", difference: "-old\n+new",
      pathExtension: "txt", referenceURL: reference,
      at: AssertionLocation(fileID: "M/HeaderTests.swift", filePath: #filePath, line: 1, column: 1),
      environment: ["REFRESH_SNAPSHOT_ARTIFACTS": folder.path])
    let written = folder.appendingPathComponent("HeaderTests")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: written.path).sorted()
        == ["armed.actual.txt", "armed.diff", "armed.reference.txt"])
    #expect(
      try String(contentsOf: written.appendingPathComponent("armed.diff"), encoding: .utf8)
        == "-old\n+new\n")
  }

  @Test func noFolderNoFiles() throws {
    let reference = URL(fileURLWithPath: "/tmp/refresh-artifacts-none/__Snapshots__/T/a.txt")
    SnapshotArtifacts.keep(
      name: "a", reference: nil, actual: "x", difference: nil, pathExtension: "txt",
      referenceURL: reference,
      at: AssertionLocation(fileID: "M/T.swift", filePath: #filePath, line: 1, column: 1),
      environment: [:])
    #expect(!FileManager.default.fileExists(atPath: "/tmp/refresh-artifacts-none"))
  }
}
