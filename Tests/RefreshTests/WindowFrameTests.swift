import Foundation
import Testing

@testable import Refresh

@MainActor
@Suite("Window frames")
struct WindowFrameTests {
  final class DrawCounter: View {
    var draws = 0
    override func draw(in canvas: Canvas) {
      super.draw(in: canvas)
      draws += 1
    }
  }

  @Test func aHiddenViewsPendingDisplayWaitsUntilItIsShown() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    window.addSubview(view)
    clock.advance(by: 0)
    #expect(view.draws == 1)
    #expect(!clock.isAnimating)

    view.setNeedsDisplay()
    view.isHidden = true
    clock.advance(by: 0.1)
    #expect(view.draws == 1)
    #expect(!clock.isAnimating)  // no frames for a view that is not drawn

    view.isHidden = false
    #expect(clock.isAnimating)
    clock.advance(by: 0)
    #expect(view.draws == 2)
    #expect(!clock.isAnimating)
  }
}
