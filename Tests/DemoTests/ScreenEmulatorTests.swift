import TerminalTestSupport
import Testing

/// The emulator the pseudo-terminal tests read the demo's screen with.
@Suite("ScreenEmulator")
struct ScreenEmulatorTests {
  /// One synchronized frame: go home, clear the screen, write `text` on the first row.
  private func frame(_ text: String) -> [UInt8] {
    Array("\u{1B}[?2026h\u{1B}[H\u{1B}[2J\u{1B}[1;1H\(text)\u{1B}[?2026l".utf8)
  }

  @Test func aFrameReplacedInTheSameReadStillCountsAsShown() {
    var screen = ScreenEmulator(columns: 20, rows: 2)
    screen.watchedText = "3 new posts"
    screen.feed(frame("3 new posts") + frame("idle"))
    #expect(screen.text == "idle\n")
    #expect(screen.watchedTextWasShown)
  }

  @Test func textWrittenOutsideAFrameEndIsNotCounted() {
    var screen = ScreenEmulator(columns: 20, rows: 2)
    screen.watchedText = "3 new posts"
    // Shown and overwritten before any frame ended: no frame showed it.
    screen.feed(Array("\u{1B}[1;1H3 new posts\u{1B}[1;1H\u{1B}[K".utf8) + frame("idle"))
    #expect(!screen.watchedTextWasShown)
  }

  @Test func watchingAgainForgetsWhatWasSeen() {
    var screen = ScreenEmulator(columns: 20, rows: 2)
    screen.watchedText = "Loading..."
    screen.feed(frame("Loading..."))
    #expect(screen.watchedTextWasShown)
    screen.watchedText = "3 new posts"
    #expect(!screen.watchedTextWasShown)
    screen.feed(frame("3 new posts"))
    #expect(screen.watchedTextWasShown)
  }
}
