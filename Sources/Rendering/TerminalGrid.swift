/// A rectangle of terminal cells, row by row: what a ``TerminalCanvas`` draws into and what a
/// ``TerminalFrameBuffer`` compares.
public struct TerminalGrid: Hashable, Sendable {
  /// The number of cells in a row.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  /// The cells, row after row (`cells[row * columns + column]`).
  public private(set) var cells: [TerminalCell]

  /// Creates a grid filled with one cell.
  ///
  /// - Parameters:
  ///   - columns: The number of cells in a row; negative counts as 0.
  ///   - rows: The number of rows; negative counts as 0.
  ///   - cell: The cell every position starts with.
  public init(columns: Int, rows: Int, filledWith cell: TerminalCell) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: cell, count: self.columns * self.rows)
  }

  /// The cell at a column and row, both counted from 0.
  ///
  /// - Parameters:
  ///   - column: The column, `0..<columns`.
  ///   - row: The row, `0..<rows`.
  public subscript(column: Int, row: Int) -> TerminalCell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// The characters of one row, continuation cells left out.
  ///
  /// - Parameter row: The row, `0..<rows`.
  /// - Returns: The row's text, `columns` cells wide.
  public func text(ofRow row: Int) -> String {
    var text = ""
    for column in 0..<columns where !self[column, row].isContinuation {
      text.append(self[column, row].character)
    }
    return text
  }

  /// The whole grid as text, one line per row: handy in tests and snapshots.
  public var text: String {
    (0..<rows).map(text(ofRow:)).joined(separator: "\n")
  }

  /// Fills every cell with one cell.
  ///
  /// - Parameter cell: The new content of every position.
  mutating func fill(with cell: TerminalCell) {
    cells.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
  }

  /// Replaces a cell, first erasing whatever wide character the change would cut in half.
  ///
  /// - Parameters:
  ///   - cell: The new cell; it must not be a continuation.
  ///   - column: The column.
  ///   - row: The row.
  mutating func put(_ cell: TerminalCell, at column: Int, row: Int) {
    let old = self[column, row]
    if old.isContinuation, column > 0 {
      self[column - 1, row] = self[column - 1, row].blanked
    }
    if column + 1 < columns, self[column + 1, row].isContinuation {
      self[column + 1, row] = self[column + 1, row].blanked
    }
    self[column, row] = cell
  }

  /// Writes a wide character in two cells: the character at `column` and its continuation.
  ///
  /// - Parameters:
  ///   - cell: The left cell, holding the character.
  ///   - column: The left column; `column + 1` must be in the grid.
  ///   - row: The row.
  mutating func putWide(_ cell: TerminalCell, at column: Int, row: Int) {
    put(cell, at: column, row: row)
    var continuation = cell
    continuation.glyph = .space
    continuation.isContinuation = true
    // Cut whatever starts under the continuation, then mark it.
    put(continuation.blanked, at: column + 1, row: row)
    self[column + 1, row] = continuation
  }
}
