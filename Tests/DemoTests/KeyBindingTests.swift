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
    #expect(help.count == DemoApp.keyBindings.count)
    for (line, binding) in zip(help, DemoApp.keyBindings) {
      #expect(line.hasPrefix("  \(binding.keyNames)"))
      #expect(line.hasSuffix(binding.summary))
    }
  }

  @Test func theTitleBarShowsTheHintsInTableOrder() {
    let app = DemoApp(clock: ManualFrameClock(), columns: 200, rows: 10)
    let hints = DemoApp.keyBindings.compactMap(\.titleHint)
    #expect(hints == ["r refresh", "h header", "f footer", "l language", "q quit"])
    #expect(app.titleText.hasSuffix(hints.joined(separator: " · ")))
  }

  @Test func noKeyIsBoundTwice() {
    let keys = DemoApp.keyBindings.flatMap(\.keys)
    #expect(Set(keys).count == keys.count)
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
