import Foundation
import Refresh
import TerminalTestSupport
import TestSupport
import Testing

@testable import Rendering

/// A view that draws a title, as a refresh header's label would.
private final class TitleView: View {
  var title = "Pull"

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.drawText(
      title, in: CGRect(x: 0, y: 0, width: 90, height: bounds.height),
      attributes: TextAttributes(fontSize: 14, color: .refreshText, alignment: .center))
  }
}

/// A view that draws MJRefresh's arrow in its bounds.
private final class ArrowView: View {
  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.drawImage(.arrow, in: bounds, tint: .gray)
  }
}

/// A 180 × 108 pt window (20 × 6 cells) with a 54 pt orange header at y = 54: a title view
/// across it, and an arrow view turned upside down at x = 99.
@MainActor
@Suite("Rendering a view tree")
struct ViewTreeRenderingTests {
  let clock = ManualFrameClock()
  let window: Window
  let header = View(frame: CGRect(x: 0, y: 54, width: 180, height: 54))
  private let title = TitleView(frame: CGRect(x: 0, y: 0, width: 180, height: 54))
  private let arrow = ArrowView(frame: CGRect(x: 99, y: 0, width: 18, height: 54))

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 180, height: 108), clock: clock)
    header.backgroundColor = .orange
    arrow.transform = Transform(rotationAngle: .pi)
    window.addSubview(header)
    header.addSubview(title)
    header.addSubview(arrow)
    clock.advance(by: 0)
  }

  @Test func theTerminalShowsTheHeaderRowsTitleAndArrow() {
    let canvas = TerminalCanvas(covering: window.frame.size)
    window.render(in: canvas)
    #expect(canvas.columns == 20)
    #expect(canvas.rows == 6)
    #expect(
      canvas.grid.text
        == [
          String(repeating: " ", count: 20), String(repeating: " ", count: 20),
          String(repeating: " ", count: 20), String(repeating: " ", count: 20),
          "   Pull     ↑       ", String(repeating: " ", count: 20),
        ].joined(separator: "\n"))
    let orange = Color.orange.xterm256Index
    #expect(orange == 208)
    for row in 0..<6 {
      for column in 0..<20 {
        #expect(canvas[column, row].background.xterm256Index == (row >= 3 ? orange : 231))
      }
    }
    #expect(canvas[3, 4].foreground.xterm256Index == Color.refreshText.xterm256Index)
    #expect(canvas[12, 4].foreground.xterm256Index == Color.gray.xterm256Index)
  }

  @Test func hiddenAndClippedViewsDoNotReachTheTerminal() {
    let canvas = TerminalCanvas(covering: window.frame.size)
    arrow.isHidden = true
    header.clipsToBounds = true
    // Text centered in y = 72 ..< 126 (rows 4, 5 and 6) lands in row 5, inside the header.
    title.frame.origin.y = 18
    title.title = "Pulling"
    window.render(in: canvas)
    #expect(canvas.grid.text(ofRow: 4) == String(repeating: " ", count: 20))
    #expect(canvas.grid.text(ofRow: 5) == " Pulling" + String(repeating: " ", count: 12))
    title.frame.origin.y = 54
    canvas.clear()
    window.render(in: canvas)
    #expect(!canvas.grid.text.contains("P"))
  }

  @Test func theFrameBufferSendsOnlyTheArrowWhenItTurns() {
    let canvas = TerminalCanvas(covering: window.frame.size)
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    var screen = ScreenEmulator(
      columns: canvas.columns, rows: canvas.rows, hasBackgroundColorErase: false)
    window.render(in: canvas)
    screen.feed(buffer.frame(from: canvas))
    arrow.transform = .identity
    canvas.clear()
    window.render(in: canvas)
    let bytes = buffer.frame(from: canvas)
    // The first frame ended on the arrow's own colors, which are still in effect.
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[5;13H↓")
    screen.feed(bytes)
    #expect(TerminalFrameEncodingTests.differences(screen, canvas.grid, mode: .palette256) == [])
    #expect(screen.unexpected == [])
  }

  @Test func theSVGHasTheHeaderTitleAndTurnedArrow() throws {
    let canvas = SVGCanvas(size: window.frame.size)
    window.render(in: canvas)
    let svg = try #require(XMLNode.parse(canvas.document()))
    #expect(svg.attributes["width"] == "180")
    #expect(svg.attributes["height"] == "108")
    let drawn = svg.children.dropFirst()
    #expect(drawn.map(\.name) == ["rect", "text", "polygon"])
    let rect = drawn[drawn.startIndex]
    let text = drawn[drawn.startIndex + 1]
    let polygon = drawn[drawn.startIndex + 2]
    #expect(
      rect.attributes == ["x": "0", "y": "54", "width": "180", "height": "54", "fill": "#ff9500"])
    #expect(text.text == "Pull")
    #expect(text.attributes["x"] == "45")
    #expect(text.attributes["y"] == "81")
    #expect(text.attributes["text-anchor"] == "middle")
    #expect(text.attributes["fill"] == "#5a5a5a")
    #expect(polygon.attributes["transform"] == "rotate(180 108 81)")
    #expect(polygon.attributes["fill"] == "#808080")
  }

  @Test func aFadedHeaderIsTranslucentInSVGAndGoneInTheTerminal() throws {
    header.alpha = 0.4
    let terminal = TerminalCanvas(covering: window.frame.size)
    window.render(in: terminal)
    #expect(terminal[0, 4].background.xterm256Index == 231)
    let svg = SVGCanvas(size: window.frame.size)
    window.render(in: svg)
    let rect = try #require(XMLNode.parse(svg.document())?.children.dropFirst().first)
    #expect(rect.attributes["opacity"] == "0.4")
  }
}
