/// Turns successive grids into the ANSI bytes that update a terminal from one to the next,
/// writing only the cells that changed.
///
/// The first frame, a frame after ``invalidate()`` and a frame of another size are full
/// redraws: the attributes are reset, the screen cleared and every row written. Later frames
/// move the cursor (`ESC[row;columnH`, 1-based) to each run of changed cells and write them,
/// changing the SGR attributes (text color and background as ``colorMode`` writes them, such as
/// `ESC[38;5;Nm` and `ESC[48;5;Nm`, `39`/`49` for the terminal's own; `1`/`22` bold and `7`/`27`
/// reverse video on and off) only where they differ from the previous cell written. A frame with
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

  /// How colors are written; 256-color indexes unless set.
  ///
  /// ``TerminalHost`` sets it from the environment (``TerminalColorMode/init(environment:)``).
  /// Changing it redraws the next frame whole.
  public var colorMode: TerminalColorMode = .palette256 {
    didSet { if colorMode != oldValue { invalidate() } }
  }

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
    displayedRowHashes = []
  }

  /// ``TerminalGrid/rowHash(_:)`` of each row of ``displayedGrid``, kept from the frame that
  /// showed it, for scroll detection.
  private var displayedRowHashes: [Int] = []

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
    var writer = ANSIWriter(colorMode: colorMode)
    let hashes = detectsScrolling ? (0..<grid.rows).map(grid.rowHash) : []
    if let previous = displayedGrid, previous.columns == grid.columns, previous.rows == grid.rows {
      let oldHashes =
        displayedRowHashes.count == grid.rows
        ? displayedRowHashes : (0..<previous.rows).map(previous.rowHash)
      let shift = detectsScrolling ? Self.scroll(from: oldHashes, to: hashes) : nil
      if let shift {
        writer.scroll(shift)
        // Each row is compared with the row the terminal moved there (no shifted copy of the
        // screen); the rows that scrolled into view show blanks and are written whole.
        let everyColumn = Array(repeating: true, count: grid.columns)
        for row in 0..<grid.rows {
          if let source = shift.sourceRow(showingAt: row) {
            writer.writeChanges(in: row, from: previous, row: source, to: grid)
          } else {
            writer.write(row: row, of: grid, columns: everyColumn)
          }
        }
      } else {
        for row in 0..<grid.rows {
          writer.writeChanges(in: row, from: previous, row: row, to: grid)
        }
      }
    } else {
      writer.append("\u{1B}[0m\u{1B}[2J")
      for row in 0..<grid.rows {
        writer.write(row: row, of: grid, columns: Array(repeating: true, count: grid.columns))
      }
    }
    // The buffer shares the canvas's cells rather than copying them: a canvas that clears for
    // its next frame takes fresh storage instead of copying these (`TerminalGrid.fill`), and
    // one that draws over them copies them once, as a copy here would have.
    displayedGrid = grid
    displayedRowHashes = hashes
    guard !writer.bytes.isEmpty else { return [] }
    guard usesSynchronizedOutput else { return writer.bytes }
    return Array("\u{1B}[?2026h".utf8) + writer.bytes + Array("\u{1B}[?2026l".utf8)
  }
}
