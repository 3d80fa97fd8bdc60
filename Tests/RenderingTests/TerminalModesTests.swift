import Testing

@testable import Rendering

@Suite("TerminalModes")
struct TerminalModesTests {
  @Test func fullScreenRestoreSequence() {
    #expect(
      TerminalModes.fullScreen.restoreSequence
        == Array(
          ("\u{1B}[?2026l\u{1B}[0m\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l"
            + "\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l").utf8))
  }

  @Test func fullScreenEnterSequence() {
    #expect(
      TerminalModes.fullScreen.enterSequence
        == Array(
          ("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
            + "\u{1B}[?2004h\u{1B}[?1004h").utf8))
  }

  @Test func theSequencesFollowTheModes() {
    let modes: TerminalModes = [.hiddenCursor, .rawInput]
    #expect(modes.enterSequence == Array("\u{1B}[?25l".utf8))
    #expect(modes.restoreSequence == Array("\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h".utf8))
    #expect(TerminalModes().enterSequence == [])
    let paste: TerminalModes = [.bracketedPaste, .rawInput]
    #expect(paste.enterSequence == Array("\u{1B}[?2004h".utf8))
    #expect(paste.restoreSequence == Array("\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l".utf8))
    #expect(TerminalModes.focusReporting.enterSequence == Array("\u{1B}[?1004h".utf8))
  }

  /// The kitty keyboard push is entered last and popped first, before the alternate screen is
  /// left: kitty keeps a stack per screen.
  @Test func theKittyKeyboardIsPushedLastAndPoppedFirst() {
    let modes = TerminalModes.fullScreen.union(.kittyKeyboard)
    #expect(TerminalModes.kittyKeyboard.enterSequence == Array("\u{1B}[>1u".utf8))
    #expect(Array(modes.enterSequence.suffix(5)) == Array("\u{1B}[>1u".utf8))
    #expect(
      modes.restoreSequence
        == Array(
          ("\u{1B}[?2026l\u{1B}[0m\u{1B}[<u\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l"
            + "\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l").utf8))
    #expect(!TerminalModes.fullScreen.contains(.kittyKeyboard))
  }
}
