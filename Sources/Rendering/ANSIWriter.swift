import Refresh

/// Accumulates the bytes of one frame, remembering where the cursor is and which attributes are
/// set, and choosing for every change the shortest bytes that make the terminal show it.
///
/// What a cell shows is all that is compared (see ``looksSame(_:_:)``): a blank without reverse
/// video shows only its background, so its text color and boldness are neither compared nor
/// set. Runs of such blanks are erased rather than written where that is shorter (`ESC[K` to the
/// end of the line, `ESC[nX` inside it), but only in a background the terminal erases with:
/// any, with ``hasBackgroundColorErase``; otherwise the terminal's own, which every terminal
/// erases with when its own background is set.
struct ANSIWriter {
  var bytes: [UInt8] = []
  /// How colors are written (see ``TerminalColorMode``).
  let colorMode: TerminalColorMode
  /// Whether the terminal fills erased cells with the background set (terminfo's `bce`).
  let hasBackgroundColorErase: Bool

  /// Where the cursor is: the cell the next character goes to, or, when `isPendingWrap`, the
  /// last column after a character was written there (terminals then wait to wrap, and only an
  /// absolute move or a carriage return is understood alike by all of them).
  struct Cursor: Equatable {
    var column: Int
    var row: Int
    var isPendingWrap = false
  }

  /// The cursor, or `nil` when unknown (before the first frame, and after a cluster of several
  /// scalars, whose width terminals disagree on).
  private(set) var cursor: Cursor?

  /// The SGR attributes in effect.
  struct Attributes: Equatable {
    var foreground: TerminalColor
    var background: TerminalColor
    var isBold: Bool
    var isInverse: Bool
  }

  /// The attributes in effect, or `nil` when unknown (before the first frame).
  private(set) var attributes: Attributes?

  /// Creates a writer for one frame.
  ///
  /// - Parameters:
  ///   - colorMode: How colors are written.
  ///   - hasBackgroundColorErase: Whether erased cells take the background set.
  ///   - cursor: Where the last frame left the cursor, if known.
  ///   - attributes: The attributes the last frame left in effect, if known.
  init(
    colorMode: TerminalColorMode = .palette256, hasBackgroundColorErase: Bool = false,
    cursor: Cursor? = nil, attributes: Attributes? = nil
  ) {
    self.colorMode = colorMode
    self.hasBackgroundColorErase = hasBackgroundColorErase
    self.cursor = cursor
    self.attributes = attributes
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func append(_ number: Int) {
    append(String(number))
  }

  // MARK: - What a cell shows

  /// A color as ``colorMode`` writes it: colors written alike are the same on the terminal.
  private func written(_ color: TerminalColor) -> TerminalColor {
    switch colorMode {
    case .none: return .default
    case .palette256: return color.xterm256Index.map(TerminalColor.init(xterm256Index:)) ?? .default
    case .palette16:
      return color.systemColorIndex.map(TerminalColor.init(xterm256Index:)) ?? .default
    case .trueColor: return color.color.map(TerminalColor.init) ?? .default
    }
  }

  private func sameWritten(_ one: TerminalColor, _ other: TerminalColor) -> Bool {
    one == other || written(one) == written(other)
  }

  /// Whether a cell is a blank that shows nothing but its background: a space, not reverse
  /// video, not half of a wide character.
  private static func isPlainBlank(_ cell: TerminalCell) -> Bool {
    cell.glyph == .space && !cell.isInverse && !cell.isContinuation
  }

  /// Whether two cells look the same on the terminal: equal, or written alike (colors that
  /// ``colorMode`` writes the same), or two plain blanks of one background.
  func looksSame(_ one: TerminalCell, _ other: TerminalCell) -> Bool {
    if one == other { return true }
    if Self.isPlainBlank(one) || Self.isPlainBlank(other) {
      return Self.isPlainBlank(one) && Self.isPlainBlank(other)
        && sameWritten(one.background, other.background)
    }
    return one.glyph == other.glyph && one.isBold == other.isBold
      && one.isInverse == other.isInverse && one.isContinuation == other.isContinuation
      && sameWritten(one.foreground, other.foreground)
      && sameWritten(one.background, other.background)
  }

  /// Whether a blank of this background can be erased to instead of written.
  private func canErase(to background: TerminalColor) -> Bool {
    hasBackgroundColorErase || written(background).isDefault
  }

  /// The background to erase a screen or scrolled-in rows to: the most common background of
  /// the plain blanks in `rows` that the terminal can erase to, or the terminal's own.
  func erasingBackground(of grid: TerminalGrid, rows: some Sequence<Int>) -> TerminalColor {
    guard hasBackgroundColorErase, colorMode != .none else { return .default }
    var counts: [TerminalColor: Int] = [:]
    grid.cells.withUnsafeBufferPointer { cells in
      for row in rows {
        // The written color is looked up only where the background changes along the row.
        var previous: (color: TerminalColor, written: TerminalColor)?
        for cell in cells[(row * grid.columns)..<((row + 1) * grid.columns)]
        where Self.isPlainBlank(cell) {
          let key: TerminalColor
          if let previous, previous.color == cell.background {
            key = previous.written
          } else {
            key = written(cell.background)
            previous = (cell.background, key)
          }
          counts[key, default: 0] += 1
        }
      }
    }
    return counts.max { $0.value < $1.value || ($0.value == $1.value && $1.key.isDefault) }?.key
      ?? .default
  }

  /// A plain blank of a background: what an erased cell shows.
  static func erasedCell(_ background: TerminalColor) -> TerminalCell {
    TerminalCell(glyph: .space, foreground: .default, background: background)
  }

  // MARK: - Whole-screen operations

  /// Clears the screen to a background (`ESC[2J` after setting it).
  ///
  /// The cursor does not move, but where it is has not been established at the start of a
  /// frame.
  mutating func clearScreen(to background: TerminalColor) {
    setErasing(background)
    append("\u{1B}[2J")
  }

  /// Moves a block of rows: the whole screen with a line feed at its bottom row (a scroll up
  /// by one from there) or `ESC[nS`/`ESC[nT`; a part of it with a scrolling region, then the
  /// full-screen region restored.
  ///
  /// The rows scrolled in take the background set, so `background` is set first. Setting the
  /// region (`ESC[t;br`, `ESC[r`) moves the cursor home.
  ///
  /// - Parameters:
  ///   - shift: The rows that move.
  ///   - rows: The height of the screen.
  ///   - background: The background the rows scrolled in show.
  mutating func scroll(_ shift: ScrollShift, rows: Int, background: TerminalColor) {
    setErasing(background)
    let count = abs(shift.distance)
    let sequence = "\u{1B}[" + (count == 1 ? "" : String(count)) + (shift.distance > 0 ? "S" : "T")
    guard shift.top == 0, shift.bottom == rows - 1 else {
      append("\u{1B}[\(shift.top + 1);\(shift.bottom + 1)r")
      append(sequence)
      append("\u{1B}[r")
      cursor = Cursor(column: 0, row: 0)
      return
    }
    if shift.distance == 1, let cursor, cursor.row == rows - 1 {
      // A carriage return first, so that the column is known with or without the output's
      // own carriage return before line feeds.
      append(cursor.column == 0 && !cursor.isPendingWrap ? "\n" : "\r\n")
      self.cursor = Cursor(column: 0, row: rows - 1)
    } else {
      append(sequence)
    }
  }

  // MARK: - Rows

  /// Writes the cells of a row that do not look the same on the terminal as they do in `new`.
  ///
  /// A wide character is written whole when either of its cells changed; a cell that used to
  /// be half of a wide character takes the other half with it, since terminals blank a wide
  /// character when either half is overwritten. The two cells after a changed cluster of
  /// several scalars are written again too, in case the terminal drew it wider than
  /// ``TextMetrics/cellWidth(of:)`` says (tmux 3.3a draws `"👍🏽"` in four cells).
  ///
  /// - Parameters:
  ///   - row: The row of the screen.
  ///   - old: The cells the terminal shows in that row.
  ///   - new: The cells to show, as many.
  mutating func writeChanges(
    in row: Int, from old: UnsafeBufferPointer<TerminalCell>,
    to new: UnsafeBufferPointer<TerminalCell>
  ) {
    let columns = new.count
    var dirty = [Bool](repeating: false, count: columns)
    var any = false
    for column in 0..<columns where !looksSame(old[column], new[column]) {
      dirty[column] = true
      any = true
    }
    guard any else { return }
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
    write(row: row, cells: new, dirty: dirty)
  }

  /// The cell the terminal is sent for column `column` of a row, and how many cells it takes.
  ///
  /// Cells the terminal would not show in their place are sent as blanks: a continuation whose
  /// left cell is not wide, a wide character without its continuation, a character of no
  /// width.
  private static func shown(_ cells: UnsafeBufferPointer<TerminalCell>, at column: Int) -> (
    cell: TerminalCell, width: Int
  ) {
    let cell = cells[column]
    let width = column + 1 < cells.count && cells[column + 1].isContinuation ? 2 : 1
    if cell.isContinuation || cell.glyph.cellWidth != width { return (cell.blanked, 1) }
    return (cell, width)
  }

  /// Writes the cells of a row whose flag is set in `dirty`, by the shortest means: a run of
  /// blanks to the end of the row is erased (`ESC[K`), one inside the row erased
  /// (`ESC[nX`) or written as spaces, a gap of unchanged cells moved over or written again.
  ///
  /// Terminals disagree about the width of some clusters of several scalars (emoji sequences,
  /// see ``TextMetrics/cellWidth(of:)``), so a wide cluster's two cells are blanked before it is
  /// written, and the cell after a cluster is reached by an absolute cursor move: a terminal
  /// that draws the cluster narrower or wider misplaces nothing else.
  private mutating func write(
    row: Int, cells: UnsafeBufferPointer<TerminalCell>, dirty: [Bool]
  ) {
    let columns = cells.count
    guard let lastDirty = dirty.lastIndex(of: true), var column = dirty.firstIndex(of: true)
    else { return }
    // The erasable blanks that end the row, all of one background.
    var tailStart = columns
    let last = Self.shown(cells, at: columns - 1).cell
    if Self.isPlainBlank(last), canErase(to: last.background) {
      tailStart = columns - 1
      while tailStart > 0 {
        let cell = Self.shown(cells, at: tailStart - 1).cell
        guard Self.isPlainBlank(cell), sameWritten(cell.background, last.background) else { break }
        tailStart -= 1
      }
    }
    /// The next character this row writes from a column on, whose text style a sequence
    /// written for blanks before it can set too.
    func textStyle(from start: Int) -> () -> TerminalCell? {
      {
        guard start <= lastDirty else { return nil }
        for column in start...lastDirty where dirty[column] {
          let cell = Self.shown(cells, at: column).cell
          if !Self.isPlainBlank(cell) { return column < tailStart ? cell : nil }
        }
        return nil
      }
    }
    if let cursor, column > 0 {
      if cursor.row == row, !cursor.isPendingWrap, cursor.column < column {
        // From the cursor on, the cells before the first change are a gap like any other.
        column = cursor.column
      } else {
        // The row's first column may be cheap to reach (a carriage return and line feeds),
        // and the cells before the change cheap to write again.
        let direct = movement(from: cursor, toColumn: column, row: row).utf8.count
        let viaStart = movement(from: cursor, toColumn: 0, row: row).utf8.count
        if viaStart < direct,
          rewriteCost(cells, from: 0, to: column, below: direct - viaStart) != nil
        {
          moveCursor(toColumn: 0, row: row)
          column = 0
        }
      }
    }
    while column <= lastDirty {
      guard dirty[column] else {
        let next = dirty[column...].firstIndex(of: true)!
        if !rewrite(row: row, cells: cells, from: column, to: next) { column = next }
        continue
      }
      let (cell, width) = Self.shown(cells, at: column)
      if column >= tailStart, lastDirty - column + 1 > 3 {
        // Erasing costs 3 bytes, the spaces one each (both after the same move and colors).
        var start = column
        if let cursor, cursor.row == row, !cursor.isPendingWrap, cursor.column >= tailStart,
          cursor.column < column
        {
          start = cursor.column
        }
        moveCursor(toColumn: start, row: row)
        setErasing(cell.background)
        append("\u{1B}[K")
        return
      }
      if Self.isPlainBlank(cell), canErase(to: cell.background), column < tailStart {
        // The run of blanks of this background, and the changed cells in it.
        var end = column + 1
        while end < tailStart {
          let next = Self.shown(cells, at: end).cell
          guard Self.isPlainBlank(next), sameWritten(next.background, cell.background) else {
            break
          }
          end += 1
        }
        let lastInRun = dirty[column..<end].lastIndex(of: true)!
        let count = lastInRun - column + 1
        let following = lastInRun < lastDirty ? dirty[(lastInRun + 1)...].firstIndex(of: true) : nil
        let erase = 3 + (count == 1 ? 0 : digits(count))
        let afterErase = following.map { moveCost(from: column, to: $0, row: row) } ?? 0
        let afterSpaces =
          following.map { moveCost(from: lastInRun + 1, to: $0, row: row) } ?? 0
        if erase + afterErase < count + afterSpaces {
          moveCursor(toColumn: column, row: row)
          setErasing(cell.background, textStyle: textStyle(from: lastInRun + 1))
          append("\u{1B}[" + (count == 1 ? "" : String(count)) + "X")
          column = lastInRun + 1
          continue
        }
      }
      writeCell(
        cell, width: width, column: column, row: row, columns: columns,
        textStyle: textStyle(from: column + width))
      column += width
    }
  }

  /// Writes one cell at a column: a character (a wide one over two cells) or a blank.
  private mutating func writeCell(
    _ cell: TerminalCell, width: Int, column: Int, row: Int, columns: Int,
    textStyle: () -> TerminalCell?
  ) {
    let isCluster = cell.isCluster
    moveCursor(toColumn: column, row: row)
    setAttributes(of: cell, textStyle: textStyle)
    if isCluster, width == 2 {
      append("  ")
      cursor = Cursor(column: column + 2, row: row)
      if column + 2 == columns { cursor = nil }
      moveCursor(toColumn: column, row: row)
    }
    cell.glyph.append(to: &bytes)
    let next = column + width
    if isCluster {
      cursor = nil
    } else if next < columns {
      cursor = Cursor(column: next, row: row)
    } else {
      cursor = Cursor(column: columns - 1, row: row, isPendingWrap: true)
    }
  }

  /// Writes the unchanged cells `start..<end` again instead of moving over them, when that is
  /// shorter (see ``rewriteCost(_:from:to:below:)``) and the cursor is already at `start`.
  ///
  /// - Returns: Whether the cells were written.
  private mutating func rewrite(
    row: Int, cells: UnsafeBufferPointer<TerminalCell>, from start: Int, to end: Int
  ) -> Bool {
    guard let cursor, cursor == Cursor(column: start, row: row),
      rewriteCost(cells, from: start, to: end, below: moveCost(from: start, to: end, row: row))
        != nil
    else { return false }
    for column in start..<end { Self.shown(cells, at: column).cell.glyph.append(to: &bytes) }
    self.cursor = Cursor(column: end, row: row)
    return true
  }

  /// The bytes of writing cells `start..<end` of a row again with the attributes in effect, or
  /// `nil` when that needs a change of attributes, when a cell is not a one-cell character of a
  /// single scalar, or when it costs `limit` bytes or more.
  private func rewriteCost(
    _ cells: UnsafeBufferPointer<TerminalCell>, from start: Int, to end: Int, below limit: Int
  ) -> Int? {
    guard let attributes else { return nil }
    var cost = 0
    for column in start..<end {
      let (cell, width) = Self.shown(cells, at: column)
      guard width == 1, !cell.isCluster, cell.glyph.cellWidth == 1 else { return nil }
      if Self.isPlainBlank(cell) {
        guard !attributes.isInverse, sameWritten(attributes.background, cell.background) else {
          return nil
        }
      } else {
        guard attributes == wanted(cell) else { return nil }
      }
      cost += cell.glyph.byteCount
      if cost >= limit { return nil }
    }
    return cost
  }

  // MARK: - Cursor

  private func digits(_ number: Int) -> Int {
    number < 10 ? 1 : number < 100 ? 2 : number < 1000 ? 3 : String(number).count
  }

  /// The bytes of a move from a known column to another on the same row.
  private func moveCost(from column: Int, to target: Int, row: Int) -> Int {
    movement(from: Cursor(column: column, row: row), toColumn: target, row: row).utf8.count
  }

  /// The shortest of the moves every terminal understands alike: an absolute position
  /// (`ESC[r;cH`), or from a known cursor, a carriage return, line feeds, relative moves
  /// (`ESC[nA`/`B`/`C`/`D`, backspaces), an absolute column or row (`ESC[cG`, `ESC[rd`).
  ///
  /// A line feed is used only from the first column, after a carriage return or where the
  /// cursor is: in the first column it ends there whether or not the terminal's output adds a
  /// carriage return to it. No move reaches past the bottom row, where a line feed would scroll.
  private func movement(from cursor: Cursor?, toColumn column: Int, row: Int) -> String {
    if let cursor, cursor == Cursor(column: column, row: row) { return "" }
    let absolute =
      column == 0
      ? (row == 0 ? "\u{1B}[H" : "\u{1B}[\(row + 1)H") : "\u{1B}[\(row + 1);\(column + 1)H"
    guard let cursor else { return absolute }
    func count(_ number: Int) -> String { number == 1 ? "" : String(number) }
    func horizontal(from start: Int) -> String {
      if start == column { return "" }
      var options = [column == 0 ? "\u{1B}[G" : "\u{1B}[\(column + 1)G"]
      if column == 0 { options.append("\r") }
      if column > start {
        options.append("\u{1B}[\(count(column - start))C")
      } else {
        options.append("\u{1B}[\(count(start - column))D")
        if start - column <= 3 { options.append(String(repeating: "\u{8}", count: start - column)) }
      }
      return options.min { $0.utf8.count < $1.utf8.count }!
    }
    func vertical(from start: Int) -> String {
      if start == row { return "" }
      let options = [
        row == 0 ? "\u{1B}[d" : "\u{1B}[\(row + 1)d",
        row > start ? "\u{1B}[\(count(row - start))B" : "\u{1B}[\(count(start - row))A",
      ]
      return options.min { $0.utf8.count < $1.utf8.count }!
    }
    var options = [absolute]
    if !cursor.isPendingWrap {
      options.append(vertical(from: cursor.row) + horizontal(from: cursor.column))
    }
    // A carriage return first: understood from a pending wrap too.
    let down =
      row > cursor.row && row - cursor.row <= 4
      ? String(repeating: "\n", count: row - cursor.row) : vertical(from: cursor.row)
    options.append("\r" + down + horizontal(from: 0))
    if !cursor.isPendingWrap, cursor.column == 0, row > cursor.row, row - cursor.row <= 4 {
      options.append(String(repeating: "\n", count: row - cursor.row) + horizontal(from: 0))
    }
    return options.min { $0.utf8.count < $1.utf8.count }!
  }

  private mutating func moveCursor(toColumn column: Int, row: Int) {
    if let cursor, cursor == Cursor(column: column, row: row) { return }
    append(movement(from: cursor, toColumn: column, row: row))
    cursor = Cursor(column: column, row: row)
  }

  // MARK: - Attributes

  /// The attributes a cell is written with, colors as ``colorMode`` writes them.
  private func wanted(_ cell: TerminalCell) -> Attributes {
    Attributes(
      foreground: written(cell.foreground), background: written(cell.background),
      isBold: cell.isBold, isInverse: cell.isInverse)
  }

  /// Sets the attributes of a cell; for a plain blank, only its background and no reverse
  /// video (see ``setErasing(_:textStyle:)``).
  private mutating func setAttributes(
    of cell: TerminalCell, textStyle: () -> TerminalCell? = { nil }
  ) {
    if Self.isPlainBlank(cell) {
      setErasing(cell.background, textStyle: textStyle)
    } else {
      set(wanted(cell), keepingTextStyle: false)
    }
  }

  /// Sets a background with no reverse video, as erasing and plain blanks need it.
  ///
  /// The text color and boldness do not show there: those in effect stay, unless a sequence is
  /// written anyway, which then also sets those of `textStyle`, the next character to be
  /// written, when it has one, to spare it a sequence of its own.
  private mutating func setErasing(
    _ background: TerminalColor, textStyle: () -> TerminalCell? = { nil }
  ) {
    let target = Attributes(
      foreground: .default, background: written(background), isBold: false, isInverse: false)
    if let attributes, attributes.background == target.background, !attributes.isInverse {
      return
    }
    if let next = textStyle() {
      var styled = wanted(next)
      styled.background = target.background
      styled.isInverse = false
      set(styled, keepingTextStyle: false)
    } else {
      set(target, keepingTextStyle: true)
    }
  }

  /// Emits the shortest SGR sequence that sets `target`.
  ///
  /// That is the parameters that change, or a reset followed by those that differ from the terminal's own (`ESC[m` alone for those),
  /// whichever is shorter; the reset when the attributes in effect are unknown. With
  /// `keepingTextStyle`, the text color and boldness in effect may stay instead of `target`'s.
  private mutating func set(_ target: Attributes, keepingTextStyle: Bool) {
    if let current = attributes, current.background == target.background,
      current.isInverse == target.isInverse,
      keepingTextStyle
        || (current.foreground == target.foreground && current.isBold == target.isBold)
    {
      return
    }
    var reset: [String] = []
    if target.isBold && !keepingTextStyle { reset.append("1") }
    if target.isInverse { reset.append("7") }
    if !target.foreground.isDefault && !keepingTextStyle {
      reset.append(colorParameter(target.foreground, isBackground: false))
    }
    if !target.background.isDefault {
      reset.append(colorParameter(target.background, isBackground: true))
    }
    let resetSequence = "\u{1B}[" + (reset.isEmpty ? "" : "0;" + reset.joined(separator: ";")) + "m"
    var afterReset = target
    if keepingTextStyle {
      afterReset.foreground = .default
      afterReset.isBold = false
    }
    guard let current = attributes else {
      append(resetSequence)
      attributes = afterReset
      return
    }
    var changes: [String] = []
    var next = current
    if current.isBold != target.isBold, !keepingTextStyle {
      changes.append(target.isBold ? "1" : "22")
      next.isBold = target.isBold
    }
    if current.isInverse != target.isInverse {
      changes.append(target.isInverse ? "7" : "27")
      next.isInverse = target.isInverse
    }
    if current.foreground != target.foreground, !keepingTextStyle {
      changes.append(colorParameter(target.foreground, isBackground: false))
      next.foreground = target.foreground
    }
    if current.background != target.background {
      changes.append(colorParameter(target.background, isBackground: true))
      next.background = target.background
    }
    guard !changes.isEmpty else { return }
    let changeSequence = "\u{1B}[" + changes.joined(separator: ";") + "m"
    if resetSequence.utf8.count < changeSequence.utf8.count {
      append(resetSequence)
      attributes = afterReset
    } else {
      append(changeSequence)
      attributes = next
    }
  }

  /// The SGR parameter that sets a text or background color (already as ``written(_:)`` makes
  /// it) in ``colorMode``: `39`/`49` for the terminal's own, `38;2;r;g;b`, `38;5;n`, or
  /// `30`–`37` and `90`–`97` (`40`–`47`, `100`–`107` for backgrounds).
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
      let system = Int(index)
      let first = system < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
      return String(first + system % 8)
    }
  }
}
