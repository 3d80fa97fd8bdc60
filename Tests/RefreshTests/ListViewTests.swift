import Foundation
import Testing

@testable import Refresh

/// Rows of given heights, whose views are labels naming the row's item; it counts the views it
/// makes and the reused views it is handed.
@MainActor
final class RowSource: ListViewDataSource {
  var items: [String]
  var heights: [CGFloat]
  var madeViews = 0
  var reusedViews = 0
  var makesNewViews = false

  init(count: Int, height: CGFloat = 36) {
    items = (0..<count).map { "item \($0)" }
    heights = Array(repeating: height, count: count)
  }

  func insert(_ names: [String], at index: Int, height: CGFloat = 36) {
    items.insert(contentsOf: names, at: index)
    heights.insert(contentsOf: Array(repeating: height, count: names.count), at: index)
  }

  func numberOfRows(in listView: ListView) -> Int { items.count }

  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { heights[row] }

  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let label: Label
    if let reused = view as? Label, !makesNewViews {
      reusedViews += 1
      label = reused
    } else {
      madeViews += 1
      label = Label()
    }
    label.text = items[row]
    return label
  }
}

@MainActor
@Suite("ListView: rows from a data source, views for the rows on screen")
struct ListViewTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView

  /// A 375 × 360 list in a window: ten 36-point rows fit.
  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
  }

  func text(ofRow row: Int) -> String? {
    (list.viewForRow(at: row) as? Label)?.text
  }

  @Test func reloadSetsTheContentSizeAndMakesViewsForTheScreenOnly() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.layoutIfNeeded()
    #expect(list.contentSize == CGSize(width: 375, height: 3600))
    #expect(list.numberOfRows == 100)
    #expect(list.totalDataCount == 100)
    #expect(list.visibleRows == 0..<10)
    #expect(source.madeViews == 10)
    #expect(list.viewForRow(at: 3)?.frame == CGRect(x: 0, y: 108, width: 375, height: 36))
    #expect(list.viewForRow(at: 10) == nil)
  }

  /// The rows shown end with the content: scrolled exactly past its end, no row is on
  /// screen; a point less, the last row is.
  @Test func aListScrolledPastItsEndShowsNoRow() {
    let source = RowSource(count: 20)
    list.dataSource = source
    list.layoutIfNeeded()
    list.contentOffset.y = 720
    list.layoutIfNeeded()
    #expect(list.visibleRows == 0..<0)
    #expect(list.viewForRow(at: 19) == nil)
    list.contentOffset.y = 719
    list.layoutIfNeeded()
    #expect(list.visibleRows == 19..<20)
  }

  @Test func scrollingReusesTheViewsOfRowsThatLeft() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.layoutIfNeeded()
    list.contentOffset.y = 18  // half a row down: rows 0 to 10 show
    list.layoutIfNeeded()
    #expect(list.visibleRows == 0..<11)
    #expect(source.madeViews == 11)
    for step in 1...100 {
      list.contentOffset.y = CGFloat(step) * 31
      list.layoutIfNeeded()
    }
    #expect(list.contentOffset.y == 3100)
    #expect(list.visibleRows == 86..<97)
    #expect(text(ofRow: 86) == "item 86")
    #expect(source.madeViews == 11)
    #expect(source.reusedViews > 80)
  }

  @Test func theRowsFollowTheOffsetOnTheWindowsFrames() {
    let source = RowSource(count: 100)
    list.dataSource = source
    clock.advance(by: 0)
    list.contentOffset.y = 1800
    clock.advance(by: 1.0 / 60)
    #expect(list.visibleRows == 50..<60)
    #expect(text(ofRow: 50) == "item 50")
  }

  @Test func rowsOfDifferentHeights() {
    let source = RowSource(count: 4)
    source.heights = [10, 20, .nan, -5]
    list.dataSource = source
    list.layoutIfNeeded()
    #expect(list.contentSize.height == 30)
    #expect(list.rectForRow(at: 1) == CGRect(x: 0, y: 10, width: 375, height: 20))
    #expect(list.rectForRow(at: 2) == CGRect(x: 0, y: 30, width: 375, height: 0))
    #expect(list.rectForRow(at: 4) == nil)
    #expect(list.rectForRow(at: -1) == nil)
    #expect(list.row(at: CGPoint(x: 5, y: 9.5)) == 0)
    #expect(list.row(at: CGPoint(x: 5, y: 10)) == 1)
    #expect(list.row(at: CGPoint(x: 5, y: 30)) == nil)
    #expect(list.row(at: CGPoint(x: -1, y: 15)) == nil)
    // The list's width is half-open, as its rows' rectangles are: x = 375 is past it.
    #expect(list.row(at: CGPoint(x: 374.5, y: 15)) == 1)
    #expect(list.row(at: CGPoint(x: 375, y: 15)) == nil)
  }

  /// Rows on screen that span two blocks of row tops (1,024 rows each when loaded), and the
  /// larger first block after twenty rows arrive at the top: each view has its row's frame.
  @Test func theRowsOnScreenAcrossBlocksOfTops() {
    let source = RowSource(count: 3000)
    list.dataSource = source
    list.layoutIfNeeded()
    list.contentOffset.y = 36_702  // row 1019 and a half at the top
    list.layoutIfNeeded()
    #expect(list.visibleRows == 1019..<1030)
    let tops: [CGFloat?] = (1019..<1030).map { CGFloat($0) * 36 }
    #expect(list.visibleRows.map { list.viewForRow(at: $0)?.frame.minY } == tops)
    #expect(list.viewForRow(at: 1024)?.frame == CGRect(x: 0, y: 36_864, width: 375, height: 36))
    source.insert((0..<20).map { "new \($0)" }, at: 0, height: 18)
    list.insertRows(at: Array(0..<20))
    list.layoutIfNeeded()
    #expect(list.contentOffset.y == 37_062)
    #expect(list.visibleRows == 1039..<1050)
    // Twenty rows of 18 points above: each old row 360 points further down.
    let moved: [CGFloat?] = (1019..<1030).map { 360 + CGFloat($0) * 36 }
    #expect(list.visibleRows.map { list.viewForRow(at: $0)?.frame.minY } == moved)
    #expect(text(ofRow: 1044) == "item 1024")
  }

  @Test func theDataSourceIsHeldWeakly() {
    list.dataSource = RowSource(count: 30)
    list.layoutIfNeeded()
    #expect(list.dataSource == nil)
    #expect(list.numberOfRows == 0)
  }

  @Test func noDataSourceOrNoRows() {
    #expect(list.numberOfRows == 0)
    let source = RowSource(count: 0)
    list.dataSource = source
    list.layoutIfNeeded()
    #expect(list.contentSize.height == 0)
    #expect(list.visibleRows == 0..<0)
    #expect(source.madeViews == 0)
  }

  @Test func insertingAtTheTopWhileScrolledDownKeepsTheScreenInPlace() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.contentOffset.y = 1800 + 12  // row 50 at the top, 12 points scrolled into it
    list.layoutIfNeeded()
    source.insert(["new 0", "new 1", "new 2"], at: 0)
    list.insertRows(at: [0, 1, 2])
    #expect(list.contentOffset.y == 1920)  // 1812 + 3 × 36
    #expect(list.contentSize.height == 3708)
    list.layoutIfNeeded()
    // Row 53 is the old row 50, on screen where it was: 12 points above the top.
    #expect(text(ofRow: 53) == "item 50")
    #expect(list.viewForRow(at: 53).map { $0.frame.minY - list.contentOffset.y } == -12)
  }

  @Test func insertingBelowTheScreenMovesNothing() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.contentOffset.y = 360
    list.layoutIfNeeded()
    source.insert(["late"], at: 80)
    list.insertRows(at: [80])
    #expect(list.contentOffset.y == 360)
    #expect(list.contentSize.height == 3636)
  }

  @Test func positionsOutsideTheRowsAreIgnored() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.contentOffset.y = 360
    list.layoutIfNeeded()
    list.insertRows(at: [-1, 100, 5000])
    #expect(list.contentOffset.y == 360)
    #expect(list.numberOfRows == 100)
  }

  @Test func insertingAtTheTopWhileAtTheTopShowsTheNewRows() {
    let source = RowSource(count: 100)
    list.contentInset.top = 64
    list.dataSource = source
    list.contentOffset.y = -64
    list.layoutIfNeeded()
    source.insert(["new 0", "new 1"], at: 0)
    list.insertRows(at: [0, 1])
    list.layoutIfNeeded()
    #expect(list.contentOffset.y == -64)
    #expect(text(ofRow: 0) == "new 0")
  }

  @Test func insertingWhileDraggingKeepsTheFingerOnTheSameRow() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.contentOffset.y = 720
    list.layoutIfNeeded()
    list.beginDragging(at: CGPoint(x: 100, y: 200))
    list.drag(to: CGPoint(x: 100, y: 190))
    #expect(list.contentOffset.y == 730)
    source.insert(["new"], at: 0)
    list.insertRows(at: [0])
    #expect(list.contentOffset.y == 766)
    list.drag(to: CGPoint(x: 100, y: 180))
    #expect(list.contentOffset.y == 776)
  }

  @Test func aWiderListHasWiderRows() {
    let source = RowSource(count: 20)
    list.dataSource = source
    list.layoutIfNeeded()
    list.frame.size.width = 768
    list.layoutIfNeeded()
    #expect(list.contentSize.width == 768)
    #expect(list.viewForRow(at: 0)?.frame.width == 768)
  }

  @Test func aViewOtherThanTheReusedOneReplacesIt() {
    let source = RowSource(count: 100)
    list.dataSource = source
    list.layoutIfNeeded()
    let rowViews = { list.subviews.filter { $0 is Label && !$0.isHidden }.count }
    source.makesNewViews = true
    list.contentOffset.y = 360
    list.layoutIfNeeded()
    #expect(source.madeViews == 20)
    #expect(rowViews() == 10)
    #expect(list.subviews.count == 10)
  }

  @Test func rowViewsStayBehindViewsAddedLater() {
    let overlay = View(frame: CGRect(x: 0, y: -54, width: 375, height: 54))
    list.addSubview(overlay)
    let source = RowSource(count: 30)
    list.dataSource = source
    list.layoutIfNeeded()
    #expect(list.subviews.count == 11)
    #expect(list.subviews.last === overlay)
  }

  @Test func reloadDataAsksForTheViewsOnScreenAgain() {
    let source = RowSource(count: 30)
    list.dataSource = source
    list.layoutIfNeeded()
    source.items[0] = "edited"
    list.reloadData()
    #expect(text(ofRow: 0) == "edited")
    #expect(source.madeViews == 10)
  }

  /// The rows on screen are asked for their views again after an insertion, as after a
  /// reload: a feed that ages its posts when new ones arrive shows the new ages (the demo's
  /// recorded session caught a list that kept the old views as they were).
  @Test func insertRowsAsksForTheViewsOnScreenAgain() {
    let source = RowSource(count: 30)
    list.dataSource = source
    list.layoutIfNeeded()
    list.contentOffset.y = 72
    list.layoutIfNeeded()
    source.items[5] = "edited"
    source.insert(["new"], at: 0)
    list.insertRows(at: [0])
    #expect(list.contentOffset.y == 108)
    #expect(text(ofRow: 6) == "edited")
    #expect(text(ofRow: 3) == "item 2")
    #expect(source.madeViews == 10)
  }

  @Test func anAnimatedScrollShowsEveryRowOnItsWay() {
    let source = RowSource(count: 100)
    list.dataSource = source
    clock.advance(by: 0)
    View.animate(withDuration: 0.3) { list.contentOffset.y = 360 }
    list.layoutIfNeeded()
    #expect(list.visibleRows == 0..<20)
    clock.advance(by: 0.4, framesPerSecond: 60)
    #expect(list.visibleRows == 10..<20)
  }
}
