import Foundation
import Observing
import Testing

@testable import Refresh

/// The automatic header: the automatic footer mirrored at the top.
///
/// In the standard scene (64-point top inset, 2000 points of content in 667) the header adds
/// its 44 points to the top inset, so the top of the content at rest is `-inset.top = -108`, and
/// it loads as the offset, shrinking, reaches `-108 + 44 - 44 × percent` (-108 at 100 %).
@MainActor
@Suite("RefreshAutoHeader: load older rows as the top comes into view")
struct RefreshAutoHeaderTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }
  let header: RefreshAutoHeader
  let calls: Counter

  @MainActor
  final class Counter {
    var value = 0
  }

  init() {
    let calls = Counter()
    self.calls = calls
    header = RefreshAutoHeader(refreshingBlock: { calls.value += 1 })
    scene.scroll.contentOffset.y = 600
    scene.scroll.header = header
    scene.clock.advance(by: 0)
  }

  @Test func sitsAboveTheContentAndAddsItsHeightToTheTopInset() {
    #expect(header.frame == CGRect(x: 0, y: -44, width: 375, height: 44))
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 108))
    #expect(scroll.contentInset == EdgeInsets(top: 64))
    header._checkInvariants()
    header.isHidden = true
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64))
    header.isHidden = false
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 108))
    scroll.header = nil
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64))
  }

  @Test(arguments: [
    // percent, the last offset that does not load, the first that does
    (1.0, -107.0, -108.0),
    (0.5, -85.0, -86.0),
    (0.0, -63.0, -64.0),
  ])
  func loadsAsTheOffsetShrinksPastTheTriggerLine(
    percent: CGFloat, before: CGFloat, at: CGFloat
  ) {
    header.triggerAutomaticallyRefreshPercent = percent
    scene.pull(to: 100)
    scene.pull(to: before)
    #expect(header.state == .idle)
    scene.pull(to: at)
    #expect(header.state == .refreshing)
    // It calls back at once, and its inset does not change.
    #expect(calls.value == 1)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 108))
    header.endRefreshing()
    #expect(header.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 108))
  }

  @Test func theTriggerDistanceReplacesTheHeightTimesThePercent() {
    header.triggerDistance = 10
    // -108 + 44 - 10 = -74.
    scene.pull(to: -73)
    #expect(header.state == .idle)
    scene.pull(to: -74)
    #expect(header.state == .refreshing)
  }

  @Test func notWhileTheContentMovesDown() {
    header.isAutomaticallyRefresh = false
    scroll.contentOffset.y = -150
    header.isAutomaticallyRefresh = true
    // Springing back down from past the top does not load; moving up again does.
    scroll.contentOffset.y = -120
    #expect(header.state == .idle)
    scroll.contentOffset.y = -121
    #expect(header.state == .refreshing)
  }

  @Test func atMostOncePerDrag() {
    scene.pull(to: -110)
    #expect(calls.value == 1)
    header.endRefreshing()
    scene.pull(to: 0)
    scene.pull(to: -120)
    scene.release()
    // The release at the top belongs to the same drag.
    #expect(calls.value == 1)
    #expect(header.state == .idle)
    // A new drag renews the budget; a release at the top loads.
    scene.pull(to: -100)
    scene.release()
    #expect(header.state == .idle)
    scene.pull(to: -108)
    #expect(calls.value == 2)
    header.endRefreshing()
    scene.release()
    header.autoTriggerTimes = -1
    scene.pull(to: -110)
    header.endRefreshing()
    scene.pull(to: 0)
    scene.pull(to: -110)
    #expect(calls.value == 4)
  }

  @Test func shortContentLoadsOnAReleaseAtTheTop() {
    scroll.contentSize.height = 300
    scroll.contentOffset.y = -108
    scene.pull(to: -100)
    scene.pull(to: -108)
    // Short content never loads on the way: only the release does.
    #expect(header.state == .idle)
    scene.release()
    #expect(header.state == .refreshing)
  }

  @Test func aGlideUpLoadsWhileDecelerating() {
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    scene.clock.advance(by: 0.01)
    scroll.drag(to: CGPoint(x: 100, y: 340))
    scroll.endDragging(velocity: CGPoint(x: 0, y: 3000))
    #expect(header.state == .idle)
    var loadedAt: CGFloat?
    for _ in 0..<120 where loadedAt == nil {
      scene.clock.advance(by: 1.0 / 60)
      if header.state == .refreshing { loadedAt = scroll.contentOffset.y }
    }
    #expect(loadedAt.map { $0 <= -108 } == true)
    #expect(calls.value == 1)
  }

  @Test func noMoreDataStopsLoadingAndAResultIsNotHeld() {
    header.endRefreshingWithNoMoreData()
    scene.pull(to: -150)
    scene.release()
    #expect(header.state == .noMoreData)
    header.endRefreshing()
    #expect(header.state == .noMoreData)
    header.resetNoMoreData()
    #expect(header.state == .idle)
    header.beginRefreshing()
    header.endRefreshing(result: "20 older messages")
    #expect(header.state == .idle)
    #expect(header.resultText == nil)
    #expect(header.lastUpdatedTime == nil || header.lastUpdatedTime != nil)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 108))
  }

  @Test func theStateVariantsShowTitlesAndLoadWhenTapped() {
    let normal = RefreshAutoNormalHeader(frame: .zero)
    scroll.header = normal
    #expect(normal.stateLabel.text == "Tap or pull down to load more")
    normal.stateLabel.onTap?(normal.stateLabel)
    #expect(normal.state == .refreshing)
    #expect(normal.stateLabel.text == "Loading...")
    #expect(normal.loadingView.isAnimating)
    normal.endRefreshingWithNoMoreData()
    #expect(normal.stateLabel.text == "No more data")
    #expect(!normal.loadingView.isAnimating)
    normal.isRefreshingTitleHidden = true
    normal.resetNoMoreData()
    normal.beginRefreshing()
    #expect(normal.stateLabel.text == nil)
  }

  @Test func aMaximumPullDistanceHoldsThePullPastTheTop() {
    header.maximumPullDistance = 20
    scene.pull(to: -300)
    #expect(scroll.contentOffset.y == -128)
  }
}

/// A chat list: older rows arrive at the top and keep what is on screen in place; new rows
/// arrive at the end and keep the list there while the user is at the end.
@MainActor
@Suite("ListView anchoring: chat lists")
struct ListViewAnchoringTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = RowSource(count: 30)

  /// A 375 × 360 list of thirty 36-point rows (1080 points): its end is at 1080 - 360 = 720.
  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
    list.dataSource = source
    list.layoutIfNeeded()
  }

  func screenY(ofRow row: Int) -> CGFloat? {
    list.viewForRow(at: row).map { $0.frame.minY - list.contentOffset.y }
  }

  @Test func olderRowsLoadedAtTheTopKeepTheScreenInPlace() {
    var loads = 0
    let header = RefreshAutoNormalHeader(refreshingBlock: { loads += 1 })
    list.header = header
    // The header's 44 points are above the content: the top is at -44.
    list.contentOffset.y = 100
    list.contentOffset.y = -44
    #expect(loads == 1)
    list.layoutIfNeeded()
    #expect(screenY(ofRow: 0) == 44)
    source.insert((0..<10).map { "old \($0)" }, at: 0)
    list.insertRows(at: Array(0..<10))
    header.endRefreshing()
    list.layoutIfNeeded()
    // The row that was first is still 44 points down; the older rows are above, off screen.
    #expect(list.contentOffset.y == 316)  // -44 + 10 × 36
    #expect(text(ofRow: 10) == "item 0")
    #expect(screenY(ofRow: 10) == 44)
  }

  @Test func aPullDownHeaderStillShowsNewRowsAtTheTop() {
    list.header = RefreshNormalHeader(frame: .zero)
    list.contentOffset.y = 0
    source.insert(["new"], at: 0)
    list.insertRows(at: [0])
    #expect(list.contentOffset.y == 0)
  }

  @Test func appendedRowsKeepTheListAtItsEnd() {
    list.staysAtEnd = true
    list.contentOffset.y = 720
    source.insert(["new 0", "new 1"], at: 30)
    list.insertRows(at: [30, 31])
    #expect(list.contentOffset.y == 792)
    // reloadData alone keeps it there too.
    source.insert(["new 2"], at: 32)
    list.reloadData()
    #expect(list.contentOffset.y == 828)
    list.layoutIfNeeded()
    #expect(text(ofRow: 32) == "new 2")
    #expect(screenY(ofRow: 32) == 324)
  }

  @Test func awayFromTheEndItStaysWhereTheUserIs() {
    list.staysAtEnd = true
    list.contentOffset.y = 400
    source.insert(["new"], at: 30)
    list.insertRows(at: [30])
    #expect(list.contentOffset.y == 400)
    // Without staysAtEnd, the end is not kept either.
    list.staysAtEnd = false
    list.contentOffset.y = 756
    source.insert(["newer"], at: 31)
    list.insertRows(at: [31])
    #expect(list.contentOffset.y == 756)
  }

  @Test func aFingerOnTheListIsNotMovedToTheEnd() {
    list.staysAtEnd = true
    list.contentOffset.y = 720
    list.beginDragging(at: CGPoint(x: 100, y: 200))
    source.insert(["new"], at: 30)
    list.insertRows(at: [30])
    #expect(list.contentOffset.y == 720)
  }

  @Test func shortContentFollowsItsEndOnceItOutgrowsTheList() {
    let short = RowSource(count: 5)
    list.dataSource = short
    list.staysAtEnd = true
    list.layoutIfNeeded()
    #expect(list.contentOffset.y == 0)
    short.insert((0..<10).map { "new \($0)" }, at: 5)
    list.insertRows(at: Array(5..<15))
    // 15 rows, 540 points: the end is 180.
    #expect(list.contentOffset.y == 180)
  }

  func text(ofRow row: Int) -> String? {
    (list.viewForRow(at: row) as? Label)?.text
  }
}
