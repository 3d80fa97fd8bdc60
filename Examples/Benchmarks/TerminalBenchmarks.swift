import DemoCore
import Foundation
import Refresh
import Rendering

extension Bench {
  @MainActor
  mutating func runTerminal() {
    let section = "Terminal"
    let (columns, rows) = (200, 60)

    func scene() -> (DemoApp, ManualFrameClock, TerminalCanvas) {
      let clock = ManualFrameClock()
      let app = DemoApp(clock: clock, columns: columns, rows: rows)
      clock.advance(by: 0)
      return (app, clock, TerminalCanvas(columns: columns, rows: rows))
    }

    // A full redraw: draw the screen and write every cell.
    let (fullApp, _, fullCanvas) = scene()
    var fullBytes = 0
    let fullCost = nanoseconds { iterations in
      for _ in 0..<iterations {
        var buffer = TerminalFrameBuffer()
        fullApp.render(into: fullCanvas)
        fullBytes = buffer.frame(from: fullCanvas).count
      }
    }
    record(section, "full redraw, 200×60: frame time", fullCost / 1e6, unit: "ms")
    record(section, "full redraw, 200×60: bytes", Double(fullBytes), unit: "bytes")

    // Scrolling: a key held down, a frame per 1/60 s, on the diffing frame buffer.
    func scrolling(detectsScrolling: Bool) -> (time: Double, bytes: Double) {
      let (app, clock, canvas) = scene()
      var buffer = TerminalFrameBuffer()
      buffer.detectsScrolling = detectsScrolling
      app.render(into: canvas)
      _ = buffer.frame(from: canvas)
      var bytes = 0
      var frames = 0
      let time = nanoseconds { iterations in
        for step in 0..<iterations {
          if step % 40 == 0 { app.handle(.key(.home)) }
          app.handle(.key(.down))
          clock.advance(by: 1.0 / 60)
          app.render(into: canvas)
          bytes += buffer.frame(from: canvas).count
          frames += 1
        }
      }
      return (time, Double(bytes) / Double(max(frames, 1)))
    }
    let scrolled = scrolling(detectsScrolling: true)
    record(
      section, "scrolling, 200×60: frame time", scrolled.time / 1e6, unit: "ms",
      anchor: ("full redraw", fullCost / 1e6))
    record(
      section, "scrolling, 200×60: bytes per frame", scrolled.bytes, unit: "bytes",
      anchor: ("full redraw", Double(fullBytes)),
      goal: ("< 25% of a full redraw", scrolled.bytes < 0.25 * Double(fullBytes)))
    let cellsOnly = scrolling(detectsScrolling: false)
    record(
      section, "scrolling, cell diff only: bytes per frame", cellsOnly.bytes, unit: "bytes",
      anchor: ("full redraw", Double(fullBytes)))
  }
}
