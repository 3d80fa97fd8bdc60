import Testing

@testable import Rendering

/// Rows of a grid compared as memory: equal exactly when every cell is, whichever rows of two
/// grids are compared.
@Suite("TerminalGrid rows")
struct TerminalGridTests {
  static let cell = TerminalCell(character: "a", foreground: 16, background: 231)

  func grid(rows: [[TerminalCell]]) -> TerminalGrid {
    var grid = TerminalGrid(columns: rows[0].count, rows: rows.count, filledWith: Self.cell)
    for (row, cells) in rows.enumerated() {
      for (column, cell) in cells.enumerated() { grid[column, row] = cell }
    }
    return grid
  }

  @Test func aRowEqualsTheSameCellsInAnotherRow() {
    let other = TerminalCell(character: "下", foreground: 16, background: 231)
    let first = grid(rows: [[Self.cell, other], [other, Self.cell]])
    let second = grid(rows: [[other, Self.cell], [Self.cell, other]])
    #expect(first.rowEquals(0, ofRow: 1, in: second))
    #expect(first.rowEquals(1, ofRow: 0, in: second))
    #expect(!first.rowEquals(0, ofRow: 0, in: second))
    #expect(first.rowEquals(0, ofRow: 0, in: first))
  }

  @Test(arguments: [
    TerminalCell(character: "b", foreground: 16, background: 231),
    TerminalCell(character: "a", foreground: 17, background: 231),
    TerminalCell(character: "a", foreground: 16, background: 230),
    TerminalCell(character: "a", foreground: 16, background: 231, isBold: true),
    TerminalCell(character: "a", foreground: 16, background: 231, isInverse: true),
    TerminalCell(character: "a", foreground: 16, background: 231, isContinuation: true),
    TerminalCell(character: "a", foreground: .default, background: 231),
  ])
  func anyDifferenceInTheLastCellCounts(cell: TerminalCell) {
    let first = grid(rows: [[Self.cell, Self.cell, Self.cell]])
    let second = grid(rows: [[Self.cell, Self.cell, cell]])
    #expect(!first.rowEquals(0, ofRow: 0, in: second))
    #expect(cell != Self.cell)
  }

  @Test func rowsOfNoCellsAreEqual() {
    let empty = TerminalGrid(columns: 0, rows: 2, filledWith: Self.cell)
    #expect(empty.rowEquals(0, ofRow: 1, in: empty))
  }
}

/// Runs of ASCII written a byte per cell: a wide character cut at either end of the run is
/// erased whole, as writing the characters one by one would, and a cell the ink leaves alone
/// is not written.
@Suite("TerminalGrid ASCII runs")
struct TerminalGridASCIIRunTests {
  static let blank = TerminalCell(character: " ", foreground: 16, background: 231)

  /// Six cells: a wide character in columns 2 and 3, and column 4 marked by its background.
  func row() -> TerminalGrid {
    var grid = TerminalGrid(columns: 6, rows: 1, filledWith: Self.blank)
    grid.putWide(TerminalCell(character: "界", foreground: 16, background: 231), at: 2, row: 0)
    grid[4, 0] = TerminalCell(character: " ", foreground: 16, background: 196)
    return grid
  }

  /// Ink that writes over every cell but the marked one.
  static func ink(over cell: TerminalCell) -> TerminalColor? {
    cell.background == 196 ? nil : 21
  }

  @Test func aRunEndingOnTheLeftHalfOfAWideCharacterErasesItsRightHalf() {
    var grid = row()
    grid.putASCII(Substring("ab").utf8, at: 1, row: 0, isBold: false, foreground: Self.ink)
    #expect(!grid[3, 0].isContinuation)
    #expect(grid.text(ofRow: 0) == " ab   ")
    #expect(grid[2, 0].foreground == 21 && grid[3, 0].foreground == 16)
  }

  @Test func aRunStartingOnTheRightHalfErasesTheLeftHalfAndSkipsCellsTheInkLeaves() {
    var grid = row()
    grid.putASCII(Substring("xy").utf8, at: 3, row: 0, isBold: true, foreground: Self.ink)
    #expect(grid.text(ofRow: 0) == "   x  ")
    #expect(grid[3, 0].isBold && !grid[3, 0].isContinuation)
    #expect(grid[4, 0] == TerminalCell(character: " ", foreground: 16, background: 196))
  }

  @Test func inkThatWritesNothingLeavesTheWideCharacterWhole() {
    var grid = row()
    let before = grid
    grid.putASCII(Substring("ab").utf8, at: 1, row: 0, isBold: false) { _ in nil }
    #expect(grid == before)
    #expect(grid.text(ofRow: 0) == "  界  ")
  }
}
