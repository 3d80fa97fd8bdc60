import Foundation
import Refresh
import Testing

@testable import Rendering

/// Labels of 18-point rows: one terminal line each.
@MainActor
final class LineSource: ListViewDataSource {
  var lines = (1...40).map { "line \($0)" }
  func numberOfRows(in listView: ListView) -> Int { lines.count }
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 18 }
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let label = view as? Label ?? Label()
    label.text = lines[row]
    return label
  }
}

/// A 40 × 12-cell window with a list of forty one-line rows below a one-line bar.
@MainActor
@Suite("InputDispatcher: the keys a list answers, after the app's onKey")
struct InputDispatcherKeyTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = LineSource()
  let dispatcher: InputDispatcher

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 360, height: 216), clock: clock)
    list = ListView(frame: CGRect(x: 0, y: 18, width: 360, height: 198))
    list.dataSource = source
    window.addSubview(list)
    dispatcher = InputDispatcher(window: window)
    clock.advance(by: 0)
  }

  func key(_ key: Key) {
    dispatcher.handle(.key(key))
  }

  func settle() {
    for _ in 0..<30 { clock.advance(by: 1.0 / 60) }
  }

  @Test(arguments: [
    (Key.down, ListViewCommand.moveDown), (.character("j"), .moveDown), (.up, .moveUp),
    (.character("k"), .moveUp), (.pageUp, .pageUp), (.pageDown, .pageDown),
    (.character(" "), .pageDown), (.home, .top), (.character("g"), .top), (.end, .bottom),
    (.character("G"), .bottom), (.enter, .activate), (.character("r"), .refresh),
    (.function(5), .refresh), (.character("a"), .readActions),
  ])
  func theDefaultBindings(key: Key, command: ListViewCommand) {
    #expect(InputDispatcher.defaultKeyBindings[key] == command)
  }

  @Test func everyCommandHasAKey() {
    for command in ListViewCommand.allCases {
      #expect(!dispatcher.keyNames(for: command).isEmpty, "\(command)")
    }
    #expect(dispatcher.keyNames(for: .moveDown) == "↓ j")
    #expect(dispatcher.keyNames(for: .pageDown) == "PgDn Space")
    #expect(dispatcher.keyNames(for: .refresh) == "F5 r")
    #expect(dispatcher.keyNames(for: .readActions) == "a")
  }

  /// What the window has announced, in order.
  var announcements: [String] {
    window.accessibility.posts.filter { $0.notification == .announcement }.map(\.text)
  }

  @Test func aListsActionsAreReadNumberedAndADigitPerformsOne() {
    var refreshes = 0
    list.header = RefreshNormalHeader { refreshes += 1 }
    list.footer = RefreshAutoNormalFooter {}
    settle()
    key(.character("a"))
    #expect(announcements.last == "1 Refresh, 2 Load more")
    key(.character("1"))
    // The action plays the pull: down past the threshold, then the release.
    for _ in 0..<4 { settle() }
    #expect(list.header?.state == .refreshing)
    #expect(refreshes == 1)
    #expect(announcements.suffix(2) == ["Release to refresh", "Loading..."])
    // Once the refresh is over, both are offered again, and `2` loads more.
    list.header?.endRefreshing()
    for _ in 0..<4 { settle() }
    key(.character("a"))
    #expect(announcements.last == "1 Refresh, 2 Load more")
    key(.character("2"))
    for _ in 0..<4 { settle() }
    #expect(list.footer?.state == .refreshing)
  }

  @Test func aDigitWithoutAnOfferOrAfterAnotherKeyIsAnOrdinaryKey() {
    var refreshes = 0
    list.header = RefreshNormalHeader { refreshes += 1 }
    settle()
    var seen: [Key] = []
    dispatcher.onKey = { seen.append($0) }
    key(.character("1"))
    key(.character("a"))
    #expect(announcements.last == "1 Refresh")
    key(.down)
    #expect(list.selectedRow == 0)
    key(.character("1"))
    for _ in 0..<4 { settle() }
    #expect(refreshes == 0)
    #expect(list.header?.state == .idle)
    // A number past the offer ends it too.
    key(.character("a"))
    key(.character("2"))
    key(.character("1"))
    settle()
    #expect(refreshes == 0)
    #expect(
      seen == [
        .character("1"), .character("a"), .down, .character("1"), .character("a"), .character("2"),
        .character("1"),
      ])
  }

  @Test func keysMoveTheSelectionAndPageTheList() {
    key(.character("j"))
    key(.down)
    #expect(list.selectedRow == 1)
    key(.end)
    settle()
    #expect(list.selectedRow == 39)
    #expect(list.contentOffset.y == 522)  // 40 lines of 18, less 198
    key(.character("g"))
    settle()
    #expect(list.contentOffset.y == 0)
    key(.character(" "))
    settle()
    #expect(list.contentOffset.y == 180)  // 198 less a line
  }

  @Test func onKeySeesEveryKeyFirstAndCanTakeIt() {
    var seen: [Key] = []
    // Weakly: the dispatcher holds its onKey, and a strong capture would leak both.
    dispatcher.onKey = { [weak dispatcher] key in
      seen.append(key)
      if key == .character("j") { dispatcher?.takeKey() }
    }
    key(.character("j"))
    #expect(list.selectedRow == nil)  // taken
    key(.down)
    #expect(list.selectedRow == 0)  // left to the list
    key(.character("z"))
    #expect(seen == [.character("j"), .down, .character("z")])
    // Outside onKey, takeKey does nothing.
    dispatcher.takeKey()
    key(.down)
    #expect(list.selectedRow == 1)
  }

  @Test func aRemovedBindingLeavesTheKeyUnbound() {
    dispatcher.keyBindings[.character("j")] = nil
    dispatcher.keyBindings[.character("n")] = .moveDown
    key(.character("j"))
    #expect(list.selectedRow == nil)
    key(.character("n"))
    #expect(list.selectedRow == 0)
  }

  @Test func keysGoToTheFrontmostShownListOrTheOnePressed() {
    let other = ListView(frame: CGRect(x: 180, y: 18, width: 180, height: 198))
    other.dataSource = source
    window.addSubview(other)
    clock.advance(by: 0)
    #expect(dispatcher.keyTarget === other)
    other.isHidden = true
    #expect(dispatcher.keyTarget === list)
    other.isHidden = false
    // A press on the first list (column 2) focuses it.
    dispatcher.handle(.mouse(MouseEvent(kind: .press, column: 2, row: 3)))
    dispatcher.handle(.mouse(MouseEvent(kind: .release, column: 2, row: 3)))
    #expect(dispatcher.keyTarget === list)
    other.removeFromSuperview()
    list.removeFromSuperview()
    #expect(dispatcher.keyTarget == nil)
    key(.down)  // nothing to answer it: ignored
  }

  @Test func aClickSelectsTheRowUnderThePointer() {
    final class Opened: ListViewDelegate {
      var rows: [Int] = []
      func listView(_ listView: ListView, didSelectRowAt row: Int) { rows.append(row) }
    }
    let opened = Opened()
    list.delegate = opened
    // Screen row 4 is the list's line 3 (the list starts one line down).
    dispatcher.handle(.mouse(MouseEvent(kind: .press, column: 10, row: 4)))
    dispatcher.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 4)))
    #expect(list.selectedRow == 3)
    key(.enter)
    #expect(opened.rows == [3, 3])
  }

  @Test func theSelectionIsDrawnBehindItsRow() {
    list.selectRow(at: 2)
    let canvas = TerminalCanvas(
      columns: 40, rows: 12, background: .systemBackground, foreground: .label)
    window.layoutIfNeeded()
    window.render(in: canvas)
    // Screen row 3 is list row 2: in reverse video across, its text kept, which reads on a dark
    // terminal and a light one alike.
    #expect(ListView.defaultSelectionColor == .selectedContentBackground)
    #expect((0..<40).allSatisfy { canvas[$0, 3].isInverse })
    #expect(canvas.grid.text.split(separator: "\n")[3].hasPrefix("line 3"))
    #expect(!canvas[0, 2].isInverse && !canvas[0, 4].isInverse)
    // With no color at all (`NO_COLOR`), reverse video is still written.
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.colorMode = .none
    let frame = String(decoding: buffer.frame(from: canvas.grid), as: UTF8.self)
    #expect(frame.contains("\u{1B}[7mline 3"), "\(frame)")
    // A color of the app's own is a fill, as before.
    list.selectionColor = .orange
    let orange = TerminalCanvas(columns: 40, rows: 12)
    window.render(in: orange)
    #expect(orange[0, 3].background == TerminalColor(.orange) && !orange[0, 3].isInverse)
    list.selectionColor = nil
    let plain = TerminalCanvas(columns: 40, rows: 12)
    window.render(in: plain)
    #expect(plain[0, 3].background != TerminalColor(.orange) && !plain[0, 3].isInverse)
  }

}
