import Foundation
import Refresh
import Testing

@testable import Rendering

@MainActor
@Suite("TerminalCanvas")
struct TerminalCanvasTests {
  let canvas = TerminalCanvas(columns: 20, rows: 10)
  let white = Color.white.xterm256Index
  let red = Color.red.xterm256Index

  /// The rows of column 0 whose background is red.
  private func redRows() -> [Int] {
    (0..<canvas.rows).filter { canvas[0, $0].background.xterm256Index == red }
  }

  @Test(
    arguments: [
      (54, 54, [3, 4, 5]), (0, 18, [0]), (9, 18, [0]), (10, 18, [1]), (0, 8, []),
      (-20, 40, [0]), (170, 100, [9]),
    ] as [(CGFloat, CGFloat, [Int])])
  func rectanglesCoverTheRowsWhoseCentersTheyContain(y: CGFloat, height: CGFloat, rows: [Int]) {
    canvas.fill(CGRect(x: 0, y: y, width: 9, height: height), color: .red)
    #expect(redRows() == rows)
  }

  @Test func theStateOriginPlacesTheViewAtItsRow() {
    canvas.state.origin = CGPoint(x: 18, y: 54)
    canvas.fill(CGRect(x: 0, y: 0, width: 18, height: 54), color: .red)
    let covered = (0..<canvas.rows).flatMap { row in
      (0..<canvas.columns).filter { canvas[$0, row].background.xterm256Index == red }.map {
        [$0, row]
      }
    }
    #expect(covered == [[2, 3], [3, 3], [2, 4], [3, 4], [2, 5], [3, 5]])
  }

  @Test func aDefaultCanvasCellIsNineByEighteenPoints() {
    let covering = TerminalCanvas(covering: CGSize(width: 375, height: 667))
    #expect(covering.columns == 42)
    #expect(covering.rows == 38)
    #expect(covering.cellSize == CGSize(width: 9, height: 18))
  }

  @Test func theCellSizeIsConfigurable() {
    let large = TerminalCanvas(columns: 4, rows: 4, cellSize: CGSize(width: 10, height: 20))
    large.fill(CGRect(x: 10, y: 20, width: 20, height: 20), color: .red)
    #expect((0..<4).filter { large[1, $0].background.xterm256Index == red } == [1])
    #expect((0..<4).filter { large[$0, 1].background.xterm256Index == red } == [1, 2])
  }

  @Test func fillsAreClippedToTheStateClip() {
    canvas.state.clip = CGRect(x: 0, y: 18, width: 180, height: 36)
    canvas.fill(CGRect(x: 0, y: 0, width: 180, height: 180), color: .red)
    #expect(redRows() == [1, 2])
  }

  @Test(arguments: [(0.4, false), (0.5, true), (1, true)] as [(Double, Bool)])
  func translucentFillsBelowOneHalfDrawNothing(alpha: Double, draws: Bool) {
    canvas.state.alpha = 0.5
    canvas.fill(CGRect(x: 0, y: 0, width: 9, height: 18), color: Color.red.withAlpha(alpha * 2))
    #expect((canvas[0, 0].background.xterm256Index == red) == draws)
  }

  @Test func aFillErasesTheCharactersItCovers() {
    canvas.drawText("abc", in: CGRect(x: 0, y: 0, width: 180, height: 18), attributes: .init())
    canvas.fill(CGRect(x: 9, y: 0, width: 9, height: 18), color: .red)
    #expect(canvas.grid.text(ofRow: 0) == "a c" + String(repeating: " ", count: 17))
    #expect(canvas[1, 0].background.xterm256Index == red)
  }

  @Test(
    arguments: [
      (TextAlignment.left, "abc" + String(repeating: " ", count: 17)),
      (.center, String(repeating: " ", count: 8) + "abc" + String(repeating: " ", count: 9)),
      (.right, String(repeating: " ", count: 17) + "abc"),
    ])
  func textIsAlignedInItsColumnsAndCenteredInItsRows(alignment: TextAlignment, row: String) {
    let attributes = TextAttributes(color: .red, alignment: alignment)
    canvas.drawText("abc", in: CGRect(x: 0, y: 0, width: 180, height: 54), attributes: attributes)
    let blank = String(repeating: " ", count: 20)
    #expect(canvas.grid.text(ofRow: 0) == blank)
    #expect(canvas.grid.text(ofRow: 1) == row)
    #expect(canvas.grid.text(ofRow: 2) == blank)
    let column = row.firstIndex(of: "a")!.utf16Offset(in: row)
    #expect(canvas[column, 1].foreground.xterm256Index == red)
    #expect(canvas[column, 1].background.xterm256Index == white)
  }

  @Test(arguments: [(TextAlignment.left, 2), (.center, 5), (.right, 9)])
  func alignmentIsRelativeToTheRectangle(alignment: TextAlignment, column: Int) {
    canvas.state.origin = CGPoint(x: 9, y: 0)
    canvas.drawText(
      "abc", in: CGRect(x: 9, y: 0, width: 90, height: 18),
      attributes: TextAttributes(alignment: alignment))
    #expect(canvas[column, 0].character == "a")
    #expect(canvas[column + 2, 0].character == "c")
  }

  @Test func linesAreCenteredAsABlockAndExtraLinesDropped() {
    let rect = CGRect(x: 0, y: 0, width: 36, height: 72)
    canvas.drawText("a\nb", in: rect, attributes: .init())
    #expect((0..<4).map { canvas[0, $0].character } == [" ", "a", "b", " "])
    canvas.clear()
    canvas.drawText("c\r\nd", in: rect, attributes: .init())
    #expect((0..<4).map { canvas[0, $0].character } == [" ", "c", "d", " "])
    canvas.clear()
    canvas.drawText(
      "1\n2\n3\n4\n5", in: CGRect(x: 0, y: 0, width: 36, height: 36), attributes: .init())
    #expect((0..<4).map { canvas[0, $0].character } == ["1", "2", " ", " "])
  }

  @Test func aShortLabelStillGetsTheRowItsCenterIsIn() {
    canvas.drawText("hi", in: CGRect(x: 0, y: 20, width: 90, height: 10), attributes: .init())
    #expect(canvas.grid.text(ofRow: 1).hasPrefix("hi"))
  }

  @Test func textWiderThanItsRectangleShowsItsBeginningClippedToTheRectangle() {
    canvas.drawText(
      "abcdef", in: CGRect(x: 9, y: 0, width: 27, height: 18),
      attributes: TextAttributes(alignment: .center))
    #expect(canvas.grid.text(ofRow: 0) == " abc" + String(repeating: " ", count: 16))
  }

  @Test func boldAndFadedText() {
    canvas.state.alpha = 0.5
    canvas.drawText(
      "b", in: CGRect(x: 0, y: 0, width: 9, height: 18),
      attributes: TextAttributes(isBold: true, color: .black))
    #expect(canvas[0, 0].isBold)
    // Black half-way toward white: rgb(128, 128, 128), gray 244.
    #expect(canvas[0, 0].foreground.xterm256Index == 244)
  }

  @Test func wideCharactersTakeTwoCells() {
    canvas.drawText("中文a", in: CGRect(x: 0, y: 0, width: 180, height: 18), attributes: .init())
    #expect(canvas[0, 0].character == "中")
    #expect(canvas[1, 0].isContinuation)
    #expect(canvas[2, 0].character == "文")
    #expect(canvas[3, 0].isContinuation)
    #expect(canvas[4, 0].character == "a")
    #expect(!canvas[4, 0].isContinuation)
    #expect(canvas.grid.text(ofRow: 0) == "中文a" + String(repeating: " ", count: 15))
  }

  @Test func wideCharactersAreCenteredByTheirCellWidth() {
    canvas.drawText(
      "中文", in: CGRect(x: 0, y: 0, width: 90, height: 18),
      attributes: TextAttributes(alignment: .center))
    #expect(canvas[3, 0].character == "中")
    #expect(canvas[5, 0].character == "文")
  }

  @Test func aWideCharacterIsNotSplitAtTheRightClipEdge() {
    // Cells 0, 1 and 2 have their centers in the clip: 文 would need cells 2 and 3.
    canvas.state.clip = CGRect(x: 0, y: 0, width: 27, height: 18)
    canvas.drawText("中文", in: CGRect(x: 0, y: 0, width: 180, height: 18), attributes: .init())
    #expect(canvas[0, 0].character == "中")
    #expect(canvas[1, 0].isContinuation)
    #expect(
      canvas[2, 0]
        == TerminalCell(foreground: TerminalColor(.black), background: TerminalColor(.white)))
    #expect(canvas[3, 0] == canvas[2, 0])
  }

  @Test func aWideCharacterIsNotSplitAtTheLeftClipEdge() {
    canvas.state.clip = CGRect(x: 9, y: 0, width: 27, height: 18)
    canvas.drawText("中ab", in: CGRect(x: 0, y: 0, width: 180, height: 18), attributes: .init())
    // Cells 1, 2 and 3 have their centers in the clip: 中 would need cells 0 and 1.
    #expect(canvas.grid.text(ofRow: 0) == "  ab" + String(repeating: " ", count: 16))
    #expect(!canvas[1, 0].isContinuation)
  }

  @Test func aWideCharacterIsNotSplitAtTheGridEdge() {
    canvas.drawText(
      "abc中", in: CGRect(x: 153, y: 0, width: 100, height: 18), attributes: .init())
    #expect(canvas.grid.text(ofRow: 0).hasSuffix("abc"))
    #expect(!canvas[19, 0].isContinuation)
  }

  @Test func overwritingHalfAWideCharacterErasesTheOtherHalf() {
    canvas.drawText("中文", in: CGRect(x: 0, y: 0, width: 180, height: 18), attributes: .init())
    canvas.fill(CGRect(x: 9, y: 0, width: 9, height: 18), color: .red)
    canvas.drawText("x", in: CGRect(x: 18, y: 0, width: 9, height: 18), attributes: .init())
    #expect(canvas.grid.text(ofRow: 0).hasPrefix("  x "))
    #expect((0..<4).allSatisfy { !canvas[$0, 0].isContinuation })
    #expect(canvas[0, 0].background.xterm256Index == white)
    #expect(canvas[1, 0].background.xterm256Index == red)
  }

  @Test(
    arguments: [
      (0, "↓"), (.pi, "↑"), (.pi / 2, "←"), (-.pi / 2, "→"), (3 * .pi / 2, "→"), (2 * .pi, "↓"),
      (0.7, "↓"), (0.8, "←"), (-0.8, "→"), (2.3, "←"), (2.4, "↑"), (0.000_001 - .pi, "↑"),
      (-.pi, "↑"), (5 * .pi, "↑"), (.nan, "↓"),
    ] as [(CGFloat, Character)])
  func theArrowPointsToTheNearestQuarterTurn(rotation: CGFloat, arrow: Character) {
    #expect(TerminalCanvas.arrowCharacter(rotation: rotation) == arrow)
    canvas.state.rotation = rotation
    canvas.drawImage(.arrow, in: CGRect(x: 0, y: 0, width: 18, height: 36), tint: .red)
    #expect(canvas[1, 1].character == arrow)
    #expect(canvas[1, 1].foreground.xterm256Index == red)
  }

  @Test(
    arguments: [
      (Image.glyph("◐"), "◐", 3), (Image(named: "checkmark"), "c", 3), (Image.glyph("中"), "中", 2),
    ] as [(Image, Character, Int)])
  func otherImagesDrawOneCharacterAtTheCenter(image: Image, character: Character, column: Int) {
    // The center is x = 27, in cell 3; a wide character is centered on it across cells 2 and 3.
    canvas.drawImage(image, in: CGRect(x: 0, y: 0, width: 54, height: 54), tint: .black)
    #expect(canvas[column, 1].character == character)
  }

  @Test func nothingIsDrawnForAnEmptyRectangleOrOutsideTheClip() {
    canvas.drawImage(.arrow, in: .zero, tint: .black)
    canvas.state.clip = CGRect(x: 0, y: 0, width: 9, height: 18)
    canvas.drawImage(.arrow, in: CGRect(x: 18, y: 18, width: 9, height: 18), tint: .black)
    canvas.drawText("x", in: CGRect(x: 18, y: 18, width: 9, height: 18), attributes: .init())
    #expect(canvas.grid.text.allSatisfy { $0 == " " || $0 == "\n" })
  }

  @Test(
    arguments: [(0, "⠋"), (1, "⠙"), (9, "⠏"), (10, "⠋"), (23, "⠸"), (-1, "⠏")] as [(Int, Character)]
  )
  func theSpinnerCyclesThroughBrailleFrames(frame: Int, character: Character) {
    canvas.drawSpinner(in: CGRect(x: 0, y: 0, width: 27, height: 18), color: .gray, frame: frame)
    #expect(canvas[1, 0].character == character)
    #expect(canvas[1, 0].foreground.xterm256Index == Color.gray.xterm256Index)
  }

  @Test func clearResetsCellsAndState() {
    canvas.state.clip = .zero
    canvas.drawText("x", in: CGRect(x: 0, y: 0, width: 9, height: 18), attributes: .init())
    canvas.clear(background: .red)
    #expect(canvas.state == CanvasState(clip: CGRect(x: 0, y: 0, width: 180, height: 180)))
    #expect(
      canvas.grid.cells.allSatisfy {
        $0 == TerminalCell(foreground: 16, background: TerminalColor(.red))
      })
  }
}
