import Foundation
import Testing

/// Checks a value's snapshot against its reference file, beside the test.
///
/// ```swift
/// @MainActor
/// @Test func pulledHalfway() {
///   let scene = RefreshScene(size: CGSize(width: 375, height: 180))
///   scene.scroll.header = RefreshNormalHeader {}
///   scene.pull(by: 27)
///   assertSnapshot(of: scene.window, as: .terminal())
///   assertSnapshot(of: scene.window, as: .svg)
/// }
/// ```
///
/// The reference of a snapshot lives in a `__Snapshots__` folder beside the test file, in a
/// folder named after the file: `__Snapshots__/HeaderTests/pulledHalfway.1.txt`. The name is
/// the test function's, then the snapshot's number within the test (1 for the first
/// `assertSnapshot` line it runs, 2 for the next), or `named` when given.
///
/// - No reference yet: the snapshot is written as the reference, and the test fails once,
///   saying so; look at the file, commit it, and the next run compares against it. On CI
///   (the `CI` environment variable set) nothing is written and the test fails: see
///   ``SnapshotRecordMode``.
/// - The same: nothing happens.
/// - Different: the test fails with a line-by-line difference (a unified diff, `-` for the
///   reference's lines, `+` for the snapshot's), and the snapshot is written beside the
///   reference as a pending file (`pulledHalfway.1.txt.pending`), and under the temporary
///   directory (`refresh-snapshots/…`), to look at. `swift run refresh-snapshots review`
///   shows each pending file's difference and accepts it (it replaces the reference) or
///   rejects it (it is deleted); see ``SnapshotReview``.
/// - A missing reference that is not recorded (``SnapshotRecordMode/never``, or CI) also
///   leaves the snapshot as a pending file. A snapshot that matches, or whose reference is
///   written, deletes a pending file left by an earlier run.
/// - Re-recording: in the record mode ``SnapshotRecordMode/failed`` (`record: .failed`, the
///   trait `.snapshots(record: .failed)`, or `REFRESH_RECORD_SNAPSHOTS=1`), a snapshot that
///   differs replaces its reference, and the test fails saying which references changed;
///   those that are the same pass. ``SnapshotRecordMode/all`` writes every reference.
///
/// Failures are recorded as issues of Swift Testing at the line of the call
/// (`Issue.record`), or as XCTest failures when an `XCTestCase` runs it. A mismatch, or a
/// reference missing where none is recorded, also leaves the reference, the snapshot and
/// their difference: attached to the Swift Testing test (`swift test --attachments-path DIR`
/// saves them), and written to the folder `REFRESH_SNAPSHOT_ARTIFACTS` names, if it is set.
///
/// Give each snapshot a name (`named:`) in a test with arguments, whose cases would otherwise
/// share references, and for the snapshots taken in a loop. A name belongs to the test that
/// first takes it: another test of the same file that passes it fails, saying which test has
/// it, and writes nothing.
///
/// - Parameters:
///   - value: What to snapshot: a view, a ``Filmstrip``, text.
///   - strategy: How to turn it into text: ``SnapshotStrategy/terminal(columns:rows:)``,
///     ``SnapshotStrategy/styledTerminal(columns:rows:)``, ``SnapshotStrategy/svg``...
///   - name: The snapshot's name, or `nil` for the test's name and the snapshot's number.
///   - record: When to write the reference; `nil` for the mode of the test's scope or the
///     environment (``SnapshotRecordMode``).
///   - fileID: The test file's ID.
///   - filePath: The test file's path, which places the `__Snapshots__` folder.
///   - function: The test function, which names the snapshot.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: Whether the snapshot matched its reference.
@MainActor
@discardableResult
public func assertSnapshot<Value>(
  of value: @autoclosure () throws -> Value, as strategy: SnapshotStrategy<Value>,
  named name: String? = nil, record: SnapshotRecordMode? = nil, fileID: String = #fileID,
  filePath: StaticString = #filePath, function: String = #function, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  let location = AssertionLocation(
    fileID: fileID, filePath: filePath, line: line, column: column)
  let snapshotName: String
  if let name {
    snapshotName = name
  } else {
    if Test.current?.isParameterized == true {
      TestFailure.record(
        "Name the snapshots of a test with arguments (assertSnapshot(of:as:named:)): its cases "
          + "would share one reference.", at: location)
      return false
    }
    snapshotName = SnapshotNaming.name(function: function, filePath: location.path, line: line)
  }
  let text: String
  do {
    text = strategy.render(try value())
  } catch {
    TestFailure.record("Cannot take snapshot '\(snapshotName)': \(error)", at: location)
    return false
  }
  let reference = SnapshotReference(
    testFilePath: location.path, name: snapshotName, pathExtension: strategy.pathExtension)
  if let other = SnapshotNaming.claim(reference.url, for: function) {
    TestFailure.record(
      "Snapshot '\(snapshotName)' is also taken by \(other) in this file: the two would share "
        + "\(SnapshotNaming.shownPath(of: reference.url)) and fail each other. Give each its "
        + "own name.", at: location)
    return false
  }
  let mode: SnapshotRecordMode
  switch SnapshotRecordMode.resolved(explicit: record) {
  case .success(let resolved): mode = resolved
  case .failure(let invalid):
    TestFailure.record(invalid.message, at: location)
    return false
  }
  let shownPath = SnapshotNaming.shownPath(of: reference.url)
  let outcome = reference.compare(text, mode: mode)
  // After the comparison, which may have written the reference: its path then resolves.
  SnapshotUsage.record(reference.url)
  switch outcome {
  case .matched:
    return true
  case .recorded:
    TestFailure.record(
      "No reference for snapshot '\(snapshotName)' yet: recorded \(shownPath). "
        + "Check it, and run the test again.", at: location)
  case .missing:
    SnapshotArtifacts.keep(
      name: snapshotName, reference: nil, actual: text, difference: nil,
      pathExtension: strategy.pathExtension, referenceURL: reference.url, at: location)
    TestFailure.record(
      "No reference for snapshot '\(snapshotName)' (\(shownPath)), and the record mode is "
        + "never\(SnapshotRecordMode.isOnCI(ProcessInfo.processInfo.environment) ? " (on CI)" : ""): "
        + "no reference was written. The snapshot is pending in "
        + "\(SnapshotNaming.shownPath(of: reference.pendingURL)): review it "
        + "(swift run refresh-snapshots review), or record it where you can check it, and "
        + "commit it.",
      at: location)
  case .recordedUnchanged:
    TestFailure.record(
      "Recorded snapshot '\(snapshotName)' (\(shownPath)) again, unchanged: the record mode "
        + "is all. Run again in another mode to test.", at: location)
  case .rerecorded(let difference):
    TestFailure.record(
      "Re-recorded snapshot '\(snapshotName)' (\(shownPath)), which had changed:\n"
        + difference + "\nRun again without re-recording to check it.", at: location)
  case .mismatched(let difference, let referenceText):
    SnapshotArtifacts.keep(
      name: snapshotName, reference: referenceText, actual: text, difference: difference,
      pathExtension: strategy.pathExtension, referenceURL: reference.url, at: location)
    TestFailure.record(
      "Snapshot '\(snapshotName)' does not match \(shownPath):\n" + difference
        + "\nThe new snapshot is pending in \(SnapshotNaming.shownPath(of: reference.pendingURL)) "
        + "(and in \(reference.failureCopyURL.path)). If the change is right, accept it "
        + "(swift run refresh-snapshots review), or re-record: "
        + "\(SnapshotRecordMode.environmentVariable)=1 swift test",
      at: location)
  case .failed(let reason):
    TestFailure.record("Snapshot '\(snapshotName)': \(reason)", at: location)
  }
  return false
}

/// The default names of snapshots: the test function's name and the snapshot's number.
@MainActor
enum SnapshotNaming {
  /// For each test (its file and function), the lines of its `assertSnapshot` calls in the
  /// order they first ran: the numbers, stable when a test runs again in the same process.
  private static var lines: [String: [UInt]] = [:]

  /// The test function that first took each reference in this process.
  private static var owners: [URL: String] = [:]

  /// Records that `function` takes the reference at `url`; returns the other test function
  /// that took it first, if any (two tests passing one `named:`).
  static func claim(_ url: URL, for function: String) -> String? {
    if let owner = owners[url] { return owner == function ? nil : owner }
    owners[url] = function
    return nil
  }

  /// The name of the snapshot at a line of a test: `pulledHalfway.1`.
  static func name(function: String, filePath: String, line: UInt) -> String {
    let test = function.split(separator: "(").first.map(String.init) ?? function
    let key = filePath + "#" + test
    var seen = lines[key, default: []]
    let index: Int
    if let position = seen.firstIndex(of: line) {
      index = position + 1
    } else {
      seen.append(line)
      lines[key] = seen
      index = seen.count
    }
    return "\(test).\(index)"
  }

  /// A reference's path from its `__Snapshots__` folder on: short enough to read in a message.
  static func shownPath(of url: URL) -> String {
    let components = url.pathComponents
    guard let start = components.lastIndex(of: "__Snapshots__") else { return url.path }
    return components[start...].joined(separator: "/")
  }
}
