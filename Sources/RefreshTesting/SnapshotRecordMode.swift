import Foundation
import Testing

/// When ``assertSnapshot(of:as:named:record:fileID:filePath:function:line:column:)`` writes a
/// reference.
///
/// Set it for one call (`record:`), for a test or a whole suite (the
/// `.snapshots(record:)` trait), around any code
/// (``withSnapshotRecordMode(_:operation:)``, for XCTest), or for a whole run with the
/// environment variable `REFRESH_RECORD_SNAPSHOTS` (`missing`, `all`, `failed`, `never`; `1`
/// means `failed`). The nearest setting wins: the call's, then the innermost scope's, then the
/// environment's. With none, the mode is ``missing``, except on CI (the environment variable
/// `CI` set, as CI services set it), where it is ``never``: a reference that nobody looked at
/// is never created there, and a missing one fails the run.
///
/// ```swift
/// @Suite(.snapshots(record: .never))
/// struct HeaderSnapshotTests {
///   @Test func armed() { /* ... */ }
/// }
/// ```
///
/// `record: true` and `record: false`, the spellings of earlier releases, still read as
/// ``failed`` and ``missing``.
public enum SnapshotRecordMode: String, Sendable, CaseIterable, ExpressibleByBooleanLiteral {
  /// A missing reference is written (the test fails once, saying so); the others are compared.
  case missing
  /// Every snapshot is written as its reference, and every test that takes one fails, saying
  /// it recorded: a run to re-record everything, not to test.
  case all
  /// A missing reference is written, and one that differs is replaced (the test fails, with
  /// the difference); a snapshot that matches passes.
  case failed
  /// Nothing is written: a missing reference fails, as a mismatch does.
  case never

  /// The mode of `record: true` and `record: false` in earlier releases: ``failed`` and
  /// ``missing``.
  ///
  /// - Parameter replacesDifferingReferences: Whether a reference that differs is replaced.
  public init(replacesDifferingReferences: Bool) {
    self = replacesDifferingReferences ? .failed : .missing
  }

  /// `true` is ``failed``, `false` is ``missing``.
  ///
  /// - Parameter value: Whether a reference that differs is replaced.
  public init(booleanLiteral value: Bool) {
    self.init(replacesDifferingReferences: value)
  }

  /// The environment variable that sets the mode for a run:
  /// `REFRESH_RECORD_SNAPSHOTS=failed swift test`.
  public static let environmentVariable = "REFRESH_RECORD_SNAPSHOTS"

  /// The mode of the innermost scope in progress, if any.
  @TaskLocal static var scoped: SnapshotRecordMode?

  /// The mode in force for a call that gives `explicit` (or `nil`), in `environment`.
  ///
  /// - Parameters:
  ///   - explicit: The call's own mode.
  ///   - environment: The process's environment.
  /// - Returns: The mode, or a complaint about the environment variable's value.
  static func resolved(
    explicit: SnapshotRecordMode?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<SnapshotRecordMode, InvalidValue> {
    if let mode = explicit ?? scoped { return .success(mode) }
    if let value = environment[environmentVariable], !value.isEmpty {
      guard let mode = mode(named: value) else { return .failure(InvalidValue(value: value)) }
      return .success(mode)
    }
    return .success(isOnCI(environment) ? .never : .missing)
  }

  /// The mode a value of the environment variable names: a mode's name, or a yes or no (yes is
  /// ``failed``, no is ``missing``), in any case.
  static func mode(named value: String) -> SnapshotRecordMode? {
    let value = value.lowercased()
    if let mode = SnapshotRecordMode(rawValue: value) { return mode }
    if ["1", "true", "yes"].contains(value) { return .failed }
    if ["0", "false", "no"].contains(value) { return .missing }
    return nil
  }

  /// Whether `environment` is a CI service's: `CI` set to anything but empty, `0`, `false` or
  /// `no` (GitHub Actions, GitLab, Buildkite, CircleCI and Travis set `CI=true`).
  static func isOnCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "0", "false", "no"].contains(value.lowercased())
  }

  /// A value of ``environmentVariable`` that names no mode.
  struct InvalidValue: Error, Equatable {
    let value: String

    var message: String {
      "\(SnapshotRecordMode.environmentVariable)=\(value) names no record mode: use "
        + SnapshotRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        + " (or 1 for failed)."
    }
  }
}

/// Runs `operation` with snapshots recorded in `mode`, unless a call inside gives its own.
///
/// The way to set the mode around an XCTest method, or any part of a test:
///
/// ```swift
/// func testArmedHeader() {
///   withSnapshotRecordMode(.never) {
///     assertSnapshot(of: scene.window, as: .terminal())
///   }
/// }
/// ```
///
/// - Parameters:
///   - mode: The record mode.
///   - operation: The code whose snapshots it governs.
/// - Returns: What `operation` returns.
public func withSnapshotRecordMode<Result>(
  _ mode: SnapshotRecordMode, operation: () throws -> Result
) rethrows -> Result {
  try SnapshotRecordMode.$scoped.withValue(mode, operation: operation)
}

/// A trait that sets the record mode of the snapshots of a test or of every test in a suite.
///
/// Made with `.snapshots(record:)`.
public struct SnapshotRecordTrait: TestTrait, SuiteTrait, TestScoping {
  /// The mode the trait sets.
  public let mode: SnapshotRecordMode

  /// A suite's mode reaches every test in it.
  public var isRecursive: Bool { true }

  /// Runs the test with the mode in force.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await SnapshotRecordMode.$scoped.withValue(mode) { try await function() }
  }
}

extension Trait where Self == SnapshotRecordTrait {
  /// Sets when the snapshots of a test, or of every test in a suite, write their references.
  ///
  /// ```swift
  /// @Test(.snapshots(record: .failed)) func armed() { /* re-records what changed */ }
  /// ```
  ///
  /// - Parameter mode: The record mode.
  /// - Returns: The trait.
  public static func snapshots(record mode: SnapshotRecordMode) -> Self {
    SnapshotRecordTrait(mode: mode)
  }
}
