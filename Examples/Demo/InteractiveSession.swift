import DemoCore
import Foundation
import Refresh
import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen app: reads the terminal, feeds the app, draws frames when something changed,
/// and sleeps when nothing moves.
@MainActor
struct InteractiveSession {
  /// How long to wait for the rest of an escape sequence before taking a lone Escape.
  let escapeTimeout: TimeInterval = 0.03
  /// How often an idle app looks at the terminal's size (it has no other reason to wake).
  let idleCheckInterval: TimeInterval = 0.25

  func run() throws {
    let session = try TerminalSession(modes: .fullScreen)
    defer { session.end() }
    let clock = RealTimeFrameClock(framesPerSecond: 60)
    var size = session.size ?? (columns: 80, rows: 24)
    let app = DemoApp(clock: clock, columns: size.columns, rows: size.rows)
    var parser = InputParser()
    var frameBuffer = TerminalFrameBuffer()
    var canvas = TerminalCanvas(columns: size.columns, rows: size.rows)
    var frameTimes: [TimeInterval] = []
    var needsFrame = true
    var input = [UInt8](repeating: 0, count: 4096)

    while !app.shouldQuit {
      // Draw when something changed.
      if needsFrame {
        let now = clock.currentTime
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }
        app.framesPerSecond = Double(frameTimes.count)
        app.render(into: canvas)
        session.write(frameBuffer.frame(from: canvas))
        needsFrame = false
      }

      // Sleep until input arrives or the clock has work; when idle, wake rarely.
      var timeout = idleCheckInterval
      if let deadline = clock.nextDeadline {
        timeout = min(timeout, max(0, deadline - clock.currentTime))
      }
      if parser.hasPendingInput { timeout = min(timeout, escapeTimeout) }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32((timeout * 1000).rounded(.up)))

      if ready > 0, descriptor.revents & Int16(POLLIN) != 0 {
        let count = read(STDIN_FILENO, &input, input.count)
        if count <= 0 { break }  // the terminal went away
        for event in parser.feed(Array(input[0..<count])) {
          app.handle(event)
        }
        needsFrame = true
      } else if parser.hasPendingInput {
        for event in parser.flush() { app.handle(event) }
        needsFrame = true
      }

      // Follow the terminal's size.
      if let current = session.size, current != size {
        size = current
        app.resize(columns: size.columns, rows: size.rows)
        canvas = TerminalCanvas(columns: size.columns, rows: size.rows)
        frameBuffer.invalidate()
        needsFrame = true
      }

      // Run what came due; moving things want a frame.
      let wasAnimating = clock.isAnimating
      let actionDue = clock.nextActionTime.map { $0 <= clock.currentTime } ?? false
      clock.tick()
      if wasAnimating || actionDue || clock.isAnimating { needsFrame = true }
    }
  }
}
