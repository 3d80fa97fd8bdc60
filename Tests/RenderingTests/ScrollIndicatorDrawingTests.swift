import Foundation
import Refresh
import Rendering
import Testing

/// Twenty rows of text, 18 points each.
@MainActor
private final class Lines: ListViewDataSource {
  func numberOfRows(in listView: ListView) -> Int { 20 }
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 18 }
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let label = view as? Label ?? Label()
    label.text = "row \(row)"
    return label
  }
}

@MainActor
@Suite("Scroll indicators on a terminal and in SVG")
struct ScrollIndicatorDrawingTests {
  let clock = ManualFrameClock()
  let window: Window
  let list = ListView(frame: .zero)
  private let lines = Lines()

  /// A list of 10 × 6 cells (90 × 108 points).
  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 90, height: 108), clock: clock)
    list.frame = window.bounds
    list.dataSource = lines
    window.addSubview(list)
    clock.advance(by: 0)
  }

  func canvas() -> TerminalCanvas {
    let canvas = TerminalCanvas(columns: 10, rows: 6)
    window.render(in: canvas)
    return canvas
  }

  /// The rows whose last cell holds the thumb's block.
  func thumbRows(_ canvas: TerminalCanvas) -> [Int] {
    (0..<6).filter { canvas[9, $0].character == "█" }
  }

  @Test func aColumnOfBlocksInTheLastColumnWhileScrollingNoneAtRest() {
    #expect(thumbRows(canvas()).isEmpty)
    list.beginDragging(at: CGPoint(x: 40, y: 100))
    list.drag(to: CGPoint(x: 40, y: 99))
    // 360 points of rows in 108: the track is 102 points from y = 3, the thumb 36 (at least)
    // at 3 + (1 / 252) × 66 below the top: rows 0 and 1 (centers 9 and 27).
    #expect(thumbRows(canvas()) == [0, 1])
    list.drag(to: CGPoint(x: 40, y: 100 - 126))
    // Halfway: 3 + 0.5 × 66 = 36 ..< 72, rows 2 and 3.
    #expect(thumbRows(canvas()) == [2, 3])
    // Over the rows' text, which stays in the other columns.
    clock.advance(by: 0)
    #expect(canvas().grid.text(ofRow: 2).hasPrefix("row 9"))
    list.endDragging(velocity: .zero)
    clock.advance(by: ScrollIndicator.hideDelay)
    #expect(thumbRows(canvas()).isEmpty)
  }

  @Test func theBlockStandsOutOnASelectedRowAndWithoutColor() throws {
    list.selectRow(at: 0, scrollsToVisible: false)
    list.flashScrollIndicators()
    let canvas = canvas()
    // The selected row is reverse video: the block keeps it, so it shows in the terminal's
    // background color against the row's.
    #expect(canvas[9, 0].character == "█" && canvas[9, 0].isInverse)
    var buffer = TerminalFrameBuffer()
    buffer.colorMode = .none
    let frame = String(decoding: buffer.frame(from: canvas), as: UTF8.self)
    #expect(frame.contains("█"))
    #expect(!frame.contains("38;") && !frame.contains("48;"))
  }

  @Test func aThumbThinnerThanACellTakesOneRowAlongTheBottom() {
    let scroll = ScrollModel(frame: window.bounds)
    list.removeFromSuperview()
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 270, height: 108)
    scroll.flashScrollIndicators()
    let canvas = canvas()
    // 3 points thick, 3 above the bottom: the last row (its center, 99, is outside the bar).
    // The track is 84 points from x = 3; the thumb 84 × 90 / 270 = 28 long, at least 36:
    // 3 ..< 39, columns 0 to 3.
    let blocks = (0..<10).filter { canvas[$0, 5].character == "█" }
    #expect(blocks == [0, 1, 2, 3])
    #expect((0..<5).allSatisfy { row in (0..<10).allSatisfy { canvas[$0, row].character != "█" } })
  }

  @Test func svgDrawsARoundedBar() {
    list.flashScrollIndicators()
    let canvas = SVGCanvas(size: window.bounds.size)
    window.render(in: canvas)
    #expect(
      canvas.document().contains(
        "<rect x=\"84\" y=\"3\" width=\"3\" height=\"36\" rx=\"1.5\" fill=\"#5a5a5a\"/>"))
  }
}
