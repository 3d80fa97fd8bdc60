// refresh-snapshots: reviews the snapshots that failed tests left as pending files beside
// their references (see README.md).

import Foundation
import RefreshTesting
import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  Usage: refresh-snapshots <command> [--path DIR]

  Reviews the snapshots that failed tests left beside their references, as pending files
  (__Snapshots__/<TestFile>/<name>.<ext>.pending), in every __Snapshots__ folder under DIR
  (the current directory by default).

  Commands:
    review        Shows each pending snapshot, new or changed, with its difference, and reads
                  a key: a accept (it replaces the reference), r reject (it is deleted),
                  s skip (it is left), q quit. Off a terminal it reads a line per choice.
                  --accept-unseen accepts the new ones without showing them.
    accept --all  Accepts every pending snapshot (--unseen: every new one).
    reject --all  Rejects every pending snapshot.
    list          Prints the pending snapshots, one a line, new or changed.
    unreferenced  Prints the references no test compared with in a whole `swift test`, which
                  it runs in DIR (--used FILE: the run that wrote FILE instead, see
                  REFRESH_SNAPSHOT_USAGE). --delete deletes them, only after a run that passed.
    help          Prints this help (also --help, -h).

  """

/// Writes text to a descriptor, all of it.
func writeText(_ text: String, to descriptor: Int32) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return }
    bytes = bytes.dropFirst(written)
  }
}

/// Ends with a message on standard error and a status: 64 for a wrong command line.
func fail(_ message: String, status: Int32 = 64) -> Never {
  writeText("refresh-snapshots: " + message + "\n", to: STDERR_FILENO)
  exit(status)
}

/// The environment variable naming the `swift` that `unreferenced` runs, `swift` on the path
/// without it (the tests run a stand-in).
let swiftVariable = "REFRESH_SNAPSHOTS_SWIFT"

/// Prints (and with `deleting`, deletes) the references that a whole test run did not compare
/// with: the run of `usedFile`, or a `swift test` in the review's folder.
///
/// Deleting needs a run that passed, and that compared at least one snapshot: a run that
/// crashed, or that did not reach the kit at all, would make used references look unused.
func listUnreferenced(in review: SnapshotReview, usedFile: String?, deleting: Bool) throws {
  let used: Set<String>
  var passed = true
  if let usedFile {
    used = try SnapshotUsage.references(listedIn: URL(fileURLWithPath: usedFile))
  } else {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "refresh-snapshots-usage-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    var environment = ProcessInfo.processInfo.environment
    environment[SnapshotUsage.environmentVariable] = file.path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [environment[swiftVariable] ?? "swift", "test"]
    process.currentDirectoryURL = review.root
    process.environment = environment
    // Standard output keeps the listing alone; the run's own output goes to standard error.
    process.standardOutput = FileHandle.standardError
    writeText("Running swift test in \(review.root.path)\n", to: STDERR_FILENO)
    try process.run()
    process.waitUntilExit()
    passed = process.terminationReason == .exit && process.terminationStatus == 0
    used = (try? SnapshotUsage.references(listedIn: file)) ?? []
  }
  let unused = try review.unreferenced(used: used)
  guard deleting else {
    for url in unused { writeText(review.shownPath(of: url) + "\n", to: STDOUT_FILENO) }
    writeText("\(unused.count) unreferenced\n", to: STDOUT_FILENO)
    return
  }
  guard passed else {
    fail(
      "swift test failed, so a reference it did not reach may look unused: nothing deleted.",
      status: 1)
  }
  guard !used.isEmpty || unused.isEmpty else {
    fail(
      "the run compared no snapshot (is RefreshTesting this version?): nothing deleted.",
      status: 1)
  }
  for url in unused {
    try review.delete(unreferenced: url)
    writeText("Deleted " + review.shownPath(of: url) + "\n", to: STDOUT_FILENO)
  }
  writeText("\(unused.count) deleted\n", to: STDOUT_FILENO)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
  writeText(usage, to: STDERR_FILENO)
  exit(64)
}
arguments.removeFirst()
if ["help", "--help", "-h"].contains(command) {
  writeText(usage, to: STDOUT_FILENO)
  exit(0)
}
guard ["review", "accept", "reject", "list", "unreferenced"].contains(command) else {
  fail("unknown command '\(command)'. Run refresh-snapshots --help for the commands.")
}

var path = FileManager.default.currentDirectoryPath
var all = false
var unseen = false
var deleting = false
var usedFile: String?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--path":
    guard let value = arguments.first else { fail("--path needs a folder") }
    arguments.removeFirst()
    path = value
  case "--all" where command == "accept" || command == "reject":
    all = true
  case "--unseen" where command == "accept", "--accept-unseen" where command == "review":
    unseen = true
  case "--delete" where command == "unreferenced":
    deleting = true
  case "--used" where command == "unreferenced":
    guard let value = arguments.first else { fail("--used needs a file") }
    arguments.removeFirst()
    usedFile = value
  default:
    fail("unknown option '\(argument)' for \(command). Run refresh-snapshots --help.")
  }
}
if command == "reject" && !all {
  fail("reject needs --all; review chooses one by one.")
}
if command == "accept" && all == unseen {
  fail("accept needs one of --all and --unseen; review chooses one by one.")
}

let review = SnapshotReview(root: URL(fileURLWithPath: path, isDirectory: true))
do {
  switch command {
  case "list":
    for pending in try review.pendingSnapshots() {
      writeText(review.listing(of: pending) + "\n", to: STDOUT_FILENO)
    }
  case "unreferenced":
    try listUnreferenced(in: review, usedFile: usedFile, deleting: deleting)
  case "accept", "reject":
    let pending = try review.pendingSnapshots().filter { !unseen || $0.isNew }
    for snapshot in pending {
      let listing = review.listing(of: snapshot)
      if command == "accept" { try review.accept(snapshot) } else { try review.reject(snapshot) }
      writeText(
        (command == "accept" ? "Accepted " : "Rejected ") + listing + "\n", to: STDOUT_FILENO)
    }
    writeText(
      "\(pending.count) \(command == "accept" ? "accepted" : "rejected")\n", to: STDOUT_FILENO)
  default:
    if isatty(STDIN_FILENO) == 1 {
      // One key a choice, without Enter: raw input, and nothing else of a full screen (the
      // review scrolls as a command's output does).
      let session = try TerminalSession(modes: .rawInput)
      defer { session.end() }
      try review.review(
        acceptingUnseen: unseen,
        input: {
          var byte: UInt8 = 0
          while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            // Ctrl-C and Ctrl-D quit, as they would a line-reading program.
            if byte == 0x03 || byte == 0x04 { return nil }
            return String(UnicodeScalar(byte))
          }
        },
        output: {
          // Raw input turns off the terminal's output processing: a line break is \r\n.
          session.write(Array($0.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        })
    } else {
      try review.review(
        acceptingUnseen: unseen,
        input: { readLine() }, output: { writeText($0, to: STDOUT_FILENO) })
    }
  }
} catch {
  fail("\(error.localizedDescription)", status: 1)
}
