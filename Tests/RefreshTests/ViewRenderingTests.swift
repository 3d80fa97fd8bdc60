import Foundation
import Testing

@testable import Refresh

/// Counts its draws, and fills its bounds so the recorder sees where it drew.
@MainActor
private final class CountingView: View {
  var draws = 0
  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    draws += 1
  }
}

@MainActor
@Suite("Rendering skips what is outside the visible area")
struct ViewRenderingTests {
  /// A 100 × 100 scroll model (clipping) with content 1000 high.
  let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

  @Test func viewsOutsideTheScrollModelsViewportDoNotDraw() {
    let rows = (0..<10).map {
      CountingView(frame: CGRect(x: 0, y: CGFloat($0) * 100, width: 100, height: 100))
    }
    for row in rows { scroll.addSubview(row) }
    scroll.contentOffset.y = 250
    scroll.render(in: CanvasCallRecorder())
    #expect(rows.map(\.draws) == [0, 0, 1, 1, 0, 0, 0, 0, 0, 0] as [Int])
  }

  @Test func aViewOutsideWithoutClippingStillShowsItsSubviews() {
    // A container far below the screen whose child reaches back into it.
    let container = CountingView(frame: CGRect(x: 0, y: 500, width: 100, height: 10))
    let child = CountingView(frame: CGRect(x: 0, y: -480, width: 100, height: 20))
    container.addSubview(child)
    scroll.addSubview(container)
    scroll.render(in: CanvasCallRecorder())
    #expect(container.draws == 0)
    #expect(child.draws == 1)
  }

  @Test func aClippingViewOutsideSkipsItsWholeSubtree() {
    let container = CountingView(frame: CGRect(x: 0, y: 500, width: 100, height: 10))
    container.clipsToBounds = true
    let child = CountingView(frame: CGRect(x: 0, y: -480, width: 100, height: 20))
    container.addSubview(child)
    scroll.addSubview(container)
    scroll.render(in: CanvasCallRecorder())
    #expect(child.draws == 0)
  }

  @Test func aViewTouchingTheEdgeOrOfZeroSizeInsideDraws() {
    let edge = CountingView(frame: CGRect(x: 0, y: 100, width: 100, height: 10))
    let point = CountingView(frame: CGRect(x: 50, y: 50, width: 0, height: 0))
    let below = CountingView(frame: CGRect(x: 0, y: 100.5, width: 100, height: 10))
    for view in [edge, point, below] { scroll.addSubview(view) }
    scroll.render(in: CanvasCallRecorder())
    #expect(edge.draws == 1)
    #expect(point.draws == 1)
    #expect(below.draws == 0)
  }

  @Test func aRotatedViewAlwaysDraws() {
    let rotated = CountingView(frame: CGRect(x: 0, y: 120, width: 100, height: 10))
    rotated.transform = Transform(rotationAngle: .pi / 2)
    scroll.addSubview(rotated)
    scroll.render(in: CanvasCallRecorder())
    #expect(rotated.draws == 1)
  }

  @Test func theBackgroundOfAViewOutsideIsNotFilled() {
    let outside = View(frame: CGRect(x: 0, y: 300, width: 100, height: 10))
    outside.backgroundColor = .red
    scroll.addSubview(outside)
    let recorder = CanvasCallRecorder()
    scroll.render(in: recorder)
    #expect(recorder.calls.isEmpty)
  }

  /// While any view animates, the walk draws every view as presented (the animating one where
  /// it is now, the others where they are); with none animating, it reads the model values.
  @Test func animatingViewsDrawWherePresentedAndTheOthersWhereTheyAre() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), clock: clock)
    let moving = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let still = View(frame: CGRect(x: 0, y: 40, width: 10, height: 10))
    for view in [moving, still] {
      view.backgroundColor = .red
      window.addSubview(view)
    }
    clock.advance(by: 0)
    View.animate(withDuration: 1) {
      moving.frame.origin.x = 80
      moving.alpha = 0.5
    }
    clock.advance(by: 0.5)
    func fills() -> [CGRect] {
      let recorder = CanvasCallRecorder()
      window.render(in: recorder)
      return recorder.calls.compactMap {
        guard case .fill(let rect, _, let state) = $0 else { return nil }
        return rect.offsetBy(dx: state.origin.x, dy: state.origin.y)
      }
    }
    let halfway = moving.presentedFrame.minX
    #expect(halfway > 0 && halfway < 80)
    #expect(
      fills() == [
        CGRect(x: halfway, y: 0, width: 10, height: 10), CGRect(x: 0, y: 40, width: 10, height: 10),
      ])
    clock.advance(by: 1)
    #expect(
      fills() == [
        CGRect(x: 80, y: 0, width: 10, height: 10), CGRect(x: 0, y: 40, width: 10, height: 10),
      ])
  }

  /// A frame of negative size lies left of and above its origin, and its subviews are placed
  /// from that corner, as `CGRect.minX` and `minY` say.
  @Test func aFrameOfNegativeSizeDrawsFromItsMinimumCorner() {
    let flipped = View(frame: CGRect(x: 50, y: 60, width: -20, height: -30))
    let child = View(frame: CGRect(x: 1, y: 2, width: 5, height: 5))
    child.backgroundColor = .red
    flipped.addSubview(child)
    scroll.addSubview(flipped)
    let recorder = CanvasCallRecorder()
    scroll.render(in: recorder)
    guard case .fill(_, _, let state) = recorder.calls.first else {
      Issue.record("the child drew nothing")
      return
    }
    #expect(state.origin == CGPoint(x: 31, y: 32))
  }
}
