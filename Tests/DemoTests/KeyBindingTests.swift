import DemoCore
import Foundation
import Refresh
import Rendering
import Testing

@MainActor
@Suite("One key table for the help, the title bar and the keys")
struct KeyBindingTests {
  @Test func everyBindingIsInTheHelp() {
    let help = DemoApp.keyHelp.split(separator: "\n")
    let commands = ListViewCommand.allCases
    #expect(help.count == commands.count + DemoApp.keyBindings.count)
    // The library's list keys first, then the demo's own.
    for (line, command) in zip(help, commands) {
      #expect(line.hasSuffix(command.description))
    }
    #expect(help[0].hasPrefix("  ↑ k"))
    for (line, binding) in zip(help.dropFirst(commands.count), DemoApp.keyBindings) {
      #expect(line.hasPrefix("  \(binding.keyNames)"))
      #expect(line.hasSuffix(binding.summary))
    }
  }

  @Test func theTitleBarShowsTheHintsInTableOrder() {
    let app = DemoApp(clock: ManualFrameClock(), columns: 200, rows: 10)
    let hints = DemoApp.keyBindings.compactMap(\.titleHint)
    #expect(
      hints == [
        "? keys", "Tab ] next tab", "Shift-Tab [ prev tab", "h header", "f footer", "s floor",
        "c chat", "x fail", "l language", "q quit",
      ])
    // One tab: no tab keys in the title.
    let oneTab = hints.filter { !$0.contains("Tab") }
    #expect(
      app.titleText
        == " swift-refresh · header Normal · footer Auto · en · "
        + (["r refresh"] + oneTab).joined(separator: " · "))
    let tabbed = DemoApp(
      clock: ManualFrameClock(), columns: 250, rows: 10, tabs: DemoApp.standardTabs)
    #expect(
      tabbed.titleText
        == " swift-refresh · header Normal · footer Auto · en · "
        + (["r refresh"] + hints).joined(separator: " · "))
  }

  /// A narrower bar drops the app's name, then the hints whose keys the scene already names,
  /// and keeps `r`, `s`, `c`, `x`, `?` and `q` at 100 columns.
  @Test(arguments: [
    (
      100,
      " header Normal · footer Auto · en · r refresh · ? keys · s floor · c chat · x fail · q quit"
    ),
    (80, " header Normal · footer Auto · en · r refresh · ? keys · s floor · q quit"),
    (60, " header Normal · footer Auto · en · r refresh · ? keys"),
    (20, " header Normal · footer Auto · en"),
  ])
  func theTitleBarFitsItsHintsToTheWidth(columns: Int, expected: String) {
    let app = DemoApp(clock: ManualFrameClock(), columns: columns, rows: 10)
    #expect(app.titleText == expected)
    // What does not fit is cut where the bar ends, with an ellipsis in the last cell.
    let fits = TextMetrics.cellCount(of: expected) <= columns
    #expect(fits == (columns != 20))
    let shown = app.screenText().split(separator: "\n")[0]
    #expect(shown.hasPrefix(expected.prefix(fits ? columns : columns - 1)))
  }

  /// A bar exactly as wide as a line shows that line; one cell less gives way.
  @Test func aLineThatFillsTheBarExactlyIsShown() {
    let app = DemoApp(clock: ManualFrameClock(), columns: 200, rows: 10)
    let named = app.titleText(fittingCells: 1_000)
    let width = TextMetrics.cellCount(of: named)
    #expect(app.titleText(fittingCells: width) == named)
    #expect(!app.titleText(fittingCells: width - 1).contains("swift-refresh"))
    let unnamed = String(named.dropFirst(" swift-refresh ·".count))
    #expect(app.titleText(fittingCells: width - 1) == unnamed)
    let shorter = app.titleText(fittingCells: TextMetrics.cellCount(of: unnamed) - 1)
    #expect(shorter == unnamed.replacingOccurrences(of: " · l language", with: ""))
  }

  /// The chat scene's longer names leave less room: the same order of giving way.
  @Test func theChatSceneGivesWayInTheSameOrder() {
    let app = DemoApp(clock: ManualFrameClock(), columns: 100, rows: 10)
    app.handle(.character("c"))
    #expect(
      app.titleText
        == " header Chat (auto header) · footer none · en · r refresh · ? keys · s floor · c chat · q quit"
    )
  }

  /// `?` shows every key over the list, as `less` and `htop` do; the next key, whatever it
  /// is, closes them and does nothing else.
  @Test func questionMarkShowsTheKeysAndAnyKeyClosesThem() {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 100, rows: 30)
    #expect(app.screenText().split(separator: "\n")[0].contains("? keys"))
    app.handle(.character("?"))
    #expect(app.isShowingKeys)
    let shown = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(shown[1] == KeyHelpView.heading.padding(toLength: 100, withPad: " ", startingAt: 0))
    let help = DemoApp.keyHelp.split(separator: "\n")
    for (line, expected) in zip(shown[3..<29], help) {
      #expect(line.hasPrefix(expected.prefix(100)))
    }
    #expect(app.statusText.hasPrefix(" header idle"))
    app.handle(.character("j"))  // closes the keys, and selects nothing
    #expect(!app.isShowingKeys)
    #expect(app.scroll.selectedRow == nil)
    #expect(!app.screenText().contains(KeyHelpView.heading))
    app.handle(.character("j"))
    #expect(app.scroll.selectedRow == 0)
  }

  /// In the accessible mode nothing is drawn, so `?` says the keys, one line each, and takes
  /// no key from what follows: `?` then `q` quits.
  @Test func questionMarkSaysTheKeysToAScreenReaderAndTakesNoKey() {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 100, rows: 30)
    let accessibility = app.window.accessibility
    accessibility.isScreenReaderRunning = true
    accessibility.removeAllPosts()
    app.handle(.character("?"))
    #expect(!app.isShowingKeys)
    let said = accessibility.posts.filter { $0.notification == .announcement }.map(\.text)
    #expect(said == ["Keys:"] + DemoApp.keyHelp.split(separator: "\n").map(String.init))
    app.handle(.character("q"))
    #expect(app.shouldQuit)
  }

  @Test func noKeyIsBoundTwiceNorTakesAListKey() {
    let keys = DemoApp.keyBindings.flatMap(\.keys)
    #expect(Set(keys).count == keys.count)
    #expect(Set(keys).isDisjoint(with: InputDispatcher.defaultKeyBindings.keys))
  }

  @Test func anUnboundKeyDoesNothing() {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 64, rows: 22)
    clock.advance(by: 0)
    let before = app.screenText()
    app.handle(.key(.character("z")))
    clock.advance(by: 1)
    #expect(app.screenText() == before)
    #expect(!app.shouldQuit)
  }
}
