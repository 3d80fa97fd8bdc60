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
    app.handle(.key(.character("s")))
    #expect(!header.isSecondFloorOpen)
    clock.advance(by: 0.5)
    #expect(!app.screenText().contains("The second floor"))
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
