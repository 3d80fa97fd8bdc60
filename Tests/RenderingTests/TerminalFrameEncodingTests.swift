import Refresh
import TerminalTestSupport
import TestSupport
import Testing

@testable import Rendering

/// The frame buffer's bytes, applied by an emulated terminal to the screen it showed, give
/// exactly the new grid as the terminal shows it (characters, colors as the color mode writes
/// them, bold and reverse video; a blank without reverse video shows only its background),
/// over seeded random pairs of grids, with and without back color erase, with scrolls.
@Suite("Terminal frame encoding")
struct TerminalFrameEncodingTests {
  /// A grid cell as a terminal in `mode` shows it: colors as written, and cells the frame buffer
  /// sends as blanks (half of a wide character alone, a character of the wrong width) blank.
  static func shown(_ grid: TerminalGrid, column: Int, row: Int, mode: TerminalColorMode)
    -> TerminalCell
  {
    var cell = grid[column, row]
    let width = column + 1 < grid.columns && grid[column + 1, row].isContinuation ? 2 : 1
    if cell.isContinuation {
      let left = column > 0 ? grid[column - 1, row] : nil
      if let left, !left.isContinuation, left.glyph.cellWidth == 2 {
        return TerminalCell(foreground: .default, background: .default, isContinuation: true)
      }
      cell = cell.blanked
    } else if cell.glyph.cellWidth != width {
      cell = cell.blanked
    }
    cell.foreground = written(cell.foreground, mode)
    cell.background = written(cell.background, mode)
    return cell
  }

  static func written(_ color: TerminalColor, _ mode: TerminalColorMode) -> TerminalColor {
    switch mode {
    case .none: .default
    case .palette16: color.systemColorIndex.map(TerminalColor.init(xterm256Index:)) ?? .default
    case .palette256: color.xterm256Index.map(TerminalColor.init(xterm256Index:)) ?? .default
    case .trueColor: color.color.map(TerminalColor.init) ?? .default
    }
  }

  /// The cells of the emulated screen that do not show what the grid does, described.
  static func differences(
    _ screen: ScreenEmulator, _ grid: TerminalGrid, mode: TerminalColorMode
  ) -> [String] {
    var found: [String] = []
    for row in 0..<grid.rows {
      for column in 0..<grid.columns {
        let expected = shown(grid, column: column, row: row, mode: mode)
        let actual = screen.styledCells[row][column]
        let matches: Bool
        if expected.isContinuation {
          matches = actual.isContinuation
        } else if expected.glyph == .space, !expected.isInverse {
          matches =
            actual.glyph == .space && !actual.isInverse && !actual.isContinuation
            && actual.background == expected.background
        } else {
          matches =
            actual.glyph == expected.glyph && actual.isBold == expected.isBold
            && actual.isInverse == expected.isInverse && !actual.isContinuation
            && actual.foreground == expected.foreground
            && actual.background == expected.background
        }
        if !matches { found.append("(\(column), \(row)): \(actual) for \(expected)") }
      }
    }
    return found
  }

  /// Random cells from a few of each kind, so that equal neighbors, runs of blanks and
  /// changes of one attribute are common.
  struct Cells {
    var random: SplitMix64
    let mode: TerminalColorMode

    mutating func pick<T>(_ options: [T]) -> T {
      options[Int(random.next() % UInt64(options.count))]
    }

    mutating func color() -> TerminalColor {
      var colors: [TerminalColor] = [.default, .default, 16, 231, 196, 21, 244]
      if mode == .trueColor { colors.append(TerminalColor(Color(red: 10, green: 200, blue: 30))) }
      if mode == .palette16 { colors += [1, 9] }
      return pick(colors)
    }

    mutating func cell(blankBackground: TerminalColor? = nil) -> TerminalCell {
      if let blankBackground {
        return TerminalCell(
          foreground: color(), background: blankBackground, isBold: random.next() % 4 == 0)
      }
      return TerminalCell(
        character: pick([" ", " ", "a", "b", "x", "é"]), foreground: color(), background: color(),
        isBold: random.next() % 4 == 0, isInverse: random.next() % 6 == 0)
    }

    /// Changes a grid: cells, runs of blanks, wide characters and clusters, and sometimes a
    /// block of rows moved up or down.
    mutating func change(_ grid: inout TerminalGrid) {
      if grid.rows > 4, random.next() % 3 == 0 {
        let distance = Int(random.next() % 3) + 1
        let top = Int(random.next() % UInt64(grid.rows / 2))
        let bottom = min(grid.rows - 1, top + 3 + Int(random.next() % UInt64(grid.rows)))
        ScrollShift(
          top: top, bottom: bottom, distance: random.next() % 2 == 0 ? distance : -distance
        ).apply(to: &grid)
        for row in 0..<grid.rows where grid[0, row] == ScrollShift.unknownCell {
          for column in 0..<grid.columns { grid[column, row] = cell() }
        }
      }
      for _ in 0..<Int(random.next() % 12) {
        let row = Int(random.next() % UInt64(grid.rows))
        let column = Int(random.next() % UInt64(grid.columns))
        switch random.next() % 6 {
        case 0, 1:
          grid.put(cell(), at: column, row: row)
        case 2:
          // A run of blanks of one background, to the end of the row or not.
          let background = color()
          let end =
            random.next() % 2 == 0
            ? grid.columns : min(grid.columns, column + Int(random.next() % 30))
          for index in column..<end {
            grid.put(cell(blankBackground: background), at: index, row: row)
          }
        case 3 where column + 1 < grid.columns:
          var wide = cell()
          wide.character = pick(["中", "文", "❤️", "👍🏽"])
          grid.putWide(wide, at: column, row: row)
        case 4:
          // A whole row of text over one background.
          let background = color()
          for index in 0..<grid.columns {
            var text = cell()
            text.background = background
            grid.put(text, at: index, row: row)
          }
        default:
          grid.put(TerminalCell(foreground: color(), background: color()), at: column, row: row)
        }
      }
    }
  }

  static let modes: [(TerminalColorMode, Bool)] = TerminalColorMode.allCases.flatMap {
    mode in [(mode, true), (mode, false)]
  }

  @Test(arguments: modes)
  func theEmulatedScreenShowsEveryFrame(mode: TerminalColorMode, backgroundColorErase: Bool) {
    var random = SplitMix64(seed: 39)
    var scrolls = 0
    for _ in 0..<150 {
      let columns = 1 + Int(random.next() % 40)
      let rows = 1 + Int(random.next() % 10)
      var cells = Cells(random: random, mode: mode)
      var grid = TerminalGrid(columns: columns, rows: rows, filledWith: cells.cell())
      for row in 0..<rows {
        for column in 0..<columns where random.next() % 3 != 0 {
          grid.put(cells.cell(), at: column, row: row)
        }
      }
      var buffer = TerminalFrameBuffer()
      buffer.colorMode = mode
      buffer.hasBackgroundColorErase = backgroundColorErase
      var screen = ScreenEmulator(
        columns: columns, rows: rows, hasBackgroundColorErase: backgroundColorErase)
      for frame in 0..<8 {
        let previous = grid
        if frame > 0 { cells.change(&grid) }
        if frame > 0, TerminalFrameBuffer.scroll(from: previous, to: grid) != nil { scrolls += 1 }
        let bytes = buffer.frame(from: grid)
        screen.feed(bytes)
        let differences = Self.differences(screen, grid, mode: mode)
        #expect(
          differences.isEmpty,
          "\(columns)×\(rows), frame \(frame): \(differences.prefix(3)) after \(String(decoding: bytes, as: UTF8.self).debugDescription)"
        )
        #expect(screen.unexpected.isEmpty, "\(screen.unexpected.prefix(3))")
        if !differences.isEmpty || !screen.unexpected.isEmpty { return }
      }
      random = cells.random
    }
    #expect(scrolls > 20)
  }
}

/// The exact bytes of the changes issue 39 measured beside ncurses.
@Suite("Terminal frame encoding: exact bytes")
struct TerminalFrameEncodingBytesTests {
  /// 60 lines of a 200-column screen from `top` on: a list of two-line rows (a title and a
  /// byline) drawn from the second column in the terminal's own colors, as refresh-bench's
  /// plain rows are.
  static func list(from top: Int) -> TerminalGrid {
    var grid = TerminalGrid(
      columns: 200, rows: 60, filledWith: TerminalCell(foreground: .default, background: .default))
    for line in 0..<60 {
      let row = (top + line) / 2
      let text =
        (top + line) % 2 == 0
        ? "Post \(row): what a frame costs when the list is long"
        : "by reader\(row % 17) \(row) min ago"
      for (index, character) in text.enumerated() {
        grid[1 + index, line] = TerminalCell(
          character: character, foreground: .default, background: .default)
      }
    }
    return grid
  }

  /// Scrolled a line, the whole screen moves up with a line feed from the bottom row, where the
  /// first frame left the cursor, and the new bottom line is written from its first cell: 52
  /// bytes, what ncurses writes for it.
  @Test(arguments: [false, true])
  func aOneRowScroll(backgroundColorErase: Bool) {
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.hasBackgroundColorErase = backgroundColorErase
    var screen = ScreenEmulator(
      columns: 200, rows: 60, hasBackgroundColorErase: backgroundColorErase)
    screen.feed(buffer.frame(from: Self.list(from: 0)))
    let bytes = buffer.frame(from: Self.list(from: 1))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\r\n Post 30: what a frame costs when the list is long")
    #expect(bytes.count == 52)
    screen.feed(bytes)
    #expect(
      TerminalFrameEncodingTests.differences(screen, Self.list(from: 1), mode: .palette256) == [])
    #expect(screen.unexpected == [])
  }

  /// A row whose end turns blank is erased to its end (`ESC[K`) in the background it takes,
  /// and a run of blanks inside it erased in place (`ESC[nX`) where that is shorter than the
  /// spaces; the text color of blanks is never set.
  @Test func blanksAreErasedWithBackColorErase() {
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.hasBackgroundColorErase = true
    let letter = TerminalCell(character: "x", foreground: 196, background: 231)
    var grid = TerminalGrid(columns: 40, rows: 1, filledWith: letter)
    var screen = ScreenEmulator(columns: 40, rows: 1, hasBackgroundColorErase: true)
    screen.feed(buffer.frame(from: grid))
    for column in 2..<14 { grid[column, 0] = TerminalCell(foreground: 16, background: 21) }
    for column in 20..<40 { grid[column, 0] = TerminalCell(foreground: 16, background: 231) }
    let bytes = buffer.frame(from: grid)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\rxx\u{1B}[48;5;21m\u{1B}[12X\u{1B}[21G\u{1B}[48;5;231m\u{1B}[K")
    // (From the end of the row where the first frame left the cursor, a carriage return and
    // the two unchanged letters are shorter than `ESC[1;3H`.)
    screen.feed(bytes)
    #expect(TerminalFrameEncodingTests.differences(screen, grid, mode: .palette256) == [])
    #expect(screen.unexpected == [])
  }

  /// Without back color erase, blanks of another background than the terminal's own are
  /// written as spaces; blanks of the terminal's own are still erased, after setting it.
  @Test func withoutBackColorEraseOnlyTheTerminalsOwnBackgroundIsErased() {
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    let letter = TerminalCell(character: "x", foreground: 196, background: 231)
    var grid = TerminalGrid(columns: 12, rows: 1, filledWith: letter)
    var screen = ScreenEmulator(columns: 12, rows: 1, hasBackgroundColorErase: false)
    screen.feed(buffer.frame(from: grid))
    for column in 2..<6 { grid[column, 0] = TerminalCell(foreground: 16, background: 21) }
    for column in 7..<12 { grid[column, 0] = TerminalCell(foreground: 16, background: .default) }
    let bytes = buffer.frame(from: grid)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\rxx\u{1B}[48;5;21m    \u{1B}[C\u{1B}[m\u{1B}[K")
    screen.feed(bytes)
    #expect(TerminalFrameEncodingTests.differences(screen, grid, mode: .palette256) == [])
    #expect(screen.unexpected == [])
  }
}
