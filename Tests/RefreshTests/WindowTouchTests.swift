import Foundation
import Testing

@testable import Refresh

/// Touches that enter at the window (`Window.touchBegan(at:)` and its siblings), routed between
/// nested scroll models as UIKit routes pans: a horizontal pager of three vertical lists, each
/// with a normal header and an automatic footer, in a 375 × 600 window.
@MainActor
@Suite("Touches routed from the window")
struct WindowTouchTests {
  let clock = ManualFrameClock()
  let window: Window
  let pager: ScrollModel
  let lists: [ListView]
  let sources = (0..<3).map { _ in RowSource(count: 30) }
  /// How many times each list's header began refreshing.
  let refreshes = Counter()

  final class Counter {
    var counts = [0, 0, 0]
  }

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 600), clock: clock)
    pager = ScrollModel(frame: window.bounds)
    pager.isPagingEnabled = true
    pager.contentSize = CGSize(width: 3 * 375, height: 600)
    window.addSubview(pager)
    var lists: [ListView] = []
    for page in 0..<3 {
      let list = ListView(frame: CGRect(x: CGFloat(page) * 375, y: 0, width: 375, height: 600))
      list.dataSource = sources[page]
      pager.addSubview(list)
      let refreshes = refreshes
      list.header = RefreshNormalHeader { refreshes.counts[page] += 1 }
      list.footer = RefreshAutoNormalFooter {}
      lists.append(list)
    }
    self.lists = lists
    clock.advance(by: 0)
  }

  func frames(_ count: Int) {
    for _ in 0..<count { clock.advance(by: 1.0 / 60) }
  }

  /// A press at `start`, moves in `steps` equal steps of 1/60 s to `end`, and a release there.
  func drag(from start: CGPoint, to end: CGPoint, steps: Int = 10) {
    window.touchBegan(at: start)
    for step in 1...steps {
      clock.advance(by: 1.0 / 60)
      let fraction = CGFloat(step) / CGFloat(steps)
      window.touchMoved(
        to: CGPoint(
          x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
    }
    window.touchEnded(at: end)
  }

  @Test func aHorizontalFlickPagesOnePageAndNoListMoves() {
    drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 200, y: 300))
    frames(120)
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    for list in lists { #expect(list.contentOffset == .zero) }
    #expect(window.draggedScrollModel == nil)
  }

  @Test func aVerticalPullOnPageTwoRefreshesListTwoAlone() {
    pager.contentOffset = CGPoint(x: 375, y: 0)
    drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 300))
    #expect(lists[1].header?.state == .refreshing)
    frames(60)
    #expect(refreshes.counts == [0, 1, 0])
    // MJRefresh's numbers: the header's 54 points become the top inset, and the list rests
    // with the header in view.
    #expect(lists[1].adjustedContentInset.top == 54)
    #expect(lists[1].contentOffset == CGPoint(x: 0, y: -54))
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    for page in [0, 2] {
      #expect(lists[page].contentOffset == .zero)
      #expect(lists[page].header?.state == .idle)
    }
  }

  @Test func aDiagonalDragMovesOneAxisOnly() {
    // Mostly horizontal: the pager takes it; no list moves vertically.
    drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 150, y: 380))
    frames(120)
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    for list in lists { #expect(list.contentOffset == .zero) }
    // Mostly vertical: the list under the finger takes it; the pager stays on its page.
    drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 260, y: 200))
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    #expect(lists[1].contentOffset.x == 0)
    #expect(lists[1].contentOffset.y > 0)
    #expect(lists[0].contentOffset == .zero && lists[2].contentOffset == .zero)
  }

  @Test func aMoveWithinTheSlopDecidesNothing() {
    window.touchBegan(at: CGPoint(x: 200, y: 200))
    window.touchMoved(to: CGPoint(x: 200 + window.touchSlop - 1, y: 200))
    #expect(window.draggedScrollModel == nil)
    #expect(!pager.isDragging && !lists[0].isDragging)
    window.touchMoved(to: CGPoint(x: 200, y: 200 + window.touchSlop))
    #expect(window.draggedScrollModel === lists[0])
    #expect(lists[0].isDragging && !pager.isDragging)
    window.touchEnded(at: CGPoint(x: 200, y: 200 + window.touchSlop))
    #expect(window.draggedScrollModel == nil && !lists[0].isDragging)
  }

  @Test func aLoneScrollModelTakesTheTouchAtOnce() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 600), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    scroll.contentSize = CGSize(width: 375, height: 2000)
    window.addSubview(scroll)
    window.touchBegan(at: CGPoint(x: 100, y: 300))
    #expect(window.draggedScrollModel === scroll)
    #expect(scroll.isDragging)
    window.touchMoved(to: CGPoint(x: 100, y: 290))
    #expect(scroll.contentOffset == CGPoint(x: 0, y: 10))
    window.touchEnded(at: CGPoint(x: 100, y: 290))
    #expect(!scroll.isDragging)
  }

  @Test func aHorizontalDragAtTheLastPageRubberBandsThePager() {
    pager.contentOffset = CGPoint(x: 750, y: 0)
    window.touchBegan(at: CGPoint(x: 300, y: 300))
    window.touchMoved(to: CGPoint(x: 200, y: 300))
    #expect(window.draggedScrollModel === pager)
    #expect(pager.contentOffset.x > 750)
    #expect(pager.contentOffset.x < 850)
    window.touchEnded(at: CGPoint(x: 200, y: 300))
    frames(120)
    #expect(pager.contentOffset == CGPoint(x: 750, y: 0))
  }

  /// The pager's own leader pulls only at the pager's start: a rightward drag on a later page
  /// turns back a page, and on the first page it pulls the leader (60 points wide), which
  /// refreshes on release; the lists' headers stay idle throughout.
  @Test func thePagersLeaderPullsOnlyAtThePagersStart() {
    var leaderRefreshes = 0
    pager.leader = RefreshNormalLeader { leaderRefreshes += 1 }
    clock.advance(by: 0)
    pager.contentOffset = CGPoint(x: 375, y: 0)
    drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300))
    frames(120)
    #expect(pager.contentOffset == CGPoint(x: 0, y: 0))
    #expect(pager.leader?.state == .idle)
    #expect(leaderRefreshes == 0)
    window.touchBegan(at: CGPoint(x: 100, y: 300))
    for step in 1...10 {
      clock.advance(by: 1.0 / 60)
      window.touchMoved(to: CGPoint(x: 100 + CGFloat(step) * 20, y: 300))
    }
    #expect(window.draggedScrollModel === pager)
    #expect(pager.leader?.state == .pulling)
    frames(12)
    window.touchEnded(at: CGPoint(x: 300, y: 300))
    #expect(pager.leader?.state == .refreshing)
    frames(60)
    #expect(leaderRefreshes == 1)
    #expect(pager.adjustedContentInset.left == 60)
    #expect(pager.contentOffset.x == -60)
    #expect(lists.map { $0.header?.state } == [.idle, .idle, .idle])
    #expect(refreshes.counts == [0, 0, 0])
  }

  @Test func directionalLockKeepsAScrollModelThatScrollsBothWaysOnOneAxis() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    scroll.contentSize = CGSize(width: 1000, height: 1000)
    scroll.isDirectionalLockEnabled = true
    window.addSubview(scroll)
    window.touchBegan(at: CGPoint(x: 200, y: 200))
    window.touchMoved(to: CGPoint(x: 180, y: 195))
    window.touchMoved(to: CGPoint(x: 100, y: 150))
    #expect(scroll.contentOffset == CGPoint(x: 100, y: 0))
    window.touchEnded(at: CGPoint(x: 100, y: 150))
    scroll.stopScrolling()
    // Without the lock, both axes follow the finger.
    scroll.isDirectionalLockEnabled = false
    scroll.contentOffset = .zero
    window.touchBegan(at: CGPoint(x: 200, y: 200))
    window.touchMoved(to: CGPoint(x: 100, y: 150))
    #expect(scroll.contentOffset == CGPoint(x: 100, y: 50))
    window.touchEnded(at: CGPoint(x: 100, y: 150))
  }

  @Test(arguments: [false, true])
  func aCancelledTouchEndsTheDragWithoutVelocity(cancelled: Bool) {
    // 100 points in 1/6 s: released, a fling of 600 points per second, which pages.
    window.touchBegan(at: CGPoint(x: 300, y: 300))
    for step in 1...10 {
      clock.advance(by: 1.0 / 60)
      window.touchMoved(to: CGPoint(x: 300 - CGFloat(step) * 10, y: 300))
    }
    #expect(pager.isDragging)
    if cancelled { window.touchCancelled() } else { window.touchEnded(at: CGPoint(x: 200, y: 300)) }
    #expect(!pager.isDragging)
    frames(120)
    // Cancelled, it carries no velocity and rests on the nearest page.
    #expect(pager.contentOffset == CGPoint(x: cancelled ? 0 : 375, y: 0))
    // A touch that is over moves nothing.
    window.touchMoved(to: CGPoint(x: 0, y: 300))
    #expect(pager.contentOffset == CGPoint(x: cancelled ? 0 : 375, y: 0))
  }

  @Test func nonFinitePointsAreRefused() {
    window.touchBegan(at: CGPoint(x: CGFloat.nan, y: 0))
    #expect(window.draggedScrollModel == nil)
    window.touchBegan(at: CGPoint(x: 200, y: 200))
    window.touchMoved(to: CGPoint(x: 200, y: CGFloat.infinity))
    #expect(window.draggedScrollModel == nil)
    window.touchEnded(at: CGPoint(x: 200, y: 200))
    #expect(lists[0].contentOffset == .zero)
  }
}
