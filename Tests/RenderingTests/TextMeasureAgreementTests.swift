import Foundation
import Refresh
import Testing

@testable import Rendering

/// Layout (``Label`` through ``TextMetrics``) and the terminal canvas measure text with the same
/// function, so a label sized to fit its text is exactly as wide as the cells the terminal
/// fills, and a centred title sits where layout says.
@MainActor
@Suite("Layout and the terminal agree on text")
struct TextMeasureAgreementTests {
  static let columns = 20

  let clock = ManualFrameClock()
  let window: Window

  init() {
    let size = CGSize(
      width: CGFloat(Self.columns) * TextMetrics.cellWidth, height: 2 * TextMetrics.lineHeight)
    window = Window(frame: CGRect(origin: .zero, size: size), clock: clock)
  }

  /// The columns of the brackets around a text drawn in a row.
  private func brackets(inRow row: Int, of canvas: TerminalCanvas) -> (open: Int, close: Int)? {
    let characters = (0..<canvas.columns).map { canvas[$0, row].character }
    guard let open = characters.firstIndex(of: "["), let close = characters.lastIndex(of: "]")
    else { return nil }
    return (open, close)
  }

  @Test(
    arguments: [
      ("❤️", 2), ("⚠️", 2), ("1️⃣", 2), ("❤", 1), ("🇺🇦", 2), ("🇨🇳", 2), ("🇺", 1), ("👍🏽", 2),
      ("👋🏿", 2), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2), ("e\u{301}", 1), ("a\u{308}\u{301}x", 2),
      ("下拉刷新", 8), ("︙", 2), ("Ａ", 2), ("ｶﾞｷ", 3), ("ｱ", 1), ("a\u{200B}b", 2),
      ("\u{2060}\u{FEFF}", 0), ("⚠️ 下拉 ｶ", 9),
    ] as [(String, Int)])
  func aLabelSizedToItsTextIsTheWidthTheTerminalFills(text: String, cells: Int) {
    #expect(TextMetrics.cellCount(of: text) == cells)
    let fitted = Label()
    fitted.text = "[" + text + "]"
    fitted.sizeToFit()
    #expect(fitted.frame.size.width == CGFloat(cells + 2) * TextMetrics.cellWidth)
    let centred = Label()
    centred.text = fitted.text
    centred.textAlignment = .center
    centred.frame = CGRect(
      x: 0, y: TextMetrics.lineHeight, width: window.bounds.width, height: TextMetrics.lineHeight)
    window.addSubview(fitted)
    window.addSubview(centred)
    let canvas = TerminalCanvas(covering: window.bounds.size)
    window.render(in: canvas)

    let left = brackets(inRow: 0, of: canvas)
    #expect(left?.open == 0)
    #expect(left?.close == cells + 1)
    let middle = brackets(inRow: 1, of: canvas)
    #expect(middle?.open == (Self.columns - (cells + 2)) / 2)
    #expect(middle.map { $0.close - $0.open - 1 } == cells)
  }

  @Test(arguments: [("⚠️⚠️⚠️", 5, "⚠️⚠️…"), ("🇺🇦🇺🇦🇺🇦", 4, "🇺🇦…"), ("ｶﾞｶﾞｶﾞ", 5, "ｶﾞｶﾞ…")])
  func truncationCutsWhereTheTerminalRunsOut(text: String, cells: Int, shown: String) {
    let label = Label()
    label.text = text
    label.frame = CGRect(
      x: 0, y: 0, width: CGFloat(cells) * TextMetrics.cellWidth, height: TextMetrics.lineHeight)
    window.addSubview(label)
    let canvas = TerminalCanvas(covering: window.bounds.size)
    window.render(in: canvas)
    #expect(TextMetrics.truncated(text, toCells: cells) == shown)
    let drawn = (0..<Self.columns).map { canvas[$0, 0] }.filter { !$0.isContinuation }
      .map(\.character)
    #expect(String(drawn).hasPrefix(shown))
    #expect(canvas[cells, 0].character == " ")
  }
}
