import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("ScrollModel")
struct ScrollModelTests {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 375, height: 2000)
  }

  @Test func dragFollowsTheFingerInsideTheContent() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    #expect(scroll.isDragging)
    scroll.drag(to: CGPoint(x: 100, y: 200))
    #expect(scroll.contentOffset == CGPoint(x: 0, y: 600))
    #expect(scroll.panState == .changed)
  }

  @Test func dragPastTheTopIsRubberBanded() {
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 200))
    let expected = -(1 - 1 / (100 * 0.55 / 667 + 1)) * 667
    #expect(abs(scroll.contentOffset.y - expected) < 1e-9)
  }

  @Test func flingDeceleratesAndRests() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))
    #expect(scroll.isDecelerating)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - 590.6) < 0.05)
    clock.advance(by: 10)
    #expect(!scroll.isDecelerating)
    #expect(abs(scroll.contentOffset.y - 999.5) < 0.05)
  }
}
