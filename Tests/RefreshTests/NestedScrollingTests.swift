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
    for _ in 0..<180 { clock.advance(by: 1.0 / 60) }
    // A fling of 600 points per second toward the end carries the banner shut.
    #expect(parent.contentOffset.y == 150)
    #expect(list.contentOffset.y == 0)
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
