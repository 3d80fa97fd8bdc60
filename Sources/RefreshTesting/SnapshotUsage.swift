import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The references a test run compared snapshots with, written down so that
/// `refresh-snapshots unreferenced` can tell which references no test uses any more.
///
/// When the environment variable ``environmentVariable`` names a file, every
/// ``assertSnapshot(of:as:named:record:fileID:filePath:function:line:column:)`` appends its
/// reference's path to it, one a line, whatever the comparison finds. `refresh-snapshots
/// unreferenced` sets it for a `swift test` of its own; a run can also set it by hand and hand
/// the file over with `--used`:
///
/// ```sh
/// REFRESH_SNAPSHOT_USAGE=/tmp/used.txt swift test
/// swift run refresh-snapshots unreferenced --used /tmp/used.txt
/// ```
public enum SnapshotUsage {
  /// The environment variable naming the file that a run appends the references it compared
  /// with to: `REFRESH_SNAPSHOT_USAGE`.
  public static let environmentVariable = "REFRESH_SNAPSHOT_USAGE"

  /// The usage file of the calls in a task, before the environment's: the kit's tests set it,
  /// as they cannot set the environment of a process whose tests run at once.
  @TaskLocal static var scopedFile: String?

  /// Appends a reference's path to the file the environment names, if it names one.
  ///
  /// Each path is one `write(2)` of one line to a file opened with `O_APPEND`, so lines from
  /// tests running at once, in this process or another one of the same run (`swift test` runs
  /// XCTest and Swift Testing apart), do not interleave.
  ///
  /// - Parameters:
  ///   - reference: The reference file a snapshot was compared with.
  ///   - environment: The process's environment.
  static func record(
    _ reference: URL, environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    guard let file = scopedFile ?? environment[environmentVariable], !file.isEmpty else { return }
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let line = Array((canonicalPath(of: reference) + "\n").utf8)
    var written = -1
    repeat {
      written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    } while written < 0 && errno == EINTR
  }

  /// The references a usage file lists.
  ///
  /// - Parameter file: A file written by a run with ``environmentVariable`` set.
  /// - Returns: The references' paths, with symbolic links resolved.
  /// - Throws: When the file cannot be read.
  public static func references(listedIn file: URL) throws -> Set<String> {
    let text = try String(contentsOf: file, encoding: .utf8)
    return Set(
      text.split(separator: "\n", omittingEmptySubsequences: true).map {
        canonicalPath(of: URL(fileURLWithPath: String($0)))
      })
  }

  /// A path that names a file one way only: absolute, standardized, symbolic links resolved
  /// (`/tmp` and `/private/tmp` on macOS are one folder).
  ///
  /// - Parameter url: A file's URL.
  /// - Returns: Its path.
  static func canonicalPath(of url: URL) -> String {
    url.standardizedFileURL.resolvingSymlinksInPath().path
  }
}
