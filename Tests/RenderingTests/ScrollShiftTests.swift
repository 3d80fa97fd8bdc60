import TestSupport
import Testing

@testable import Rendering

/// Which row of the screen before a shift the terminal shows at each row after it: the rows the
/// frame buffer compares, row by row, instead of a shifted copy of the screen.
@Suite("Scroll shifts: the rows shown after them")
struct ScrollShiftTests {
  @Test(
    arguments: [
      // Up by 2 in rows 1...5: rows 1...3 show rows 3...5, rows 4 and 5 scrolled into view.
      (ScrollShift(top: 1, bottom: 5, distance: 2), [0, 3, 4, 5, nil, nil, 6]),
      // Down by 1 in rows 0...6: row 0 scrolled into view, the others show the row above.
      (ScrollShift(top: 0, bottom: 6, distance: -1), [nil, 0, 1, 2, 3, 4, 5]),
      // A shift farther than its region uncovers all of it.
      (ScrollShift(top: 2, bottom: 3, distance: 3), [0, 1, nil, nil, 4, 5, 6]),
      (ScrollShift(top: 2, bottom: 3, distance: -2), [0, 1, nil, nil, 4, 5, 6]),
    ] as [(ScrollShift, [Int?])])
  func theRowsShownAfterAShift(shift: ScrollShift, sources: [Int?]) {
    #expect((0..<7).map(shift.sourceRow(showingAt:)) == sources)
  }

  /// The rows agree with the terminal's own shift, modelled by `apply(to:)`.
  @Test func theRowsShownAreTheRowsTheShiftMoves() {
    var random = SplitMix64(seed: 23)
    for _ in 0..<300 {
      let rows = 2 + Int(random.next() % 10)
      var grid = TerminalGrid(
        columns: 1, rows: rows, filledWith: TerminalCell(foreground: 0, background: 0))
      for row in 0..<rows {
        grid[0, row] = TerminalCell(
          character: Character(Unicode.Scalar(UInt8(65 + row))), foreground: 0, background: 0)
      }
      let top = Int(random.next() % UInt64(rows))
      let bottom = top + Int(random.next() % UInt64(rows - top))
      let span = bottom - top + 1
      var distance = Int(random.next() % UInt64(2 * span + 1)) - span
      if distance == 0 { distance = -1 }
      let shift = ScrollShift(top: top, bottom: bottom, distance: distance)
      var shifted = grid
      shift.apply(to: &shifted)
      for row in 0..<rows {
        let expected = shift.sourceRow(showingAt: row).map { grid[0, $0] }
        #expect((expected ?? ScrollShift.unknownCell) == shifted[0, row], "\(shift) row \(row)")
      }
    }
  }
}
