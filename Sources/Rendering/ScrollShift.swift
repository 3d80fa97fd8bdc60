/// A block of rows the terminal moves: rows `top...bottom` (0-based) scroll by `distance` rows,
/// up when positive.
struct ScrollShift: Hashable, Sendable {
  var top: Int
  var bottom: Int
  var distance: Int

  /// The grid as the terminal shows it after the shift: rows moved inside the region, and the
  /// rows that scrolled into view marked unknown so that they are written.
  func applied(to grid: TerminalGrid) -> TerminalGrid {
    var shifted = grid
    let unknown = TerminalCell(character: "\u{FFFD}", foreground: 0, background: 0)
    for row in top...bottom {
      let source = row + distance
      for column in 0..<grid.columns {
        shifted[column, row] = (top...bottom).contains(source) ? grid[column, source] : unknown
      }
    }
    return shifted
  }
}
