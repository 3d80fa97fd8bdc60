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
