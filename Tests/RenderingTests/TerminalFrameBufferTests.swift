import Foundation
import Refresh
import Testing

@testable import Rendering

@Suite("TerminalFrameBuffer")
struct TerminalFrameBufferTests {
  static let blank = TerminalCell(foreground: 16, background: 231)
  var buffer = TerminalFrameBuffer()
  var grid = TerminalGrid(columns: 3, rows: 2, filledWith: blank)

  private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  @Test mutating func theFirstFrameRedrawsEverything() {
    let bytes = buffer.frame(from: grid)
    // Without back color erase the screen clears to the terminal's own background, so the
    // blanks of background 231 are written, their text color (which does not show) left unset;
    // the second row is reached with a carriage return and a line feed.
    #expect(
      text(bytes)
        == "\u{1B}[?2026h\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[48;5;231m   \r\n   \u{1B}[?2026l")
    #expect(buffer.displayedGrid == grid)
  }

  @Test mutating func synchronizedOutputCanBeTurnedOff() {
    buffer.usesSynchronizedOutput = false
    #expect(
      text(buffer.frame(from: grid))
        == "\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[48;5;231m   \r\n   ")
  }

  /// With back color erase, the screen is cleared in the blanks' background, which is then
  /// all there is to write.
  @Test mutating func aBlankScreenIsClearedInItsBackground() {
    buffer.hasBackgroundColorErase = true
    #expect(
      text(buffer.frame(from: grid)) == "\u{1B}[?2026h\u{1B}[0;48;5;231m\u{1B}[2J\u{1B}[?2026l")
  }

  @Test mutating func anUnchangedFrameWritesNothing() {
    _ = buffer.frame(from: grid)
    #expect(buffer.frame(from: grid) == [])
  }

  @Test mutating func changingOneCellWritesJustThatCell() {
    _ = buffer.frame(from: grid)
    grid[1, 1] = TerminalCell(character: "x", foreground: 196, background: 231)
    #expect(
      text(buffer.frame(from: grid))
        == "\u{1B}[?2026h\r \u{1B}[38;5;196mx\u{1B}[?2026l")
    // The first frame left the cursor waiting to wrap at the end of the last row and the
    // attributes at background 231: a carriage return and the unchanged blank written again
    // are shorter than `ESC[2;2H`, and only the text color changes.
  }

  @Test mutating func attributesChangeOnlyWhereTheyDiffer() {
    buffer.usesSynchronizedOutput = false
    _ = buffer.frame(from: grid)
    grid[0, 0] = TerminalCell(character: "a", foreground: 16, background: 231)
    grid[1, 0] = TerminalCell(character: "b", foreground: 16, background: 231, isBold: true)
    grid[2, 1] = TerminalCell(character: "c", foreground: 196, background: 231, isBold: true)
    grid[0, 1] = TerminalCell(character: "d", foreground: 196, background: 21)
    #expect(
      text(buffer.frame(from: grid))
        == "\u{1B}[H\u{1B}[38;5;16ma\u{1B}[1mb"
        + "\r\n\u{1B}[0;38;5;196;48;5;21md"
        + "\u{1B}[C\u{1B}[1;48;5;231mc")
    // The background 231 of the first frame stays set; `d` resets (`0;…`, a byte shorter than
    // `22;…`), and the blank between `d` and `c` is moved over, as writing it again would need
    // another background.
  }

  @Test mutating func aResizeRedrawsEverything() {
    _ = buffer.frame(from: grid)
    let wider = TerminalGrid(columns: 4, rows: 2, filledWith: Self.blank)
    #expect(
      text(buffer.frame(from: wider))
        == "\u{1B}[?2026h\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[48;5;231m    \r\n    \u{1B}[?2026l")
  }

  @Test mutating func invalidatingRedrawsEverything() {
    let first = buffer.frame(from: grid)
    buffer.invalidate()
    #expect(buffer.displayedGrid == nil)
    #expect(buffer.frame(from: grid) == first)
  }

  @Test mutating func aWideCharacterIsWrittenOnceForItsTwoCells() {
    buffer.usesSynchronizedOutput = false
    grid.putWide(TerminalCell(character: "中", foreground: 16, background: 231), at: 0, row: 0)
    #expect(
      text(buffer.frame(from: grid))
        == "\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[38;5;16;48;5;231m中 \r\n   ")
    grid.putWide(TerminalCell(character: "文", foreground: 16, background: 231), at: 0, row: 0)
    #expect(text(buffer.frame(from: grid)) == "\u{1B}[H文")
  }

  @Test mutating func replacingHalfAWideCharacterRewritesBothCells() {
    buffer.usesSynchronizedOutput = false
    grid.putWide(TerminalCell(character: "中", foreground: 16, background: 231), at: 1, row: 0)
    _ = buffer.frame(from: grid)
    grid.put(TerminalCell(character: "a", foreground: 16, background: 231), at: 2, row: 0)
    // Home and the unchanged blank before it are shorter than `ESC[1;2H`; the attributes of the
    // frame before still hold.
    #expect(text(buffer.frame(from: grid)) == "\u{1B}[H  a")
  }

  @Test mutating func aClusterIsBlankedFirstAndTheNextCellPlacedExplicitly() {
    buffer.usesSynchronizedOutput = false
    var row = TerminalGrid(columns: 5, rows: 1, filledWith: Self.blank)
    row.putWide(TerminalCell(character: "❤️", foreground: 16, background: 231), at: 0, row: 0)
    row.put(TerminalCell(character: "x", foreground: 16, background: 231), at: 2, row: 0)
    // tmux 3.3a draws "❤️" in one cell: the blanks fill the second, the move places "x".
    #expect(
      text(buffer.frame(from: row))
        == "\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[38;5;16;48;5;231m  \r❤️\u{1B}[1;3Hx  ")
  }

  @Test mutating func replacingAClusterRewritesTheTwoCellsAfterIt() {
    buffer.usesSynchronizedOutput = false
    var row = TerminalGrid(columns: 6, rows: 1, filledWith: Self.blank)
    row.putWide(TerminalCell(character: "👍🏽", foreground: 16, background: 231), at: 0, row: 0)
    row.put(TerminalCell(character: "x", foreground: 16, background: 231), at: 2, row: 0)
    _ = buffer.frame(from: row)
    // tmux 3.3a drew "👍🏽" over four cells: "x" and the blank after it are written again.
    row.put(TerminalCell(character: "a", foreground: 16, background: 231), at: 0, row: 0)
    #expect(
      text(buffer.frame(from: row)) == "\ra x ")
    // (The cursor was left after the last cell written, in the same row: a carriage return.)
    // A change that does not touch the cluster leaves the cells after it alone.
    row.putWide(TerminalCell(character: "🇺🇦", foreground: 16, background: 231), at: 0, row: 0)
    _ = buffer.frame(from: row)
    row.put(TerminalCell(character: "y", foreground: 16, background: 231), at: 5, row: 0)
    // The cursor stood after the blank before "y": writing it again is shorter than a move.
    #expect(text(buffer.frame(from: row)) == " y")
  }

  @Test mutating func cellsATerminalCouldNotShowInPlaceAreWrittenAsBlanks() {
    buffer.usesSynchronizedOutput = false
    // A wide character with no continuation, and a continuation with no wide character.
    grid[0, 0] = TerminalCell(character: "中", foreground: 16, background: 231)
    grid[0, 1] = TerminalCell(foreground: 16, background: 231, isContinuation: true)
    #expect(
      text(buffer.frame(from: grid))
        == "\u{1B}[m\u{1B}[2J\u{1B}[H\u{1B}[48;5;231m   \r\n   ")
  }

  @MainActor
  @Test func aFewChangedRowsCostLessThanARedraw() {
    let canvas = TerminalCanvas(columns: 42, rows: 37)
    var buffer = TerminalFrameBuffer()
    func draw(header: String, arrow: CGFloat) {
      canvas.clear()
      canvas.fill(CGRect(x: 0, y: 0, width: 378, height: 54), color: .lightGray)
      canvas.drawText(
        header, in: CGRect(x: 0, y: 0, width: 378, height: 54),
        attributes: TextAttributes(color: .refreshText, alignment: .center))
      canvas.state.rotation = arrow
      canvas.drawImage(.arrow, in: CGRect(x: 36, y: 0, width: 18, height: 54), tint: .gray)
      canvas.state.rotation = 0
      for row in 0..<34 {
        canvas.drawText(
          "Row \(row): the quick brown fox",
          in: CGRect(x: 0, y: 54 + 18 * row, width: 378, height: 18),
          attributes: TextAttributes())
      }
    }
    draw(header: "Pull down to refresh", arrow: 0)
    let full = buffer.frame(from: canvas).count
    draw(header: "Release to refresh", arrow: .pi)
    let update = buffer.frame(from: canvas).count
    #expect(update > 0)
    #expect(update * 10 < full)
  }

  /// The buffer holds the canvas's cells without copying them: clearing and redrawing the
  /// canvas leaves the frame the buffer showed as it was, and the next frame is measured
  /// against that one.
  @MainActor
  @Test func theShownFrameStaysWhileTheCanvasClearsAndRedraws() {
    let canvas = TerminalCanvas(columns: 3, rows: 1)
    var buffer = TerminalFrameBuffer()
    buffer.usesSynchronizedOutput = false
    let line = CGRect(x: 0, y: 0, width: 3 * TextMetrics.cellWidth, height: TextMetrics.lineHeight)
    canvas.clear()
    canvas.drawText("abc", in: line, attributes: TextAttributes())
    _ = buffer.frame(from: canvas)
    canvas.clear()
    #expect(buffer.displayedGrid?.text == "abc")
    #expect(canvas.grid.text == "   ")
    canvas.drawText("abd", in: line, attributes: TextAttributes())
    #expect(buffer.displayedGrid?.text == "abc")
    // Only the third cell changed since the shown frame.
    #expect(text(buffer.frame(from: canvas)) == "\rabd")
    #expect(buffer.displayedGrid == canvas.grid)
    // Drawn over without a clear, the canvas still leaves the shown frame alone.
    canvas.drawText("x", in: line, attributes: TextAttributes())
    #expect(buffer.displayedGrid?.text == "abd")
    #expect(canvas.grid.text == "xbd")
  }
}
