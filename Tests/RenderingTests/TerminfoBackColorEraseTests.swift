import Foundation
import Testing

@testable import Rendering

/// Reading `bce` (back color erase) from terminfo, and the frame buffer's default from it.
@Suite("Terminfo back color erase")
struct TerminfoBackColorEraseTests {
  /// Booleans up to `bce` (index 28), set or not; the others alternate.
  static func booleans(backColorErase: Bool) -> [UInt8] {
    (0..<30).map { $0 == 28 ? (backColorErase ? 1 : 0) : UInt8($0 % 2) }
  }

  @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
  func theBooleanIsRead(wide: Bool, backColorErase: Bool) throws {
    let directory = try TerminalColorModeTests.terminfoDirectory(
      term: "bceterm", colors: 8, wide: wide,
      booleans: Self.booleans(backColorErase: backColorErase))
    let environment = ["TERM": "bceterm", "TERMINFO": directory]
    #expect(Terminfo.backColorErase(of: "bceterm", environment: environment) == backColorErase)
    #expect(TerminalFrameBuffer.hasBackgroundColorErase(environment: environment) == backColorErase)
    // The booleans' count moves the numbers: `colors` is still found after them.
    #expect(Terminfo.colors(of: "bceterm", environment: environment) == 8)
  }

  @Test func anEntryWithFewerBooleansLacksIt() throws {
    let directory = try TerminalColorModeTests.terminfoDirectory(term: "xterm-short", colors: 8)
    // An entry says no, even where the name alone would say yes.
    #expect(
      TerminalFrameBuffer.hasBackgroundColorErase(environment: [
        "TERM": "xterm-short", "TERMINFO": directory,
      ]) == false)
  }

  @Test func malformedEntriesSayNothing() {
    #expect(Terminfo.backColorErase(inEntry: []) == nil)
    #expect(Terminfo.backColorErase(inEntry: [0x1A, 0x01, 0xFF, 0x7F]) == nil)
    // The header announces 40 booleans that are not there.
    #expect(Terminfo.backColorErase(inEntry: [0x1A, 0x01, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0]) == nil)
  }

  /// Without an entry, only families known to have it: xterm, rxvt, the Linux console.
  @Test(
    arguments: [
      ("xterm-no-such-entry", true), ("rxvt-no-such-entry", true), ("xtermish", false),
      ("tmux-no-such-entry", false), ("no-such-terminal", false), ("dumb", false), ("", false),
    ])
  func withoutAnEntryTheNameDecides(term: String, expected: Bool) {
    #expect(TerminalFrameBuffer.hasBackgroundColorErase(environment: ["TERM": term]) == expected)
  }

  /// ncurses' own entries (Debian's ncurses-base): xterm and the Linux console have it, tmux
  /// and screen do not (`infocmp -1 tmux-256color` lists no `bce`).
  @Test(
    arguments: [
      ("xterm-256color", true), ("xterm", true), ("linux", true), ("tmux-256color", false),
      ("screen", false), ("vt100", false),
    ])
  func theSystemsEntries(term: String, expected: Bool) throws {
    let found = ["/lib/terminfo", "/usr/share/terminfo"].contains {
      FileManager.default.fileExists(atPath: "\($0)/\(term.first!)/\(term)")
    }
    try #require(found, "no \(term) terminfo entry on this machine")
    #expect(Terminfo.backColorErase(of: term, environment: [:]) == expected)
  }
}
