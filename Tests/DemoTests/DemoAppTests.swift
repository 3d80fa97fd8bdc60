import DemoCore
import Foundation
import Refresh
import Rendering
import TestSupport
import Testing

@MainActor
@Suite("The demo's core: input events to scroll model to screen")
struct DemoAppTests {
  let clock = ManualFrameClock()
  let app: DemoApp

  init() {
    app = DemoApp(
      clock: clock, columns: 64, rows: 22,
      currentDate: { Date(timeIntervalSince1970: 1_768_470_060) })
    clock.advance(by: 0)
    RefreshConfig.default.languageCode = "en"
  }

  func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int = 20) {
    app.handle(.mouse(MouseEvent(kind: kind, column: column, row: row)))
  }

  func pull(toRow row: Int) {
    mouse(.press, row: 3)
    for current in 4...row {
      clock.advance(by: 1.0 / 30)
      mouse(.drag, row: current)
    }
  }

  @Test func aMousePullShowsTheHeaderAndRefreshes() {
    #expect(app.screenText().contains("Notes from a week of profiling"))
    pull(toRow: 8)
    #expect(app.scroll.header?.state == .idle)
    #expect(app.screenText().contains("Pull down to refresh"))
    pull(toRow: 12)
    #expect(app.screenText().contains("Release to refresh"))
    #expect(app.scroll.header?.state == .pulling)
    mouse(.release, row: 12)
    clock.advance(by: 0.3)
    #expect(app.screenText().contains("Loading..."))
    clock.advance(by: 1.2)
    let screen = app.screenText()
    #expect(screen.contains("3 new posts"))
    let firstPost = screen.split(separator: "\n").first { $0.contains("Ask: is a 54-point") }
    #expect(firstPost != nil)
    #expect(app.feed.items.first?.title == "Ask: is a 54-point header still the right height?")
    clock.advance(by: 2)
    #expect(app.scroll.adjustedContentInset.top == 0)
    #expect(app.statusText.contains("header idle"))
  }

  @Test func rPullsTheHeaderDownAndReleasesIt() {
    app.handle(.key(.character("r")))
    for _ in 0..<20 { clock.advance(by: 1.0 / 60) }
    #expect(app.screenText().contains("Release to refresh"))
    #expect(app.scroll.header?.state == .pulling)
    for _ in 0..<30 { clock.advance(by: 1.0 / 60) }
    #expect(app.scroll.header?.state == .refreshing)
    #expect(app.screenText().contains("Loading..."))
  }

  @Test func theArrowsMoveTheSelectionThroughTheFeed() {
    app.handle(.key(.down))
    app.handle(.key(.character("j")))
    #expect(app.scroll.selectedRow == 1)
    // The selected post shows the list's highlight (reverse video), the others none: a post
    // (two lines) starts at line 4, below the title bar and the 54-point header's three lines.
    clock.advance(by: 0)
    let canvas = TerminalCanvas(columns: 64, rows: 22)
    app.render(into: canvas)
    let selected = app.scroll.convert(app.scroll.rectForRow(at: 1)!, to: nil)
    let line = Int(selected.minY / TextMetrics.lineHeight)
    #expect(canvas[0, line].isInverse && canvas[0, line + 1].isInverse)
    #expect(!canvas[0, line - 1].isInverse && !canvas[0, line + 2].isInverse)
  }

  @Test func theWheelAtTheTopPullsToo() {
    for _ in 0..<3 {
      mouse(.wheel(dx: 0, dy: -1), row: 5)
      clock.advance(by: 0.03)
    }
    #expect(app.scroll.header?.state == .pulling)
    clock.advance(by: 0.2)
    #expect(app.scroll.header?.isRefreshing == true)
  }

  /// Seen in a terminal: thirty notches in a burst flung the list thousands of points past its
  /// end, and once the page arrived the spring's way back glided the list to the top.
  @Test func aBurstOfWheelNotchesAtTheEndLoadsAPageAndStaysThere() {
    for _ in 0..<30 {
      mouse(.wheel(dx: 0, dy: 1), row: 10)
      clock.advance(by: 0.001)
    }
    let end = app.scroll.maximumContentOffset.y
    #expect(app.scroll.footer?.state == .refreshing)
    var peak = app.scroll.contentOffset.y
    for _ in 0..<120 {
      clock.advance(by: 1.0 / 60)
      peak = max(peak, app.scroll.contentOffset.y)
    }
    #expect(app.scroll.footer?.state == .idle)
    #expect(app.scroll.maximumContentOffset.y > end)  // the page arrived
    #expect(peak < end + app.scroll.bounds.height)
    #expect(app.scroll.contentOffset.y >= end)
    #expect(!app.scroll.isDecelerating)
  }

  @Test func scrollingToTheEndLoadsPagesUntilNoMoreData() {
    var loads = 0
    while app.scroll.footer?.state != .noMoreData, loads < 10 {
      app.handle(.key(.end))
      clock.advance(by: 0.5, framesPerSecond: 60)
      clock.advance(by: 1)
      loads += 1
    }
    #expect(app.scroll.footer?.state == .noMoreData)
    #expect(app.feed.items.count == 58)
    app.handle(.key(.end))
    clock.advance(by: 0.5, framesPerSecond: 60)
    #expect(app.screenText().contains("No more data"))
  }

  @Test func keysSwitchStylesLanguageAndQuit() throws {
    defer { RefreshConfig.default.languageCode = nil }
    app.handle(.key(.character("h")))
    #expect(app.scroll.header is RefreshGifHeader)
    #expect(app.titleText.contains("header Gif"))
    app.handle(.key(.character("f")))
    #expect(app.scroll.footer is RefreshBackNormalFooter)
    app.handle(.key(.character("l")))
    #expect(RefreshConfig.default.languageCode == "zh-Hans")
    let header = try #require(app.scroll.header as? RefreshStateHeader)
    #expect(header.stateLabel.text == "下拉可以刷新")
    app.handle(.key(.character("l")))
    #expect(header.stateLabel.text == RefreshText.headerIdle.localized(language: "zh-Hant"))
    for _ in 0..<(DemoApp.languages.count - 2) { app.handle(.key(.character("l"))) }
    #expect(RefreshConfig.default.languageCode == "en")
    app.handle(.key(.character("q")))
    #expect(app.shouldQuit)
  }

  @Test func tappingTheAutoFootersTitleLoads() throws {
    app.handle(.key(.end))
    clock.advance(by: 0.4, framesPerSecond: 60)
    clock.advance(by: 1)  // the next page came by itself
    #expect(app.scroll.footer?.state == .idle)
    app.handle(.key(.end))  // back to the bottom, where the footer's title is
    clock.advance(by: 0.4, framesPerSecond: 60)
    let footer = try #require(app.scroll.footer as? RefreshAutoNormalFooter)
    let center = footer.stateLabel.convert(
      CGPoint(x: footer.stateLabel.bounds.midX, y: footer.stateLabel.bounds.midY), to: nil)
    let column = Int(center.x / TextMetrics.cellWidth)
    let row = Int(center.y / TextMetrics.lineHeight)
    mouse(.press, row: row, column: column)
    mouse(.release, row: row, column: column)
    #expect(footer.state == .refreshing)
  }

  @Test func theStatusLineShowsStateOffsetInsetAndPull() {
    pull(toRow: 8)
    let status = app.statusText
    #expect(status.contains("header idle") || status.contains("header pulling"))
    #expect(status.contains("offset -"))
    #expect(status.contains("inset 0.0/44.0"))
    #expect(status.contains("pull 0."))
  }

  @Test(arguments: Array(UInt64(1)...20))
  func anyScreenSizeAndAnyInputLayOutWithoutTrouble(seed: UInt64) {
    defer { RefreshConfig.default.languageCode = nil }
    var random = SplitMix64(seed: seed)
    let sizes = [(1, 1), (2, 2), (3, 3), (1, 40), (200, 1), (80, 24), (1000, 500), (5000, 5000)]
    for _ in 0..<30 {
      if random.next() % 4 == 0 {
        let size = sizes[Int(random.next() % UInt64(sizes.count))]
        app.resize(columns: size.0, rows: size.1)
      }
      let row = Int(random.next() % 600)
      let column = Int(random.next() % 1200)
      let events: [InputEvent] = [
        .mouse(MouseEvent(kind: .press, column: column, row: row)),
        .mouse(MouseEvent(kind: .drag, column: column, row: row + 5)),
        .mouse(MouseEvent(kind: .release, column: column, row: row)),
        .mouse(MouseEvent(kind: .wheel(dx: 0, dy: -1), column: column, row: row)),
        .key(.up), .key(.down), .key(.pageDown), .key(.home), .key(.end),
        .key(.character("r")), .key(.character("h")), .key(.character("f")),
      ]
      app.handle(events[Int(random.next() % UInt64(events.count))])
      clock.advance(by: Double(random.next() % 400) / 1000)
      #expect(app.scroll.contentOffset.isFinite)
    }
    // Drawing after all that still works.
    app.resize(columns: 40, rows: 12)
    #expect(app.screenText().split(separator: "\n", omittingEmptySubsequences: false).count == 12)
  }
}

@MainActor
@Suite("Screen sizes")
struct ScreenSizeTests {
  @Test(arguments: [
    (1, 1), (2, 2), (3, 3), (1, 40), (200, 1), (200, 60), (1000, 500), (5000, 5000),
  ])
  func everySizeDraws(columns: Int, rows: Int) {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: columns, rows: rows)
    clock.advance(by: 0)
    let lines = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == min(rows, DemoApp.maximumSize.rows))
    #expect(lines.allSatisfy { $0.count <= min(columns, DemoApp.maximumSize.columns) })
  }
}

@MainActor
@Suite("The scripted session")
struct ScriptedSessionTests {
  @Test func playsTheWholeStoryTheSameWayEveryTime() {
    var first: [String] = []
    var second: [String] = []
    ScriptedSession().run { first.append($0) }
    ScriptedSession().run { second.append($0) }
    #expect(first == second)
    let all = first.joined(separator: "\n")
    for expected in [
      "Pull down to refresh", "Release to refresh", "Loading...", "3 new posts", "No more data",
      "Load failed. Tap to retry.", "[Latest]  Popular   Saved", " Latest  [Popular]  Saved",
      "Refreshing is a state, not an animation",
    ] {
      #expect(all.contains(expected), "\(expected)")
    }
    #expect(first.count == 16)
  }
}
