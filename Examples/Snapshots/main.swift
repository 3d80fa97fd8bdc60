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
    accept --all  Accepts every pending snapshot.
    reject --all  Rejects every pending snapshot.
    list          Prints the pending snapshots, one a line, new or changed.
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
guard ["review", "accept", "reject", "list"].contains(command) else {
  fail("unknown command '\(command)'. Run refresh-snapshots --help for the commands.")
}

var path = FileManager.default.currentDirectoryPath
var all = false
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--path":
    guard let value = arguments.first else { fail("--path needs a folder") }
    arguments.removeFirst()
    path = value
  case "--all" where command == "accept" || command == "reject":
    all = true
  default:
    fail("unknown option '\(argument)' for \(command). Run refresh-snapshots --help.")
  }
}
if (command == "accept" || command == "reject") && !all {
  fail("\(command) needs --all; review chooses one by one.")
}

let review = SnapshotReview(root: URL(fileURLWithPath: path, isDirectory: true))
do {
  switch command {
  case "list":
    for pending in try review.pendingSnapshots() {
      writeText(review.listing(of: pending) + "\n", to: STDOUT_FILENO)
    }
  case "accept", "reject":
    let pending = try review.pendingSnapshots()
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
        input: { readLine() }, output: { writeText($0, to: STDOUT_FILENO) })
    }
  }
} catch {
  fail("\(error.localizedDescription)", status: 1)
}
