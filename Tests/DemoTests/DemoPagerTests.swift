import DemoCore
import Foundation
import Refresh
import Rendering
import Testing

/// The demo's tabs: a horizontal pager of three vertical lists (``DemoApp/standardTabs``),
/// on a 64 × 22-cell screen (576 points wide; the pager's pages are 19 rows, 342 points, high
/// under the title bar and the tab strip), driven by input events on a manual clock.
@MainActor
@Suite("The demo's pager: a tab per feed")
struct DemoPagerTests {
  let clock = ManualFrameClock()
  let app: DemoApp
  /// A page's width, in points: the screen's 64 columns of 9 points.
  let page: CGFloat = 576

  init() {
    app = DemoApp(
      clock: clock, columns: 64, rows: 22, tabs: DemoApp.standardTabs,
      preferredLanguages: ["en"], currentDate: { Date(timeIntervalSince1970: 1_768_470_060) })
    clock.advance(by: 0)
  }

  var lists: [ListView] { app.tabs.map(\.list) }

  func frames(_ count: Int) {
    for _ in 0..<count { clock.advance(by: 1.0 / 60) }
  }

  func mouse(_ kind: MouseEvent.Kind, column: Int, row: Int) {
    app.handle(.mouse(MouseEvent(kind: kind, column: column, row: row)))
  }

  /// A press, `steps` drags 1/30 s apart along the line to the end, and a release there.
  func drag(from start: (column: Int, row: Int), to end: (column: Int, row: Int), steps: Int = 6) {
    mouse(.press, column: start.column, row: start.row)
    for step in 1...steps {
      clock.advance(by: 1.0 / 30)
      mouse(
        .drag, column: start.column + (end.column - start.column) * step / steps,
        row: start.row + (end.row - start.row) * step / steps)
    }
    mouse(.release, column: end.column, row: end.row)
  }

  /// The screen's second row: the tab strip.
  var stripRow: String {
    String(app.screenText().split(separator: "\n", omittingEmptySubsequences: false)[1])
  }

  @Test func threeTabsEachWithItsOwnListHeaderAndFooter() {
    #expect(app.tabs.map(\.name) == ["Latest", "Popular", "Saved"])
    #expect(app.pager.isPagingEnabled)
    #expect(app.pager.contentSize == CGSize(width: 3 * page, height: 342))
    #expect(app.pager.frame == CGRect(x: 0, y: 36, width: page, height: 342))
    for (index, list) in lists.enumerated() {
      #expect(list.superview === app.pager)
      #expect(list.frame == CGRect(x: CGFloat(index) * page, y: 0, width: page, height: 342))
      #expect(list.header is RefreshNormalHeader)
      #expect(list.footer is RefreshAutoNormalFooter)
      #expect(list.contentOffset == .zero)
    }
    #expect(app.tabs.map { $0.service.feed.items.count } == [15, 15, 5])
    #expect(app.tabIndex == 0 && app.scroll === lists[0])
  }

  @Test func aHorizontalDragPagesExactlyOnePageAndNoListMoves() {
    lists[0].contentOffset = CGPoint(x: 0, y: 100)
    let before = lists.map(\.contentOffset)
    // 32 columns (288 points, half a page) leftward in a fifth of a second: a fling.
    drag(from: (48, 8), to: (16, 8))
    frames(120)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
    #expect(lists.map(\.contentOffset) == before)
    #expect(app.tabIndex == 1)
    #expect(app.scroll === lists[1])
    #expect(app.dispatcher.focusedList === lists[1])
    #expect(app.window.draggedScrollModel == nil)
    // Back the other way, slowly and by a third of a page: the pager returns to Popular.
    mouse(.press, column: 10, row: 8)
    for column in 11...31 {
      clock.advance(by: 0.2)
      mouse(.drag, column: column, row: 8)
    }
    clock.advance(by: 0.2)
    mouse(.release, column: 31, row: 8)
    frames(120)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
    #expect(lists.map(\.contentOffset) == before)
  }

  @Test func aVerticalPullOnTheSecondTabRefreshesItsListAlone() {
    app.showTab(1)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
    drag(from: (20, 4), to: (20, 13), steps: 9)
    #expect(lists[1].header?.state == .refreshing)
    #expect(lists[0].header?.state == .idle && lists[2].header?.state == .idle)
    frames(30)
    // The 54-point header is the top inset while it refreshes, in view above the rows.
    #expect(lists[1].adjustedContentInset.top == 54)
    #expect(lists[1].contentOffset == CGPoint(x: 0, y: -54))
    clock.advance(by: 1.2)
    #expect(app.tabs.map { $0.service.feed.items.count } == [15, 18, 5])
    #expect(
      app.tabs[1].service.feed.items.first?.title == "Refreshing is a state, not an animation"
    )
    #expect(app.screenText().contains("3 new posts"))
    clock.advance(by: 2)
    #expect(lists.map { $0.header?.state } == [.idle, .idle, .idle])
    #expect(lists[1].adjustedContentInset.top == 0)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
    for other in [0, 2] {
      #expect(lists[other].contentOffset == .zero)
      #expect(lists[other].adjustedContentInset.top == 0)
    }
  }

  /// "Saved" is shorter than its page, and still pulls; its server has nothing new.
  @Test func theShortSavedTabPullsToo() {
    app.showTab(2)
    drag(from: (20, 4), to: (20, 13), steps: 9)
    #expect(lists.map { $0.header?.state } == [.idle, .idle, .refreshing])
    clock.advance(by: 1.5)
    #expect(app.screenText().contains("No new posts"))
    #expect(app.tabs.map { $0.service.feed.items.count } == [15, 15, 5])
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0))
  }

  @Test func tabAndBracketsTurnThePagesAnimated() {
    app.handle(.key(.tab))
    // The key makes the tab current at once; the pager slides there over 0.3 s.
    #expect(app.tabIndex == 1)
    frames(9)
    #expect(app.pager.contentOffset.x > 0 && app.pager.contentOffset.x < page)
    frames(21)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
    app.handle(.key(.character("]")))
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0))
    // After the last tab, the first.
    app.handle(.key(.tab))
    frames(30)
    #expect(app.pager.contentOffset == .zero && app.tabIndex == 0)
    // Before the first, the last.
    app.handle(.key(.character("[")))
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0) && app.tabIndex == 2)
    app.handle(.key(.backTab))
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0) && app.tabIndex == 1)
    // Two keys in one slide turn two pages.
    app.handle(.key(.tab))
    frames(3)
    app.handle(.key(.tab))
    frames(30)
    #expect(app.pager.contentOffset == .zero && app.tabIndex == 0)
    #expect(lists.map(\.contentOffset) == [.zero, .zero, .zero])
  }

  @Test func theListKeysGoToTheCurrentTab() {
    app.handle(.key(.tab))
    frames(30)
    app.handle(.key(.end))
    frames(60)
    #expect(lists[1].contentOffset.y == lists[1].maximumContentOffset.y)
    #expect(lists[0].contentOffset == .zero && lists[2].contentOffset == .zero)
    #expect(app.statusText.contains("offset \(String(format: "%.1f", lists[1].contentOffset.y))"))
  }

  @Test func aHorizontalWheelSwipeTurnsOnePage() {
    func swipe(_ dx: Int, notches: Int) {
      for _ in 0..<notches {
        mouse(.wheel(dx: dx, dy: 0), column: 20, row: 8)
        clock.advance(by: 0.02)
      }
      frames(60)
    }
    swipe(1, notches: 20)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0) && app.tabIndex == 1)
    swipe(1, notches: 3)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0) && app.tabIndex == 2)
    // Past the last tab, the wheel goes nowhere (the keys wrap; the wheel does not).
    swipe(1, notches: 8)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0))
    swipe(-1, notches: 30)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0) && app.tabIndex == 1)
    #expect(lists.map(\.contentOffset) == [.zero, .zero, .zero])
    // A vertical notch scrolls the list under the pointer: three lines.
    mouse(.wheel(dx: 0, dy: 1), column: 20, row: 8)
    #expect(lists[1].contentOffset == CGPoint(x: 0, y: 54))
    #expect(lists[0].contentOffset == .zero && lists[2].contentOffset == .zero)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0))
  }

  @Test func theTabStripShowsTheCurrentTab() {
    #expect(stripRow.hasPrefix(" [Latest]  Popular   Saved "))
    app.handle(.key(.tab))
    #expect(stripRow.hasPrefix("  Latest  [Popular]  Saved "))
    app.handle(.key(.tab))
    #expect(stripRow.hasPrefix("  Latest   Popular  [Saved]"))
    // The current tab in the title bar's blue with white bold text; the others black on the
    // status line's gray: chosen pairs, which read on dark and light terminals alike.
    let canvas = TerminalCanvas(columns: 64, rows: 22)
    app.render(into: canvas)
    let current = canvas[21, 1]
    #expect(current.character == "S")
    #expect(current.background.color == TabStripView.currentBackground)
    #expect(current.foreground.color == .white)
    #expect(current.isBold)
    let other = canvas[2, 1]
    #expect(other.character == "L")
    #expect(other.background.color == TabStripView.background)
    #expect(other.foreground.color == .black)
    #expect(!other.isBold)
  }

  /// A click on a name in the strip slides the pager to that tab; one between the names, or on
  /// the current tab, turns nothing.
  @Test func clickingATabsNameSlidesToIt() {
    func click(column: Int) {
      mouse(.press, column: column, row: 1)
      mouse(.release, column: column, row: 1)
    }
    click(column: 23)  // "Saved"
    #expect(app.tabIndex == 2)
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0))
    click(column: 9)  // between "Latest" and "Popular"
    click(column: 24)  // "Saved" again
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: 2 * page, y: 0))
    click(column: 12)  // "Popular"
    frames(30)
    #expect(app.pager.contentOffset == CGPoint(x: page, y: 0) && app.tabIndex == 1)
    #expect(lists.map(\.contentOffset) == [.zero, .zero, .zero])
  }

  /// A screen reader hears the current tab alone: its name when it turns, then the rows in
  /// view of its list, not those of the pages beside it.
  @Test func aScreenReaderHearsTheCurrentTabAlone() {
    let clock = ManualFrameClock()
    let app = DemoApp(
      clock: clock, columns: 64, rows: 22, tabs: DemoApp.standardTabs,
      preferredLanguages: ["en"])
    let accessibility = app.window.accessibility
    accessibility.isScreenReaderRunning = true
    clock.advance(by: 0)
    let latest = accessibility.posts.filter { $0.notification == .appeared }.map(\.text)
    // Nineteen rows of two-line posts: ten posts in view, at least in part.
    #expect(latest.count == 10)
    #expect(latest.first?.hasPrefix("Notes from a week of profiling") == true)
    #expect(latest.last?.hasPrefix("Designing empty states") == true)
    accessibility.removeAllPosts()
    app.handle(.key(.tab))
    for _ in 0..<30 { clock.advance(by: 1.0 / 60) }
    let said = accessibility.posts.map(\.text)
    #expect(said.first == "Popular, tab 2 of 3")
    #expect(said.count == 11)
    #expect(said.dropFirst().first?.hasPrefix("The case for boring technology") == true)
  }

  @Test func theTitleAndTheHelpNameTheTabKeys() {
    #expect(app.titleText(fittingCells: 200).contains("Tab ] next tab"))
    #expect(app.titleText(fittingCells: 200).contains("Shift-Tab [ prev tab"))
    #expect(DemoApp.keyHelp.contains("Tab ]"))
    #expect(DemoApp.keyHelp.contains("Shift-Tab [  previous tab"))
    // One tab has no tab strip and no tab keys in its title.
    let single = DemoApp(clock: clock, columns: 64, rows: 22, preferredLanguages: ["en"])
    #expect(!single.showsTabStrip)
    #expect(!single.titleText(fittingCells: 200).contains("Tab"))
    single.handle(.key(.tab))
    #expect(single.tabIndex == 0)
  }

  @Test(arguments: [(1, 1), (3, 3), (4, 4), (20, 5), (64, 22), (200, 60)])
  func everySizeDrawsTheTabs(columns: Int, rows: Int) {
    app.resize(columns: columns, rows: rows)
    app.handle(.key(.tab))
    frames(30)
    let lines = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == rows)
    #expect(app.showsTabStrip == (rows >= 4))
    #expect(app.pager.contentOffset == CGPoint(x: CGFloat(columns) * 9, y: 0))
    if rows >= 4 { #expect(lines[1].contains("Latest") || columns < 10) }
  }
}
