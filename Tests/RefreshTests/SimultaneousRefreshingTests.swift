import Foundation
import Observing
import Testing

@testable import Refresh

/// Refresh and load never run at once unless the scroll model allows it, on the standard scene
/// (a 64-point top inset, 2000 points of content in a 667-point viewport): the header arms past
/// -118, the back footer past 1377, the automatic footer loads past 1377 (see
/// ``ComponentRig``).
@MainActor
@Suite("One refresh at a time: ScrollModel.allowsSimultaneousRefreshing")
struct SimultaneousRefreshingTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }
  let counts = Counts()

  @MainActor
  final class Counts {
    var refreshes = 0
    var loads = 0
    var armed = 0
  }

  func attachHeader() -> RefreshNormalHeader {
    let counts = counts
    let header = RefreshNormalHeader(refreshingBlock: { counts.refreshes += 1 })
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.onArmed = { counts.armed += 1 }
    scroll.header = header
    return header
  }

  func attachAutoFooter() -> RefreshAutoNormalFooter {
    let counts = counts
    let footer = RefreshAutoNormalFooter(refreshingBlock: { counts.loads += 1 })
    scroll.footer = footer
    return footer
  }

  @Test func theDefaultIsOneAtATime() {
    #expect(!ScrollModel(frame: .zero).allowsSimultaneousRefreshing)
  }

  @Test func anAutoFooterDoesNotLoadWhileTheHeaderRefreshesAndKeepsItsBudget() {
    let header = attachHeader()
    let footer = attachAutoFooter()
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(counts.refreshes == 1)
    #expect(footer.isBlockedByAnotherRefresh)
    #expect(!header.isBlockedByAnotherRefresh)
    // Past the trigger line, growing: blocked, the footer stays idle.
    scene.pull(to: 1380)
    #expect(footer.state == .idle)
    #expect(counts.loads == 0)
    #expect(footer.stateLabel.text == RefreshConfig.default.localized(.autoFooterIdle))
    // A tap or a call from code does nothing either.
    footer.beginRefreshing()
    #expect(footer.state == .idle)
    #expect(counts.loads == 0)
    header._checkInvariants()
    footer._checkInvariants()
    // Once the refresh is over, the same drag going on loads: its budget was kept.
    header.endRefreshing()
    #expect(!footer.isBlockedByAnotherRefresh)
    scene.pull(to: 1390)
    #expect(footer.state == .refreshing)
    #expect(counts.loads == 1)
    #expect(header.isBlockedByAnotherRefresh)
  }

  @Test func aHeaderFollowsButDoesNotArmWhileAFooterLoads() {
    let header = attachHeader()
    let footer = attachAutoFooter()
    footer.beginRefreshing()
    #expect(counts.loads == 1)
    scene.pull(to: -130)
    // It follows the pull, 66 of 54 points, but stays idle and says so.
    #expect(header.state == .idle)
    #expect(header.pullingPercent == 66.0 / 54)
    #expect(header.stateLabel.text == RefreshConfig.default.localized(.headerIdle))
    #expect(counts.armed == 0)
    scene.release()
    #expect(header.state == .idle)
    #expect(counts.refreshes == 0)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64, bottom: 44))
    header._checkInvariants()
    // The load goes on.
    scene.clock.advance(by: 2)
    #expect(footer.state == .refreshing)
  }

  /// A header armed before the footer began loading (from code) disarms: at the next offset
  /// change, or at the release itself.
  @Test(arguments: [true, false])
  func anArmedHeaderIsNeverStuckArmed(movesBeforeRelease: Bool) {
    let header = attachHeader()
    let footer = attachAutoFooter()
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    #expect(counts.armed == 1)
    // Only armed, the header does not block the footer.
    #expect(!footer.isBlockedByAnotherRefresh)
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    if movesBeforeRelease {
      scene.pull(to: -135)
      #expect(header.state == .idle)
      #expect(header.pullingPercent == 71.0 / 54)
    }
    scene.release()
    #expect(header.state == .idle)
    #expect(counts.refreshes == 0)
    #expect(scroll.adjustedContentInset.top == 64)
    header._checkInvariants()
  }

  @Test func everyWayToBeginIsRefusedWhileAnotherRefreshes() {
    let header = attachHeader()
    let footer = attachAutoFooter()
    footer.beginRefreshing()
    header.beginRefreshing()
    #expect(header.state == .idle)
    #expect(header.pullingPercent == 0)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(!header.beginRefreshingByPulling())
    #expect(!header.beginRefreshingIfExpired(after: 0))
    scene.clock.advance(by: 1)
    #expect(counts.refreshes == 0)
    #expect(header.state == .idle)
    // Over, the header refreshes again.
    footer.endRefreshing()
    header.beginRefreshing()
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
  }

  @Test func aBackFooterFollowsButDoesNotArmWhileTheHeaderRefreshes() {
    let header = attachHeader()
    let counts = counts
    let footer = RefreshBackNormalFooter(refreshingBlock: { counts.loads += 1 })
    scroll.footer = footer
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    // Scrolled down, the header's extra inset follows the content to 0: the footer appears at
    // 1333 as usual, and 1400 is 67 of its 44 points.
    scene.pull(to: 1400)
    #expect(footer.state == .idle)
    #expect(footer.pullingPercent == 67.0 / 44)
    scene.release()
    #expect(footer.state == .idle)
    #expect(counts.loads == 0)
    #expect(scroll.adjustedContentInset.bottom == 0)
    footer._checkInvariants()
    header._checkInvariants()
  }

  /// 1000 points of content across the 375-point viewport: the leader arms past -60; with the
  /// leader's 60 points on the left the trailer appears at 625 and arms past 685.
  @Test func aLeaderAndATrailerTakeTurns() {
    scroll.contentSize.width = 1000
    var refreshes = 0
    var loads = 0
    let leader = RefreshNormalLeader(refreshingBlock: { refreshes += 1 })
    let trailer = RefreshNormalTrailer(refreshingBlock: { loads += 1 })
    scroll.leader = leader
    scroll.trailer = trailer
    leader.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(scroll.adjustedContentInset.left == 60)
    scene.pull(toX: 700)
    #expect(trailer.state == .idle)
    #expect(trailer.pullingPercent == 75.0 / 60)
    scene.release()
    #expect(trailer.state == .idle)
    #expect(loads == 0)
    leader.endRefreshing()
    scene.clock.advance(by: 2)
    // The other way round: the trailer loads, the leader's pull does not arm.
    scene.pull(toX: 700)
    #expect(trailer.state == .pulling)
    scene.release()
    #expect(trailer.state == .refreshing)
    scene.clock.advance(by: 0.25)
    #expect(loads == 1)
    scene.pull(toX: -70)
    #expect(leader.state == .idle)
    scene.release()
    #expect(leader.state == .idle)
    #expect(refreshes == 1)
    leader._checkInvariants()
    trailer._checkInvariants()
  }

  /// A chat list: the automatic header loads older rows at the top, the automatic footer newer
  /// ones at the bottom, one at a time.
  @Test func anAutoHeaderWaitsForTheFooterAndKeepsItsBudget() {
    var older = 0
    let header = RefreshAutoNormalHeader(refreshingBlock: { older += 1 })
    scroll.contentOffset.y = 600
    scroll.header = header
    let footer = attachAutoFooter()
    footer.beginRefreshing()
    // The header's 44 points make the top inset 108: it would load at -108.
    scene.pull(to: 100)
    scene.pull(to: -108)
    #expect(header.state == .idle)
    #expect(older == 0)
    footer.endRefreshing()
    scene.pull(to: -110)
    #expect(header.state == .refreshing)
    #expect(older == 1)
    // And now the footer waits.
    scene.release()
    scene.pull(to: 1390)
    #expect(footer.state == .idle)
    #expect(counts.loads == 1)
  }

  @Test func aTwoLevelHeaderDoesNotOpenItsFloorWhileAFooterLoads() {
    let header = RefreshTwoLevelHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scroll.header = header
    let footer = attachAutoFooter()
    footer.beginRefreshing()
    // Past 1.9 × 54 = 102.6 points below the top.
    scene.pull(to: -64 - 110)
    scene.release()
    #expect(!header.isSecondFloorOpen)
    #expect(header.state == .idle)
  }

  @Test func aFailureOrARemovedComponentBlocksNothing() {
    let header = attachHeader()
    let footer = attachAutoFooter()
    header.beginRefreshing()
    header.endRefreshingWithFailure()
    // The failure shows, holding the header's place, but nothing refreshes.
    #expect(!footer.isBlockedByAnotherRefresh)
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    #expect(header.isBlockedByAnotherRefresh)
    scroll.footer = nil
    #expect(!header.isBlockedByAnotherRefresh)
    header.beginRefreshing()
    #expect(header.state == .refreshing)
  }

  @Test func allowingSimultaneousRefreshingRestoresMJRefreshsBehaviour() {
    scroll.allowsSimultaneousRefreshing = true
    let header = attachHeader()
    let footer = attachAutoFooter()
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(!footer.isBlockedByAnotherRefresh)
    scene.pull(to: 1380)
    #expect(footer.state == .refreshing)
    #expect(header.state == .refreshing)
    #expect(counts.refreshes == 1)
    #expect(counts.loads == 1)
    header._checkInvariants()
    footer._checkInvariants()
    // Turned off again, the refreshes under way go on; the next one waits.
    scroll.allowsSimultaneousRefreshing = false
    header.endRefreshing()
    header.beginRefreshing()
    #expect(header.state == .idle)
  }
}
