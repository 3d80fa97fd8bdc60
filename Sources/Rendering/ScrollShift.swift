/// A block of rows the terminal moves: rows `top...bottom` (0-based) scroll by `distance` rows,
/// up when positive.
struct ScrollShift: Hashable, Sendable {
  var top: Int
  var bottom: Int
  var distance: Int

  /// The row of the screen before the shift that the terminal shows at `row` after it, or `nil`
  /// for a row that scrolled into view (blank until written).
  func sourceRow(showingAt row: Int) -> Int? {
    guard row >= top, row <= bottom else { return row }
    let moved = bottom - top + 1 - abs(distance)
    // Up: rows top..<top + moved show the rows `distance` below them; down: rows
    // bottom - moved + 1...bottom show the rows |distance| above them.
    if distance > 0 { return row < top + moved ? row + distance : nil }
    return row > bottom - moved ? row + distance : nil
  }

  /// Shifts a grid in place as the terminal shifts its screen.
  ///
  /// Rows move inside the region, and the rows that scrolled into view are filled with
  /// ``unknownCell``. The frame buffer reads ``sourceRow(showingAt:)`` instead; this is the
  /// model its tests check it against.
  func apply(to grid: inout TerminalGrid) {
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
    for row in uncovered { grid.fill(row: row, with: Self.unknownCell) }
  }

  /// What ``apply(to:)`` fills the rows that scrolled into view with: a replacement character.
  static let unknownCell = TerminalCell(
    character: "\u{FFFD}", foreground: .default, background: .default)
}
