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

  /// Over a pager (paging, three 360-point pages) of a vertical list, a horizontal swipe turns
  /// one page however many notches it sends, animated; a pause longer than the wheel release
  /// delay (0.15 s) starts the next swipe; a vertical notch scrolls the list under the pointer.
  @Test func aHorizontalWheelSwipeOverAPagerTurnsOnePage() {
    let pager = ScrollModel(frame: window.bounds)
    pager.isPagingEnabled = true
    pager.contentSize = CGSize(width: 3 * 360, height: 216)
    let list = ScrollModel(frame: CGRect(x: 0, y: 0, width: 360, height: 216))
    list.contentSize = CGSize(width: 360, height: 2000)
    pager.addSubview(list)
    window.addSubview(pager)
    func swipe(_ dx: Int, notches: Int) {
      for _ in 0..<notches {
        mouse(.wheel(dx: dx, dy: 0), row: 5)
        clock.advance(by: 0.02)
      }
      clock.advance(by: 1, framesPerSecond: 60)
    }
    // A vertical notch scrolls the list three lines, and the pager stays.
    mouse(.wheel(dx: 0, dy: 1), row: 5)
    #expect(list.contentOffset == CGPoint(x: 0, y: 54))
    #expect(pager.contentOffset == .zero)
    clock.advance(by: 2, framesPerSecond: 60)
    let listOffset = list.contentOffset
    // The first notch animates toward the next page, over 0.3 s.
    mouse(.wheel(dx: 1, dy: 0), row: 5)
    clock.advance(by: 0.15, framesPerSecond: 60)
    #expect(pager.contentOffset.x > 0 && pager.contentOffset.x < 360)
    clock.advance(by: 1, framesPerSecond: 60)
    #expect(pager.contentOffset == CGPoint(x: 360, y: 0))
    swipe(1, notches: 20)
    #expect(pager.contentOffset == CGPoint(x: 720, y: 0))
    // Past the last page, a swipe turns nothing.
    swipe(1, notches: 5)
    #expect(pager.contentOffset == CGPoint(x: 720, y: 0))
    swipe(-1, notches: 12)
    #expect(pager.contentOffset == CGPoint(x: 360, y: 0))
    #expect(list.contentOffset == listOffset)
  }
}
