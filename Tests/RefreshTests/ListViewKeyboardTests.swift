import Foundation
import Testing

@testable import Refresh

/// Records what a list tells its delegate.
@MainActor
final class SelectionRecorder: ListViewDelegate {
  var activated: [Int] = []
  var highlighted: [Int?] = []

  func listView(_ listView: ListView, didSelectRowAt row: Int) { activated.append(row) }
  func listView(_ listView: ListView, didHighlightRowAt row: Int?) { highlighted.append(row) }
}

@MainActor
@Suite("ListView: the keyboard's selection, pages, ends, activation and refresh")
struct ListViewKeyboardTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = RowSource(count: 30)
  let recorder = SelectionRecorder()

  /// A 375 × 360 list of thirty 36-point rows: ten fit, the content is 1080 points tall.
  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
    list.dataSource = source
    list.delegate = recorder
    clock.advance(by: 0)
  }

  /// Lets an animated scroll (0.3 s) finish.
  func settle() {
    for _ in 0..<30 { clock.advance(by: 1.0 / 60) }
  }

  @Test func downSelectsTheFirstRowThenMovesAndScrollsJustEnough() {
    #expect(list.selectedRow == nil)
    #expect(list.perform(.moveDown))
    #expect(list.selectedRow == 0)
    for _ in 0..<9 { list.perform(.moveDown) }
    #expect(list.selectedRow == 9)
    settle()
    #expect(list.contentOffset.y == 0)  // row 9 ends at 360: still wholly shown
    list.perform(.moveDown)
    #expect(list.selectedRow == 10)
    settle()
    #expect(list.contentOffset.y == 36)  // row 10 ends at 396 = 36 + 360
    #expect(recorder.highlighted == Array(0...10).map { $0 })
  }

  @Test func upScrollsBackToTheSelectionAndStopsAtTheTop() {
    list.selectRow(at: 12)
    settle()
    #expect(list.contentOffset.y == 108)  // row 12 ends at 468 = 108 + 360
    for _ in 0..<5 { list.perform(.moveUp) }
    settle()
    #expect(list.selectedRow == 7)
    #expect(list.contentOffset.y == 108)  // row 7 (252..<288) is still shown
    for _ in 0..<5 { list.perform(.moveUp) }
    settle()
    #expect(list.selectedRow == 2)
    #expect(list.contentOffset.y == 72)
    list.selectRow(at: 0)
    settle()
    #expect(list.contentOffset.y == 0)
    #expect(!list.perform(.moveUp))
    #expect(list.selectedRow == 0)
  }

  /// A row taller than the screen shows from its top, whether it comes from below or is
  /// already at the top; the row after it then scrolls just into view.
  @Test func aRowTallerThanTheScreenShowsFromItsTop() {
    source.heights[5] = 500  // row 5 spans 180..<680, row 6 680..<716
    list.reloadData()
    list.selectRow(at: 4)
    list.perform(.moveDown)
    settle()
    #expect(list.selectedRow == 5)
    #expect(list.contentOffset.y == 180)
    list.selectRow(at: 5)
    settle()
    #expect(list.contentOffset.y == 180)
    list.perform(.moveDown)
    settle()
    #expect(list.contentOffset.y == 356)  // row 6 ends at 716 = 356 + 360
  }

  /// Up at the first row scrolls to the top only when the top is more than half a point
  /// away.
  @Test(arguments: [(0.5, false, 0.5), (0.75, true, 0)])
  func upAtTheFirstRowScrollsToTheTopWhenItIsAway(
    offset: CGFloat, handled: Bool, settled: CGFloat
  ) {
    list.selectRow(at: 0)
    settle()
    list.contentOffset.y = offset
    #expect(list.perform(.moveUp) == handled)
    settle()
    #expect(list.contentOffset.y == settled)
  }

  @Test func theFirstMoveSelectsTheFirstRowWhollyOnScreen() {
    list.contentOffset.y = 50  // row 1 (36..<72) is cut; row 2 is the first whole one
    #expect(list.perform(.moveUp))
    #expect(list.selectedRow == 2)
  }

  /// A row cut by at most half a point counts as whole: the first move selects it.
  @Test(arguments: [(36.5, 1), (36.75, 2)])
  func aRowCutByHalfAPointCountsAsWhole(offset: CGFloat, first: Int) {
    list.contentOffset.y = offset  // row 1 starts at 36
    #expect(list.perform(.moveDown))
    #expect(list.selectedRow == first)
  }

  @Test func pagesScrollAScreenLessALineAndTheSelectionKeepsItsPlace() {
    list.selectRow(at: 2)
    #expect(list.perform(.pageDown))
    settle()
    #expect(list.contentOffset.y == 342)  // 360 less a line of 18
    // Row 2's middle, 90, moved by 342 to 432: row 12.
    #expect(list.selectedRow == 12)
    list.perform(.pageDown)
    list.perform(.pageDown)
    settle()
    #expect(list.contentOffset.y == list.maximumContentOffset.y)
    #expect(list.contentOffset.y == 720)
    #expect(!list.perform(.pageDown))  // at the end, with no footer to pull
    list.perform(.pageUp)
    settle()
    #expect(list.contentOffset.y == 378)
  }

  @Test func theEndsSelectTheFirstAndTheLastRow() {
    #expect(list.perform(.bottom))
    #expect(list.selectedRow == 29)
    settle()
    #expect(list.contentOffset.y == 720)
    #expect(list.perform(.top))
    #expect(list.selectedRow == 0)
    settle()
    #expect(list.contentOffset.y == 0)
  }

  /// Home scrolls to the top as End scrolls to the end: animated, over the clock.
  @Test func homeScrollsToTheTopOnTheWindowsClock() {
    list.contentOffset.y = 720
    list.perform(.top)
    #expect(list.contentOffset.y == 720)
    clock.advance(by: 0.15)
    #expect(list.contentOffset.y > 0)
    #expect(list.contentOffset.y < 720)
    settle()
    #expect(list.contentOffset.y == 0)
  }

  @Test func scrollingIsAnimatedOnTheWindowsClock() {
    list.perform(.bottom)
    clock.advance(by: 0.15)
    #expect(list.contentOffset.y > 0)
    #expect(list.contentOffset.y < 720)
    #expect(list.presentedContentOffset.y == list.contentOffset.y)
    clock.advance(by: 0.2)
    #expect(list.contentOffset.y == 720)
  }

  @Test func enterActivatesTheSelectedRowAndATapSelectsAndActivates() {
    #expect(!list.perform(.activate))
    list.selectRow(at: 4)
    #expect(list.perform(.activate))
    #expect(recorder.activated == [4])
    // A tap in the middle of row 6 (216..<252), in window coordinates.
    #expect(window.sendTap(at: CGPoint(x: 100, y: 230)))
    #expect(list.selectedRow == 6)
    #expect(recorder.activated == [4, 6])
  }

  @Test func aTapWithAnOnTapHandlerGoesToTheHandler() {
    var taps = 0
    list.onTap = { _ in taps += 1 }
    window.sendTap(at: CGPoint(x: 100, y: 230))
    #expect(taps == 1)
    #expect(list.selectedRow == nil)
  }

  @Test func insertedRowsAboveKeepTheSelectionOnItsRow() {
    list.selectRow(at: 5)
    source.insert(["new 0", "new 1"], at: 0)
    list.insertRows(at: [0, 1])
    #expect(list.selectedRow == 7)
    #expect((list.viewForRow(at: 7) as? Label)?.text == "item 5")
    source.insert(["new 2"], at: 20)
    list.insertRows(at: [20])
    #expect(list.selectedRow == 7)
  }

  @Test func aReloadWithFewerRowsDropsASelectionPastThem() {
    list.selectRow(at: 25)
    source.items = Array(source.items.prefix(10))
    source.heights = Array(source.heights.prefix(10))
    list.reloadData()
    #expect(list.selectedRow == nil)
    #expect(recorder.highlighted.last == .some(nil))
  }

  @Test func badRowsClearTheSelectionAndAnEmptyListDoesNothing() {
    list.selectRow(at: 3)
    list.selectRow(at: 30)
    #expect(list.selectedRow == nil)
    list.selectRow(at: -1)
    #expect(list.selectedRow == nil)
    let empty = ListView(frame: window.bounds)
    window.addSubview(empty)
    #expect(!empty.perform(.moveDown))
    #expect(!empty.perform(.activate))
    #expect(!empty.perform(.refresh))
  }

  /// Page Up at the top has nowhere to go: nothing moves, and the key is not taken.
  @Test func pageUpAtTheTopDoesNothing() {
    #expect(!list.perform(.pageUp))
    settle()
    #expect(list.contentOffset.y == 0)
    #expect(list.selectedRow == nil)
  }

  /// Home on an empty list at rest does nothing; pulled away from its top, it goes back.
  @Test func homeOnAnEmptyListScrollsOnlyWhenItIsAwayFromTheTop() {
    let empty = ListView(frame: window.bounds)
    window.addSubview(empty)
    #expect(!empty.perform(.top))
    empty.contentOffset.y = -30
    #expect(empty.perform(.top))
    settle()
    #expect(empty.contentOffset == empty.minimumContentOffset)
    #expect(empty.selectedRow == nil)
  }

  @Test func downPastTheLastRowShowsTheAutoFooterWhichLoads() {
    var loads = 0
    list.footer = RefreshAutoNormalFooter { loads += 1 }
    list.selectRow(at: 29)
    settle()
    // Row 29 is shown; the footer, 44 points below it, is not yet.
    #expect(list.contentOffset.y == 720)
    #expect(loads == 0)
    #expect(list.perform(.moveDown))
    settle()
    #expect(list.contentOffset.y == 764)
    #expect(list.footer?.state == .refreshing)
    #expect(loads == 1)
    #expect(list.selectedRow == 29)
  }

  @Test func endLoadsMoreAsTheWheelDoes() {
    var loads = 0
    list.footer = RefreshAutoNormalFooter { loads += 1 }
    list.perform(.bottom)
    settle()
    #expect(list.contentOffset.y == list.maximumContentOffset.y)
    #expect(loads == 1)
    // Once the page arrived, the next rows are below: the list goes on.
    source.insert((30..<40).map { "item \($0)" }, at: 30)
    list.reloadData()
    list.footer?.endRefreshing()
    list.perform(.moveDown)
    #expect(list.selectedRow == 30)
  }

  /// Half a point short of the end counts as the end (a rounding of the offset is not a
  /// scroll still to make): End pulls the footer there at once.
  @Test func halfAPointShortOfTheEndIsTheEnd() {
    var loads = 0
    list.footer = RefreshBackNormalFooter { loads += 1 }
    list.layoutIfNeeded()
    list.contentOffset.y = list.maximumContentOffset.y - 0.5
    #expect(list.perform(.bottom))
    #expect(list.contentOffset.y == list.maximumContentOffset.y - 0.5)
    for _ in 0..<60 { clock.advance(by: 1.0 / 60) }
    #expect(loads == 1)
  }

  @Test func atTheEndABackFooterIsPulled() {
    var loads = 0
    list.footer = RefreshBackNormalFooter { loads += 1 }
    list.perform(.bottom)
    settle()
    #expect(list.perform(.moveDown))
    var states: [RefreshState] = []
    let token = list.footer!.observe(\.state) { footer, _ in states.append(footer.state) }
    for _ in 0..<60 { clock.advance(by: 1.0 / 60) }
    #expect(states.prefix(2) == [.pulling, .refreshing])
    #expect(loads == 1)
    token.invalidate()
  }
  /// The keys that reach the end retry a failed automatic footer, as a tap does.
  ///
  /// "Load failed. Tap to retry.": End, Down past the last row and PgDn at the end retry it.
  @Test(arguments: [ListViewCommand.bottom, .moveDown, .pageDown])
  func theKeysThatReachTheEndRetryAFailedAutoFooter(_ command: ListViewCommand) {
    var loads = 0
    list.footer = RefreshAutoNormalFooter { loads += 1 }
    list.perform(.bottom)
    settle()
    #expect(loads == 1)
    list.footer?.endRefreshingWithFailure()
    settle()
    #expect(list.footer?.state == .failed)
    list.selectRow(at: 29)
    #expect(list.perform(command))
    #expect(list.footer?.state == .refreshing)
    #expect(loads == 2)
  }

  /// With content shorter than the list the automatic footer sits in view, idle; End loads it,
  /// as a pull up under the wheel does.
  @Test func endLoadsAnAutoFooterShownUnderShortContent() {
    let short = RowSource(count: 3)
    list.dataSource = short
    var loads = 0
    list.footer = RefreshAutoNormalFooter { loads += 1 }
    settle()
    #expect(list.footer?.state == .idle)
    #expect(loads == 0)
    #expect(list.perform(.bottom))
    #expect(list.footer?.state == .refreshing)
    #expect(loads == 1)
    // Loading already: End again does nothing more.
    #expect(!list.perform(.bottom))
    #expect(loads == 1)
  }

  /// Out of data, the automatic footer loads no more, from the keyboard either.
  @Test func endLeavesAnAutoFooterOutOfDataAlone() {
    var loads = 0
    list.footer = RefreshAutoNormalFooter { loads += 1 }
    list.perform(.bottom)
    settle()
    list.footer?.endRefreshingWithNoMoreData()
    settle()
    #expect(!list.perform(.bottom))
    #expect(list.footer?.state == .noMoreData)
    #expect(loads == 1)
  }
}

@MainActor
@Suite("RefreshComponent.beginRefreshingByPulling: a keyboard refresh shows the pull")
struct PlayedPullTests {
  let scene = ListInWindow()
  var clock: ManualFrameClock { scene.clock }
  var list: ListView { scene.list }
  func frames(_ count: Int) { scene.frames(count) }

  @Test func theHeaderIsPulledPastItsThresholdArmedHeldAndReleased() {
    var refreshed = 0
    var armed = 0
    let header = RefreshNormalHeader { refreshed += 1 }
    header.onArmed = { armed += 1 }
    list.header = header
    var states: [RefreshState] = []
    let token = header.observe(\.state) { header, _ in states.append(header.state) }
    defer { token.invalidate() }
    var deepest: CGFloat = 0
    let offsets = list.observe(\.contentOffset) { list, _ in
      deepest = min(deepest, list.contentOffset.y)
    }
    defer { offsets.invalidate() }

    #expect(list.perform(.refresh))
    #expect(header.isPlayingPull)
    #expect(list.isDragging == false)  // the finger goes down on the next frame
    frames(1)
    #expect(list.isDragging)
    // The pull: 0.25 s to 1.4 × 54 = 75.6 points, rubber-banded as a finger's.
    frames(15)
    #expect(states == [.pulling])
    #expect(armed == 1)
    #expect(abs(list.contentOffset.y + 75.6) < 1e-6)
    #expect(header.pullingPercent > 1.39 && header.pullingPercent < 1.41)
    // Held for 0.4 s, then released: refreshing, at -54 after the fast animation.
    frames(24)
    #expect(states == [.pulling, .refreshing])
    #expect(!list.isDragging)
    frames(20)
    #expect(list.contentOffset.y == -54)
    #expect(refreshed == 1)
    #expect(abs(deepest + 75.6) < 1e-6)
    #expect(!header.isPlayingPull)
    // A second one while refreshing does nothing.
    #expect(!list.perform(.refresh))
  }

  /// While a header shows "Refresh failed", `r` plays a pull that refreshes again, as a real
  /// pull does then.
  @Test func aFailedHeaderIsPulledAgainFromTheKeyboard() {
    var refreshed = 0
    let header = RefreshNormalHeader { refreshed += 1 }
    list.header = header
    header.beginRefreshing()
    frames(30)
    header.endRefreshingWithFailure()
    frames(6)
    #expect(header.state == .failed)
    var states: [RefreshState] = []
    let token = header.observe(\.state) { header, _ in states.append(header.state) }
    defer { token.invalidate() }
    #expect(list.perform(.refresh))
    frames(60)
    #expect(states.prefix(2) == [.pulling, .refreshing])
    #expect(refreshed == 2)
    #expect(header.state == .refreshing)
    frames(30)
    #expect(list.contentOffset.y == -54)
  }

  @Test func scrolledDownTheListGoesToTheTopFirst() {
    let header = RefreshNormalHeader {}
    list.header = header
    list.contentOffset.y = 500
    #expect(header.beginRefreshingByPulling())
    clock.advance(by: 0.15)
    #expect(list.contentOffset.y > 0 && list.contentOffset.y < 500)
    #expect(header.state == .idle)
    frames(60)
    #expect(header.state == .refreshing)
    frames(30)
    #expect(list.contentOffset.y == -54)
  }

  @Test func aRealFingerTakesOverThePlayedPull() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.beginRefreshingByPulling()
    frames(8)
    #expect(list.contentOffset.y < 0)
    list.beginDragging(at: CGPoint(x: 100, y: 100))
    frames(2)
    #expect(!header.isPlayingPull)
    // The finger lets go without pulling further: nothing refreshes, the list springs back.
    list.endDragging(velocity: .zero)
    frames(90)
    #expect(header.state == .idle)
    #expect(abs(list.contentOffset.y) < 0.5)
  }

  @Test func refusedWhenNotIdleHiddenOrDragged() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.isHidden = true
    #expect(!header.beginRefreshingByPulling())
    header.isHidden = false
    list.beginDragging(at: CGPoint(x: 10, y: 10))
    #expect(!header.beginRefreshingByPulling())
    list.endDragging(velocity: .zero)
    frames(30)
    #expect(header.beginRefreshingByPulling())
    #expect(!header.beginRefreshingByPulling())  // one at a time
    #expect(!RefreshNormalHeader {}.beginRefreshingByPulling())  // not attached
  }

  @Test func withoutAWindowItBeginsRefreshingAtOnce() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 360))
    let header = RefreshNormalHeader {}
    scroll.header = header
    #expect(header.beginRefreshingByPulling())
    #expect(header.state == .willRefresh)
  }

  @Test func theHeaderRemovedMidPullEndsIt() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.beginRefreshingByPulling()
    frames(8)
    #expect(list.isDragging)
    list.header = nil
    frames(60)
    #expect(header.state == .idle)
    #expect(!header.isPlayingPull)
    // The played finger lifts with it: the list springs back and rests at its top.
    #expect(!list.isDragging)
    #expect(list.contentOffset.y == list.minimumContentOffset.y)
  }

  /// Removed while its played pull still waits for the list to reach the top, the header takes
  /// the pull along: added again, no finger is played.
  @Test func theHeaderRemovedBeforeItsPullStartsTakesItAlong() {
    let header = RefreshNormalHeader {}
    list.header = header
    list.contentOffset.y = 300
    header.beginRefreshingByPulling()
    #expect(header.isPlayingPull)
    list.header = nil
    #expect(!header.isPlayingPull)
    list.header = header
    frames(60)
    #expect(!list.isDragging)
    #expect(header.state == .idle)
    #expect(list.contentOffset.y == 0)
  }
}
