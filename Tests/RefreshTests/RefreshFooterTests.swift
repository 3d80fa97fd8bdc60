import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("RefreshBackFooter")
struct RefreshBackFooterTests {
  @Test func geometryWithTallContent() {
    let scene = Scene()
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    // deltaH = 2000 - (667 - 0 - 64) = 1397; happenOffsetY = 1397 - 64 = 1333
    #expect(footer.heightForContentBreakView == 1397)
    #expect(footer.happenOffsetY == 1333)
    #expect(footer.frame == CGRect(x: 0, y: 2000, width: 375, height: 44))
    scene.pull(to: 1355)
    #expect(footer.pullingPercent == 0.5)
    #expect(footer.state == .idle)
    scene.pull(to: 1377)
    #expect(footer.state == .idle)
    scene.pull(to: 1378)
    #expect(footer.state == .pulling)
  }

  /// At its happen offset exactly, a back footer does nothing: it follows once the content is
  /// pulled past it (MJRefresh's `if (currentOffsetY <= happenOffsetY) return;`), so its pulling
  /// percent keeps the last value it had.
  @Test func atItsHappenOffsetExactlyItDoesNotFollow() {
    let scene = Scene()
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    scene.pull(to: 1355)
    #expect(footer.pullingPercent == 0.5)
    scene.pull(to: 1333)
    #expect(footer.pullingPercent == 0.5)
    #expect(footer.state == .idle)
    scene.pull(to: 1333.5)
    #expect(footer.pullingPercent == 0.5 / 44)
  }

  @Test func releaseRefreshesAndEndGivesTheInsetBack() {
    let scene = Scene()
    var calls = 0
    let footer = RefreshBackFooter(refreshingBlock: { calls += 1 })
    scene.scroll.footer = footer
    scene.pull(to: 1400)
    scene.release()
    #expect(footer.state == .refreshing)
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    #expect(scene.scroll.contentOffset.y == 1377)
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    scene.scroll.contentSize.height = 2500  // a page arrived
    footer.endRefreshing()
    #expect(footer.state == .idle)
    #expect(scene.scroll.adjustedContentInset.bottom == 0)
    #expect(footer.frame.minY == 2500)
  }

  @Test func shortContentAddsTheMissingHeight() {
    let scene = Scene(contentHeight: 300)
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    // deltaH = 300 - 603 = -303; the footer sits at the bottom of the viewport.
    #expect(footer.happenOffsetY == -64)
    #expect(footer.frame.minY == 603)
    scene.pull(to: -19)
    #expect(footer.state == .pulling)
    scene.release()
    let bottom: CGFloat = scene.scroll.adjustedContentInset.bottom
    #expect(bottom == 347, "\(bottom - 347)")
    #expect(scene.scroll.contentOffset.y == -20)
  }

  @Test func noMoreDataSurvivesAStrayEndRefreshing() {  // MJRefresh #1025
    let scene = Scene()
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    footer.beginRefreshing()
    footer.endRefreshingWithNoMoreData()
    #expect(footer.state == .noMoreData)
    footer.endRefreshing()
    #expect(footer.state == .noMoreData)
    scene.pull(to: 1500)
    scene.release()
    #expect(footer.state == .noMoreData)
    footer.resetNoMoreData()
    #expect(footer.state == .idle)
  }
}

@MainActor
@Suite("RefreshAutoFooter")
struct RefreshAutoFooterTests {
  @Test func addsItsHeightToTheBottomInsetWhileAttachedAndVisible() {
    let scene = Scene()
    let footer = RefreshAutoFooter(frame: .zero)
    scene.scroll.footer = footer
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    #expect(scene.scroll.contentInset.bottom == 0)
    #expect(footer.frame.minY == 2000)
    footer.isHidden = true
    #expect(scene.scroll.adjustedContentInset.bottom == 0)
    footer.isHidden = false
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    scene.scroll.footer = nil
    #expect(scene.scroll.adjustedContentInset.bottom == 0)
  }

  @Test func loadsWhenTheOffsetGrowsPastTheTrigger() {
    let scene = Scene()
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    scene.scroll.footer = footer
    // trigger = 2000 - 667 + 44 * 1 + 44 - 44 = 1377
    scene.scroll.contentOffset.y = 1376
    #expect(calls == 0)
    scene.scroll.contentOffset.y = 1377
    #expect(calls == 1)
    #expect(footer.state == .refreshing)
    footer.endRefreshing()
    #expect(footer.state == .idle)
  }

  @Test func triggerPercentMovesTheTrigger() {
    let scene = Scene()
    let footer = RefreshAutoFooter(frame: .zero)
    footer.triggerAutomaticallyRefreshPercent = 0.5
    scene.scroll.footer = footer
    scene.scroll.contentOffset.y = 1354
    #expect(footer.state == .idle)
    scene.scroll.contentOffset.y = 1355  // 2000 - 667 + 22 + 44 - 44
    #expect(footer.state == .refreshing)
  }

  @Test func neverLoadsTwicePerDrag() {  // MJRefresh #1009
    let scene = Scene()
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    scene.scroll.footer = footer
    scene.pull(to: 1380)
    #expect(calls == 1)
    footer.endRefreshing()  // a fast response, finger still down
    scene.pull(to: 1390)
    scene.pull(to: 1400)
    scene.release()
    #expect(calls == 1)
    scene.pull(to: 1410)  // a new drag may load again
    #expect(calls == 2)
  }

  @Test func unlimitedTriggersWhenAsked() {
    let scene = Scene()
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    footer.autoTriggerTimes = -1
    scene.scroll.footer = footer
    scene.pull(to: 1380)
    footer.endRefreshing()
    scene.pull(to: 1390)
    #expect(calls == 2)
  }

  @Test func shortContentLoadsOnAnUpwardPullAndNeverLoops() {  // SVPullToRefresh #96
    let scene = Scene(contentHeight: 300)
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    scene.scroll.footer = footer
    scene.scroll.contentOffset.y = -60
    #expect(calls == 0)  // short content never loads by offset
    scene.pull(to: -60)
    scene.release()
    #expect(calls == 1)
    footer.endRefreshing()
    for _ in 0..<10 { scene.scroll.contentOffset.y += 1 }
    scene.clock.advance(by: 5)
    #expect(calls == 1)
  }

  /// Content that fills the frame exactly (64 + 603 = 667) counts as short.
  ///
  /// A release after any upward pull loads, where tall content would have to reach
  /// 603 + 44 - 667 = -20. One point more and it is tall.
  @Test(arguments: [(603.0, 1), (604.0, 0)])
  func contentThatFillsTheFrameExactlyCountsAsShort(contentHeight: CGFloat, loads: Int) {
    let scene = Scene(contentHeight: contentHeight)
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    scene.scroll.footer = footer
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    scene.pull(to: -54)
    #expect(calls == 0)  // never by offset: it does not overflow the frame
    scene.release()
    #expect(calls == loads)
  }

  @Test func tallContentLoadsOnReleaseAtTheBottom() {
    let scene = Scene()
    var calls = 0
    let footer = RefreshAutoFooter(refreshingBlock: { calls += 1 })
    footer.isAutomaticallyRefresh = false
    scene.scroll.footer = footer
    scene.pull(to: 1377)
    #expect(calls == 0)
    scene.release()
    #expect(calls == 1)  // offsetY >= 2000 + 44 - 667
  }

  @Test func refreshingCallsBackAtOnceAndEndCompletes() {
    let scene = Scene()
    var events: [String] = []
    let footer = RefreshAutoFooter(refreshingBlock: { events.append("load") })
    footer.endRefreshingCompletionBlock = { events.append("ended") }
    scene.scroll.footer = footer
    footer.beginRefreshing()
    #expect(events == ["load"])
    footer.endRefreshingWithNoMoreData()
    #expect(events == ["load", "ended"])
    scene.scroll.contentOffset.y = 1500
    #expect(footer.state == .noMoreData)
  }

  @Test func aCallbackThatEndsAtOnceLeavesAConsistentState() {
    let scene = Scene()
    var observed: [RefreshState] = []
    let footer = RefreshAutoFooter(frame: .zero)
    footer.refreshingBlock = { footer.endRefreshingWithNoMoreData() }
    scene.scroll.footer = footer
    let token = footer.observe(\.state, options: .new) { _, change in
      observed.append(change.newValue!)
    }
    footer.beginRefreshing()
    #expect(observed == [.refreshing, .noMoreData])
    #expect(footer.state == .noMoreData)
    token.invalidate()
  }
}

@MainActor
@Suite("RefreshTrailer")
struct RefreshTrailerTests {
  @Test func theBackFootersLogicOnTheXAxis() {
    let scene = Scene(topInset: 0)
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
    var calls = 0
    let trailer = RefreshTrailer(refreshingBlock: { calls += 1 })
    scene.scroll.trailer = trailer
    #expect(scene.scroll.alwaysBounceHorizontal)
    #expect(!scene.scroll.alwaysBounceVertical)
    // deltaW = 1000 - 375 = 625; happenOffsetX = 625; x = max(1000, 375)
    #expect(trailer.frame == CGRect(x: 1000, y: 0, width: 60, height: 667))
    #expect(trailer.happenOffsetX == 625)
    scene.pull(toX: 655)
    #expect(trailer.pullingPercent == 0.5)
    scene.pull(toX: 686)
    #expect(trailer.state == .pulling)
    scene.release()
    #expect(trailer.state == .refreshing)
    #expect(scene.scroll.adjustedContentInset.right == 60)
    #expect(scene.scroll.contentOffset.x == 685)
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    trailer.endRefreshing()
    #expect(scene.scroll.adjustedContentInset.right == 0)
  }
}

/// A footer hidden while its list has no rows: a 375 × 360 list of 36-point rows, empty at
/// first.
@MainActor
@Suite("RefreshFooter.isAutomaticallyHidden: no footer under an empty list")
struct RefreshFooterAutomaticHidingTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = RowSource(count: 0)

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
    list.dataSource = source
    list.reloadData()
  }

  func rows(_ count: Int) -> [String] { (0..<count).map { "row \($0)" } }

  func empty() {
    source.items = []
    source.heights = []
  }

  @Test func anAutoFooterHidesWhileTheListIsEmptyAndShowsWhenRowsArrive() {
    let footer = RefreshAutoNormalFooter(frame: .zero)
    footer.isAutomaticallyHidden = true
    list.footer = footer
    #expect(footer.isHidden)
    #expect(list.adjustedContentInset == .zero)
    // Twenty rows: 720 points, the footer below them with its 44 points on the bottom inset.
    source.insert(rows(20), at: 0)
    list.reloadData()
    #expect(!footer.isHidden)
    #expect(list.adjustedContentInset == EdgeInsets(bottom: 44))
    #expect(footer.frame.minY == 720)
    empty()
    list.reloadData()
    #expect(footer.isHidden)
    #expect(list.adjustedContentInset == .zero)
    // The first rows of a refresh, inserted at the top.
    source.insert(rows(2), at: 0)
    list.insertRows(at: [0, 1])
    #expect(!footer.isHidden)
    #expect(footer.frame.minY == 72)
    #expect(list.adjustedContentInset == EdgeInsets(bottom: 44))
    footer._checkInvariants()
  }

  @Test func byDefaultAnEmptyListKeepsItsFooter() {
    let footer = RefreshAutoNormalFooter(frame: .zero)
    #expect(!footer.isAutomaticallyHidden)
    list.footer = footer
    list.reloadData()
    #expect(!footer.isHidden)
    #expect(list.adjustedContentInset == EdgeInsets(bottom: 44))
  }

  @Test func aLoadStopsWhenTheListEmpties() {
    source.insert(rows(20), at: 0)
    list.reloadData()
    var loads = 0
    let footer = RefreshAutoNormalFooter(refreshingBlock: { loads += 1 })
    footer.isAutomaticallyHidden = true
    list.footer = footer
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    empty()
    list.reloadData()
    #expect(footer.isHidden)
    #expect(footer.state == .idle)
    #expect(loads == 1)
  }

  @Test func settingItAppliesAtOnceAndClearingItLeavesTheFooterAsItIs() {
    let footer = RefreshAutoNormalFooter(frame: .zero)
    list.footer = footer
    #expect(!footer.isHidden)
    footer.isAutomaticallyHidden = true
    #expect(footer.isHidden)
    footer.isAutomaticallyHidden = false
    #expect(footer.isHidden)
    source.insert(rows(3), at: 0)
    list.reloadData()
    #expect(footer.isHidden)
    // It overrides an isHidden set by hand at the next reload.
    footer.isAutomaticallyHidden = true
    #expect(!footer.isHidden)
    footer.isHidden = true
    list.reloadData()
    #expect(!footer.isHidden)
  }

  /// Twenty rows: 720 points of content in 360, so the back footer appears at 360 and arms past
  /// 360 + 44 = 404.
  @Test func aHiddenBackFooterDoesNotFollowPulls() {
    let footer = RefreshBackNormalFooter(frame: .zero)
    footer.isAutomaticallyHidden = true
    list.footer = footer
    #expect(footer.isHidden)
    list.panState = .began
    list.contentOffset.y = 100
    #expect(footer.state == .idle)
    #expect(footer.pullingPercent == 0)
    list.panState = .ended
    source.insert(rows(20), at: 0)
    list.reloadData()
    #expect(!footer.isHidden)
    list.panState = .began
    list.contentOffset.y = 410
    #expect(footer.state == .pulling)
  }

  @Test func onAScrollModelThatIsNotAListItDoesNothing() {
    let scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    let footer = RefreshAutoNormalFooter(frame: .zero)
    footer.isAutomaticallyHidden = true
    scroll.footer = footer
    #expect(!footer.isHidden)
    #expect(scroll.adjustedContentInset == EdgeInsets(bottom: 44))
  }
}
