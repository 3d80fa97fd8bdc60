import DemoCore
import Foundation
import Refresh
import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let help = """
  USAGE: refresh-demo [--script] [--columns <n>] [--rows <n>]
         refresh-demo --record <file> | --replay <file>

  Pull-to-refresh feeds in your terminal, a tab each, built with swift-refresh.

  On a terminal it runs full screen:
    mouse        press, drag and release to pull and fling the list (rubber band, glide,
                 bounce); the wheel scrolls, and at the top it pulls the header down;
                 a drag across, or a sideways wheel swipe, turns to the next tab
  \(DemoApp.keyHelp)
  Pull down past the threshold and release to refresh: new posts arrive after a moment.
  Scroll to the bottom to load more pages, until "No more data". Now and then a request
  fails (x makes the next one fail): the header says "Refresh failed", the footer "Load
  failed. Tap to retry." and waits for a tap or a new drag.

  When standard input or output is not a terminal (CI, a pipe), or with --script, it plays a
  scripted session on a manual clock and prints the frames as text, then exits with 0.

  OPTIONS:
    --script         Play the scripted session even on a terminal.
    --columns <n>    The scripted session's width in cells (default 64, at least 20).
    --rows <n>       The scripted session's height in cells (default 22, at least 12).
    --record <file>  On a terminal, record the session (keys, mouse, resizes, with their
                     times) to <file>, as REFRESH_RECORD=<file> does.
    --replay <file>  Play a recorded session on a manual clock and print its frames as text
                     (every 0.1 s of the recording that changed the screen), then exit.
    -h, --help       Show this help.
  """

/// Reports a usage error and exits with 2.
func usageError(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("refresh-demo: \(message)\n\nRun 'refresh-demo --help' for usage.\n".utf8))
  exit(2)
}

var scripted = false
var recordingPath: String?
var replayPath: String?
var columns = 64
var rows = 22
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "-h", "--help":
    print(help)
    exit(0)
  case "--script":
    scripted = true
  case "--record", "--replay":
    guard let path = arguments.first, !path.isEmpty, !path.hasPrefix("-") else {
      usageError("\(argument) needs a file")
    }
    arguments.removeFirst()
    if argument == "--record" { recordingPath = path } else { replayPath = path }
  case "--columns", "--rows":
    guard let text = arguments.first, let value = Int(text), value > 0, value <= 1000 else {
      usageError("\(argument) needs a number of cells from 1 to 1000")
    }
    arguments.removeFirst()
    if argument == "--columns" { columns = value } else { rows = value }
  default:
    usageError("unknown argument '\(argument)'")
  }
}

if let replayPath {
  let recording: TerminalRecording
  do {
    recording = try TerminalRecording(contentsOfFile: replayPath)
  } catch {
    FileHandle.standardError.write(
      Data("refresh-demo: cannot replay '\(replayPath)': \(error)\n".utf8))
    exit(1)
  }
  ReplayedSession(recording: recording).play(every: 0.1) { caption, app in
    let lines = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    print("── \(caption)\n" + lines.joined(separator: "\n") + "\n")
  }
  exit(0)
}

if scripted || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
  ScriptedSession(columns: columns, rows: rows).run { frame in print(frame + "\n") }
  exit(0)
}

// On a terminal: the app in a TerminalHost's window, which follows the terminal's size.
do {
  let host = try TerminalHost()
  if let recordingPath { host.recordingPath = recordingPath }
  // A tab per feed, in a pager; the host's dispatcher gives the current tab's list the keys.
  let app = DemoApp(window: host.window, dispatcher: host.dispatcher, tabs: DemoApp.standardTabs)
  // One request in eight fails by itself, at the same requests on every run (the service's
  // seeded generator).
  app.failureRate = 0.125
  // The demo's own keys; the list's keys are the host's (the library's bindings).
  host.onKey = { key in
    if app.handleOwnKey(key) { host.takeKey() }
    if app.shouldQuit { host.stop() }
  }
  host.onResize = { columns, rows in app.resize(columns: columns, rows: rows) }
  host.willDrawFrame = { app.framesPerSecond = host.framesPerSecond }
  try await host.run()
} catch {
  FileHandle.standardError.write(Data("refresh-demo: cannot use the terminal: \(error)\n".utf8))
  exit(1)
}
