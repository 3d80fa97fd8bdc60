import Testing

@testable import Rendering

/// The row hash scroll detection uses: equal rows hash equally, and a change of character or of
/// any attribute changes it.
@Suite("Row hashes for scroll detection")
struct RowHashTests {
  static let blank = TerminalCell(character: " ", foreground: 0, background: 15)

  func grid(_ edit: (inout TerminalGrid) -> Void = { _ in }) -> TerminalGrid {
    var grid = TerminalGrid(columns: 4, rows: 2, filledWith: Self.blank)
    grid[1, 0] = TerminalCell(character: "好", foreground: 0, background: 15)
    grid[2, 0] = TerminalCell(
      character: " ", foreground: 0, background: 15, isContinuation: true)
    edit(&grid)
    return grid
  }

  @Test func equalRowsHashEqually() {
    #expect(grid().rowHash(0) == grid().rowHash(0))
    #expect(
      grid().rowHash(1) == TerminalGrid(columns: 4, rows: 1, filledWith: Self.blank).rowHash(0))
  }

  @Test(arguments: [
    TerminalCell(character: "x", foreground: 0, background: 15),
    TerminalCell(character: " ", foreground: 1, background: 15),
    TerminalCell(character: " ", foreground: 0, background: 16),
    TerminalCell(character: " ", foreground: 0, background: 15, isBold: true),
    TerminalCell(character: " ", foreground: 0, background: 15, isContinuation: true),
  ])
  func anyChangeChangesTheHash(cell: TerminalCell) {
    #expect(grid { $0[3, 0] = cell }.rowHash(0) != grid().rowHash(0))
  }

  @Test func theOrderOfCellsCounts() {
    let swapped = grid {
      $0[0, 1] = TerminalCell(character: "a", foreground: 0, background: 15)
      $0[1, 1] = TerminalCell(character: "b", foreground: 0, background: 15)
    }
    let original = grid {
      $0[0, 1] = TerminalCell(character: "b", foreground: 0, background: 15)
      $0[1, 1] = TerminalCell(character: "a", foreground: 0, background: 15)
    }
    #expect(swapped.rowHash(1) != original.rowHash(1))
  }
}
