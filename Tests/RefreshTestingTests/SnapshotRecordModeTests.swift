import Foundation
import Testing

@testable import RefreshTesting

/// When references are written: each record mode against a missing, a matching and a
/// differing reference, where the mode comes from, and the CI rule.
@MainActor
@Suite("Snapshot record modes", .serialized)
struct SnapshotRecordModeTests {
  /// A test file of its own, so that the references here are nobody else's.
  nonisolated static let fakeTestFile: StaticString =
    "/tmp/refresh-testing-record-modes/ModeTests.swift"
  nonisolated static let folder = "/tmp/refresh-testing-record-modes/__Snapshots__/ModeTests"

  nonisolated func comments(of issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }

  func referencePath(_ name: String) -> String { Self.folder + "/" + name + ".txt" }

  func reference(_ name: String) -> String? {
    try? String(contentsOfFile: referencePath(name), encoding: .utf8)
  }

  /// Sets up a reference (`nil`: none) and asserts `actual` against it in `mode`.
  func assert(
    _ actual: String, against existing: String?, in mode: SnapshotRecordMode, named name: String
  ) -> Bool {
    try? FileManager.default.removeItem(atPath: referencePath(name))
    if let existing {
      try? FileManager.default.createDirectory(
        atPath: Self.folder, withIntermediateDirectories: true)
      try? Data((existing + "\n").utf8).write(to: URL(fileURLWithPath: referencePath(name)))
    }
    return assertSnapshot(
      of: actual, as: .lines, named: name, record: mode, filePath: Self.fakeTestFile)
  }

  /// What each mode does, as a table: the reference there before (none, the same text, another
  /// text), whether the test passes, what message it fails with, and the reference after.
  @Test(
    arguments: [
      (SnapshotRecordMode.missing, nil, false, "No reference for snapshot", "new"),
      (.missing, "new", true, "", "new"),
      (.missing, "old", false, "does not match", "old"),
      (.failed, nil, false, "No reference for snapshot", "new"),
      (.failed, "new", true, "", "new"),
      (.failed, "old", false, "Re-recorded snapshot", "new"),
      (.all, nil, false, "No reference for snapshot", "new"),
      (.all, "new", false, "again, unchanged: the record mode is all", "new"),
      (.all, "old", false, "Re-recorded snapshot", "new"),
      (.never, nil, false, "and the record mode is never", nil),
      (.never, "new", true, "", "new"),
      (.never, "old", false, "does not match", "old"),
    ] as [(SnapshotRecordMode, String?, Bool, String, String?)])
  func eachModeWritesWhatItSays(
    mode: SnapshotRecordMode, existing: String?, passes: Bool, message: String, after: String?
  ) {
    let name = "\(mode.rawValue)-\(existing ?? "none")"
    if passes {
      #expect(assert("new", against: existing, in: mode, named: name))
    } else {
      withKnownIssue {
        #expect(!assert("new", against: existing, in: mode, named: name))
      } matching: { issue in
        comments(of: issue).contains(message)
      }
    }
    #expect(reference(name) == after.map { $0 + "\n" })
  }

  @Test func theNearestSettingWins() {
    let environment = ["REFRESH_RECORD_SNAPSHOTS": "all", "CI": "true"]
    #expect(
      resolvedMode(.never, environment) == .never)
    withSnapshotRecordMode(.failed) {
      #expect(
        resolvedMode(nil, environment) == .failed)
      #expect(
        resolvedMode(.missing, environment)
          == .missing)
      withSnapshotRecordMode(.never) {
        #expect(
          resolvedMode(nil, environment) == .never)
      }
    }
    #expect(resolvedMode(nil, environment) == .all)
  }

  /// On CI, with nothing set, nothing is recorded; the environment variable still decides
  /// when it is set.
  @Test(
    arguments: [
      ([:], SnapshotRecordMode.missing),
      (["CI": "true"], .never),
      (["CI": "1"], .never),
      (["CI": "false"], .missing),
      (["CI": ""], .missing),
      (["CI": "true", "REFRESH_RECORD_SNAPSHOTS": "1"], .failed),
      (["REFRESH_RECORD_SNAPSHOTS": "YES"], .failed),
      (["REFRESH_RECORD_SNAPSHOTS": "0"], .missing),
      (["REFRESH_RECORD_SNAPSHOTS": "Never"], .never),
      (["REFRESH_RECORD_SNAPSHOTS": ""], .missing),
    ] as [([String: String], SnapshotRecordMode)])
  func theEnvironmentAndTheCIRule(environment: [String: String], mode: SnapshotRecordMode) {
    #expect(resolvedMode(nil, environment) == mode)
  }

  @Test func aValueThatNamesNoModeIsReported() {
    let result = SnapshotRecordMode.resolved(
      explicit: nil, environment: ["REFRESH_RECORD_SNAPSHOTS": "sometimes"])
    #expect(throws: SnapshotRecordMode.InvalidValue(value: "sometimes")) { try result.get() }
    #expect(
      SnapshotRecordMode.InvalidValue(value: "sometimes").message
        == "REFRESH_RECORD_SNAPSHOTS=sometimes names no record mode: use missing, all, failed, "
        + "never (or 1 for failed).")
  }

  /// The old spellings read as before: `true` replaces what differs, `false` only records
  /// what is missing.
  @Test func theBooleanSpellingsKeepTheirMeaning() {
    let replaces: SnapshotRecordMode = true
    let keeps: SnapshotRecordMode = false
    #expect(replaces == .failed)
    #expect(keeps == .missing)
    #expect(SnapshotRecordMode(replacesDifferingReferences: true) == .failed)
  }
}

/// The mode in force for a call that gives `explicit`, or `nil` when the environment names
/// none.
func resolvedMode(
  _ explicit: SnapshotRecordMode?, _ environment: [String: String]
) -> SnapshotRecordMode? {
  try? SnapshotRecordMode.resolved(explicit: explicit, environment: environment).get()
}

/// The trait sets the mode of every test in its suite.
@MainActor
@Suite("Snapshot record modes: the trait", .snapshots(record: .never))
struct SnapshotRecordTraitTests {
  @Test func aSuitesModeReachesItsTests() {
    #expect(resolvedMode(nil, [:]) == .never)
  }

  @Test(.snapshots(record: .all)) func aTestsOwnModeWinsOverItsSuites() {
    #expect(resolvedMode(nil, [:]) == .all)
  }
}
