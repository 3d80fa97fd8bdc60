import Foundation
import Refresh
import RefreshTesting
import Testing

/// The life of a reference, in a folder of its own under the temporary directory: recorded
/// once, then matched, then a changed view fails with its difference, then re-recorded.
@MainActor
@Suite("assertSnapshot: record, compare, re-record", .serialized)
struct AssertSnapshotTests {
  nonisolated static let fakeTestFile: StaticString =
    "/tmp/refresh-testing-self-test/FakeTests.swift"
  nonisolated static let referenceURL = URL(
    fileURLWithPath: "/tmp/refresh-testing-self-test/__Snapshots__/FakeTests/label.txt")

  func label(_ text: String) -> Label {
    let label = Label(text: text)
    label.frame = CGRect(x: 0, y: 0, width: 90, height: 18)
    return label
  }

  nonisolated func comments(of issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }

  @Test func aReferenceIsRecordedComparedAndReRecorded() throws {
    try? FileManager.default.removeItem(atPath: "/tmp/refresh-testing-self-test")

    // Missing: recorded, and the test fails once, saying so.
    withKnownIssue {
      let matched = assertSnapshot(
        of: label("Pull down"), as: .terminal(), named: "label", record: false,
        filePath: Self.fakeTestFile)
      #expect(!matched)
    } matching: { issue in
      comments(of: issue).contains(
        "No reference for snapshot 'label' yet: recorded "
          + "__Snapshots__/FakeTests/label.txt")
    }
    #expect(try String(contentsOf: Self.referenceURL, encoding: .utf8) == "Pull down\n")

    // The same: passes.
    #expect(
      assertSnapshot(
        of: label("Pull down"), as: .terminal(), named: "label", record: false,
        filePath: Self.fakeTestFile))

    // Changed: fails with the difference; the reference stays.
    withKnownIssue {
      assertSnapshot(
        of: label("Release"), as: .terminal(), named: "label", record: false,
        filePath: Self.fakeTestFile)
    } matching: { issue in
      let text = comments(of: issue)
      return text.contains("Snapshot 'label' does not match __Snapshots__/FakeTests/label.txt")
        && text.contains("@@ -1,2 +1,2 @@\n-Pull down\n+Release\n \n")
        && text.contains("REFRESH_RECORD_SNAPSHOTS=1")
    }
    #expect(try String(contentsOf: Self.referenceURL, encoding: .utf8) == "Pull down\n")

    // Re-recorded on request: replaced, and the test says which reference changed.
    withKnownIssue {
      assertSnapshot(
        of: label("Release"), as: .terminal(), named: "label", record: true,
        filePath: Self.fakeTestFile)
    } matching: { issue in
      comments(of: issue).contains("Re-recorded snapshot 'label'")
    }
    #expect(try String(contentsOf: Self.referenceURL, encoding: .utf8) == "Release\n")
    // Re-recording what is the same passes.
    #expect(
      assertSnapshot(
        of: label("Release"), as: .terminal(), named: "label", record: true,
        filePath: Self.fakeTestFile))
  }

  @Test func aFailingSnapshotIsReportedAtTheCall() {
    try? FileManager.default.removeItem(
      atPath: "/tmp/refresh-testing-self-test/__Snapshots__/FakeTests/located.txt")
    let line: UInt = #line + 3
    withKnownIssue {
      assertSnapshot(
        of: "text", as: .lines, named: "located", record: false, filePath: Self.fakeTestFile,
        line: line, column: 7)
    } matching: { issue in
      issue.sourceLocation?.line == Int(line) && issue.sourceLocation?.column == 7
        && issue.sourceLocation?.filePath == "\(Self.fakeTestFile)"
    }
  }

  @Test func namesAreMadeSafeForFiles() {
    withKnownIssue {
      assertSnapshot(
        of: "x", as: .lines, named: "a/b c", record: false, filePath: Self.fakeTestFile)
    } matching: { issue in
      comments(of: issue).contains("__Snapshots__/FakeTests/a_b_c.txt")
    }
    try? FileManager.default.removeItem(
      atPath: "/tmp/refresh-testing-self-test/__Snapshots__/FakeTests/a_b_c.txt")
  }

  @Test(arguments: [1, 2])
  func aTestWithArgumentsMustNameItsSnapshots(argument: Int) {
    withKnownIssue {
      assertSnapshot(of: "\(argument)", as: .lines, filePath: Self.fakeTestFile)
    } matching: { issue in
      comments(of: issue).contains("Name the snapshots of a test with arguments")
    }
  }
}

/// Two tests that pass the same `named:` in one file would share a reference and fail each
/// other on every run: the second to run is told so, and writes nothing.
@MainActor
@Suite("assertSnapshot: one name, one test", .serialized)
struct SnapshotNameClashTests {
  static let fakeTestFile: StaticString = "/tmp/refresh-testing-name-clash/ClashTests.swift"

  @Test func aNameTakenByAnotherTestIsReported() throws {
    try? FileManager.default.removeItem(atPath: "/tmp/refresh-testing-name-clash")
    withKnownIssue {
      assertSnapshot(
        of: "alpha", as: .lines, named: "shared", record: .missing, filePath: Self.fakeTestFile,
        function: "first()")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("No reference for snapshot 'shared'")
    }
    // The same test again (a second run in one process) keeps its reference.
    #expect(
      assertSnapshot(
        of: "alpha", as: .lines, named: "shared", record: .missing, filePath: Self.fakeTestFile,
        function: "first()"))
    withKnownIssue {
      assertSnapshot(
        of: "beta", as: .lines, named: "shared", record: .missing, filePath: Self.fakeTestFile,
        function: "second()")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "Snapshot 'shared' is also taken by first() in this file")
    }
    let reference = "/tmp/refresh-testing-name-clash/__Snapshots__/ClashTests/shared.txt"
    #expect(try String(contentsOfFile: reference, encoding: .utf8) == "alpha\n")
  }
}
