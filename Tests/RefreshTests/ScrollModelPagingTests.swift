import Foundation
import Testing

@testable import Refresh

/// Paging (`ScrollModel.isPagingEnabled`) on a 320 × 480 scroll model over five 480-point pages:
/// gestures on a manual clock, exact resting offsets, and the bounce-back spring on the way.
@MainActor
@Suite("ScrollModel paging")
struct ScrollModelPagingTests {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480), clock: clock)
    scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 320, height: 2400)
    scroll.isPagingEnabled = true
  }

  /// The finger goes down at y = 400, moves up by `distance` (so the offset grows by it) and
  /// lifts with `velocity`, as a pan recognizer reports it (negative: upward, a forward fling).
  private func release(from start: CGFloat, dragging distance: CGFloat, velocity: CGFloat) {
    scroll.contentOffset = CGPoint(x: 0, y: start)
    scroll.beginDragging(at: CGPoint(x: 160, y: 400))
    scroll.drag(to: CGPoint(x: 160, y: 400 - distance))
    scroll.endDragging(velocity: CGPoint(x: 0, y: velocity))
  }

  private func settle() {
    clock.advance(by: 3, framesPerSecond: 60)
  }

  @Test(
    arguments: [
      // A slow release rests on the nearest page.
      (0, 250, 0, 480), (0, 200, 0, 0), (480, -200, 0, 480), (480, 300, 100, 960),
      // A fling rests on the next page in its direction, one page at most.
      (0, 100, -800, 480), (0, 400, 800, 0), (480, 10, -800, 960), (480, 10, 800, 480),
      (480, -10, 800, 0), (480, -10, -800, 480), (960, 200, -5000, 1440),
      // The fling threshold: 400 pt/s.
      (0, 100, -399, 0), (0, 100, -400, 480), (0, 300, 399, 480), (0, 300, 400, 0),
      // Past the edges, the edge.
      (0, -100, 0, 0), (0, -100, 800, 0), (1920, 200, 0, 1920), (1920, 200, -800, 1920),
    ] as [(CGFloat, CGFloat, CGFloat, CGFloat)])
  func aReleaseRestsOnAPage(start: CGFloat, distance: CGFloat, velocity: CGFloat, end: CGFloat) {
    release(from: start, dragging: distance, velocity: velocity)
    #expect(scroll.isDecelerating)
    settle()
    #expect(scroll.contentOffset == CGPoint(x: 0, y: end))
    #expect(!scroll.isDecelerating)
  }

  @Test func contentThatIsNotWholePagesRestsOnItsEnd() {
    scroll.contentSize = CGSize(width: 320, height: 2200)
    release(from: 1440, dragging: 100, velocity: -800)
    settle()
    #expect(scroll.contentOffset.y == 1720)
  }

  @Test func theSpringCarriesTheContentToThePage() {
    // Released at 250 at rest: x(t) = (x0 + ω x0 t) e^(-ω t), x0 = 250 - 480, ω = 10.
    release(from: 0, dragging: 250, velocity: 0)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - (480 - 460 / M_E)) < 1e-9)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - (480 - 690 * exp(-2))) < 1e-9)
  }

  @Test func aFlingArrivesWithoutPassingThePage() {
    // Flung at 3000 pt/s 30 pt before the page: the start speed is limited to ω × 30 = 300,
    // so x(t) = -30 e^(-10 t).
    release(from: 0, dragging: 450, velocity: -3000)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - (480 - 30 / M_E)) < 1e-9)
    var highest = scroll.contentOffset.y
    for _ in 0..<180 {
      clock.advance(by: 1.0 / 60)
      highest = max(highest, scroll.contentOffset.y)
    }
    #expect(highest == 480)
  }

  @Test(arguments: [(true, 430.0), (false, 400.0)])
  func speedAwayFromThePageTurnsRoundWhenBouncing(bounces: Bool, scaled: CGFloat) {
    // Moving forward at 300 pt/s (no fling) 200 pt past page 0: x(t) = (x0 + (v0 + ω x0) t) e^(-ωt)
    // with v0 = 300 when bouncing, 0 when not.
    scroll.bounces = bounces
    release(from: 0, dragging: 200, velocity: -300)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - scaled / M_E) < 1e-9)
    settle()
    #expect(scroll.contentOffset.y == 0)
  }

  @Test func theSameGestureEndsAlikeAtAnyFrameRate() {
    var samples: [[CGFloat]] = []
    for framesPerSecond in [30.0, 60, 120] {
      let clock = ManualFrameClock()
      let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480), clock: clock)
      let scroll = ScrollModel(frame: window.bounds)
      window.addSubview(scroll)
      scroll.contentSize = CGSize(width: 320, height: 2400)
      scroll.isPagingEnabled = true
      scroll.beginDragging(at: CGPoint(x: 160, y: 400))
      scroll.drag(to: CGPoint(x: 160, y: 300))
      scroll.endDragging(velocity: CGPoint(x: 0, y: -1200))
      var offsets: [CGFloat] = []
      for _ in 0..<20 {
        clock.advance(by: 0.1, framesPerSecond: framesPerSecond)
        offsets.append(scroll.contentOffset.y)
      }
      samples.append(offsets)
    }
    #expect(samples[0] == samples[1])
    #expect(samples[1] == samples[2])
    #expect(samples[0].last == 480)
  }

  @Test func aPageMovedOutOfRangeMidFlightIsClampedIntoIt() {
    release(from: 1440, dragging: 100, velocity: -800)
    clock.advance(by: 0.05)
    scroll.contentSize = CGSize(width: 320, height: 2200)
    settle()
    #expect(scroll.contentOffset.y == 1720)
  }

  @Test func pagesFollowTheBoundsSizeAlongEachAxis() {
    scroll.contentSize = CGSize(width: 960, height: 1440)
    scroll.beginDragging(at: CGPoint(x: 300, y: 400))
    scroll.drag(to: CGPoint(x: 100, y: 150))
    #expect(scroll.contentOffset == CGPoint(x: 200, y: 250))
    scroll.endDragging(velocity: .zero)
    settle()
    #expect(scroll.contentOffset == CGPoint(x: 320, y: 480))
    scroll.beginDragging(at: CGPoint(x: 300, y: 400))
    scroll.drag(to: CGPoint(x: 280, y: 420))
    scroll.endDragging(velocity: CGPoint(x: -800, y: 800))
    settle()
    #expect(scroll.contentOffset == CGPoint(x: 640, y: 0))
  }

  @Test func theFlingSpeedComesFromThePhysics() {
    scroll.physics = ScrollPhysics(pagingFlingSpeed: 1000)
    release(from: 0, dragging: 100, velocity: -800)
    settle()
    #expect(scroll.contentOffset.y == 0)
    release(from: 0, dragging: 100, velocity: -1000)
    settle()
    #expect(scroll.contentOffset.y == 480)
  }

  @Test func withoutPagingTheContentGlidesToRestAnywhere() {
    scroll.isPagingEnabled = false
    release(from: 0, dragging: 250, velocity: 0)
    settle()
    #expect(scroll.contentOffset.y == 250)
  }

  @Test func withoutAWindowTheReleaseRestsOnThePageAtOnce() {
    let loose = ScrollModel(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    loose.contentSize = CGSize(width: 320, height: 2400)
    loose.isPagingEnabled = true
    loose.beginDragging(at: CGPoint(x: 160, y: 400))
    loose.drag(to: CGPoint(x: 160, y: 150))
    loose.endDragging(velocity: .zero)
    #expect(loose.contentOffset == CGPoint(x: 0, y: 480))
  }

  @Test func aHeaderReleasedWhilePullingStillRefreshes() {
    var refreshes = 0
    scroll.header = RefreshNormalHeader { refreshes += 1 }
    clock.advance(by: 0)
    // 200 points down past the top show 89.5 of them, rubber-banded: past the 54-point header.
    release(from: 0, dragging: -200, velocity: 0)
    settle()
    #expect(scroll.header?.state == .refreshing)
    #expect(refreshes == 1)
    #expect(scroll.contentOffset.y == -54)
  }

  @Test func theTargetOfAReleaseCanBeAskedFor() {
    #expect(
      scroll.pagingTarget(from: CGPoint(x: 0, y: 250), velocity: .zero) == CGPoint(x: 0, y: 480))
    #expect(
      scroll.pagingTarget(from: CGPoint(x: 0, y: 250), velocity: CGPoint(x: 0, y: -800))
        == CGPoint(x: 0, y: 0))
    #expect(
      scroll.pagingTarget(from: CGPoint(x: CGFloat.nan, y: .infinity), velocity: .zero) == .zero)
    // The content cannot scroll sideways: the horizontal velocity is ignored.
    #expect(
      scroll.pagingTarget(from: .zero, velocity: CGPoint(x: 5000, y: CGFloat.nan)) == .zero)
    scroll.frame.size = .zero
    #expect(scroll.pagingTarget(from: CGPoint(x: 0, y: 250), velocity: .zero).y == 250)
  }
}
