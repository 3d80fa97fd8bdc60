import Foundation
import Observing
import TestSupport
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

  // MARK: Observation

  @Test func everyPublishedPropertyIsObservedOnceWithOldAndNewValues() {
    var log: [String] = []
    func record<Value>(_ keyPath: KeyPath<ScrollModel, Value>, _ name: String) -> ObservationToken {
      scroll.observe(keyPath, options: [.old, .new]) { _, change in
        log.append("\(name): \(change.oldValue!) -> \(change.newValue!)")
      }
    }
    let tokens = [
      record(\.contentOffset, "offset"), record(\.contentSize, "size"),
      record(\.contentInset, "inset"), record(\.adjustedContentInset, "adjusted"),
      record(\.panState, "pan"), record(\.isDragging, "dragging"),
      record(\.isDecelerating, "decelerating"),
    ]
    scroll.contentOffset = CGPoint(x: 0, y: 10)
    scroll.contentSize = CGSize(width: 375, height: 3000)
    scroll.contentInset = EdgeInsets(top: 64)
    scroll.panState = .began
    scroll.panState = .ended
    #expect(
      log == [
        "offset: \(CGPoint(x: 0, y: 0)) -> \(CGPoint(x: 0, y: 10))",
        "size: \(CGSize(width: 375, height: 2000)) -> \(CGSize(width: 375, height: 3000))",
        "inset: {0, 0, 0, 0} -> {64, 0, 0, 0}",
        "adjusted: {0, 0, 0, 0} -> {64, 0, 0, 0}",
        "pan: possible -> began", "dragging: false -> true",
        "pan: began -> ended", "dragging: true -> false",
      ])
    for token in tokens { token.invalidate() }
  }

  @Test(arguments: [
    (PanState.began, true), (.changed, true), (.ended, false), (.cancelled, false),
    (.failed, false), (.possible, false),
  ])
  func isDraggingFollowsThePan(state: PanState, dragging: Bool) {
    scroll.panState = state
    #expect(scroll.isDragging == dragging)
  }

  // MARK: Insets

  @Test func contributionsAddToTheUsersInset() {
    let header = View()
    let footer = View()
    scroll.contentInset = EdgeInsets(top: 64, bottom: 10)
    scroll.setInsetContribution(EdgeInsets(top: 54), for: header)
    scroll.setInsetContribution(EdgeInsets(bottom: 44), for: footer)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 118, bottom: 54))
    #expect(scroll.insets(excluding: header) == EdgeInsets(top: 64, bottom: 54))
    #expect(scroll.insets(excluding: footer) == EdgeInsets(top: 118, bottom: 10))
    scroll.contentInset = EdgeInsets(top: 20)
    #expect(scroll.contentInset == EdgeInsets(top: 20))
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 74, bottom: 44))
    #expect(scroll.insets(excluding: header) == EdgeInsets(top: 20, bottom: 44))
    scroll.removeInsetContribution(for: header)
    scroll.removeInsetContribution(for: footer)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 20))
    #expect(scroll.insetContribution(for: header) == .zero)
    #expect(scroll.insets(excluding: header) == EdgeInsets(top: 20))
    scroll.contentInset = EdgeInsets(left: 5)
    #expect(scroll.insets(excluding: footer) == EdgeInsets(left: 5))
  }

  @Test func theOffsetIsClampedWhenTheInsetShrinksAtRest() {
    let header = View()
    scroll.contentInset = EdgeInsets(top: 64)
    scroll.setInsetContribution(EdgeInsets(top: 54), for: header)
    scroll.contentOffset = CGPoint(x: 0, y: -118)
    scroll.removeInsetContribution(for: header)
    #expect(scroll.contentOffset == CGPoint(x: 0, y: -64))
  }

  @Test func theOffsetIsNotClampedWhileDragging() {
    let header = View()
    scroll.setInsetContribution(EdgeInsets(top: 54), for: header)
    scroll.contentOffset = CGPoint(x: 0, y: -54)
    scroll.panState = .began
    scroll.removeInsetContribution(for: header)
    #expect(scroll.contentOffset == CGPoint(x: 0, y: -54))
  }

  @Test func clampingInsideAnAnimationAnimatesOnScreen() {
    let header = View()
    scroll.setInsetContribution(EdgeInsets(top: 54), for: header)
    scroll.contentOffset = CGPoint(x: 0, y: -54)
    View.animate(withDuration: 0.4) { scroll.removeInsetContribution(for: header) }
    #expect(scroll.contentOffset.y == 0)
    #expect(scroll.presentedContentOffset.y == -54)
    clock.advance(by: 0.2)
    #expect(abs(scroll.presentedContentOffset.y + 27) < 1e-9)
    clock.advance(by: 0.2)
    #expect(scroll.presentedContentOffset.y == 0)
  }

  // MARK: Bad input

  @Test func nonFiniteValuesAreRefusedAndNegativeSizesClamped() {
    var notifications = 0
    let tokens = [
      scroll.observe(\.contentOffset) { _, _ in notifications += 1 },
      scroll.observe(\.contentInset) { _, _ in notifications += 1 },
    ]
    scroll.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
    scroll.contentOffset.y = .infinity
    scroll.contentInset.top = .nan
    scroll.setInsetContribution(EdgeInsets(top: .infinity), for: window)
    scroll.contentSize = CGSize(width: CGFloat.nan, height: 1)
    #expect(notifications == 0)
    #expect(scroll.contentOffset == .zero)
    #expect(scroll.contentSize == CGSize(width: 375, height: 2000))
    #expect(scroll.adjustedContentInset == .zero)
    scroll.contentSize = CGSize(width: -5, height: -1)
    #expect(scroll.contentSize == .zero)
    for token in tokens { token.invalidate() }
  }

  @Test func gestureCallsInTheWrongStateAreIgnored() {
    scroll.drag(to: CGPoint(x: 0, y: 100))
    scroll.endDragging(velocity: CGPoint(x: 0, y: 100))
    #expect(scroll.panState == .possible)
    #expect(scroll.contentOffset == .zero)
    scroll.beginDragging(at: CGPoint(x: CGFloat.nan, y: 0))
    #expect(scroll.panState == .possible)
    scroll.beginDragging(at: CGPoint(x: 0, y: 100))
    scroll.drag(to: CGPoint(x: 0, y: CGFloat.infinity))
    #expect(scroll.contentOffset == .zero)
    scroll.endDragging(velocity: CGPoint(x: CGFloat.nan, y: .infinity))
    clock.advance(by: 5)
    #expect(scroll.contentOffset == .zero)
  }

  // MARK: Physics

  @Test(arguments: [(10.0, 5.47), (100.0, 52.02)])
  func rubberBandForAViewportOf960(overshoot: Double, banded: Double) {
    scroll.frame = CGRect(x: 0, y: 0, width: 375, height: 960)
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: overshoot))
    #expect(abs(-scroll.contentOffset.y - banded) < 0.005)
  }

  @Test func draggingBackReturnsAlongTheSameCurve() {
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 300))
    scroll.drag(to: CGPoint(x: 0, y: 100))
    let direct = scroll.contentOffset
    scroll.endDragging(velocity: .zero)
    clock.advance(by: 5)
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 100))
    #expect(scroll.contentOffset == direct)
  }

  @Test(arguments: [(DecelerationRate.normal, 499.5, 90.6), (.fast, 99.5, 63.08)])
  func aFlingRestsAtTheDecelerationDistance(
    rate: DecelerationRate, distance: Double, after100ms: Double
  ) {
    scroll.physics = ScrollPhysics(decelerationRate: rate)
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 0, y: 300))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))
    #expect(scroll.isDecelerating)
    clock.advance(by: 0.1)
    #expect(abs(scroll.contentOffset.y - 500 - after100ms) < 0.05)
    clock.advance(by: 10)
    #expect(!scroll.isDecelerating)
    #expect(abs(scroll.contentOffset.y - 500 - distance) < 0.05)
  }

  @Test func aFlingPastTheEndOvershootsThenRestsOnTheEdge() {
    scroll.contentOffset = CGPoint(x: 0, y: 1200)
    scroll.beginDragging(at: CGPoint(x: 0, y: 300))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -3000))
    var furthest = scroll.contentOffset.y
    for _ in 0..<600 {
      clock.advance(by: 1.0 / 120)
      furthest = max(furthest, scroll.contentOffset.y)
    }
    #expect(furthest > scroll.maximumContentOffset.y + 1)
    #expect(scroll.contentOffset.y == scroll.maximumContentOffset.y)
    #expect(!scroll.isDecelerating)
  }

  @Test func releasedPastTheTopItSpringsBack() {
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 200))
    #expect(scroll.contentOffset.y < -50)
    scroll.endDragging(velocity: .zero)
    clock.advance(by: 0.1)
    #expect(scroll.contentOffset.y < 0)
    clock.advance(by: 3)
    #expect(scroll.contentOffset.y == 0)
  }

  /// Seen in the demo: content that grows (a page loaded) while the offset springs back from
  /// past the end must not turn the spring's speed into a fling back toward the top.
  @Test func contentThatGrowsUnderASpringBackLeavesTheOffsetWhereItIs() {
    // Dragged 150 pt past the end (2000 - 667 = 1333) and released: it springs back.
    scroll.contentOffset = CGPoint(x: 0, y: 1333)
    scroll.beginDragging(at: CGPoint(x: 0, y: 400))
    scroll.drag(to: CGPoint(x: 0, y: 0))
    #expect(scroll.contentOffset.y > 1333)
    scroll.endDragging(velocity: .zero)
    clock.advance(by: 0.05)
    let springing = scroll.contentOffset.y
    #expect(springing > 1333)
    scroll.contentSize = CGSize(width: 375, height: 4000)
    clock.advance(by: 4)
    #expect(!scroll.isDecelerating)
    #expect(scroll.contentOffset.y == springing)
  }

  @Test func contentThatGrowsUnderAnOvershootKeepsItsMomentum() {
    // A fling past the end: while it still moves outward, new content lets it glide on.
    scroll.contentOffset = CGPoint(x: 0, y: 1300)
    scroll.beginDragging(at: CGPoint(x: 0, y: 400))
    scroll.drag(to: CGPoint(x: 0, y: 380))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -3000))
    var overshoot = scroll.contentOffset.y
    while overshoot <= 1333 {
      clock.advance(by: 1.0 / 120)
      overshoot = scroll.contentOffset.y
    }
    scroll.contentSize = CGSize(width: 375, height: 4000)
    clock.advance(by: 4)
    #expect(scroll.contentOffset.y > overshoot + 10)
    #expect(scroll.contentOffset.y <= 4000 - 667)
  }

  @Test func aFlingReleasedPastTheEndCarriesTheContentsSpeedNotTheFingers() {
    // Dragged 300 pt past the end (1333): the band's slope there is
    // 0.55 / (1 + 300 * 0.55 / 667)² = 0.35348, so a 3000 pt/s fling leaves at 1060.4 pt/s.
    scroll.contentOffset = CGPoint(x: 0, y: 1333)
    scroll.beginDragging(at: CGPoint(x: 0, y: 400))
    scroll.drag(to: CGPoint(x: 0, y: 100))
    let released = scroll.contentOffset.y
    scroll.endDragging(velocity: CGPoint(x: 0, y: -3000))
    let u = 300 * 0.55 / 667.0
    let speed = 3000 * 0.55 / ((1 + u) * (1 + u))
    #expect(abs(speed - 1060.4) < 0.1)
    // The bounce: a critically damped spring (ω = 10) from `released - 1333` with `speed`.
    let start = released - 1333
    var peak = released
    for _ in 0..<240 {
      clock.advance(by: 1.0 / 120)
      peak = max(peak, scroll.contentOffset.y)
    }
    // x(t) = (x0 + (v0 + ω x0) t) e^(-ωt) peaks where v0 - ω (v0 + ω x0) t = 0.
    let time = speed / (10 * (speed + 10 * start))
    let expectedPeak = 1333 + (start + (speed + 10 * start) * time) * exp(-10 * time)
    #expect(abs(peak - expectedPeak) < 1)
    #expect(scroll.contentOffset.y == 1333)
  }

  @Test func theSameGestureEndsAlikeAtAnyFrameRate() {
    func run(_ step: (ManualFrameClock) -> Void) -> CGPoint {
      let clock = ManualFrameClock()
      let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
      let scroll = ScrollModel(frame: window.bounds)
      window.addSubview(scroll)
      scroll.contentSize = CGSize(width: 375, height: 1500)
      scroll.contentOffset = CGPoint(x: 0, y: 300)
      scroll.beginDragging(at: CGPoint(x: 0, y: 400))
      scroll.drag(to: CGPoint(x: 0, y: 350))
      scroll.endDragging(velocity: CGPoint(x: 0, y: -2500))
      step(clock)
      return scroll.contentOffset
    }
    let at60 = run { $0.advance(by: 4, framesPerSecond: 60) }
    let at120 = run { $0.advance(by: 4, framesPerSecond: 120) }
    let oneStep = run { $0.advance(by: 4) }
    #expect(abs(at60.y - at120.y) < 0.5)
    #expect(abs(at60.y - oneStep.y) < 0.5)
  }

  @Test func horizontalScrollingWithAlwaysBounceHorizontal() {
    scroll.alwaysBounceHorizontal = true
    scroll.beginDragging(at: CGPoint(x: 100, y: 0))
    scroll.drag(to: CGPoint(x: 150, y: 0))
    #expect(scroll.contentOffset.x < 0)
    #expect(scroll.contentOffset.y == 0)
    scroll.endDragging(velocity: .zero)
    clock.advance(by: 3)
    #expect(scroll.contentOffset.x == 0)
  }

  @Test func withoutBouncingTheOffsetStopsAtTheEdges() {
    scroll.bounces = false
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 300))
    #expect(scroll.contentOffset.y == 0)
  }

  @Test func shortContentDoesNotScrollUnlessAlwaysBounceVertical() {
    scroll.contentSize = CGSize(width: 375, height: 100)
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 100))
    #expect(scroll.contentOffset.y == 0)
    scroll.endDragging(velocity: .zero)
    scroll.alwaysBounceVertical = true
    scroll.beginDragging(at: CGPoint(x: 0, y: 0))
    scroll.drag(to: CGPoint(x: 0, y: 100))
    #expect(scroll.contentOffset.y < 0)
  }

  @Test func touchingStopsDeceleration() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 0, y: 300))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))
    clock.advance(by: 0.1)
    let there = scroll.contentOffset
    scroll.beginDragging(at: CGPoint(x: 0, y: 300))
    #expect(!scroll.isDecelerating)
    clock.advance(by: 1)
    #expect(scroll.contentOffset == there)
  }

  @Test func assigningTheOffsetStopsDeceleration() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 0, y: 300))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))
    clock.advance(by: 0.1)
    scroll.contentOffset = CGPoint(x: 0, y: 10)
    clock.advance(by: 1)
    #expect(scroll.contentOffset == CGPoint(x: 0, y: 10))
  }

  @Test func releaseVelocityIsMeasuredOverTheLastTenthOfASecond() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    scroll.beginDragging(at: CGPoint(x: 0, y: 400))
    for step in 1...10 {
      clock.advance(by: 0.01)
      scroll.drag(to: CGPoint(x: 0, y: 400 - CGFloat(step) * 10))
    }
    let released = scroll.contentOffset.y
    scroll.endDragging()  // 100 pt in 0.1 s upward: 1000 pt/s
    clock.advance(by: 10)
    #expect(abs(scroll.contentOffset.y - released - 499.5) < 1)
  }

  // MARK: Wheel and animated scrolling

  @Test func theWheelScrollsAndGlidesOn() {
    scroll.contentOffset = CGPoint(x: 0, y: 500)
    for _ in 0..<5 {
      scroll.scroll(by: CGPoint(x: 0, y: 20))
      clock.advance(by: 0.02)
    }
    #expect(scroll.isDragging)
    #expect(scroll.contentOffset.y == 600)
    clock.advance(by: 0.2)
    #expect(!scroll.isDragging)
    #expect(scroll.panState == .ended)
    clock.advance(by: 5)
    #expect(scroll.contentOffset.y > 600)
    #expect(!scroll.isDecelerating)
  }

  @Test func theWheelAtTheTopPullsAndSpringsBack() {
    for _ in 0..<3 {
      scroll.scroll(by: CGPoint(x: 0, y: -40))
    }
    #expect(scroll.contentOffset.y < -50)
    clock.advance(by: 0.2)
    clock.advance(by: 3)
    #expect(scroll.contentOffset.y == 0)
  }

  @Test func theWheelWithoutAWindowJumpsWithinTheRange() {
    let loose = ScrollModel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    loose.contentSize = CGSize(width: 100, height: 300)
    loose.scroll(by: CGPoint(x: 0, y: 150))
    #expect(loose.contentOffset.y == 150)
    loose.scroll(by: CGPoint(x: 0, y: 150))
    #expect(loose.contentOffset.y == 200)
  }

  @Test func animatedSetContentOffsetMovesTheModelFrameByFrame() {
    var seen: [CGFloat] = []
    let token = scroll.observe(\.contentOffset, options: .new) { _, change in
      seen.append(change.newValue!.y)
    }
    scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
    #expect(scroll.contentOffset.y == 0)
    clock.advance(by: 0.15)
    #expect(abs(scroll.contentOffset.y - 150) < 1e-9)
    clock.advance(by: 0.15)
    #expect(scroll.contentOffset.y == 300)
    #expect(seen.count == 2)
    scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
    #expect(scroll.contentOffset.y == 10)
    token.invalidate()
  }

  // MARK: Seeded random gestures

  @Test(arguments: Array(UInt64(1)...30))
  func randomGesturesStayFiniteAndComeToRestInRange(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    scroll.contentInset = EdgeInsets(top: CGFloat(random.next() % 100))
    for _ in 0..<60 {
      switch random.next() % 7 {
      case 0:
        scroll.beginDragging(at: CGPoint(x: 100, y: CGFloat(random.next() % 600)))
      case 1:
        scroll.drag(
          to: CGPoint(x: 100 + CGFloat(random.next() % 20), y: CGFloat(random.next() % 1400) - 400))
      case 2:
        scroll.endDragging(velocity: CGPoint(x: 0, y: CGFloat(random.next() % 8000) - 4000))
      case 3:
        scroll.scroll(by: CGPoint(x: 0, y: CGFloat(random.next() % 200) - 100))
      case 4:
        scroll.contentSize.height = CGFloat(random.next() % 3000)
      case 5:
        scroll.setInsetContribution(EdgeInsets(top: CGFloat(random.next() % 60)), for: window)
      default:
        clock.advance(by: Double(random.next() % 300) / 1000)
      }
      #expect(scroll.contentOffset.isFinite)
    }
    if scroll.isDragging { scroll.endDragging(velocity: .zero) }
    clock.advance(by: 0.5)
    if scroll.isDragging { scroll.endDragging(velocity: .zero) }
    clock.advance(by: 10)
    #expect(!scroll.isDecelerating)
    #expect(scroll.contentOffset == scroll.clampedOffset(scroll.contentOffset))
  }
}
