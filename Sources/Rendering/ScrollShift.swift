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
    apply(to: &shifted)
    return shifted
  }

  /// Shifts a grid in place, as ``applied(to:)`` does.
  func apply(to grid: inout TerminalGrid) {
    let unknown = TerminalCell(character: "\u{FFFD}", foreground: .default, background: .default)
    let moved = bottom - top + 1 - abs(distance)
    if moved > 0 {
      // Up: rows top + distance... move to top...; down: rows top... move to top + |distance|.
      let source = distance > 0 ? top + distance : top
      let target = distance > 0 ? top : top - distance
      grid.moveRows(source, count: moved, to: target)
    }
    let uncovered =
      distance > 0
      ? max(top, bottom - distance + 1)...bottom : top...min(bottom, top - distance - 1)
    for row in uncovered { grid.fill(row: row, with: unknown) }
  }
}
