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

  let clock = ManualFrameClock()
  let window: Window

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
  }

  @Test func aHiddenViewsPendingDisplayWaitsUntilItIsShown() {
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

  /// Marking a view for display twice before a frame draws it once; a mark after the frame
  /// asks for another.
  @Test func aViewMarkedTwiceIsDrawnOnce() {
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    window.addSubview(view)
    clock.advance(by: 0)
    view.setNeedsDisplay()
    view.setNeedsDisplay()
    #expect(clock.isAnimating)
    clock.advance(by: 0)
    #expect(view.draws == 2)
    #expect(!clock.isAnimating)
    view.setNeedsDisplay()
    #expect(clock.isAnimating)
    clock.advance(by: 0)
    #expect(view.draws == 3)
  }

  /// A view marked under a hidden ancestor, marked again while hidden, is drawn once its
  /// ancestor is shown.
  @Test func aViewMarkedUnderAHiddenAncestorIsDrawnWhenItIsShown() {
    let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    parent.addSubview(view)
    window.addSubview(parent)
    clock.advance(by: 0)
    #expect(view.draws == 1)
    parent.isHidden = true
    view.setNeedsDisplay()
    clock.advance(by: 0.1)
    view.setNeedsDisplay()
    #expect(!clock.isAnimating)
    parent.isHidden = false
    clock.advance(by: 0)
    #expect(view.draws == 2)
  }

  /// A view marked while it has no window is drawn by the first frame of the window it joins.
  @Test func aViewMarkedWithoutAWindowIsDrawnByTheWindowItJoins() {
    clock.advance(by: 0)
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    view.setNeedsDisplay()
    view.setNeedsDisplay()
    window.addSubview(view)
    clock.advance(by: 0)
    #expect(view.draws == 1)
    view.removeFromSuperview()
    view.setNeedsDisplay()
    window.addSubview(view)
    clock.advance(by: 0)
    #expect(view.draws == 2)
  }

  /// A mark flags its own branch only: the display pass walks it and nothing else, and a frame
  /// in which nothing changed walks nothing below the window.
  @Test func aMarkFlagsItsBranchOnly() {
    let branch = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let marked = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let other = DrawCounter(frame: CGRect(x: 0, y: 50, width: 20, height: 20))
    branch.addSubview(marked)
    window.addSubview(branch)
    window.addSubview(other)
    clock.advance(by: 0)
    #expect((marked.draws, other.draws) == (1, 1))
    #expect(!window.subviewsNeedDisplay && !branch.subviewsNeedDisplay)
    #expect(!window.hasPendingWork)
    marked.setNeedsDisplay()
    #expect(window.subviewsNeedDisplay && branch.subviewsNeedDisplay)
    #expect(!other.needsDisplay && !other.subviewsNeedDisplay)
    #expect(window.hasPendingWork)
    clock.advance(by: 0)
    #expect((marked.draws, other.draws) == (2, 1))
    #expect(!window.subviewsNeedDisplay && !branch.subviewsNeedDisplay)
  }

  /// A view whose display waits under a hidden ancestor, moved under a shown one in the same
  /// window, is drawn by the next frame: its new ancestors learn of its mark.
  @Test func aPendingViewMovedWithinTheWindowIsDrawn() {
    let hidden = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let shown = View(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    hidden.addSubview(view)
    window.addSubview(hidden)
    window.addSubview(shown)
    clock.advance(by: 0)
    #expect(view.draws == 1)
    hidden.isHidden = true
    view.setNeedsDisplay()
    clock.advance(by: 0)
    #expect(view.draws == 1)
    #expect(!window.hasPendingWork)
    shown.addSubview(view)
    #expect(window.hasPendingWork)
    clock.advance(by: 0)
    #expect(view.draws == 2)
  }

  /// Under two hidden ancestors, a mark waits until both are shown, in either order.
  @Test func aMarkUnderNestedHiddenAncestorsWaitsForBoth() {
    let outer = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let inner = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    let view = DrawCounter(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    inner.addSubview(view)
    outer.addSubview(inner)
    window.addSubview(outer)
    clock.advance(by: 0)
    outer.isHidden = true
    inner.isHidden = true
    view.setNeedsDisplay()
    clock.advance(by: 0)
    outer.isHidden = false
    clock.advance(by: 0)
    #expect(view.draws == 1)
    #expect(!window.hasPendingWork)
    inner.isHidden = false
    clock.advance(by: 0)
    #expect(view.draws == 2)
  }
}
