import Foundation
import Refresh
import Rendering

/// The session the demo plays when it has no terminal (in CI, in a pipe): a pull, a release, a
/// refresh that brings new posts, a page, a page that fails (the `x` key) and is retried with a
/// tap, loading pages until "No more data", then a drag across to the "Popular" tab and a
/// pull that refreshes it alone, on a manual clock, printing the screen after each step.
@MainActor
public struct ScriptedSession {
  /// One step of the script: what to do, and what to call the frame that follows.
  struct Step {
    let caption: String
    let action: (DemoApp, ManualFrameClock) -> Void
  }

  /// The screen's width, in cells.
  public var columns: Int
  /// The screen's height, in cells.
  public var rows: Int

  /// Creates a session for a screen size.
  ///
  /// - Parameters:
  ///   - columns: The width, in cells (at least 20).
  ///   - rows: The height, in cells (at least 12).
  public init(columns: Int = 64, rows: Int = 22) {
    self.columns = max(20, columns)
    self.rows = max(12, rows)
  }

  /// Plays the script, handing each frame's text to `output`.
  ///
  /// - Parameter output: Receives one frame at a time: a caption line, then the screen's rows.
  /// - Returns: The number of frames written.
  @discardableResult
  public func run(output: (String) -> Void) -> Int {
    let clock = ManualFrameClock()
    // English and a fixed date (2026-01-15 09:41 UTC) whatever the environment, so the
    // printed frames are the same on every run.
    let app = DemoApp(
      clock: clock, columns: columns, rows: rows, tabs: DemoApp.standardTabs,
      preferredLanguages: ["en"],
      currentDate: { Date(timeIntervalSince1970: 1_768_470_060) })
    clock.advance(by: 0)
    var frame = 0
    func show(_ caption: String) {
      frame += 1
      let time = String(format: "%.2f", clock.now)
      let lines = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
      output("── frame \(frame) · t = \(time) s · \(caption)\n" + lines.joined(separator: "\n"))
    }
    show("launch")
    for step in Self.steps {
      step.action(app, clock)
      show(step.caption)
    }
    return frame
  }

  /// A tap (a press and release on one cell) in the middle of the footer.
  private static func tapFooter(of app: DemoApp) {
    guard let footer = app.scroll.footer else { return }
    let y = app.scroll.frame.minY + footer.frame.midY - app.scroll.contentOffset.y
    let row = Int(y / TextMetrics.lineHeight)
    let column = Int(app.scroll.frame.width / TextMetrics.cellWidth) / 2
    app.handle(.mouse(MouseEvent(kind: .press, column: column, row: row)))
    app.handle(.mouse(MouseEvent(kind: .release, column: column, row: row)))
  }

  /// A finger at a cell of the list, as the mouse reports it.
  private static func mouse(_ kind: MouseEvent.Kind, row: Int) -> InputEvent {
    .mouse(MouseEvent(kind: kind, column: 20, row: row))
  }

  static let steps: [Step] = [
    Step(caption: "a finger pulls the list down") { app, clock in
      app.handle(mouse(.press, row: 3))
      for row in 4...8 {
        clock.advance(by: 1.0 / 30)
        app.handle(mouse(.drag, row: row))
      }
    },
    Step(caption: "pulled past the threshold") { app, clock in
      for row in 9...12 {
        clock.advance(by: 1.0 / 30)
        app.handle(mouse(.drag, row: row))
      }
    },
    Step(caption: "released: refreshing") { app, clock in
      clock.advance(by: 0.2)
      app.handle(mouse(.release, row: 12))
      clock.advance(by: 0.3)
    },
    Step(caption: "the server answered: new posts at the top") { _, clock in
      clock.advance(by: 1.2)
    },
    Step(caption: "the header has hidden") { _, clock in
      clock.advance(by: 1.5)
    },
    Step(caption: "End: scrolled to the bottom, the footer loads") { app, clock in
      app.handle(.key(.end))
      clock.advance(by: 0.5, framesPerSecond: 60)
    },
    Step(caption: "the next page arrived") { _, clock in
      clock.advance(by: 1)
    },
    Step(caption: "x: the next request fails; End: the footer loads") { app, clock in
      app.handle(.key(.character("x")))
      app.handle(.key(.end))
      clock.advance(by: 0.5, framesPerSecond: 60)
    },
    Step(caption: "the server failed: the footer waits for a tap or a new drag") { _, clock in
      clock.advance(by: 1)
    },
    Step(caption: "the footer tapped: it loads again, and the page arrives") { app, clock in
      tapFooter(of: app)
      clock.advance(by: 1)
    },
    Step(caption: "End again, until there is no more data") { app, clock in
      for _ in 0..<6 {
        app.handle(.key(.end))
        clock.advance(by: 0.5, framesPerSecond: 60)
        clock.advance(by: 1)
      }
      app.handle(.key(.end))
      clock.advance(by: 0.5, framesPerSecond: 60)
    },
    Step(caption: "a finger drags the pager across: the Popular tab") { app, clock in
      // From three quarters of the width to a quarter, in a fifth of a second.
      let (start, end, row) = (app.columns * 3 / 4, app.columns / 4, 8)
      app.handle(.mouse(MouseEvent(kind: .press, column: start, row: row)))
      for step in 1...6 {
        clock.advance(by: 1.0 / 30)
        let column = start + (end - start) * step / 6
        app.handle(.mouse(MouseEvent(kind: .drag, column: column, row: row)))
      }
      app.handle(.mouse(MouseEvent(kind: .release, column: end, row: row)))
      clock.advance(by: 1, framesPerSecond: 60)
    },
    Step(caption: "Popular pulled and released: it refreshes, Latest stays") { app, clock in
      app.handle(mouse(.press, row: 4))
      for row in 5...13 {
        clock.advance(by: 1.0 / 30)
        app.handle(mouse(.drag, row: row))
      }
      clock.advance(by: 0.2)
      app.handle(mouse(.release, row: 13))
      clock.advance(by: 0.3)
    },
    Step(caption: "Popular's new posts at its top") { _, clock in
      clock.advance(by: 1.2)
    },
    Step(caption: "Shift-Tab: back to Latest, where it was left") { app, clock in
      clock.advance(by: 1.5)
      app.handle(.key(.backTab))
      clock.advance(by: 0.5, framesPerSecond: 60)
    },
  ]
}
