import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `refresh-demo`, run in a pseudo-terminal, driven with real key and mouse bytes.
@Suite("refresh-demo in a pseudo-terminal", .serialized)
struct EndToEndTests {
  /// The demo built next to this test bundle.
  static let executable = TerminalProcess.builtProduct("refresh-demo")

  @Test func pullReleaseRefreshAndQuit() throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("Notes from a week of profiling"), "\(session.screen.text)")

    // Press, drag down row by row (SGR mouse reports, 1-based), and hold past the threshold.
    session.pressAndDrag(column: 21, from: 4, to: 14)
    #expect(session.waitFor("Release to refresh"), "\(session.screen.text)")
    session.send("\u{1B}[<0;21;14m")
    #expect(session.waitFor("Loading..."), "\(session.screen.text)")
    #expect(session.waitFor("3 new posts"), "\(session.screen.text)")
    #expect(session.waitFor("Ask: is a 54-point header"), "\(session.screen.text)")

    // Keys: a language switch shows in the title bar; q quits and restores the terminal.
    session.send("l")
    #expect(session.waitFor("zh-Hans"), "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)
    let written = String(decoding: session.output, as: UTF8.self)
    #expect(written.contains("\u{1B}[?1049h"))  // entered the alternate screen
    #expect(written.hasSuffix("\u{1B}[?1049l") || written.contains("\u{1B}[?1049l"))
    var settings = termios()
    tcgetattr(session.slave, &settings)
    #expect(settings.c_lflag == session.originalSettings.c_lflag)
    #expect(settings.c_iflag == session.originalSettings.c_iflag)
  }

  /// The demo starts in the terminal user's language, as the library's titles do: the title
  /// bar names it and a pull shows its titles (Arabic's in the order they show on screen).
  @Test(arguments: [
    ("ar_EG.UTF-8", "ar", "ثيدحتلل تلفأ"),  // "أفلت للتحديث", release to refresh
    ("zh_CN.UTF-8", "zh-Hans", "松开立即刷新"),
  ])
  func startsInTheLanguageOfLANG(locale: String, code: String, pulling: String) throws {
    let session = try TerminalProcess(product: "refresh-demo", environment: ["LANG": locale])
    #expect(session.waitFor("· \(code) ·"), "\(session.screen.text)")
    session.pressAndDrag(column: 21, from: 4, to: 14)
    #expect(session.waitFor(pulling), "\(session.screen.text)")
    session.send("\u{1B}[<0;21;14m")
    session.send("q")
    #expect(session.waitForExit() == 0)
  }

  /// Ctrl-C, Ctrl-\\ (once a crash report and exit 131) and Ctrl-Z end the demo cleanly.
  @Test(arguments: ["\u{03}", "\u{1C}", "\u{1A}"])
  func controlKeysQuitCleanly(key: String) throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("Notes from a week of profiling"))
    session.send(key)
    #expect(session.waitForExit() == 0)
    #expect(String(decoding: session.output, as: UTF8.self).contains("\u{1B}[?1049l"))
    #expect(!String(decoding: session.output, as: UTF8.self).contains("crashed"))
    #expect(session.isRestored)
  }

  /// The tabs on a real terminal: Tab turns to Popular, whose list then takes the list keys
  /// (End scrolls it alone), Shift-Tab (CBT, `ESC [ Z`) comes back to Latest where it was left,
  /// and a drag across turns the page again.
  @Test func theTabsTurnWithKeysAndADragAcross() throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("[Latest]  Popular   Saved"), "\(session.screen.text)")
    session.send("\t")
    #expect(session.waitFor(" Latest  [Popular]  Saved"), "\(session.screen.text)")
    session.send("\u{1B}[F")  // End
    #expect(
      session.waitUntil { !$0.text.contains("offset 0.0") && $0.text.contains("offset ") },
      "\(session.screen.text)")
    session.send("\u{1B}[Z")
    #expect(session.waitFor("[Latest]  Popular   Saved"), "\(session.screen.text)")
    #expect(session.waitFor("offset 0.0"), "\(session.screen.text)")
    // Press, drag leftward five cells at a time, release: the next tab.
    session.send("\u{1B}[<0;60;10M")
    for column in stride(from: 55, through: 15, by: -5) {
      usleep(20_000)
      session.send("\u{1B}[<32;\(column);10M")
    }
    session.send("\u{1B}[<0;15;10m")
    #expect(session.waitFor(" Latest  [Popular]  Saved"), "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)
  }

  @Test func followsAResize() throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("Notes from a week of profiling"))
    session.resize(columns: 120, rows: 30)
    // The status line moved to the new last row.
    #expect(
      session.waitUntil { screen in
        screen.text.split(separator: "\n", omittingEmptySubsequences: false).count == 30
          && screen.text.split(separator: "\n", omittingEmptySubsequences: false)[29]
            .contains("header idle")
      }, "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)
  }

  /// The scroll indicator shows in the last column while the wheel scrolls the feed, and moves
  /// down the column as the feed does.
  @Test func theScrollIndicatorFollowsTheWheel() throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("Notes from a week of profiling"))
    func indicatorTop(_ screen: ScreenEmulator) -> Int? {
      screen.cells.indices.first { screen.cells[$0].last == "█" }
    }
    // Wheel down over the feed (SGR button 65), a notch, then many.
    session.send("\u{1B}[<65;20;10M")
    var first: Int?
    #expect(
      session.waitUntil { screen in
        first = indicatorTop(screen)
        return first != nil
      }, "\(session.screen.text)")
    for _ in 0..<20 { session.send("\u{1B}[<65;20;10M") }
    #expect(
      session.waitUntil { screen in
        guard let top = indicatorTop(screen), let first else { return false }
        return top > first
      }, "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)
  }

  @Test func malformedInputDoesNotBreakIt() throws {
    let session = try TerminalProcess(product: "refresh-demo")
    #expect(session.waitFor("Notes from a week of profiling"))
    session.send("\u{1B}[<0;x;5M\u{1B}[99999999999999999999;1H\u{1B}[<64;1;1")
    session.send(String(repeating: "\u{1B}[", count: 200))
    session.send(String(decoding: [0xFF, 0xFE, 0xC3] as [UInt8], as: UTF8.self))
    session.send(String(repeating: "paste ", count: 2000))
    usleep(100_000)
    session.send("q")
    // The pasted text is typed keys: each "s" switches the header, and under the thread
    // sanitizer working through 12,000 of them takes longer than the usual ten seconds.
    #expect(session.waitForExit(seconds: 90) == 0)
  }
}

@Suite("refresh-demo's command line")
struct CommandLineTests {
  /// Runs the built demo with arguments, without a terminal; returns its status and output.
  func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  @Test(arguments: [
    (["--bogus"], "unknown argument '--bogus'"),
    (["--columns"], "--columns needs a number of cells from 1 to 1000"),
    (["--rows", "0"], "--rows needs a number of cells from 1 to 1000"),
    (["--columns", "wide"], "--columns needs a number of cells from 1 to 1000"),
  ])
  func badArgumentsExitWithTwo(arguments: [String], message: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message))
    #expect(result.output.isEmpty)
  }

  @Test func helpDocumentsTheKeysAndExitsWithZero() throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run(["--help"])
    #expect(result.status == 0)
    for text in ["USAGE: refresh-demo", "--script", "PgUp", "quit"] {
      #expect(result.output.contains(text), "\(text)")
    }
  }

  @Test func withoutATerminalItPlaysTheScriptAndExitsWithZero() throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run([])
    #expect(result.status == 0)
    #expect(result.output.contains("frame 1"))
    #expect(result.output.contains("No more data"))
  }
}
