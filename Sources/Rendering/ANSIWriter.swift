import Refresh

/// Accumulates the bytes of one frame, remembering where the cursor is and which attributes are
/// set so that it writes neither moves nor attributes that are not needed.
struct ANSIWriter {
  var bytes: [UInt8] = []
  /// How colors are written (see ``TerminalColorMode``).
  let colorMode: TerminalColorMode
  /// Where the next character would be written, or `nil` when unknown (at the start, and after
  /// writing in the last column, where terminals wait to wrap).
  private var cursor: (column: Int, row: Int)?
  /// The attributes in effect, or `nil` when unknown (at the start of a frame).
  private var attributes:
    (foreground: TerminalColor, background: TerminalColor, isBold: Bool, isInverse: Bool)?

  init(colorMode: TerminalColorMode = .palette256) {
    self.colorMode = colorMode
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Moves a block of rows with a scrolling region, then restores the full-screen region.
  ///
  /// Setting the region moves the cursor home, and the rows scrolled in take the current
  /// background, so both are forgotten here.
  mutating func scroll(_ shift: ScrollShift) {
    append("\u{1B}[\(shift.top + 1);\(shift.bottom + 1)r")
    append(
      shift.distance > 0 ? "\u{1B}[\(shift.distance)S" : "\u{1B}[\(-shift.distance)T")
    append("\u{1B}[r")
    cursor = nil
  }

  private mutating func append(_ number: Int) {
    append(String(number))
  }

  /// Writes the cells of a row that differ between two grids of the same size.
  ///
  /// A wide character is written whole when either of its cells changed; a cell that used to
  /// be half of a wide character takes the other half with it, since terminals blank a wide
  /// character when either half is overwritten. The two cells after a changed cluster of
  /// several scalars are written again too, in case the terminal drew it wider than
  /// ``TextMetrics/cellWidth(of:)`` says (tmux 3.3a draws `"👍🏽"` in four cells).
  ///
  /// - Parameters:
  ///   - row: The row of `grid` to write.
  ///   - previous: What the terminal showed.
  ///   - previousRow: The row of `previous` the terminal shows at `row` now (another one after
  ///     a scroll).
  ///   - grid: The new screen, as wide as `previous`.
  mutating func writeChanges(
    in row: Int, from previous: TerminalGrid, row previousRow: Int, to grid: TerminalGrid
  ) {
    let columns = grid.columns
    // Most rows of a frame are unchanged: compare them whole before flagging cells.
    guard !grid.rowEquals(row, ofRow: previousRow, in: previous) else { return }
    let dirty = grid.cells.withUnsafeBufferPointer { new in
      previous.cells.withUnsafeBufferPointer { old in
        let new = UnsafeBufferPointer(rebasing: new[(row * columns)..<((row + 1) * columns)])
        let old = UnsafeBufferPointer(
          rebasing: old[(previousRow * columns)..<((previousRow + 1) * columns)])
        var dirty = (0..<columns).map { old[$0] != new[$0] }
        for column in 0..<columns where dirty[column] {
          guard old[column].isCluster || new[column].isCluster else { continue }
          // A cluster takes at most two cells: its own second cell and the two after it.
          for after in (column + 1)..<min(column + 4, columns) { dirty[after] = true }
        }
        for column in stride(from: columns - 1, to: 0, by: -1) where dirty[column] {
          if new[column].isContinuation || old[column].isContinuation {
            dirty[column - 1] = true
          }
        }
        for column in 0..<columns - 1 where dirty[column] {
          if new[column + 1].isContinuation || old[column + 1].isContinuation {
            dirty[column + 1] = true
          }
        }
        return dirty
      }
    }
    write(row: row, of: grid, columns: dirty)
  }

  /// Writes the cells of a row whose flag is set in `columns`.
  ///
  /// A wide character's continuation cell is skipped over with it. Cells the terminal would
  /// not show in their place are written as blanks: a continuation whose left cell is not
  /// wide, a wide character without its continuation, a character of no width.
  ///
  /// Terminals disagree about the width of some clusters of several scalars (emoji sequences,
  /// see ``TextMetrics/cellWidth(of:)``), so a wide cluster's two cells are blanked before it is
  /// written, and the cell after a cluster is reached by an explicit cursor move: a terminal
  /// that draws the cluster narrower or wider misplaces nothing else.
  mutating func write(row: Int, of grid: TerminalGrid, columns: [Bool]) {
    var column = 0
    while column < grid.columns {
      guard columns[column] else {
        column += 1
        continue
      }
      var cell = grid[column, row]
      let width = column + 1 < grid.columns && grid[column + 1, row].isContinuation ? 2 : 1
      var cells = width
      if cell.isContinuation || cell.glyph.cellWidth != width {
        cell = cell.blanked
        cells = 1
      }
      let isCluster = cell.isCluster
      moveCursor(toColumn: column, row: row)
      setAttributes(of: cell)
      if isCluster, width == 2 {
        append("  ")
        cursor = nil
        moveCursor(toColumn: column, row: row)
      }
      cell.glyph.append(to: &bytes)
      // A blank takes one cell; the continuation that follows it is written as a blank too.
      let next = column + cells
      cursor = next < grid.columns && !isCluster ? (next, row) : nil
      column = next
    }
  }

  private mutating func moveCursor(toColumn column: Int, row: Int) {
    if let cursor, cursor == (column, row) { return }
    append("\u{1B}[")
    append(row + 1)
    append(";")
    append(column + 1)
    append("H")
    cursor = (column, row)
  }

  /// Emits one SGR sequence with the parameters that change, or all of them (after a reset)
  /// when the current attributes are unknown; colors as ``colorMode`` writes them (none at all
  /// in ``TerminalColorMode/none``, where only bold and reverse video are written).
  private mutating func setAttributes(of cell: TerminalCell) {
    let hasColor = colorMode != .none
    let foreground = hasColor ? cell.foreground : .default
    let background = hasColor ? cell.background : .default
    var parameters: [String] = []
    if let attributes {
      if attributes.isBold != cell.isBold { parameters.append(cell.isBold ? "1" : "22") }
      if attributes.isInverse != cell.isInverse { parameters.append(cell.isInverse ? "7" : "27") }
      if attributes.foreground != foreground {
        parameters.append(colorParameter(foreground, isBackground: false))
      }
      if attributes.background != background {
        parameters.append(colorParameter(background, isBackground: true))
      }
    } else {
      // The reset leaves the terminal's own colors in effect.
      parameters.append("0")
      if cell.isBold { parameters.append("1") }
      if cell.isInverse { parameters.append("7") }
      if !foreground.isDefault {
        parameters.append(colorParameter(foreground, isBackground: false))
      }
      if !background.isDefault { parameters.append(colorParameter(background, isBackground: true)) }
    }
    attributes = (foreground, background, cell.isBold, cell.isInverse)
    guard !parameters.isEmpty else { return }
    append("\u{1B}[" + parameters.joined(separator: ";") + "m")
  }

  /// The SGR parameter that sets a text or background color in ``colorMode``: `39`/`49` for
  /// the terminal's own, `38;2;r;g;b`, `38;5;n`, or `30`–`37` and `90`–`97` (`40`–`47`,
  /// `100`–`107` for backgrounds).
  private func colorParameter(_ color: TerminalColor, isBackground: Bool) -> String {
    guard let channels = color.color, let index = color.xterm256Index else {
      return isBackground ? "49" : "39"
    }
    let base = isBackground ? 48 : 38
    switch colorMode {
    case .trueColor:
      return "\(base);2;\(channels.red);\(channels.green);\(channels.blue)"
    case .palette256, .none:
      return "\(base);5;\(index)"
    case .palette16:
      let system = Int(color.systemColorIndex ?? 0)
      let first = system < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
      return String(first + system % 8)
    }
  }
}
