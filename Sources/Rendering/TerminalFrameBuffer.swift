/// Turns successive grids into the ANSI bytes that update a terminal from one to the next,
/// writing only the cells that changed.
///
/// The first frame, a frame after ``invalidate()`` and a frame of another size are full
/// redraws: the attributes are reset, the screen cleared and every row written. Later frames
/// move the cursor (`ESC[row;columnH`, 1-based) to each run of changed cells and write them,
/// changing the SGR attributes (`ESC[38;5;Nm` text color, `ESC[48;5;Nm` background, `1`/`22`
/// bold on and off) only where they differ from the previous cell written. A frame with
/// nothing to change is empty. With ``usesSynchronizedOutput``, every non-empty frame is wrapped
/// in `ESC[?2026h` … `ESC[?2026l`, so that terminals that support it show it at once.
///
/// With ``detectsScrolling``, a block of rows that moved up or down as a whole (a list
/// scrolling) is moved by the terminal itself: a scrolling region (`ESC[top;bottomr`) scrolled
/// up (`ESC[nS`) or down (`ESC[nT`), after which only the rows that scrolled into view, and
/// the cells that differ otherwise, are written. Scrolling frames then cost a few rows, not a
/// screen.
///
/// ```swift
/// var buffer = TerminalFrameBuffer()
/// window.render(in: canvas)
/// session.write(buffer.frame(from: canvas))  // the full screen
/// clock.advance(by: 1 / 60)
/// canvas.clear()
/// window.render(in: canvas)
/// session.write(buffer.frame(from: canvas))  // what changed
/// ```
public struct TerminalFrameBuffer: Sendable {
  /// Whether frames are wrapped in synchronized-output brackets (`ESC[?2026h` … `ESC[?2026l`).
  public var usesSynchronizedOutput: Bool

  /// The grid the terminal shows, as of the last frame; `nil` before the first frame or after
  /// ``invalidate()``.
  public private(set) var displayedGrid: TerminalGrid?

  /// Whether rows that moved as a block are shifted by the terminal (see the overview).
  public var detectsScrolling = true

  /// The fewest rows a block must have for a shift to be worth a scrolling region.
  static let minimumScrolledRows = 3

  /// Creates a buffer whose next frame is a full redraw.
  ///
  /// - Parameter usesSynchronizedOutput: Whether to wrap frames in synchronized-output
  ///   brackets.
  public init(usesSynchronizedOutput: Bool = true) {
    self.usesSynchronizedOutput = usesSynchronizedOutput
  }

  /// Forgets what the terminal shows, so that the next frame redraws everything: after the
  /// screen was disturbed (a resize, another program's output, a resumed process).
  public mutating func invalidate() {
    displayedGrid = nil
  }

  /// The bytes that bring the terminal from the last frame to a canvas's grid.
  ///
  /// - Parameter canvas: The canvas drawn for this frame.
  /// - Returns: The bytes to write to the terminal; empty when nothing changed.
  @MainActor
  public mutating func frame(from canvas: TerminalCanvas) -> [UInt8] {
    frame(from: canvas.grid)
  }

  /// The bytes that bring the terminal from the last frame to a grid.
  ///
  /// - Parameter grid: The grid to show.
  /// - Returns: The bytes to write to the terminal; empty when nothing changed.
  public mutating func frame(from grid: TerminalGrid) -> [UInt8] {
    var writer = ANSIWriter()
    if var previous = displayedGrid, previous.columns == grid.columns,
      previous.rows == grid.rows
    {
      if detectsScrolling, let shift = Self.scroll(from: previous, to: grid) {
        writer.scroll(shift)
        previous = shift.applied(to: previous)
      }
      for row in 0..<grid.rows {
        writer.writeChanges(in: row, from: previous, to: grid)
      }
    } else {
      writer.append("\u{1B}[0m\u{1B}[2J")
      for row in 0..<grid.rows {
        writer.write(row: row, of: grid, columns: Array(repeating: true, count: grid.columns))
      }
    }
    displayedGrid = grid
    guard !writer.bytes.isEmpty else { return [] }
    guard usesSynchronizedOutput else { return writer.bytes }
    return Array("\u{1B}[?2026h".utf8) + writer.bytes + Array("\u{1B}[?2026l".utf8)
  }
}

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

extension TerminalFrameBuffer {
  /// The shift that makes the most rows of `grid` equal to rows of `previous` that moved, if
  /// one makes at least ``minimumScrolledRows`` rows match that did not match in place.
  static func scroll(from previous: TerminalGrid, to grid: TerminalGrid) -> ScrollShift? {
    let rows = grid.rows
    guard rows > minimumScrolledRows else { return nil }
    let old = (0..<rows).map { previous.rowHash($0) }
    let new = (0..<rows).map { grid.rowHash($0) }
    var best: (gain: Int, shift: ScrollShift)?
    for distance in -(rows / 2)...(rows / 2) where distance != 0 {
      // The longest run of rows r with new[r] == old[r + distance].
      var runStart = 0
      var gain = 0
      for row in 0...rows {
        let source = row + distance
        let matches =
          row < rows && source >= 0 && source < rows && new[row] == old[source]
        if matches {
          if new[row] != old[row] { gain += 1 }
          continue
        }
        if gain >= minimumScrolledRows, gain > (best?.gain ?? 0) {
          let last = row - 1
          let shift =
            distance > 0
            ? ScrollShift(top: runStart, bottom: last + distance, distance: distance)
            : ScrollShift(top: runStart + distance, bottom: last, distance: distance)
          best = (gain, shift)
        }
        runStart = row + 1
        gain = 0
      }
    }
    return best?.shift
  }
}

extension TerminalGrid {
  /// A hash of one row's cells, for finding rows that moved.
  ///
  /// FNV-1a (Fowler–Noll–Vo: offset basis 0xcbf29ce484222325, prime 0x100000001b3) over each
  /// cell's attributes and Unicode scalars: cells that are drawn the same hash the same, at a
  /// fraction of the cost of hashing `Character`s with `Hasher` (scroll detection hashes every
  /// row of every frame). A collision, or two spellings of one character, only costs the
  /// scrolling shortcut: the rows are still compared cell by cell when written.
  func rowHash(_ row: Int) -> Int {
    let prime: UInt64 = 0x100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for column in 0..<columns {
      let cell = self[column, row]
      let attributes =
        UInt64(cell.foreground) | UInt64(cell.background) << 8 | (cell.isBold ? 1 << 16 : 0)
        | (cell.isContinuation ? 1 << 17 : 0)
      hash = (hash ^ attributes) &* prime
      for scalar in cell.character.unicodeScalars {
        hash = (hash ^ UInt64(scalar.value)) &* prime
      }
    }
    return Int(truncatingIfNeeded: hash)
  }
}

/// Accumulates the bytes of one frame, remembering where the cursor is and which attributes are
/// set so that it writes neither moves nor attributes that are not needed.
private struct ANSIWriter {
  var bytes: [UInt8] = []
  /// Where the next character would be written, or `nil` when unknown (at the start, and after
  /// writing in the last column, where terminals wait to wrap).
  private var cursor: (column: Int, row: Int)?
  /// The attributes in effect, or `nil` when unknown (at the start of a frame).
  private var attributes: (foreground: UInt8, background: UInt8, isBold: Bool)?

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
  /// character when either half is overwritten.
  mutating func writeChanges(in row: Int, from previous: TerminalGrid, to grid: TerminalGrid) {
    let columns = grid.columns
    var dirty = (0..<columns).map { previous[$0, row] != grid[$0, row] }
    guard dirty.contains(true) else { return }
    for column in stride(from: columns - 1, to: 0, by: -1) where dirty[column] {
      if grid[column, row].isContinuation || previous[column, row].isContinuation {
        dirty[column - 1] = true
      }
    }
    for column in 0..<columns - 1 where dirty[column] {
      if grid[column + 1, row].isContinuation || previous[column + 1, row].isContinuation {
        dirty[column + 1] = true
      }
    }
    write(row: row, of: grid, columns: dirty)
  }

  /// Writes the cells of a row whose flag is set in `columns`.
  ///
  /// A wide character's continuation cell is skipped over with it. Cells the terminal would
  /// not show in their place are written as blanks: a continuation whose left cell is not
  /// wide, a wide character without its continuation, a character of no width.
  mutating func write(row: Int, of grid: TerminalGrid, columns: [Bool]) {
    var column = 0
    while column < grid.columns {
      guard columns[column] else {
        column += 1
        continue
      }
      var cell = grid[column, row]
      let width = column + 1 < grid.columns && grid[column + 1, row].isContinuation ? 2 : 1
      if cell.isContinuation || cellWidth(of: cell.character) != width {
        cell = cell.blanked
      }
      moveCursor(toColumn: column, row: row)
      setAttributes(of: cell)
      append(String(cell.character))
      // A blank takes one cell; the continuation that follows it is written as a blank too.
      let next = column + cellWidth(of: cell.character)
      cursor = next < grid.columns ? (next, row) : nil
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
  /// when the current attributes are unknown.
  private mutating func setAttributes(of cell: TerminalCell) {
    var parameters: [String] = []
    if let attributes {
      if attributes.isBold != cell.isBold { parameters.append(cell.isBold ? "1" : "22") }
      if attributes.foreground != cell.foreground {
        parameters.append("38;5;\(cell.foreground)")
      }
      if attributes.background != cell.background {
        parameters.append("48;5;\(cell.background)")
      }
    } else {
      parameters.append("0")
      if cell.isBold { parameters.append("1") }
      parameters.append("38;5;\(cell.foreground)")
      parameters.append("48;5;\(cell.background)")
    }
    attributes = (cell.foreground, cell.background, cell.isBold)
    guard !parameters.isEmpty else { return }
    append("\u{1B}[" + parameters.joined(separator: ";") + "m")
  }
}
