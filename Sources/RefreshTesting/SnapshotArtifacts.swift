import Foundation
import Testing

/// What a failed snapshot leaves to look at without running the test again: the reference,
/// the snapshot and their difference.
///
/// In Swift Testing they are attached to the failing test (`Attachment`; `swift test
/// --attachments-path DIR` saves them). With the environment variable
/// `REFRESH_SNAPSHOT_ARTIFACTS` naming a folder, they are also written there, under the test
/// file's name, for XCTest and for a CI job to upload:
/// `$REFRESH_SNAPSHOT_ARTIFACTS/HeaderTests/armed.1.actual.txt`.
enum SnapshotArtifacts {
  /// The environment variable naming the folder that artifacts are written to.
  static let environmentVariable = "REFRESH_SNAPSHOT_ARTIFACTS"

  /// The artifacts of a failed snapshot, by file name: `<name>.reference.<ext>` (when there is
  /// a reference), `<name>.actual.<ext>`, `<name>.diff` (when there is a difference).
  static func files(
    name: String, reference: String?, actual: String, difference: String?,
    pathExtension: String
  ) -> [(name: String, text: String)] {
    let base = SnapshotReference.fileName(name)
    var files: [(name: String, text: String)] = []
    if let reference { files.append((base + ".reference." + pathExtension, reference)) }
    files.append((base + ".actual." + pathExtension, actual))
    if let difference { files.append((base + ".diff", difference + "\n")) }
    return files
  }

  /// Attaches the artifacts to the running Swift Testing test, and writes them to the folder
  /// the environment names, if any.
  ///
  /// - Parameters:
  ///   - name: The snapshot's name.
  ///   - reference: The reference's text, or `nil` when there is none.
  ///   - actual: The snapshot's text.
  ///   - difference: Their difference, or `nil`.
  ///   - pathExtension: The snapshot's file extension.
  ///   - referenceURL: The reference file, whose folder names the artifacts' folder.
  ///   - location: Where the assertion was written.
  ///   - environment: The process's environment.
  static func keep(
    name: String, reference: String?, actual: String, difference: String?,
    pathExtension: String, referenceURL: URL, at location: AssertionLocation,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    let files = files(
      name: name, reference: reference, actual: actual, difference: difference,
      pathExtension: pathExtension)
    if Test.current != nil {
      let source = SourceLocation(
        fileID: location.fileID, filePath: location.path, line: Int(location.line),
        column: Int(location.column))
      for file in files {
        Attachment.record(file.text, named: file.name, sourceLocation: source)
      }
    }
    guard let folder = environment[environmentVariable], !folder.isEmpty else { return }
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
      .appendingPathComponent(referenceURL.deletingLastPathComponent().lastPathComponent)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for file in files {
        try Data(file.text.utf8).write(to: directory.appendingPathComponent(file.name))
      }
    } catch {
      TestFailure.record(
        "Cannot write the artifacts of snapshot '\(name)' to \(directory.path): "
          + error.localizedDescription, at: location)
    }
  }
}
