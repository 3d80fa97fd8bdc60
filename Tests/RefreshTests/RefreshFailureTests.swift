import Foundation
import Observing
import Testing

@testable import Refresh

/// An error with a message for users.
private struct OfflineError: LocalizedError {
  var errorDescription: String? { "You are offline" }
}

/// An error without one.
private struct PlainError: Error {}

/// Failure and retry on every kind of component, on the standard scene (a 64-point top inset,
/// 2000 points of content in a 667-point viewport; see ``ComponentRig`` for the thresholds).
@MainActor
@Suite("Failure and retry")
struct RefreshFailureTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }

  /// A normal header, refreshing and shown (its fast animation over).
  func refreshingHeader() -> RefreshNormalHeader {
    let header = RefreshNormalHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scroll.header = header
    scene.pull(to: -130)
    scene.release()
    scene.clock.advance(by: 0.25)
    return header
  }

  @Test func aFailedHeaderHoldsItsPlaceThenHidesAndReturnsToIdle() throws {
    let header = refreshingHeader()
    var ended = 0
    header.endRefreshingCompletionBlock = { ended += 1 }
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(scroll.contentOffset.y == -118)
    header.endRefreshingWithFailure()
    // At once: failed, not refreshing, in its place, with the failed title and mark.
    #expect(header.state == .failed)
    #expect(!header.isRefreshing)
    #expect(header.stateLabel.text == RefreshConfig.default.localized(.headerFailed))
    #expect(header.arrowView.isHidden)
    #expect(!header.loadingView.isAnimating)
    let mark = try #require(
      header.subviews.compactMap { $0 as? ImageView }.first {
        $0.image == .failureMark
      })
    #expect(!mark.isHidden)
    #expect(mark.frame.midX == header.arrowView.frame.midX)
    #expect(mark.frame.midY == header.arrowView.frame.midY)
    header._checkInvariants()
    // It holds the refreshing inset for resultHoldDuration (1 s)...
    scene.clock.advance(by: 0.99)
    #expect(header.state == .failed)
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(scroll.contentOffset.y == -118)
    header._checkInvariants()
    // ...then returns to idle and hides over the slow duration.
    scene.clock.advance(by: 0.01)
    #expect(header.state == .idle)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(scroll.contentOffset.y == -64)
    #expect(mark.isHidden)
    #expect(!header.arrowView.isHidden)
    #expect(header.stateLabel.text == RefreshConfig.default.localized(.headerIdle))
    scene.clock.advance(by: 0.4)
    #expect(ended == 1)
    #expect(header.pullingPercent == 0)
    // The data is not fresh: no update time was recorded.
    #expect(header.lastUpdatedTime == nil)
  }

  @Test func aFailedHeaderShowsItsMessageAndTheTitleSetForFailures() {
    let header = refreshingHeader()
    header.setTitle("Could not refresh", for: .failed)
    header.endRefreshingWithFailure("Server is busy")
    #expect(header.stateLabel.text == "Server is busy")
    header.beginRefreshing()
    header.endRefreshingWithFailure()
    #expect(header.failureMessage == nil)
    #expect(header.stateLabel.text == "Could not refresh")
  }

  @Test func aPullWhileTheFailureShowsRefreshesAgain() {
    let header = refreshingHeader()
    var calls = 0
    header.refreshingBlock = { calls += 1 }
    header.endRefreshingWithFailure()
    scene.clock.advance(by: 0.5)
    // Held at -118, the header is fully shown; pulling 12 points further arms it.
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    #expect(header.pullingPercent == 66.0 / 54)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    // The failure's hold is over: it does not hide the new refresh.
    scene.clock.advance(by: 2)
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    header._checkInvariants()
  }

  @Test func aPullThatStopsShortKeepsTheFailure() {
    let header = refreshingHeader()
    header.endRefreshingWithFailure()
    scene.pull(to: -100)
    #expect(header.state == .failed)
    scene.release()
    #expect(header.state == .failed)
  }

  @Test func aFailedBackFooterGivesItsInsetBackAndRetriesOnTheNextPull() {
    let footer = RefreshBackNormalFooter(frame: .zero)
    var calls = 0
    footer.refreshingBlock = { calls += 1 }
    scroll.footer = footer
    scene.pull(to: 1400)
    scene.release()
    #expect(scroll.adjustedContentInset.bottom == 44)
    scene.clock.advance(by: 0.25)
    footer.endRefreshingWithFailure()
    #expect(footer.state == .failed)
    #expect(scroll.adjustedContentInset.bottom == 0)
    #expect(footer.stateLabel.text == RefreshConfig.default.localized(.backFooterFailed))
    #expect(footer.arrowView.isHidden)
    #expect(!footer.loadingView.isAnimating)
    footer._checkInvariants()
    // It stays failed, and a stray end does not undo it.
    scene.clock.advance(by: 5)
    footer.endRefreshing()
    #expect(footer.state == .failed)
    // A pull short of the threshold keeps it; one past it arms, and the release retries.
    scene.pull(to: 1370)
    #expect(footer.state == .failed)
    scene.pull(to: 1400)
    #expect(footer.state == .pulling)
    scene.release()
    #expect(footer.state == .refreshing)
    #expect(scroll.adjustedContentInset.bottom == 44)
    scene.clock.advance(by: 0.25)
    #expect(calls == 2)
  }

  @Test func aFailedTrailerGivesItsInsetBackAndRetriesOnTheNextPull() {
    scroll.contentSize.width = 1000
    let trailer = RefreshNormalTrailer(frame: .zero)
    scroll.trailer = trailer
    scene.pull(toX: 700)
    scene.release()
    #expect(scroll.adjustedContentInset.right == 60)
    scene.clock.advance(by: 0.25)
    trailer.endRefreshingWithFailure()
    #expect(trailer.state == .failed)
    #expect(scroll.adjustedContentInset.right == 0)
    #expect(trailer.stateLabel.text == RefreshConfig.default.localized(.trailerFailed))
    trailer._checkInvariants()
    scene.pull(toX: 700)
    #expect(trailer.state == .pulling)
    scene.release()
    #expect(trailer.state == .refreshing)
  }

  /// The leader, the trailer mirrored: 1000 points of content across the 375-point viewport, no
  /// left inset, so it appears at `happenOffsetX = 0` and arms past `0 - 60 = -60`.
  @Test func aFailedLeaderGivesItsInsetBackAndRetriesOnTheNextPull() throws {
    scroll.contentSize.width = 1000
    let leader = RefreshNormalLeader(frame: .zero)
    var calls = 0
    var ended = 0
    leader.refreshingBlock = { calls += 1 }
    leader.endRefreshingCompletionBlock = { ended += 1 }
    scroll.leader = leader
    scene.pull(toX: -70)
    #expect(leader.state == .pulling)
    scene.release()
    #expect(leader.state == .refreshing)
    #expect(scroll.adjustedContentInset.left == 60)
    #expect(scroll.contentOffset.x == -60)
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    leader.endRefreshingWithFailure()
    // At once: failed, not refreshing, its inset given back, the failed title and mark.
    #expect(leader.state == .failed)
    #expect(!leader.isRefreshing)
    #expect(scroll.adjustedContentInset.left == 0)
    #expect(leader.stateLabel.text == RefreshConfig.default.localized(.leaderFailed))
    #expect(leader.arrowView.isHidden)
    #expect(!leader.loadingView.isAnimating)
    let mark = try #require(
      leader.subviews.compactMap { $0 as? ImageView }.first { $0.image == .failureMark })
    #expect(!mark.isHidden)
    leader._checkInvariants()
    // The inset goes back over the slow duration (0.4 s); the offset returns to the left end.
    scene.clock.advance(by: 0.4)
    #expect(ended == 1)
    #expect(scroll.contentOffset.x == 0)
    #expect(leader.pullingPercent == 0)
    // It stays failed, and a stray end does not undo it.
    scene.clock.advance(by: 5)
    leader.endRefreshing()
    #expect(leader.state == .failed)
    leader._checkInvariants()
    // A pull short of the threshold keeps it (50 of 60 points: 5/6 pulled); one past it arms,
    // and the release retries.
    scene.pull(toX: -50)
    #expect(leader.state == .failed)
    #expect(leader.pullingPercent == 50.0 / 60)
    scene.pull(toX: -61)
    #expect(leader.state == .pulling)
    scene.release()
    #expect(leader.state == .refreshing)
    #expect(scroll.adjustedContentInset.left == 60)
    #expect(scroll.contentOffset.x == -60)
    scene.clock.advance(by: 0.25)
    #expect(calls == 2)
    leader._checkInvariants()
  }

  @Test func aFailedLeaderShowsItsMessageAndKeepsItWhilePulledShort() {
    scroll.contentSize.width = 1000
    let leader = RefreshNormalLeader(frame: .zero)
    leader.setTitle("Try again", for: .failed)
    scroll.leader = leader
    leader.beginRefreshing()
    leader.endRefreshingWithFailure("Offline")
    #expect(leader.stateLabel.text == "Offline")
    scene.pull(toX: -30)
    scene.release()
    #expect(leader.state == .failed)
    #expect(leader.stateLabel.text == "Offline")
    leader.beginRefreshing()
    leader.endRefreshingWithFailure()
    #expect(leader.stateLabel.text == "Try again")
  }

  /// An automatic header that failed while the user kept scrolling up to the top: the scene of
  /// ``RefreshAutoHeaderTests`` (the header's 44 points make the top inset 108, and it loads as
  /// the offset, shrinking, reaches -108).
  func failedAutoHeader(
    triggerTimes: Int = 1, calls: @escaping () -> Void
  ) -> RefreshAutoNormalHeader {
    let header = RefreshAutoNormalHeader(refreshingBlock: calls)
    header.autoTriggerTimes = triggerTimes
    scroll.contentOffset.y = 600
    scroll.header = header
    scene.pull(to: 100)
    scene.pull(to: -108)
    #expect(header.state == .refreshing)
    header.endRefreshingWithFailure()
    return header
  }

  /// The automatic footer's rule, mirrored: whatever the budget, a failure waits for a new drag.
  @Test(arguments: [1, 3, -1])
  func aFailedAutoHeaderDoesNotLoadAgainInTheSameDrag(triggerTimes: Int) {
    var calls = 0
    let header = failedAutoHeader(triggerTimes: triggerTimes) { calls += 1 }
    #expect(header.state == .failed)
    #expect(!header.isRefreshing)
    #expect(header.stateLabel.text == RefreshConfig.default.localized(.autoHeaderFailed))
    #expect(!header.loadingView.isAnimating)
    // It keeps its height above the content, as it does in every state.
    #expect(scroll.adjustedContentInset.top == 108)
    header._checkInvariants()
    // The same drag goes on past the top, back and forth, and its release: no retry.
    scene.pull(to: -100)
    scene.pull(to: -50)
    scene.pull(to: -130)
    scene.release()
    scene.clock.advance(by: 2)
    #expect(header.state == .failed)
    #expect(calls == 1)
    // A new drag that reaches the top retries.
    scene.pull(to: -50)
    #expect(header.state == .failed)
    scene.pull(to: -108)
    #expect(header.state == .refreshing)
    #expect(calls == 2)
    #expect(scroll.adjustedContentInset.top == 108)
    header._checkInvariants()
  }

  @Test func aFailedAutoHeaderEndsItsRefreshOnce() {
    var ended = 0
    let header = failedAutoHeader {}
    header.endRefreshingCompletionBlock = { ended += 1 }
    header.beginRefreshing()
    header.endRefreshingWithFailure()
    #expect(ended == 1)
    #expect(header.pullingPercent == 0)
  }

  @Test func aReleaseAtTheTopInANewDragRetriesAFailedAutoHeader() {
    var calls = 0
    let header = failedAutoHeader { calls += 1 }
    scene.release()
    scene.clock.advance(by: 1)
    #expect(scroll.contentOffset.y == -108)
    // A new drag that only pulls down at the top, then lets go there.
    scene.pull(to: -108)
    #expect(header.state == .failed)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(calls == 2)
  }

  @Test func aTapOrBeginRefreshingRetriesAFailedAutoHeader() {
    var calls = 0
    let header = failedAutoHeader { calls += 1 }
    scene.release()
    scene.clock.advance(by: 1)
    let offset = scroll.contentOffset.y
    // The header sits at y = -44 in the content; on screen at -44 - offset (64 at rest).
    #expect(scene.window.sendTap(at: CGPoint(x: 187, y: -44 - offset + 22)))
    #expect(header.state == .refreshing)
    #expect(calls == 2)
    header.endRefreshingWithFailure()
    header.beginRefreshing()
    #expect(header.state == .refreshing)
    #expect(calls == 3)
  }

  /// An automatic footer that failed while the user kept dragging to the end.
  func failedAutoFooter(
    triggerTimes: Int = 1, calls: @escaping () -> Void
  ) -> RefreshAutoNormalFooter {
    let footer = RefreshAutoNormalFooter(refreshingBlock: calls)
    footer.autoTriggerTimes = triggerTimes
    scroll.footer = footer
    // The trigger line: 2000 - 667 + 44 + 44 - 44 = 1377.
    scene.pull(to: 1380)
    #expect(footer.state == .refreshing)
    footer.endRefreshingWithFailure()
    return footer
  }

  /// Whatever the budget of loads per drag (unlimited included), a failure waits for a new drag.
  @Test(arguments: [1, 3, -1])
  func aFailedAutoFooterDoesNotLoadAgainInTheSameDrag(triggerTimes: Int) {
    var calls = 0
    let footer = failedAutoFooter(triggerTimes: triggerTimes) { calls += 1 }
    #expect(footer.state == .failed)
    #expect(footer.stateLabel.text == RefreshConfig.default.localized(.autoFooterFailed))
    #expect(!footer.loadingView.isAnimating)
    // It keeps its height below the content, as it does in every state.
    #expect(scroll.adjustedContentInset.bottom == 44)
    footer._checkInvariants()
    // The same drag goes on past the end, back and forth, and its release: no retry.
    scene.pull(to: 1390)
    scene.pull(to: 1300)
    scene.pull(to: 1420)
    scene.release()
    scene.clock.advance(by: 2)
    #expect(footer.state == .failed)
    #expect(calls == 1)
    // A new drag that reaches the end retries.
    scene.pull(to: 1300)
    #expect(footer.state == .failed)
    scene.pull(to: 1380)
    #expect(footer.state == .refreshing)
    #expect(calls == 2)
  }

  @Test func aTapOrBeginRefreshingRetriesAFailedAutoFooter() {
    var calls = 0
    let footer = failedAutoFooter { calls += 1 }
    scene.release()
    scene.clock.advance(by: 1)
    let offset = scroll.contentOffset.y
    // The footer sits at y = 2000 in the content; on screen at 2000 - offset.
    #expect(scene.window.sendTap(at: CGPoint(x: 187, y: 2000 - offset + 22)))
    #expect(footer.state == .refreshing)
    #expect(calls == 2)
    footer.endRefreshingWithFailure()
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    #expect(calls == 3)
  }

  @Test func aThrowingAsyncBlockEndsWithFailure() async {
    var attempts = 0
    let footer = RefreshBackNormalFooter(asyncRefreshingBlock: {
      attempts += 1
      switch attempts {
      case 1: throw OfflineError()
      case 2: throw PlainError()
      default: return
      }
    })
    scroll.footer = footer
    for attempt in 1...3 {
      footer.beginRefreshing()
      scene.clock.advance(by: 0.25)
      while attempts < attempt || footer.state == .refreshing { await Task.yield() }
      switch attempt {
      case 1:
        #expect(footer.state == .failed)
        #expect(footer.stateLabel.text == "You are offline")
      case 2:
        #expect(footer.state == .failed)
        #expect(footer.failureMessage == nil)
        #expect(footer.stateLabel.text == RefreshConfig.default.localized(.backFooterFailed))
      default:
        #expect(footer.state == .idle)
      }
    }
  }

  @Test func endingWithFailureWhenNotRefreshingDoesNothing() {
    let footer = RefreshBackFooter(frame: .zero)
    scroll.footer = footer
    footer.endRefreshingWithFailure()
    #expect(footer.state == .idle)
    footer.endRefreshingWithNoMoreData()
    footer.endRefreshingWithFailure()
    #expect(footer.state == .noMoreData)
  }

  /// How a header is still ending a refresh when it is removed.
  enum Ending: CaseIterable {
    /// Its failure shows, for ``RefreshHeader/resultHoldDuration``.
    case failureShowing
    /// It hides after a refresh, over the slow duration.
    case hiding
  }

  /// Removed while it still ends a refresh, a header gets no callback from that end (as a
  /// removal mid-refresh does), and added again it holds nothing and is left alone: the old
  /// end once completed a moment later and reset the pull in progress.
  @Test(arguments: Ending.allCases)
  func aHeaderRemovedWhileItEndsIsLeftAloneWhenAddedAgain(ending: Ending) {
    let header = refreshingHeader()
    var ended = 0
    header.endRefreshingCompletionBlock = { ended += 1 }
    switch ending {
    case .failureShowing:
      header.endRefreshingWithFailure()
    case .hiding:
      header.endRefreshing()
      scene.clock.advance(by: 0.1)
    }
    scroll.header = nil
    #expect(!header.isHoldingRefreshInset)
    scroll.header = header
    let recorder = StateRecorder(header)
    var percents: [CGFloat] = []
    let token = header.observe(\.pullingPercent, options: .new) { _, change in
      percents.append(change.newValue!)
    }
    scene.pull(to: -100)
    scene.clock.advance(by: 2)
    #expect(ended == 0)
    #expect(recorder.transitions.isEmpty)
    #expect(percents == [36.0 / 54])
    #expect(!header.isHoldingRefreshInset)
    token.invalidate()
  }

  /// A refresh that a removal ends calls nothing, on a component that ends in place (the
  /// automatic footer) as on a pulled one, and a header records no update time for it: the
  /// automatic footer used to call its end action and completion as it left, and the header
  /// recorded the removal as an update.
  @Test func aRefreshEndedByARemovalCallsNothing() {
    let header = refreshingHeader()
    let footer = RefreshAutoFooter(frame: .zero)
    scroll.footer = footer
    scroll.allowsSimultaneousRefreshing = true
    footer.beginRefreshing()
    #expect(header.isRefreshing && footer.isRefreshing)
    var calls: [String] = []
    for component in [header, footer] as [RefreshComponent] {
      let name = component === header ? "header" : "footer"
      component.endRefreshingAnimationBeginAction = { calls.append("\(name) began ending") }
      component.endRefreshingCompletionBlock = { calls.append("\(name) ended") }
    }
    scroll.header = nil
    scroll.footer = nil
    scene.clock.advance(by: 2)
    #expect(header.state == .idle && footer.state == .idle)
    #expect(calls.isEmpty)
    #expect(header.lastUpdatedTime == nil)
  }

  @Test func removingAFailedComponentReturnsItToIdle() {
    let header = refreshingHeader()
    header.endRefreshingWithFailure()
    scroll.header = nil
    #expect(header.state == .idle)
    #expect(scroll.adjustedContentInset.top == 64)
    // The failure's hold ends later and touches nothing.
    let recorder = StateRecorder(header)
    scene.clock.advance(by: 2)
    #expect(recorder.transitions.isEmpty)
  }
}
