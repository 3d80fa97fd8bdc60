import Foundation

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

  /// Whether a row holds the same cells as a row of a grid of the same width.
  ///
  /// The rows are compared as memory: a cell is two words with no padding, and two cells are
  /// equal exactly when their words are (``TerminalCell``'s equality compares the two).
  func rowEquals(_ row: Int, ofRow otherRow: Int, in other: TerminalGrid) -> Bool {
    let size = columns * MemoryLayout<TerminalCell>.stride
    guard size > 0 else { return true }
    return cells.withUnsafeBytes { mine in
      other.cells.withUnsafeBytes { theirs in
        memcmp(mine.baseAddress! + row * size, theirs.baseAddress! + otherRow * size, size) == 0
      }
    }
  }

  /// Moves rows `source..<source + count` to start at row `target`, as a terminal scrolls them.
  mutating func moveRows(_ source: Int, count: Int, to target: Int) {
    let columns = columns
    cells.withUnsafeMutableBytes { cells in
      guard let base = cells.baseAddress else { return }
      let row = columns * MemoryLayout<TerminalCell>.stride
      memmove(base + target * row, base + source * row, count * row)
    }
  }

  /// Sets every cell of a row.
  mutating func fill(row: Int, with cell: TerminalCell) {
    let columns = columns
    cells.withUnsafeMutableBufferPointer { cells in
      cells[(row * columns)..<((row + 1) * columns)].update(repeating: cell)
    }
  }

  /// Fills every cell with one cell.
  ///
  /// The cells are made anew rather than overwritten in place: storage shared with another
  /// grid (a frame buffer keeps the last frame it showed this way) would be copied whole first,
  /// only to be overwritten, and filling new storage costs what overwriting does.
  ///
  /// - Parameter cell: The new content of every position.
  mutating func fill(with cell: TerminalCell) {
    cells = Array(repeating: cell, count: cells.count)
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

  /// Writes a run of ASCII characters, a byte per cell, as ``put(_:at:row:)`` would one by one:
  /// a wide character cut at either end of the run is erased.
  ///
  /// - Parameters:
  ///   - bytes: Printable ASCII bytes; the run must fit in the row.
  ///   - column: The first column.
  ///   - row: The row.
  ///   - isBold: Whether the characters are bold.
  ///   - foreground: The text color over each cell, or `nil` to leave the cell as it is.
  mutating func putASCII(
    _ bytes: Substring.UTF8View, at column: Int, row: Int, isBold: Bool,
    foreground: (TerminalCell) -> TerminalColor?
  ) {
    let count = bytes.count
    guard count > 0 else { return }
    let start = row * columns + column
    let end = start + count
    let rowEnd = (row + 1) * columns
    cells.withUnsafeMutableBufferPointer { cells in
      if cells[start].isContinuation, column > 0, foreground(cells[start]) != nil {
        cells[start - 1] = cells[start - 1].blanked
      }
      if end < rowEnd, cells[end].isContinuation, foreground(cells[end - 1]) != nil {
        cells[end] = cells[end].blanked
      }
      var index = start
      for byte in bytes {
        var cell = cells[index]
        if let color = foreground(cell) {
          // The background and reverse video stay, as a character written alone keeps them.
          cell.glyph = TerminalGlyph(ascii: byte)
          cell.foreground = color
          cell.isBold = isBold
          cell.isContinuation = false
          cells[index] = cell
        }
        index += 1
      }
    }
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
