import DemoCore
import Foundation
import Refresh
import Rendering
import TerminalTestSupport
import TestSupport
import Testing

/// The frame buffer's output, replayed by a terminal emulator, shows exactly what was drawn,
/// frame after frame, while the demo scrolls, pulls and refreshes; and scrolling frames are
/// cheap.
@MainActor
@Suite("Frames replayed on an emulated terminal")
struct ScrollingFrameTests {
  @Test(arguments: [true, false])
  func everyFrameShowsWhatWasDrawn(detectsScrolling: Bool) {
    // The `l` key switches the shared language: leave it as other suites expect it.
    defer { RefreshConfig.default.languageCode = nil }
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 80, rows: 24)
    var buffer = TerminalFrameBuffer()
    buffer.detectsScrolling = detectsScrolling
    var screen = ScreenEmulator(columns: 80, rows: 24)
    let canvas = TerminalCanvas(columns: 80, rows: 24)
    var random = SplitMix64(seed: 7)
    let events: [InputEvent] = [
      .key(.down), .key(.down), .key(.up), .key(.pageDown), .key(.end), .key(.home),
      .mouse(MouseEvent(kind: .wheel(dx: 0, dy: 1), column: 5, row: 5)),
      .mouse(MouseEvent(kind: .wheel(dx: 0, dy: -1), column: 5, row: 5)),
      .key(.character("r")), .key(.character("l")),
    ]
    for _ in 0..<120 {
      app.handle(events[Int(random.next() % UInt64(events.count))])
      for _ in 0..<Int(random.next() % 6) {
        clock.advance(by: 1.0 / 60)
        app.render(into: canvas)
        screen.feed(buffer.frame(from: canvas))
        #expect(screen.text == trimmed(canvas.grid.text))
      }
    }
  }

  @Test func scrollingFramesWriteAFractionOfAFullRedraw() {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 200, rows: 60)
    let canvas = TerminalCanvas(columns: 200, rows: 60)
    var full = TerminalFrameBuffer()
    app.render(into: canvas)
    let fullRedraw = full.frame(from: canvas).count
    var buffer = TerminalFrameBuffer()
    _ = buffer.frame(from: canvas)
    var written = 0
    var frames = 0
    for _ in 0..<20 {
      app.handle(.key(.down))
      clock.advance(by: 1.0 / 60)
      app.render(into: canvas)
      written += buffer.frame(from: canvas).count
      frames += 1
    }
    let average = Double(written) / Double(frames)
    #expect(average < 0.25 * Double(fullRedraw), "\(average) of \(fullRedraw)")
  }

  private func trimmed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = String(line)
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
