/// Turns successive grids into the ANSI bytes that update a terminal from one to the next,
/// writing only the cells that look different, by the shortest bytes it finds.
///
/// The first frame, a frame after ``invalidate()`` and a frame of another size are full
/// redraws: the screen is cleared (`ESC[2J`) in the background most of its blanks have (with
/// ``hasBackgroundColorErase``; the terminal's own otherwise), and the cells that look otherwise
/// are written. Later frames write the cells that changed, starting from where the last frame
/// left the cursor and with the attributes it left in effect. Each change is written as briefly
/// as the encoder can:
/// - the cursor is moved by the shortest of an absolute move (`ESC[r;cH`), relative moves
///   (`ESC[nA`…`D`, backspaces), a column or row (`ESC[nG`, `ESC[nd`), a carriage return and
///   line feeds, or by writing the unchanged cells in between again;
/// - attributes (text color and background as ``colorMode`` writes them, such as `ESC[38;5;Nm`
///   and `ESC[48;5;Nm`, `39`/`49` for the terminal's own; `1`/`22` bold, `7`/`27` reverse
///   video) change in one SGR, or a reset (`ESC[m`, `ESC[0;…m`) where that is shorter;
/// - a blank without reverse video shows only its background: its text color and boldness are
///   never compared nor set, and runs of such blanks are erased where that is shorter than
///   spaces (`ESC[K` to the end of the row, `ESC[nX` inside it), in a background the terminal
///   erases to (see ``hasBackgroundColorErase``).
///
/// A frame with nothing to change is empty. With ``usesSynchronizedOutput``, every non-empty
/// frame is wrapped in `ESC[?2026h` … `ESC[?2026l`, so that terminals that support it show it at
/// once. The buffer assumes that nothing else writes to the terminal between frames; after
/// something did, call ``invalidate()``.
///
/// With ``detectsScrolling``, a block of rows that moved up or down as a whole (a list
/// scrolling) is moved by the terminal itself: the whole screen scrolled up (`ESC[nS`, or a line
/// feed on the bottom row) or down (`ESC[nT`), or a scrolling region (`ESC[top;bottomr`)
/// scrolled, after which only the rows that scrolled into view, and the cells that differ
/// otherwise, are written. Scrolling frames then cost a few rows, not a screen.
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

  /// Whether the terminal fills erased cells with the background color set (terminfo's `bce`,
  /// back color erase).
  ///
  /// With it, blanks of any background are erased where that is shorter than writing them
  /// (`ESC[K`, `ESC[nX`); without it, only blanks of the terminal's own background are, since
  /// those are what every terminal erases to once its own background is set. `false` unless
  /// set: ``TerminalHost`` sets it from the environment
  /// (``hasBackgroundColorErase(environment:)``).
  public var hasBackgroundColorErase = false

  /// Whether the terminal a process runs on erases with the background color set: the `bce`
  /// capability of `TERM`'s terminfo entry (found as ncurses finds it), or, with no entry, a
  /// `TERM` of the xterm, rxvt or Linux console families, which all have it; `false` for any
  /// other.
  ///
  /// ```swift
  /// TerminalFrameBuffer.hasBackgroundColorErase(environment: ["TERM": "xterm-256color"])  // true
  /// TerminalFrameBuffer.hasBackgroundColorErase(environment: ["TERM": "tmux-256color"])  // false
  /// ```
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: Whether erased cells take the background set.
  public static func hasBackgroundColorErase(environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else { return false }
    if let entry = Terminfo.backColorErase(of: term, environment: environment) { return entry }
    return ["xterm", "rxvt", "linux"].contains { term == $0 || term.hasPrefix($0 + "-") }
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
    terminalCursor = nil
    terminalAttributes = nil
  }

  /// Where the last frame left the cursor, and the attributes it left in effect: the next
  /// frame starts from them, as nothing else writes to the terminal between frames.
  private var terminalCursor: ANSIWriter.Cursor?
  private var terminalAttributes: ANSIWriter.Attributes?

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
    let isRedraw =
      displayedGrid.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
    var writer = ANSIWriter(
      colorMode: colorMode, hasBackgroundColorErase: hasBackgroundColorErase,
      cursor: isRedraw ? nil : terminalCursor, attributes: isRedraw ? nil : terminalAttributes)
    let hashes = detectsScrolling ? (0..<grid.rows).map(grid.rowHash) : []
    let columns = grid.columns
    grid.cells.withUnsafeBufferPointer { new in
      func newRow(_ row: Int) -> UnsafeBufferPointer<TerminalCell> {
        UnsafeBufferPointer(rebasing: new[(row * columns)..<((row + 1) * columns)])
      }
      if let previous = displayedGrid, previous.columns == grid.columns,
        previous.rows == grid.rows
      {
        let oldHashes =
          displayedRowHashes.count == grid.rows
          ? displayedRowHashes : (0..<previous.rows).map(previous.rowHash)
        let shift =
          detectsScrolling
          ? Self.scroll(from: oldHashes, to: hashes).map {
            Self.extended($0, from: previous, to: grid)
          } : nil
        previous.cells.withUnsafeBufferPointer { old in
          func oldRow(_ row: Int) -> UnsafeBufferPointer<TerminalCell> {
            UnsafeBufferPointer(rebasing: old[(row * columns)..<((row + 1) * columns)])
          }
          guard let shift else {
            for row in 0..<grid.rows where !grid.rowEquals(row, ofRow: row, in: previous) {
              writer.writeChanges(in: row, from: oldRow(row), to: newRow(row))
            }
            return
          }
          // Each row is compared with the row the terminal moved there (no shifted copy of
          // the screen); the rows that scrolled into view show blanks of the background set
          // before the scroll.
          let uncovered = (0..<grid.rows).filter { shift.sourceRow(showingAt: $0) == nil }
          let background = writer.erasingBackground(of: grid, rows: uncovered)
          writer.scroll(shift, rows: grid.rows, background: background)
          let blank = [TerminalCell](
            repeating: ANSIWriter.erasedCell(background), count: columns)
          blank.withUnsafeBufferPointer { blank in
            for row in 0..<grid.rows {
              if let source = shift.sourceRow(showingAt: row) {
                guard !grid.rowEquals(row, ofRow: source, in: previous) else { continue }
                writer.writeChanges(in: row, from: oldRow(source), to: newRow(row))
              } else {
                writer.writeChanges(in: row, from: blank, to: newRow(row))
              }
            }
          }
        }
      } else {
        // A cleared screen shows blanks of the background set: the cells that look otherwise
        // are written.
        let background = writer.erasingBackground(of: grid, rows: 0..<grid.rows)
        writer.clearScreen(to: background)
        let blank = [TerminalCell](repeating: ANSIWriter.erasedCell(background), count: columns)
        blank.withUnsafeBufferPointer { blank in
          for row in 0..<grid.rows {
            writer.writeChanges(in: row, from: blank, to: newRow(row))
          }
        }
      }
    }
    // The buffer shares the canvas's cells rather than copying them: a canvas that clears for
    // its next frame takes fresh storage instead of copying these (`TerminalGrid.fill`), and
    // one that draws over them copies them once, as a copy here would have.
    displayedGrid = grid
    displayedRowHashes = hashes
    terminalCursor = writer.cursor
    terminalAttributes = writer.attributes
    guard !writer.bytes.isEmpty else { return [] }
    guard usesSynchronizedOutput else { return writer.bytes }
    return Array("\u{1B}[?2026h".utf8) + writer.bytes + Array("\u{1B}[?2026l".utf8)
  }
}
