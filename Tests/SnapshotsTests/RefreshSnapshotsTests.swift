import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A package's folder with two pending snapshots: a changed terminal grid and a new one.
final class PendingFolder {
  let root: URL
  let snapshots: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("refresh-snapshots-\(UUID().uuidString)", isDirectory: true)
    snapshots = root.appendingPathComponent(
      "Tests/HeaderTests/__Snapshots__/HeaderTests", isDirectory: true)
    try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
    let files = [
      "armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n",
      "armed.1.txt.pending": "  ↑ Release to refresh\nPost #1\n",
      "idle.1.txt.pending": "Post #1\n",
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: snapshots.appendingPathComponent(name))
    }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Every file of the `__Snapshots__` folder with its text.
  func files() -> [String: String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []
    return Dictionary(
      uniqueKeysWithValues: names.map { name in
        let url = snapshots.appendingPathComponent(name)
        return (name, (try? String(contentsOf: url, encoding: .utf8)) ?? "")
      })
  }
}

/// What a run of the built `refresh-snapshots` wrote, and its exit status.
struct Run {
  var status: Int32
  var output: String
  var error: String

  /// Runs the built executable with pipes for its input and output, to its exit.
  init(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws {
    let process = Process()
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.executableURL = URL(
      fileURLWithPath: TerminalProcess.builtProduct("refresh-snapshots"))
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let written = stdout.fileHandleForReading.readDataToEndOfFile()
    let complaints = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    output = String(decoding: written, as: UTF8.self)
    error = String(decoding: complaints, as: UTF8.self)
  }
}

/// The built `refresh-snapshots`: its commands on a folder, scripted through pipes.
@Suite("refresh-snapshots commands")
struct RefreshSnapshotsCommandTests {
  @Test func listPrintsEachPendingSnapshot() throws {
    let folder = try PendingFolder()
    let run = try Run(["list", "--path", folder.root.path])
    #expect(run.status == 0)
    #expect(
      run.output == "Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)\n"
        + "Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n")
    #expect(run.error == "")
  }

  @Test func acceptAll() throws {
    let folder = try PendingFolder()
    let run = try Run(["accept", "--all", "--path", folder.root.path])
    #expect(run.status == 0)
    #expect(
      run.output == "Accepted Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)\n"
        + "Accepted Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n"
        + "2 accepted\n")
    #expect(
      folder.files() == [
        "armed.1.txt": "  ↑ Release to refresh\nPost #1\n", "idle.1.txt": "Post #1\n",
      ])
  }

  @Test func rejectAll() throws {
    let folder = try PendingFolder()
    let run = try Run(["reject", "--path", folder.root.path, "--all"])
    #expect(run.status == 0)
    #expect(
      run.output == "Rejected Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)\n"
        + "Rejected Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n"
        + "2 rejected\n")
    #expect(folder.files() == ["armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n"])
  }

  @Test func reviewReadsLinesOffATerminal() throws {
    let folder = try PendingFolder()
    let run = try Run(["review", "--path", folder.root.path], input: "s\na\n")
    #expect(run.status == 0)
    #expect(
      run.output == "[1/2] Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)\n"
        + "@@ -1,3 +1,3 @@\n-  ↓ Pull down to refresh\n+  ↑ Release to refresh\n Post #1\n \n"
        + "Changed cells (^):\n1 │  ↑ Release to refresh\n  │  ^ ^^ ^^^^^^^^^^^^^^^^^\n"
        + "a accept · r reject · s skip · q quit: s\nSkipped.\n\n"
        + "[2/2] Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n+Post #1\n"
        + "a accept · r reject · s skip · q quit: a\nAccepted.\n\n"
        + "1 accepted, 0 rejected, 1 skipped\n")
    #expect(
      folder.files() == [
        "armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n",
        "armed.1.txt.pending": "  ↑ Release to refresh\nPost #1\n",
        "idle.1.txt": "Post #1\n",
      ])
  }

  @Test func acceptUnseenAcceptsTheNewOnesOnly() throws {
    let folder = try PendingFolder()
    let run = try Run(["accept", "--unseen", "--path", folder.root.path])
    #expect(run.status == 0)
    #expect(
      run.output == "Accepted Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n"
        + "1 accepted\n")
    #expect(
      folder.files() == [
        "armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n",
        "armed.1.txt.pending": "  ↑ Release to refresh\nPost #1\n",
        "idle.1.txt": "Post #1\n",
      ])
  }

  @Test func reviewWithAcceptUnseenShowsTheChangedOnesOnly() throws {
    let folder = try PendingFolder()
    let run = try Run(["review", "--accept-unseen", "--path", folder.root.path], input: "r\n")
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        "Accepted Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)\n\n"
          + "[1/1] Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)\n"))
    #expect(run.output.hasSuffix("Rejected.\n\n1 accepted, 1 rejected, 0 skipped\n"))
    #expect(
      folder.files() == [
        "armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n", "idle.1.txt": "Post #1\n",
      ])
  }

  /// A stand-in for `swift` that `unreferenced` runs: `test` writes down the one reference
  /// `armed.1.txt` in the usage file, as a run of the package's tests would, and exits with
  /// `status`.
  func standInSwift(in folder: PendingFolder, status: Int32) throws -> String {
    let script = folder.root.appendingPathComponent("swift-stand-in.sh")
    try Data(
      """
      #!/bin/sh
      [ "$1" = test ] || exit 2
      echo "running the tests"
      printf '%s\\n' "$(pwd -P)/Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt" \\
        >> "$REFRESH_SNAPSHOT_USAGE"
      exit \(status)

      """.utf8
    ).write(to: script)
    chmod(script.path, 0o755)
    return script.path
  }

  @Test func unreferencedListsAndDeletesWhatAPassingRunDidNotUse() throws {
    let folder = try PendingFolder()
    try Data("old\n".utf8).write(to: folder.snapshots.appendingPathComponent("gone.1.txt"))
    let swift = try standInSwift(in: folder, status: 0)
    let listed = try Run(
      ["unreferenced", "--path", folder.root.path],
      environment: ["REFRESH_SNAPSHOTS_SWIFT": swift])
    #expect(listed.status == 0)
    #expect(
      listed.output == "Tests/HeaderTests/__Snapshots__/HeaderTests/gone.1.txt\n1 unreferenced\n")
    // The run's own output goes to standard error, after a line saying what runs (and before
    // what a sanitizer may print when the tool exits).
    #expect(
      listed.error.hasPrefix(
        "Running swift test in \(folder.root.standardizedFileURL.path)\n"
          + "running the tests\n"))
    #expect(folder.files()["gone.1.txt"] == "old\n")

    let deleted = try Run(
      ["unreferenced", "--delete", "--path", folder.root.path],
      environment: ["REFRESH_SNAPSHOTS_SWIFT": swift])
    #expect(deleted.status == 0)
    #expect(
      deleted.output
        == "Deleted Tests/HeaderTests/__Snapshots__/HeaderTests/gone.1.txt\n1 deleted\n")
    #expect(
      folder.files() == [
        "armed.1.txt": "  ↓ Pull down to refresh\nPost #1\n",
        "armed.1.txt.pending": "  ↑ Release to refresh\nPost #1\n",
        "idle.1.txt.pending": "Post #1\n",
      ])
  }

  @Test func unreferencedDeletesNothingAfterAFailingRun() throws {
    let folder = try PendingFolder()
    try Data("old\n".utf8).write(to: folder.snapshots.appendingPathComponent("gone.1.txt"))
    let run = try Run(
      ["unreferenced", "--delete", "--path", folder.root.path],
      environment: ["REFRESH_SNAPSHOTS_SWIFT": try standInSwift(in: folder, status: 1)])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(
      run.error.contains(
        "running the tests\nrefresh-snapshots: swift test failed, so a reference it did not "
          + "reach may look unused: nothing deleted.\n"))
    #expect(folder.files()["gone.1.txt"] == "old\n")
  }

  @Test func unreferencedReadsAUsageFileAndRefusesToDeleteOnAnEmptyOne() throws {
    let folder = try PendingFolder()
    let used = folder.root.appendingPathComponent("used.txt")
    try Data(
      (folder.snapshots.appendingPathComponent("idle.1.txt").path + "\n").utf8
    ).write(to: used)
    let listed = try Run(["unreferenced", "--used", used.path, "--path", folder.root.path])
    #expect(listed.status == 0)
    #expect(
      listed.output == "Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt\n1 unreferenced\n")
    #expect(listed.error == "")

    try Data().write(to: used)
    let refused = try Run(
      ["unreferenced", "--delete", "--used", used.path, "--path", folder.root.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("the run compared no snapshot"))
    #expect(folder.files()["armed.1.txt"] == "  ↓ Pull down to refresh\nPost #1\n")

    let noFile = try Run(["unreferenced", "--used"])
    #expect(noFile.status == 64)
    #expect(noFile.error == "refresh-snapshots: --used needs a file\n")
  }

  @Test func helpAndUnknownCommands() throws {
    let help = try Run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("Usage: refresh-snapshots <command> [--path DIR]\n"))
    #expect(help.output.contains("\n  review        Shows each pending snapshot"))

    let unknown = try Run(["approve"])
    #expect(unknown.status == 64)
    #expect(unknown.output == "")
    #expect(
      unknown.error
        == "refresh-snapshots: unknown command 'approve'. Run refresh-snapshots --help for the "
        + "commands.\n")

    let withoutAll = try Run(["accept"])
    #expect(withoutAll.status == 64)
    #expect(
      withoutAll.error
        == "refresh-snapshots: accept needs one of --all and --unseen; review chooses one by one.\n"
    )

    let nothing = try Run([])
    #expect(nothing.status == 64)
    #expect(nothing.error.hasPrefix("Usage: refresh-snapshots"))

    let missing = try Run(["list", "--path", "/nonexistent-refresh-snapshots"])
    #expect(missing.status == 1)
    #expect(missing.error.hasPrefix("refresh-snapshots: "))
  }
}

/// The built `refresh-snapshots review` in a pseudo-terminal: one key a choice, no Enter.
@Suite("refresh-snapshots review in a pseudo-terminal", .serialized)
struct RefreshSnapshotsTerminalTests {
  @Test func theReviewScreenAcceptsAndRejectsWithOneKey() throws {
    let folder = try PendingFolder()
    let app = try TerminalProcess(
      product: "refresh-snapshots", arguments: ["review", "--path", folder.root.path])
    #expect(app.waitFor("[1/2]"), "\(app.screen.text)")
    #expect(app.waitFor("s skip · q quit:"), "\(app.screen.text)")
    app.send("a")
    #expect(app.waitFor("[2/2]"), "\(app.screen.text)")
    app.send("r")
    #expect(app.waitFor("1 accepted, 1 rejected, 0 skipped"), "\(app.screen.text)")
    #expect(app.waitForExit() == 0)
    let screen = [
      "[1/2] Tests/HeaderTests/__Snapshots__/HeaderTests/armed.1.txt (changed)",
      "@@ -1,3 +1,3 @@",
      "-  ↓ Pull down to refresh",
      "+  ↑ Release to refresh",
      " Post #1",
      "",
      "Changed cells (^):",
      "1 │  ↑ Release to refresh",
      "  │  ^ ^^ ^^^^^^^^^^^^^^^^^",
      "a accept · r reject · s skip · q quit: a",
      "Accepted.",
      "",
      "[2/2] Tests/HeaderTests/__Snapshots__/HeaderTests/idle.1.txt (new)",
      "+Post #1",
      "a accept · r reject · s skip · q quit: r",
      "Rejected.",
      "",
      "1 accepted, 1 rejected, 0 skipped",
    ]
    #expect(
      app.screen.text
        == (screen + Array(repeating: "", count: 24 - screen.count)).joined(separator: "\n"))
    #expect(app.screen.unexpected == [])
    #expect(app.isRestored)
    #expect(folder.files() == ["armed.1.txt": "  ↑ Release to refresh\nPost #1\n"])
  }
}
