import Foundation
import Refresh
import Testing

@testable import Rendering

/// The host asks the terminal at start-up; the test answers, as a terminal would, or leaves it
/// silent. These run in the host's serialized suite: one terminal session is active at a time
/// in a process.
///
/// The waits are longer than the suite's usual minute: at the start of a whole run the main
/// actor is shared by every suite (trivial tests there once took 48 seconds), and a host that
/// asks needs a few more turns on it before its first frame. A wait that holds ends at once.
extension TerminalHostTests {
  /// What the full-screen session writes on entering its modes.
  static let enter =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h"
  /// The host's questions, DA1 last.
  static let queries =
    "\u{1B}[?2026$p\u{1B}[?2004$p\u{1B}[?1016$p\u{1B}[?u\u{1B}[16t\u{1B}[c"
  /// What a kitty-like terminal answers: every mode known, the keyboard protocol, DA1.
  static let kittyAnswers =
    "\u{1B}[?2026;2$y\u{1B}[?2004;2$y\u{1B}[?1016;2$y\u{1B}[?0u\u{1B}[?62;22c"

  /// Runs the host, answers its questions with `answers` once they are all written (`nil`:
  /// never), then the body; then stops the host and waits for it.
  func running(answering answers: String?, _ body: () async throws -> Void) async throws {
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually(within: 300) { host.isRunning })
    if let answers {
      #expect(await eventually(within: 300) { terminal.output.contains(Self.queries) })
      terminal.type(answers)
    }
    try await body()
    host.stop()
    try await run.value
  }

  /// A terminal that answers gets the negotiated modes: the kitty keyboard push after the
  /// questions, frames in synchronized output; and the pop on leaving, before the alternate
  /// screen is left (kitty keeps a stack per screen).
  @Test func aTerminalThatAnswersGetsTheNegotiatedModes() async throws {
    host.queryTimeout = 600  // bounds a wait that the DA1 reply ends at once
    var keys: [Key] = []
    host.onKey = { keys.append($0) }
    try await running(answering: Self.kittyAnswers) {
      #expect(await eventually(within: 300) { terminal.output.contains("row 0") })
      #expect(terminal.output.hasPrefix(Self.enter + Self.queries + "\u{1B}[>1u\u{1B}[?2026h"))
      #expect(host.capabilities.didAnswer)
      #expect(host.capabilities.hasKittyKeyboard)
      #expect(host.capabilities.keyboardFlags == 0)
      #expect(host.capabilities.synchronizedOutput == .supported)
      #expect(host.capabilities.sgrPixels == .supported)
      #expect(host.capabilities.deviceAttributes == [62, 22])
      // Keys as kitty sends them are the keys they always were.
      terminal.type("\u{1B}[27uj\u{1B}[107;5u")
      #expect(await eventually(within: 300) { keys == [.escape, .character("j"), .control(11)] })
    }
    #expect(
      await eventually(within: 300) {
        terminal.output.hasSuffix(
          "\u{1B}[?2026l\u{1B}[0m\u{1B}[<u\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l"
            + "\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
      })
  }

  /// Ctrl-C as the kitty protocol sends it still ends the host cleanly, and the keyboard mode
  /// is popped.
  @Test func ctrlCUnderTheKittyProtocolEndsCleanly() async throws {
    host.queryTimeout = 600
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually(within: 300) { terminal.output.contains(Self.queries) })
    terminal.type(Self.kittyAnswers)
    #expect(await eventually(within: 300) { terminal.output.contains("\u{1B}[>1u") })
    terminal.type("\u{1B}[99;5u")
    try await run.value
    #expect(terminal.isRestored)
    #expect(await eventually(within: 300) { terminal.output.contains("\u{1B}[<u\u{1B}[?1004l") })
  }

  /// A terminal that answers nothing gets today's bytes after the time limit.
  ///
  /// That is what the host wrote before it asked: no keyboard push, frames in synchronized
  /// output, the same restoration. A key typed while the host waits is a key.
  @Test func aTerminalThatAnswersNothingGetsTodaysBytes() async throws {
    host.queryTimeout = 0.1
    var keys: [Key] = []
    host.onKey = { keys.append($0) }
    try await running(answering: nil) {
      terminal.type("x")
      #expect(await eventually(within: 300) { terminal.output.contains("row 0") })
      #expect(terminal.output.hasPrefix(Self.enter + Self.queries + "\u{1B}[?2026h"))
      #expect(await eventually(within: 300) { keys == [.character("x")] })
      #expect(!host.capabilities.didAnswer)
      #expect(host.capabilities.synchronizedOutput == .unknown)
      #expect(!host.capabilities.hasKittyKeyboard)
    }
    #expect(
      await eventually(within: 300) {
        terminal.output.hasSuffix(
          "\u{1B}[?2026l\u{1B}[0m\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l"
            + "\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
      })
    #expect(!terminal.output.contains("\u{1B}[>1u"))
    #expect(!terminal.output.contains("\u{1B}[<u"))
  }

  /// A terminal that reports synchronized output unknown or permanently reset gets frames
  /// without its brackets; one without the keyboard protocol gets no push.
  @Test(arguments: [0, 4])
  func synchronizedOutputOnlyWhereNotUnsupported(state: Int) async throws {
    host.queryTimeout = 600
    let answers = "\u{1B}[?2026;\(state)$y\u{1B}[?2004;2$y\u{1B}[?1016;0$y\u{1B}[?1;2c"
    try await running(answering: answers) {
      #expect(await eventually(within: 300) { terminal.output.contains("row 0") })
      #expect(terminal.output.hasPrefix(Self.enter + Self.queries))
      #expect(!terminal.output.contains("\u{1B}[?2026h"))
      #expect(!terminal.output.contains("\u{1B}[>1u"))
      #expect(host.capabilities.synchronizedOutput == .unsupported)
      #expect(host.capabilities.bracketedPaste == .supported)
      #expect(host.capabilities.sgrPixels == .unsupported)
    }
  }

  /// Replies that come after the time limit are no keys.
  @Test func lateRepliesAreNoKeys() async throws {
    host.queryTimeout = 0
    var keys: [Key] = []
    host.onKey = { keys.append($0) }
    try await running(answering: nil) {
      #expect(await eventually(within: 300) { terminal.output.contains("row 0") })
      terminal.type("\u{1B}[?2026;2$y\u{1B}[?62;22ck")
      #expect(await eventually(within: 300) { keys == [.character("k")] })
      #expect(host.capabilities.synchronizedOutput == .supported)
    }
  }

  /// A terminal whose size in pixels the kernel does not know (over SSH, in a multiplexer),
  /// but that answers `ESC [ 16 t` with its cells' size, gets mouse positions in pixels too.
  @Test func sgrPixelsWhereTheTerminalSaysItsCellSizeItself() async throws {
    let terminal = try PseudoTerminal(columns: 40, rows: 12)
    let host = try TerminalHost(input: terminal.slave, output: terminal.slave)
    host.queryTimeout = 600
    var mice: [MouseEvent] = []
    host.dispatcher.onMouse = { mice.append($0) }
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually(within: 300) { terminal.output.contains(Self.queries) })
    terminal.type("\u{1B}[?2026;2$y\u{1B}[?1016;2$y\u{1B}[6;16;8t\u{1B}[?62;22c")
    #expect(await eventually(within: 300) { terminal.output.contains("\u{1B}[?2026h") })
    #expect(terminal.output.hasPrefix(Self.enter + Self.queries + "\u{1B}[?1016h\u{1B}[?2026h"))
    #expect(host.capabilities.cellSizeInPixels?.width == 8)
    terminal.type("\u{1B}[<0;43;45M")
    #expect(await eventually(within: 300) { mice.count == 1 })
    #expect(
      mice.first
        == MouseEvent(kind: .press, column: 5, row: 2, columnFraction: 0.25, rowFraction: 0.75))
    host.stop()
    try await run.value
  }

  /// A terminal that reports SGR-Pixels and its cells' size in pixels gets mouse positions in
  /// pixels: the host turns 1016 on after asking, and a drag moves by fractions of a cell.
  @Test func sgrPixelsWhereTheTerminalHasThemAndSaysItsCellSize() async throws {
    let terminal = try PseudoTerminal(columns: 40, rows: 12, pixelWidth: 320, pixelHeight: 192)
    let host = try TerminalHost(input: terminal.slave, output: terminal.slave)
    host.queryTimeout = 600
    var mice: [MouseEvent] = []
    host.dispatcher.onMouse = { mice.append($0) }
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually(within: 300) { terminal.output.contains(Self.queries) })
    terminal.type("\u{1B}[?2026;2$y\u{1B}[?2004;2$y\u{1B}[?1016;2$y\u{1B}[?62;22c")
    #expect(await eventually(within: 300) { terminal.output.contains("\u{1B}[?2026h") })
    #expect(terminal.output.hasPrefix(Self.enter + Self.queries + "\u{1B}[?1016h\u{1B}[?2026h"))
    // Cells of 8 × 16 pixels: pixel 43, 45 is a quarter into column 5, three quarters into row 2.
    terminal.type("\u{1B}[<0;43;45M\u{1B}[<0;43;45m")
    #expect(await eventually(within: 300) { mice.count == 2 })
    #expect(
      mice.first
        == MouseEvent(kind: .press, column: 5, row: 2, columnFraction: 0.25, rowFraction: 0.75))
    host.stop()
    try await run.value
    #expect(
      await eventually(within: 300) {
        terminal.output.hasSuffix(
          "\u{1B}[?2026l\u{1B}[0m\u{1B}[?1016l\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l"
            + "\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
      })
  }

  /// Without the cells' size in pixels, SGR-Pixels stays off even where the terminal has it.
  @Test func noSgrPixelsWithoutTheCellSize() async throws {
    host.queryTimeout = 600
    try await running(answering: "\u{1B}[?1016;2$y\u{1B}[?62;22c") {
      #expect(await eventually(within: 300) { terminal.output.contains("row 0") })
      #expect(host.capabilities.sgrPixels == .supported)
      #expect(!terminal.output.contains("\u{1B}[?1016h"))
    }
  }
}
