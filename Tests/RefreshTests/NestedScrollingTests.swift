import Foundation
import Testing

@testable import Refresh

/// A collapsing banner (``NestedScrolling/collapsingParent``): a 375 × 600 window whose
/// vertical scroll model holds a 150-point banner above a 600-point list with a normal header,
/// so the parent scrolls by the banner's height, driven by touches at window coordinates.
@MainActor
@Suite("Nested scrolling: a collapsing banner above a list")
struct NestedScrollingTests {
  let clock = ManualFrameClock()
  let window: Window
  let parent: ScrollModel
  let list: ListView
  let source = RowSource(count: 30)
  let refreshes = Counter()

  final class Counter {
    var count = 0
  }

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 600), clock: clock)
    parent = ScrollModel(frame: window.bounds)
    parent.contentSize = CGSize(width: 375, height: 750)
    window.addSubview(parent)
    parent.addSubview(View(frame: CGRect(x: 0, y: 0, width: 375, height: 150)))
    list = ListView(frame: CGRect(x: 0, y: 150, width: 375, height: 600))
    list.dataSource = source
    list.nestedScrolling = .collapsingParent
    let refreshes = refreshes
    list.header = RefreshNormalHeader { refreshes.count += 1 }
    parent.addSubview(list)
    clock.advance(by: 0)
  }

  /// A press at (200, `y`), one move per frame by `step` points to `y + distance`, and no
  /// release.
  func press(at y: CGFloat, moving distance: CGFloat, step: CGFloat = 10) {
    window.touchBegan(at: CGPoint(x: 200, y: y))
    let steps = Int((abs(distance) / step).rounded(.up))
    for index in 1...steps {
      clock.advance(by: 1.0 / 60)
      let moved = distance * CGFloat(index) / CGFloat(steps)
      window.touchMoved(to: CGPoint(x: 200, y: y + moved))
    }
  }

  /// Lifts the finger where it is after holding it still, so that the release flings nothing.
  func releaseStill() {
    let point = window.touch.sampler.lastPoint ?? .zero
    for _ in 0..<12 { clock.advance(by: 1.0 / 60) }
    window.touchEnded(at: point)
    for _ in 0..<60 { clock.advance(by: 1.0 / 60) }
  }

  // MARK: The split

  @Test(
    arguments: [
      // Toward the end: the parent first, then the list.
      (100, 0, 0, 100, 0), (200, 0, 0, 150, 50), (30, 20, 150, 150, 50),
      // A pull goes back first, then the parent collapses.
      (100, -40, 0, 60, 0), (30, -40, 0, 0, -10),
      // Toward the start: the list back to its top first, then the parent, then the pull.
      (-30, 50, 150, 150, 20), (-100, 50, 150, 100, 0), (-300, 50, 150, 0, -100),
      (-20, 0, 0, 0, -20), (0, 20, 70, 70, 20),
    ] as [(CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)])
  func theSplitFollowsTheRules(
    delta: CGFloat, inner: CGFloat, parent: CGFloat, expectedParent: CGFloat,
    expectedInner: CGFloat
  ) {
    let split = NestedScrolling.split(
      delta, inner: (inner, 0), parent: (parent, 0...150))
    #expect(split.parent == expectedParent)
    #expect(split.inner == expectedInner)
  }

  // MARK: Touches

  @Test func scrollingUpCollapsesTheBannerBeforeTheListScrolls() {
    press(at: 500, moving: -100)
    #expect(parent.contentOffset.y == 100)
    #expect(list.contentOffset.y == 0)
    window.touchMoved(to: CGPoint(x: 200, y: 200))
    #expect(parent.contentOffset.y == 150)
    #expect(list.contentOffset.y == 150)
    #expect(window.draggedScrollModel === list)
  }

  @Test func scrollingDownTakesTheListToItsTopBeforeTheBannerExpands() {
    press(at: 500, moving: -400)
    #expect(parent.contentOffset.y == 150 && list.contentOffset.y == 250)
    window.touchMoved(to: CGPoint(x: 200, y: 400))
    // 300 back: the list's 250 first, then 50 of the banner's.
    #expect(list.contentOffset.y == 0)
    #expect(parent.contentOffset.y == 100)
  }

  @Test func atTheTopBothPullTheListsHeaderAlone() {
    press(at: 200, moving: 200)
    #expect(parent.contentOffset.y == 0)
    let expected = list.physics.rubberBandedOffset(
      -200, in: list.minimumContentOffset.y...list.maximumContentOffset.y,
      dimension: list.bounds.height)
    // The list's drag is handed the point whose translation gives the raw offset, and taking
    // that translation back out rounds in the last bit.
    #expect(abs(list.contentOffset.y - expected) < 1e-9)
    #expect(list.header?.state == .pulling)
    window.touchEnded(at: CGPoint(x: 200, y: 400))
    #expect(list.header?.state == .refreshing)
    for _ in 0..<60 { clock.advance(by: 1.0 / 60) }
    #expect(refreshes.count == 1)
    #expect(list.adjustedContentInset.top == 54)
    #expect(list.contentOffset.y == -54)
    #expect(parent.contentOffset.y == 0)
  }

  @Test func aBannerCaughtMidwayTakesTheFling() {
    press(at: 500, moving: -60)
    #expect(parent.contentOffset.y == 60)
    window.touchEnded(at: CGPoint(x: 200, y: 440))
    #expect(parent.isDecelerating)
    #expect(!list.isDecelerating)
    for _ in 0..<300 { clock.advance(by: 1.0 / 60) }
    // A fling of 600 points per second toward the end carries the banner shut, and what is
    // left of it the list on.
    #expect(parent.contentOffset.y == 150)
    #expect(list.contentOffset.y > 0)
    #expect(!parent.isDecelerating && !list.isDecelerating)
  }

  // MARK: Flings

  @Test(
    arguments: [
      // Toward the end: a pulled list alone; else the banner, then the list.
      (600, -20, 0, NestedScrolling.Fling.inner), (600, 0, 0, .parentThenInner),
      (600, 40, 90, .parentThenInner), (600, 40, 150, .inner),
      // Toward the start: a scrolled list, then the banner; a list at its top leaves it to
      // the banner.
      (-600, 40, 150, .innerThenParent), (-600, 40, 0, .inner), (-600, 0, 90, .parent),
      (-600, 0, 0, .inner), (-600, -20, 90, .parent),
      // No fling: the list rests, and so does the banner.
      (0, 40, 90, .inner),
    ] as [(CGFloat, CGFloat, CGFloat, NestedScrolling.Fling)])
  func theFlingFollowsTheRules(
    velocity: CGFloat, inner: CGFloat, parent: CGFloat, expected: NestedScrolling.Fling
  ) {
    #expect(
      NestedScrolling.fling(velocity, inner: (inner, 0), parent: (parent, 0...150)) == expected)
  }

  /// The frame, counted from a glide's start, on which `motion` first reaches `edge` heading
  /// `direction`, and the speed it has on that frame.
  func firstFrame(of motion: ScrollMotion, reaching edge: CGFloat, direction: CGFloat) -> (
    frame: Int, velocity: CGFloat
  ) {
    for frame in 1...600 {
      let sample = motion.state(
        at: FrameClock.elapsed(Double(frame) / 60, reaching: motion.duration))
      if (sample.position - edge) * direction >= 0 { return (frame, sample.velocity) }
    }
    Issue.record("the motion never reaches \(edge)")
    return (0, 0)
  }

  @Test func whatAListsGlideHasLeftAtItsTopOpensTheBanner() throws {
    parent.setContentOffset(CGPoint(x: 0, y: 150), animated: false)
    list.setContentOffset(CGPoint(x: 0, y: 120), animated: false)
    list.glide(velocity: -1500, stoppingAt: nil)
    list.handOff(at: 0, to: parent, thenStoppingAt: 0)
    let listMotion = ScrollMotion(
      position: 120, velocity: -1500, minimum: list.minimumContentOffset.y,
      maximum: list.maximumContentOffset.y, bounces: true, physics: list.physics)
    let (frame, left) = firstFrame(of: listMotion, reaching: 0, direction: -1)
    for step in 1..<frame {
      clock.advance(by: 1.0 / 60)
      let expected = listMotion.state(at: Double(step) / 60).position
      #expect(abs(list.contentOffset.y - expected) < 1e-9)
      #expect(parent.contentOffset.y == 150)
    }
    clock.advance(by: 1.0 / 60)
    // The list stops at its top, not past it, and the banner glides on with the speed left.
    #expect(list.contentOffset.y == 0)
    #expect(!list.isDecelerating)
    #expect(parent.isDecelerating)
    #expect(left < 0)
    let parentMotion = ScrollMotion(
      position: 150, velocity: left, minimum: 0, maximum: 150, bounces: true,
      physics: parent.physics)
    for step in 1...600 {
      clock.advance(by: 1.0 / 60)
      let planned = parentMotion.state(
        at: FrameClock.elapsed(Double(step) / 60, reaching: parentMotion.duration))
      // The banner never opens past its start: its glide stops there.
      let expected = max(planned.position, 0)
      #expect(abs(parent.contentOffset.y - expected) < 1e-9)
      if !parent.isDecelerating { break }
    }
    #expect(!parent.isDecelerating)
    #expect(parent.contentOffset.y >= 0 && parent.contentOffset.y < 150)
    #expect(list.contentOffset.y == 0)
  }

  @Test func aFlickUpOnAnOpenBannerShutsItThenScrollsTheList() {
    press(at: 400, moving: -40, step: 20)
    #expect(parent.contentOffset.y == 40)
    #expect(list.contentOffset.y == 0)
    window.touchEnded(at: CGPoint(x: 200, y: 360))
    #expect(parent.isDecelerating && !list.isDecelerating)
    var handedOver = false
    for _ in 0..<600 {
      clock.advance(by: 1.0 / 60)
      if list.isDecelerating && !handedOver {
        handedOver = true
        // The banner stopped shut on the frame it got there; the list glides from its top.
        #expect(parent.contentOffset.y == 150)
        #expect(!parent.isDecelerating)
      }
      #expect(parent.contentOffset.y <= 150)
    }
    #expect(handedOver)
    #expect(parent.contentOffset.y == 150)
    #expect(list.contentOffset.y > 0)
    #expect(!list.isDecelerating)
  }

  @Test func aFlickDownOnAScrolledListOpensTheBannerWithWhatIsLeft() {
    press(at: 500, moving: -400, step: 20)
    releaseStill()
    #expect(parent.contentOffset.y == 150 && list.contentOffset.y == 250)
    press(at: 200, moving: 120, step: 40)
    #expect(list.contentOffset.y == 130)
    window.touchEnded(at: CGPoint(x: 200, y: 320))
    #expect(list.isDecelerating && !parent.isDecelerating)
    var handedOver = false
    for _ in 0..<600 {
      clock.advance(by: 1.0 / 60)
      if parent.isDecelerating && !handedOver {
        handedOver = true
        #expect(list.contentOffset.y == 0)
        #expect(!list.isDecelerating)
      }
      #expect(list.contentOffset.y >= 0)
      #expect(parent.contentOffset.y >= 0)
    }
    #expect(handedOver)
    #expect(list.contentOffset.y == 0)
    #expect(parent.contentOffset.y < 150)
    #expect(list.header?.state == .idle)
    #expect(refreshes.count == 0)
  }

  @Test func aFlickDownOnAListAtItsTopLeavesItToTheBanner() {
    press(at: 500, moving: -100, step: 20)
    releaseStill()
    #expect(parent.contentOffset.y == 100 && list.contentOffset.y == 0)
    press(at: 300, moving: 60, step: 30)
    #expect(parent.contentOffset.y == 40)
    window.touchEnded(at: CGPoint(x: 200, y: 360))
    #expect(parent.isDecelerating && !list.isDecelerating)
    for _ in 0..<600 {
      clock.advance(by: 1.0 / 60)
      #expect(parent.contentOffset.y >= 0)
    }
    // 1,800 points a second down: more than enough to open the banner, which stops there.
    #expect(parent.contentOffset.y == 0)
    #expect(list.contentOffset.y == 0)
    #expect(list.header?.state == .idle)
  }

  @Test func anIndependentListLeavesTheBannerAlone() {
    list.nestedScrolling = .independent
    press(at: 500, moving: -100)
    #expect(parent.contentOffset.y == 0)
    #expect(list.contentOffset.y == 100)
    window.touchCancelled()
    #expect(!list.isDragging && !parent.isDragging)
  }

  @Test func aCancelledSharedDragEndsBothGestures() {
    press(at: 500, moving: -60)
    #expect(parent.isDragging && list.isDragging)
    window.touchCancelled()
    #expect(!parent.isDragging && !list.isDragging)
    #expect(window.draggedScrollModel == nil)
  }
}
