import Foundation

/// A snapshot's reference file and what comparing with it found.
struct SnapshotReference {
  /// What became of a comparison.
  enum Outcome: Equatable {
    /// The snapshot is the reference.
    case matched
    /// There was no reference: the snapshot was written as one.
    case recorded
    /// There was no reference, and the mode writes none (``SnapshotRecordMode/never``): the
    /// snapshot was written as the pending file.
    case missing
    /// Re-recording was asked for and the snapshot differed: it replaced the reference.
    case rerecorded(difference: String)
    /// Every snapshot is recorded (``SnapshotRecordMode/all``) and this one was the same: the
    /// reference was written again, unchanged.
    case recordedUnchanged
    /// The snapshot differs from the reference, which stays; the snapshot was written as the
    /// pending file.
    case mismatched(difference: String, reference: String)
    /// The reference could not be read or written.
    case failed(reason: String)
  }

  /// The reference file.
  let url: URL

  /// The reference of a snapshot: `__Snapshots__/<test file>/<name>.<extension>` in the
  /// directory of the test file.
  ///
  /// - Parameters:
  ///   - testFilePath: The path of the test's source file.
  ///   - name: The snapshot's name.
  ///   - pathExtension: The file's extension.
  init(testFilePath: String, name: String, pathExtension: String) {
    let testFile = URL(fileURLWithPath: testFilePath)
    url = testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__", isDirectory: true)
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent, isDirectory: true)
      .appendingPathComponent(Self.fileName(name), isDirectory: false)
      .appendingPathExtension(pathExtension)
  }

  /// A name made safe as a file name: anything but letters, digits, `-`, `_` and `.` becomes
  /// `_`.
  static func fileName(_ name: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    let safe = String(name.map { allowed.contains($0) ? $0 : "_" })
    return safe.isEmpty ? "_" : safe
  }

  /// The pending file of the reference: the snapshot that a failed comparison left beside it for
  /// review, `<name>.<extension>.pending` (`armed.1.txt.pending` beside `armed.1.txt`).
  var pendingURL: URL {
    url.appendingPathExtension(SnapshotReview.pendingExtension)
  }

  /// Where a differing snapshot is written for a look (an SVG to open, say): the same path
  /// under the temporary directory.
  var failureCopyURL: URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("refresh-snapshots", isDirectory: true)
      .appendingPathComponent(url.deletingLastPathComponent().lastPathComponent)
      .appendingPathComponent(url.lastPathComponent)
  }

  /// Compares a snapshot with the reference, writing it as `mode` says.
  ///
  /// - Parameters:
  ///   - actual: The snapshot's text.
  ///   - mode: When to write the reference.
  /// - Returns: What happened.
  func compare(_ actual: String, mode: SnapshotRecordMode) -> Outcome {
    let manager = FileManager.default
    guard manager.fileExists(atPath: url.path) else {
      guard mode != .never else {
        return write(actual, to: pendingURL).map { .failed(reason: $0) } ?? .missing
      }
      removePending()
      return write(actual, to: url).map { .failed(reason: $0) } ?? .recorded
    }
    let reference: String
    do {
      reference = try String(contentsOf: url, encoding: .utf8)
    } catch {
      return .failed(reason: "cannot read \(url.path): \(error.localizedDescription)")
    }
    guard reference != actual else {
      removePending()
      guard mode == .all else { return .matched }
      return write(actual, to: url).map { .failed(reason: $0) } ?? .recordedUnchanged
    }
    let difference = SnapshotDifference(reference: reference, actual: actual).unified
    if mode == .all || mode == .failed {
      removePending()
      return write(actual, to: url).map { .failed(reason: $0) }
        ?? .rerecorded(difference: difference)
    }
    _ = write(actual, to: failureCopyURL)
    if let reason = write(actual, to: pendingURL) { return .failed(reason: reason) }
    return .mismatched(difference: difference, reference: reference)
  }

  /// Deletes the pending file, if there is one: what it held is stale once the snapshot
  /// matches or is recorded.
  private func removePending() {
    try? FileManager.default.removeItem(at: pendingURL)
  }

  /// Writes a text, creating the directories; returns why it could not.
  private func write(_ text: String, to url: URL) -> String? {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "cannot write \(url.path): \(error.localizedDescription)"
    }
  }
}
