import Foundation
import Observing
import Testing

@testable import Refresh

/// The leader: the trailer's mirror past the left end, the header's pull on the x axis.
///
/// The scene: 1000 points of content across the 375-point viewport, no insets, so the leader
/// appears at `happenOffsetX = -orig.left = 0` and arms past `0 - 60 = -60`.
@MainActor
@Suite("RefreshLeader: the trailer's mirror at the left end")
struct RefreshLeaderTests {
  let scene = Scene(topInset: 0)
  var scroll: ScrollModel { scene.scroll }

  init() {
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
  }

  @Test func sitsLeftOfTheContentAndBouncesHorizontally() {
    let leader = RefreshLeader(frame: .zero)
    scroll.leader = leader
    #expect(scroll.subviews.first === leader)
    #expect(leader.frame == CGRect(x: -60, y: 0, width: 60, height: 667))
    #expect(leader.autoresizingMask == .flexibleHeight)
    #expect(scroll.alwaysBounceHorizontal)
    #expect(!scroll.alwaysBounceVertical)
    leader.ignoredScrollViewContentInsetLeft = 10
    scroll.layoutIfNeeded()
    #expect(leader.frame.minX == -70)
    // The slot holds one leader; a new one replaces it; the trailer is another slot.
    let trailer = RefreshTrailer(frame: .zero)
    scroll.trailer = trailer
    let second = RefreshNormalLeader(frame: .zero).link(to: scroll)
    #expect(scroll.leader === second)
    #expect(leader.superview == nil)
    #expect(scroll.trailer === trailer)
  }

  @Test(arguments: [
    // offset, pullingPercent, state while dragging
    (0.0, 0.0, RefreshState.idle),
    (-30.0, 0.5, .idle),
    (-60.0, 1.0, .idle),  // at the threshold: not yet pulling
    (-61.0, 61.0 / 60, .pulling),
    (-90.0, 1.5, .pulling),
  ])
  func pullingPercentAndStateWhileDragging(offset: CGFloat, percent: CGFloat, state: RefreshState) {
    let leader = RefreshLeader(frame: .zero)
    scroll.leader = leader
    scene.pull(toX: offset)
    #expect(leader.pullingPercent == percent)
    #expect(leader.state == state)
  }

  @Test func releasedWhilePullingItRefreshesThenGivesTheInsetBack() {
    var calls = 0
    let leader = RefreshLeader(refreshingBlock: { calls += 1 })
    scroll.contentInset = EdgeInsets(left: 20)
    scroll.contentOffset.x = -20
    scroll.leader = leader
    #expect(leader.happenOffsetX == -20)
    scene.pull(toX: -80)
    #expect(leader.state == .idle)
    scene.pull(toX: -81)
    #expect(leader.state == .pulling)
    scene.release()
    #expect(leader.state == .refreshing)
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 80))
    #expect(scroll.contentInset == EdgeInsets(left: 20))
    #expect(scroll.contentOffset.x == -80)
    #expect(calls == 0)
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    leader._checkInvariants()
    leader.endRefreshing()
    #expect(leader.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 20))
    scene.clock.advance(by: 0.4)
    #expect(scroll.contentOffset.x == -20)
    #expect(leader.pullingPercent == 0)
  }

  @Test func aDragWithPhysicsArmsItAndTheReleaseRefreshes() {
    let leader = RefreshLeader(frame: .zero)
    scroll.leader = leader
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    scroll.drag(to: CGPoint(x: 300, y: 300))
    // 200 points past the left end, rubber-banded over the 375-point width:
    // 375 u / (1 + u), u = 200 × 0.55 / 375.
    let u: CGFloat = 200 * 0.55 / 375
    #expect(abs(scroll.contentOffset.x + 375 * u / (1 + u)) < 1e-9)
    #expect(leader.state == .pulling)
    scroll.endDragging(velocity: .zero)
    #expect(leader.state == .refreshing)
    #expect(scroll.contentOffset.x == -60)
    scene.clock.advance(by: 1)
    #expect(scroll.contentOffset.x == -60)
    #expect(!scroll.isDecelerating)
  }

  @Test func noMoreDataStopsPullsUntilReset() {
    let leader = RefreshLeader(frame: .zero)
    scroll.leader = leader
    leader.endRefreshingWithNoMoreData()
    scene.pull(toX: -90)
    scene.release()
    #expect(leader.state == .noMoreData)
    #expect(leader.pullingPercent == 1.5)
    leader.resetNoMoreData()
    #expect(leader.state == .idle)
  }

  @Test func titlesAndArrowMirrorTheTrailers() {
    let leader = RefreshNormalLeader(frame: .zero)
    scroll.leader = leader
    scroll.layoutIfNeeded()
    #expect(leader.stateLabel.text == "Slide to refresh")
    #expect(leader.arrowView.transform.rotation == -.pi / 2)
    // The title is a column 8 points from the left edge; the arrow 14 points right of it.
    #expect(leader.stateLabel.frame.minX == 8)
    #expect(leader.arrowView.frame.midX == leader.stateLabel.frame.maxX + 14)
    scene.pull(toX: -70)
    #expect(leader.stateLabel.text == "Release to refresh")
    #expect(leader.arrowView.transform.rotation == (.pi / 2 - 0.000001 as CGFloat))
    scene.release()
    #expect(leader.stateLabel.text == "Loading...")
    #expect(leader.arrowView.isHidden)
    #expect(leader.loadingView.isAnimating)
  }

  @Test func leaderAndTrailerPullTheirOwnEnds() {
    let leader = RefreshLeader(frame: .zero)
    let trailer = RefreshTrailer(frame: .zero)
    scroll.leader = leader
    scroll.trailer = trailer
    scene.pull(toX: -70)
    #expect(leader.state == .pulling)
    #expect(trailer.state == .idle)
    // Back through the left end (a jump far past it would leave it armed, as MJRefresh's
    // header stays armed when the offset leaps past it), then out to the right.
    scene.pull(toX: 0)
    scene.pull(toX: 700)
    #expect(leader.state == .idle)
    #expect(trailer.state == .pulling)
    scene.release()
    #expect(trailer.state == .refreshing)
    #expect(leader.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(right: 60))
  }
}
