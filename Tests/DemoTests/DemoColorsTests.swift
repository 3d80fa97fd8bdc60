import DemoCore
import Foundation
import Refresh
import Rendering
import Testing

/// Whether what the demo draws reads on a dark terminal and on a light one: a cell's text on
/// the terminal's own background is in the terminal's own foreground or in a color that
/// contrasts with both black and white; a background the demo chooses comes with a foreground
/// it chooses too, never the terminal's, which may be light or dark.
@MainActor
@Suite("The demo reads on dark and light terminals")
struct DemoColorsTests {
  let clock = ManualFrameClock()
  let app: DemoApp

  init() {
    app = DemoApp(
      clock: clock, columns: 64, rows: 22,
      currentDate: { Date(timeIntervalSince1970: 1_768_470_060) })
    clock.advance(by: 0)
    RefreshConfig.default.languageCode = "en"
  }

  /// The WCAG 2 relative luminance of a color.
  static func luminance(_ color: Color) -> Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  /// The cells of the screen that would not read on one of the two themes, described.
  func unreadableCells() -> [String] {
    let canvas = TerminalCanvas(columns: 64, rows: 22)
    app.render(into: canvas)
    var found: [String] = []
    for row in 0..<canvas.rows {
      for column in 0..<canvas.columns {
        let cell = canvas[column, row]
        guard cell.character != " ", !cell.isContinuation, !cell.isInverse else { continue }
        let place = "'\(cell.character)' at \(column),\(row)"
        if cell.background.isDefault {
          guard !cell.foreground.isDefault, let color = cell.foreground.color else { continue }
          // WCAG 2's contrast ratio with white and with black: at least 3 with both.
          let light = Self.luminance(color)
          let withWhite = 1.05 / (light + 0.05)
          let withBlack = (light + 0.05) / 0.05
          if withWhite < 3 || withBlack < 3 {
            found.append("\(place): \(cell.foreground) on the terminal's background")
          }
        } else if cell.foreground.isDefault {
          found.append("\(place): the terminal's foreground on \(cell.background)")
        }
      }
    }
    return found
  }

  func frames(_ count: Int) {
    for _ in 0..<count { clock.advance(by: 1.0 / 60) }
  }

  @Test func theFeedAndItsBarsRead() {
    #expect(unreadableCells() == [])
    app.handle(.key(.character("j")))
    app.handle(.key(.character("j")))
    frames(30)
    #expect(unreadableCells() == [])
  }

  /// Every header the demo offers, pulled, refreshing and showing its result.
  @Test func everyHeaderReadsThroughARefresh() {
    for _ in app.headerStyles.indices {
      app.handle(.key(.character("r")))
      for step in 0..<6 {
        frames(10)
        let cells = unreadableCells()
        #expect(cells == [], "header \(app.headerStyleIndex), frame \(step * 10)")
      }
      frames(240)
      app.handle(.key(.character("h")))
      frames(30)
    }
  }

  @Test func theFooterTheKeysAndTheChatRead() {
    app.handle(.key(.end))
    frames(20)
    #expect(unreadableCells() == [])
    app.handle(.key(.character("?")))
    #expect(unreadableCells() == [])
    app.handle(.key(.character("?")))
    app.handle(.key(.character("c")))
    frames(60)
    #expect(unreadableCells() == [])
  }
}
