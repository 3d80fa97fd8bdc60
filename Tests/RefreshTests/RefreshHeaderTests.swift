import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("RefreshHeader: MJRefresh's formulas and better behaviour")
struct RefreshHeaderTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }
  let header: RefreshHeader
  var callbacks = 0

  init() {
    header = RefreshHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
  }

  @Test func placesItselfAboveTheContent() {
    #expect(header.frame == CGRect(x: 0, y: -54, width: 375, height: 54))
    #expect(scroll.subviews.first === header)
    #expect(scroll.alwaysBounceVertical)
    header.ignoredScrollViewContentInsetTop = 10
    scroll.layoutIfNeeded()
    #expect(header.frame.minY == -64)
  }

  @Test(arguments: [
    // offset, pullingPercent, state while dragging
    (-64.0, 0.0, RefreshState.idle),
    (-91.0, 0.5, .idle),
    (-118.0, 1.0, .idle),  // at the threshold: not yet pulling (offsetY < threshold pulls)
    (-118.5, 54.5 / 54, .pulling),
    (-145.0, 1.5, .pulling),
  ])
  func pullingPercentAndStateWhileDragging(offset: CGFloat, percent: CGFloat, state: RefreshState) {
    scene.pull(to: offset)
    #expect(header.pullingPercent == percent)
    #expect(header.state == state)
  }

  /// An inset change under a still finger moves the pull at once.
  ///
  /// The point where the header appears moves, and the percent and the state follow as the
  /// next offset change would set them (MJRefresh, which observes only the offset, waits for
  /// that change). Seeds 991 and 1352 of the seeded header-and-footer test found the stale
  /// percent.
  @Test func anInsetChangeUnderAStillFingerMovesThePull() {
    scene.pull(to: -91)
    #expect(header.pullingPercent == 0.5)
    scene.scroll.contentInset.top = 46
    #expect(header.pullingPercent == 45.0 / 54)
    #expect(header.state == .idle)
    scene.scroll.contentInset.top = 10
    #expect(header.pullingPercent == 81.0 / 54)
    #expect(header.state == .pulling)
    scene.scroll.contentInset.top = 64
    #expect(header.pullingPercent == 0.5)
    #expect(header.state == .idle)
    scene.release()
    #expect(header.state == .idle)
  }

  @Test func pullingBackBelowTheThresholdReturnsToIdle() {
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    scene.pull(to: -118)
    #expect(header.state == .idle)
  }

  @Test func releasingWhilePullingRefreshesOnThePansEnd() {
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    scene.pull(to: -130)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(header.isRefreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(scroll.contentInset.top == 64)
    #expect(scroll.contentOffset.y == -118)
    scene.clock.advance(by: 0.24)
    #expect(calls == 0)
    scene.clock.advance(by: 0.01)
    #expect(calls == 1)
    scene.clock.advance(by: 1)
    #expect(calls == 1)
  }

  @Test func releasingBeforeTheThresholdDoesNothing() {
    header.refreshingBlock = { Issue.record("must not refresh") }
    scene.pull(to: -100)
    scene.release()
    scene.clock.advance(by: 1)
    #expect(header.state == .idle)
  }

  @Test func endRefreshingIsSynchronousAndHidesOverTheSlowDuration() {
    var ended = 0
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing { ended += 1 }
    #expect(header.state == .idle)
    #expect(!header.isRefreshing)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(scroll.contentOffset.y == -64)
    #expect(scroll.presentedContentOffset.y == -118)
    scene.clock.advance(by: 0.39)
    #expect(ended == 0)
    scene.clock.advance(by: 0.01)
    #expect(ended == 1)
    #expect(header.pullingPercent == 0)
    #expect(header.lastUpdatedTime != nil)
  }

  @Test func whileRefreshingTheExtraInsetFollowsTheOffset() {
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    scroll.contentOffset.y = 200  // scrolled into the content
    #expect(scroll.adjustedContentInset.top == 64)
    scroll.contentOffset.y = -100
    #expect(scroll.adjustedContentInset.top == 100)
    scroll.contentOffset.y = -300
    #expect(scroll.adjustedContentInset.top == 118)
  }

  // MARK: Better than MJRefresh

  @Test func endThenBeginEndsInARefreshingStateWithTheInset() {  // MJRefresh #1258
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    header.beginRefreshing()
    scene.clock.advance(by: 1)
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(header.pullingPercent == 1)
    #expect(calls == 2)
  }

  @Test func beginDuringTheEndAnimation() {  // MJRefresh #734
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    scene.clock.advance(by: 0.2)
    header.beginRefreshing()
    scene.clock.advance(by: 1)
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(scroll.contentOffset.y == -118)
    #expect(header.pullingPercent == 1)
  }

  @Test func endBeforeTheBeginAnimationFinished() {  // MJRefresh PR #1417
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    header.beginRefreshing()
    scene.clock.advance(by: 0.1)
    header.endRefreshing()
    scene.clock.advance(by: 1)
    #expect(header.state == .idle)
    #expect(calls == 0)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(scroll.contentOffset.y == -64)
  }

  @Test func theUserCanChangeTheInsetDuringARefreshWithoutDrift() {  // MJRefresh #1511, #1163
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    scroll.contentInset = EdgeInsets(top: 20)
    #expect(scroll.adjustedContentInset.top == 74)
    header.endRefreshing()
    scene.clock.advance(by: 1)
    #expect(scroll.contentInset.top == 20)
    #expect(scroll.adjustedContentInset.top == 20)
    for _ in 0..<3 {
      header.beginRefreshing()
      scene.clock.advance(by: 0.25)
      header.endRefreshing()
      scene.clock.advance(by: 0.4)
    }
    #expect(scroll.adjustedContentInset.top == 20)
  }

  @Test func removingTheHeaderMidRefreshGivesBackItsInset() {
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    header.beginRefreshing()
    scroll.header = nil
    #expect(header.superview == nil)
    #expect(header.state == .idle)
    #expect(scroll.adjustedContentInset.top == 64)
    scene.clock.advance(by: 1)
    #expect(calls == 0)
    scroll.contentOffset.y = -200
    #expect(header.state == .idle)
  }

  @Test func replacingTheHeaderRemovesTheOldOne() {
    let second = RefreshHeader(frame: .zero)
    scroll.header = second
    #expect(header.superview == nil)
    #expect(scroll.header === second)
    #expect(scroll.subviews.filter { $0 is RefreshHeader }.count == 1)
  }

  @Test func anAsyncActionEndsRefreshingByItself() async {
    var finished = false
    header.asyncRefreshingBlock = {
      await Task.yield()
      finished = true
    }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(header.state == .refreshing)
    for _ in 0..<20 where header.state == .refreshing { await Task.yield() }
    #expect(finished)
    #expect(header.state == .idle)
  }

  @Test func removingTheHeaderCancelsItsAsyncAction() async {
    var wasCancelled = false
    header.asyncRefreshingBlock = {
      try? await Task.sleep(for: .seconds(30))
      wasCancelled = Task.isCancelled
    }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    await Task.yield()
    scroll.header = nil
    for _ in 0..<50 where !wasCancelled { await Task.yield() }
    #expect(wasCancelled)
    #expect(header.state == .idle)
  }

  /// Pulled while it hides after a refresh, the header still shows the pull when the hide
  /// ends: MJRefresh sets the percent to 0 there, which a still finger then shows as no pull.
  @Test func aPullDuringTheHideKeepsItsPercentWhenTheHideEnds() {
    var ended = 0
    header.endRefreshingCompletionBlock = { ended += 1 }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    scene.pull(to: -100)
    #expect(header.pullingPercent == 36.0 / 54)
    scene.clock.advance(by: 1)
    #expect(ended == 1)
    #expect(header.pullingPercent == 36.0 / 54)
    #expect(header.state == .idle)
    // Released, it comes to rest at 0.
    scene.release()
    scene.clock.advance(by: 1)
    scene.scroll.contentOffset.y = -64
    #expect(header.pullingPercent == 0)
  }

  /// A finger that catches the content past the threshold while the header hides, and holds
  /// it still, finds the header armed when the hide ends: the end settles the percent on the
  /// pull, as the finger's next move would (found by the seeded test, seed 6330 of 12,000).
  @Test func aFingerHoldingTheContentPastTheThresholdArmsTheHeaderWhenTheHideEnds() {
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    // Flung past the top while the header hides: 86 points past where it appears (-64),
    // beyond its 54, but no finger, so the percent does not follow past 1.
    scroll.contentOffset.y = -150
    let percentBefore = header.pullingPercent
    #expect(percentBefore != 86.0 / 54)
    // The finger lands and stays.
    scroll.panState = .began
    #expect(header.pullingPercent == percentBefore)
    #expect(header.state == .idle)
    scene.clock.advance(by: 1)
    #expect(header.pullingPercent == 86.0 / 54)
    #expect(header.state == .pulling)
  }

  @Test func resultTextIsHeldBeforeTheHeaderHides() {
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing(result: "Updated 20 items")
    #expect(header.state == .idle)
    #expect(header.resultText == "Updated 20 items")
    scene.clock.advance(by: 0.9)
    #expect(scroll.adjustedContentInset.top == 118)
    scene.clock.advance(by: 0.1)
    #expect(header.resultText == nil)
    #expect(scroll.adjustedContentInset.top == 64)
  }

  @Test func onThresholdModeRefreshesWithTheFingerDown() {
    header.triggerMode = .onThreshold
    scene.pull(to: -119)
    #expect(header.state == .refreshing)
    #expect(scroll.isDragging)
  }

  @Test func onArmedRunsWhenReleasingWouldRefresh() {
    var armed = 0
    header.onArmed = { armed += 1 }
    scene.pull(to: -130)
    scene.pull(to: -100)
    scene.pull(to: -130)
    #expect(armed == 2)
  }

  @Test func refreshIfExpired() {
    var now = Date(timeIntervalSince1970: 1_000_000)
    header.currentDate = { now }
    #expect(header.beginRefreshingIfExpired(after: 60))  // never refreshed
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    scene.clock.advance(by: 0.4)
    now += 59.5
    #expect(!header.beginRefreshingIfExpired(after: 60))
    // Exactly `interval` old counts as expired: only a younger refresh holds it back.
    now += 0.5
    #expect(header.beginRefreshingIfExpired(after: 60))
  }

  @Test func targetActionHoldsTheTargetWeakly() {
    final class Controller {
      var reloads = 0
      func reload() { reloads += 1 }
    }
    var controller: Controller? = Controller()
    weak let weakController = controller
    let header = RefreshHeader(refreshingTarget: controller!, refreshingAction: Controller.reload)
    scroll.header = header
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(controller?.reloads == 1)
    controller = nil
    #expect(weakController == nil)
    header.endRefreshing()
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
  }

  @Test func beginBeforeBeingOnScreenWaitsForTheDisplay() {
    let offscreen = Scene(inWindow: false)
    let header = RefreshHeader(frame: .zero)
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    offscreen.scroll.header = header
    header.beginRefreshing()
    #expect(header.state == .willRefresh)
    #expect(header.isRefreshing)
    offscreen.window.addSubview(offscreen.scroll)
    offscreen.clock.advance(by: 0)
    #expect(header.state == .refreshing)
    offscreen.clock.advance(by: 0.25)
    #expect(calls == 1)
  }

  @Test func strayEndsAreIgnored() {
    header.endRefreshing()
    #expect(header.state == .idle)
    scene.pull(to: -130)
    header.endRefreshing()
    #expect(header.state == .pulling)
  }

  @Test func automaticallyChangeAlphaFollowsThePull() {
    header.isAutomaticallyChangeAlpha = true
    #expect(header.alpha == 0)
    scene.pull(to: -91)
    #expect(header.alpha == 0.5)
  }
}
