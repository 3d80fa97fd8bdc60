import Foundation
import Refresh
import TestSupport
import Testing

@testable import Rendering

/// Laid-out lines on the terminal canvas.
///
/// A line of printable ASCII is written a byte per cell: it must draw what the
/// character-by-character way draws, and lines what their text joined with `\n` draws. Seeded
/// random texts (ASCII, wide, emoji, marks, controls), rectangles, alignments, clips and
/// opacities.
@MainActor
@Suite("Drawing laid-out lines")
struct TextLinesDrawingTests {
  static let pieces: [String] = [
    "Pull", " ", "to", "~", "Pull to refresh", "abc", "\u{7}", "é", "e\u{301}", "下拉", "ｶﾞ", "❤️", "👍🏽",
    "👨‍👩‍👧", "…", "\u{200B}",
  ]

  struct Case {
    var lines: [TextLine]
    var rect: CGRect
    var attributes: TextAttributes
    var state: CanvasState
  }

  static func cases(count: Int) -> [Case] {
    var random = SplitMix64(seed: 42)
    func number(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    return (0..<count).map { _ in
      let lines = (0..<(1 + number(4))).map { _ in
        TextLine((0..<number(8)).map { _ in pieces[number(pieces.count)] }.joined())
      }
      let rect = CGRect(
        x: CGFloat(number(60)) - 10, y: CGFloat(number(60)) - 10, width: CGFloat(number(200)),
        height: CGFloat(number(80)))
      let alignment = [TextAlignment.left, .center, .right][number(3)]
      let attributes = TextAttributes(
        isBold: number(2) == 0, color: number(3) == 0 ? .red : .black, alignment: alignment)
      let state = CanvasState(
        origin: CGPoint(x: CGFloat(number(30)), y: CGFloat(number(30))),
        clip: CGRect(x: CGFloat(number(40)), y: 0, width: CGFloat(40 + number(160)), height: 90),
        alpha: [1, 0.6, 0][number(3)], rotation: 0)
      return Case(lines: lines, rect: rect, attributes: attributes, state: state)
    }
  }

  @Test func aLineOfASCIIDrawsWhatItsCharactersDraw() {
    for (index, drawn) in Self.cases(count: 400).enumerated() {
      let canvases = (0..<3).map { _ in TerminalCanvas(columns: 24, rows: 6) }
      for canvas in canvases {
        canvas.state = drawn.state
        canvas.fill(CGRect(x: 0, y: 0, width: 90, height: 40), color: .gray)
        // Wide characters under the text, so that runs cut them at either end.
        canvas.state = CanvasState(clip: CGRect(x: 0, y: 0, width: 216, height: 108))
        canvas.drawText(
          String(repeating: "下", count: 12) + "\n" + String(repeating: "a下", count: 8),
          in: CGRect(x: CGFloat(index % 2) * 9, y: 0, width: 216, height: 108),
          attributes: TextAttributes())
        canvas.state = drawn.state
      }
      canvases[0].drawText(lines: drawn.lines, in: drawn.rect, attributes: drawn.attributes)
      // A zero-width space takes no cell but makes every line go character by character.
      let slow = drawn.lines.map { TextLine($0.text + "\u{200B}") }
      #expect(slow.allSatisfy { !$0.isPrintableASCII })
      canvases[1].drawText(lines: slow, in: drawn.rect, attributes: drawn.attributes)
      canvases[2].drawText(
        drawn.lines.map(\.text).joined(separator: "\n"), in: drawn.rect,
        attributes: drawn.attributes)
      #expect(canvases[0].grid == canvases[1].grid, "case \(index)")
      #expect(canvases[0].grid == canvases[2].grid, "case \(index)")
    }
  }
}
