import Foundation
import Refresh
import Testing

@testable import Rendering

/// A 40 × 12-cell window (360 × 216 points) holding a scroll model of 2000-point content,
/// scrolled to 500, on a manual clock.
@MainActor
@Suite("InputDispatcher: mouse reports as gestures")
struct InputDispatcherTests {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel
  let dispatcher: InputDispatcher

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 360, height: 216), clock: clock)
    scroll = ScrollModel(frame: CGRect(x: 0, y: 18, width: 360, height: 180))
    scroll.contentSize = CGSize(width: 360, height: 2000)
    scroll.contentOffset.y = 500
    window.addSubview(scroll)
    dispatcher = InputDispatcher(window: window)
    clock.advance(by: 0)
  }

  func mouse(_ kind: MouseEvent.Kind, column: Int = 5, row: Int) {
    dispatcher.handle(.mouse(MouseEvent(kind: kind, column: column, row: row)))
  }

  @Test func cellsMapToTheirCenters() {
    #expect(InputDispatcher.point(column: 0, row: 0) == CGPoint(x: 4.5, y: 9))
    #expect(InputDispatcher.point(column: 3, row: 2) == CGPoint(x: 31.5, y: 45))
  }

  @Test func theDeepestScrollModelUnderThePointerIsFound() {
    let inner = ScrollModel(frame: CGRect(x: 0, y: 520, width: 180, height: 90))
    scroll.addSubview(inner)
    #expect(dispatcher.scrollModel(at: CGPoint(x: 10, y: 60)) === inner)  // 18 + 520 - 500
    #expect(dispatcher.scrollModel(at: CGPoint(x: 270, y: 60)) === scroll)
    #expect(dispatcher.scrollModel(at: CGPoint(x: 10, y: 5)) == nil)  // the row above it
  }

  @Test func aDragMovesTheContentOneToOne() {
    mouse(.press, row: 8)
    #expect(scroll.panState == .began)
    clock.advance(by: 0.05)
    mouse(.drag, row: 6)
    #expect(scroll.contentOffset.y == 536)
    #expect(dispatcher.draggedScrollModel === scroll)
  }

  @Test func aQuickReleaseFlingsWithTheRecentVelocity() {
    // 36 points up in 0.1 s: 360 points per second, which the scroll model turns into a
    // deceleration of 0.4995 × 360 ≈ 179.8 more points (DESIGN.md, r = 0.998).
    mouse(.press, row: 8)
    clock.advance(by: 0.05)
    mouse(.drag, row: 7)
    clock.advance(by: 0.05)
    mouse(.drag, row: 6)
    mouse(.release, row: 6)
    #expect(scroll.isDecelerating)
    clock.advance(by: 6, framesPerSecond: 60)
    #expect(!scroll.isDecelerating)
    #expect(abs(scroll.contentOffset.y - (536 + 360 * 0.4995)) < 1)
  }

  @Test func aPointerThatHeldStillReleasesWithoutVelocity() {
    mouse(.press, row: 8)
    clock.advance(by: 0.05)
    mouse(.drag, row: 6)
    clock.advance(by: 0.2)
    mouse(.release, row: 6)
    #expect(!scroll.isDecelerating)
    #expect(scroll.contentOffset.y == 536)
  }

  @Test func theWheelScrollsThreeLinesANotch() {
    mouse(.wheel(dx: 0, dy: 1), row: 5)
    #expect(scroll.contentOffset.y == 554)
    mouse(.wheel(dx: 0, dy: -1), row: 5)
    #expect(scroll.contentOffset.y == 500)
  }

  @Test func aClickOnTheSameCellIsATapAndADragIsNot() {
    var taps = 0
    let button = View(frame: CGRect(x: 0, y: 0, width: 90, height: 18))
    button.onTap = { _ in taps += 1 }
    window.addSubview(button)
    mouse(.press, column: 2, row: 0)
    mouse(.release, column: 2, row: 0)
    #expect(taps == 1)
    mouse(.press, column: 2, row: 0)
    mouse(.drag, column: 3, row: 0)
    mouse(.release, column: 2, row: 0)
    #expect(taps == 1)
  }

  @Test func otherButtonsDoNotDrag() {
    dispatcher.handle(.mouse(MouseEvent(kind: .press, button: 2, column: 5, row: 8)))
    #expect(scroll.panState == .possible)
  }

  @Test func keysGoToOnKeyAndMiceToOnMouse() {
    var keys: [Key] = []
    var mice = 0
    dispatcher.onKey = { keys.append($0) }
    dispatcher.onMouse = { _ in mice += 1 }
    dispatcher.handle(.key(.character("r")))
    mouse(.wheel(dx: 0, dy: 1), row: 5)
    #expect(keys == [.character("r")])
    #expect(mice == 1)
  }
}
