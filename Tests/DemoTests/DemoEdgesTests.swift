import DemoCore
import Foundation
import Refresh
import Rendering
import Testing

/// The demo's keys for the second floor and the chat list.
@MainActor
@Suite("The demo shows the second floor and a chat list")
struct DemoEdgesTests {
  @Test func sSwitchesToTheTwoLevelHeaderAndClosesItsFloor() throws {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 60, rows: 24)
    clock.advance(by: 0)
    app.handle(.key(.character("s")))
    let header = try #require(app.scroll.header as? RefreshTwoLevelHeader)
    #expect(app.titleText.contains("header \(DemoApp.twoLevelStyleName)"))
    header.openSecondFloor()
    clock.advance(by: 0.5)
    #expect(app.screenText().contains("The second floor"))
    #expect(app.statusText.hasPrefix(" header second floor · "))
    app.handle(.key(.character("s")))
    #expect(!header.isSecondFloorOpen)
    clock.advance(by: 0.5)
    #expect(!app.screenText().contains("The second floor"))
    #expect(app.statusText.hasPrefix(" header idle · "))
  }

  @Test func cTurnsTheFeedIntoAChatAndBack() throws {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 60, rows: 24)
    clock.advance(by: 0)
    app.handle(.key(.character("c")))
    #expect(app.isChat)
    #expect(app.scroll.header is RefreshAutoNormalHeader)
    #expect(app.scroll.footer == nil)
    #expect(app.scroll.staysAtEnd)
    #expect(app.scroll.contentOffset.y == app.scroll.maximumContentOffset.y)
    #expect(app.titleText.contains("header Chat (auto header) · footer none"))
    app.handle(.key(.character("c")))
    #expect(!app.isChat)
    #expect(app.scroll.footer != nil)
    #expect(!app.scroll.staysAtEnd)
  }
}

/// The demo's failures: `x` makes the next request fail, and the retry footer waits.
@MainActor
@Suite("The demo fails a request and retries it")
struct DemoFailureTests {
  @Test func xFailsTheNextLoadAndATapRetriesIt() throws {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 60, rows: 24)
    clock.advance(by: 0)
    let footer = try #require(app.scroll.footer as? RefreshAutoNormalFooter)
    app.handle(.key(.character("x")))
    app.handle(.key(.end))
    clock.advance(by: 0.5, framesPerSecond: 60)
    #expect(footer.state == .refreshing)
    clock.advance(by: 1)
    #expect(footer.state == .failed)
    #expect(app.feed.items.count == 15)
    #expect(app.screenText().contains("Load failed. Tap to retry."))
    #expect(app.statusText.contains("footer failed"))
    // A tap on its title retries, and the page arrives.
    #expect(footer.stateLabel.onTap != nil)
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    clock.advance(by: 1)
    #expect(footer.state == .idle)
    #expect(app.feed.items.count == 30)
  }

  @Test func xFailsTheNextRefresh() throws {
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 60, rows: 24)
    clock.advance(by: 0)
    let header = try #require(app.scroll.header)
    app.handle(.key(.character("x")))
    header.beginRefreshing()
    clock.advance(by: 0.25 + 1.2)
    #expect(header.state == .failed)
    #expect(app.screenText().contains("Refresh failed"))
    #expect(app.feed.items.count == 15)
  }

  @Test func theHelpNamesTheKey() {
    #expect(DemoApp.keyHelp.contains("x            this tab's next request fails"))
  }
}
