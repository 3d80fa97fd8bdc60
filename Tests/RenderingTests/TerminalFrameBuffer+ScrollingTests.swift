import Foundation
import TestSupport
import Testing

@testable import Rendering

/// Scroll detection: the shift found from the rows' hashes, and the exact bytes of a frame that
/// scrolls.
@Suite("TerminalFrameBuffer scrolling")
struct TerminalFrameBufferScrollingTests {
  /// The search as first written, every distance over every row: the model the faster search
  /// must agree with, ties included.
  static func modelScroll(from old: [Int], to new: [Int]) -> ScrollShift? {
    let rows = new.count
    let least = TerminalFrameBuffer.minimumScrolledRows
    guard rows > least, old.count == rows else { return nil }
    var best: (gain: Int, shift: ScrollShift)?
    for distance in -(rows / 2)...(rows / 2) where distance != 0 {
      var runStart = 0
      var gain = 0
      for row in 0...rows {
        let source = row + distance
        if row < rows, source >= 0, source < rows, new[row] == old[source] {
          if new[row] != old[row] { gain += 1 }
          continue
        }
        if gain >= least, gain > (best?.gain ?? 0) {
          let last = row - 1
          best = (
            gain,
            distance > 0
              ? ScrollShift(top: runStart, bottom: last + distance, distance: distance)
              : ScrollShift(top: runStart + distance, bottom: last, distance: distance)
          )
        }
        runStart = row + 1
        gain = 0
      }
    }
    return best?.shift
  }

  /// Seeded random screens: shifted copies of each other with rows changed, and rows drawn
  /// from a few values, so that runs, repeats and ties are common.
  @Test func theShiftFoundIsTheModelsShift() {
    var random = SplitMix64(seed: 31)
    var shifts = 0
    for _ in 0..<2000 {
      let rows = Int(random.next() % 24)
      let values = 2 + Int(random.next() % 6)
      let old = (0..<rows).map { _ in Int(random.next() % UInt64(values)) }
      let distance = rows == 0 ? 0 : Int(random.next() % UInt64(rows)) - rows / 2
      var new = (0..<rows).map { row in
        (0..<rows).contains(row + distance) ? old[row + distance] : 100 + row
      }
      for _ in 0..<Int(random.next() % 3) where rows > 0 {
        new[Int(random.next() % UInt64(rows))] = Int(random.next() % UInt64(values))
      }
      let found = TerminalFrameBuffer.scroll(from: old, to: new)
      #expect(found == Self.modelScroll(from: old, to: new), "\(old) -> \(new)")
      if found != nil { shifts += 1 }
    }
    #expect(shifts > 500)
  }

  static let blank = TerminalCell(foreground: 16, background: 231)

  /// Rows of four equal letters, one row per letter.
  static func screen(_ rows: String) -> TerminalGrid {
    var grid = TerminalGrid(columns: 4, rows: rows.count, filledWith: blank)
    for (row, letter) in rows.enumerated() {
      for column in 0..<4 {
        grid[column, row] = TerminalCell(character: letter, foreground: 16, background: 231)
      }
    }
    return grid
  }

  /// Up a row: the terminal scrolls rows 1–6 in a region set in the terminal's own background
  /// (the rows scrolled in take it), the row that scrolled in is written where it differs from
  /// blanks, and the rows below the region where they differ.
  @Test func aFrameScrolledUpWritesTheRowThatScrolledIn() {
    var buffer = TerminalFrameBuffer()
    _ = buffer.frame(from: Self.screen("ABCDEFGH"))
    var next = Self.screen("BCDEFGHI")
    next[1, 5] = TerminalCell(character: "x", foreground: 16, background: 231)
    #expect(
      String(decoding: buffer.frame(from: next), as: UTF8.self)
        == "\u{1B}[?2026h\u{1B}[m\u{1B}[1;6r\u{1B}[S\u{1B}[r"
        + "\u{1B}[6H\u{1B}[38;5;16;48;5;231mGxGG\r\nHHHH\r\nIIII\u{1B}[?2026l")
    #expect(buffer.displayedGrid == next)
  }

  /// Down a row: the whole screen scrolls (no region needed) and only the new top row is
  /// written.
  @Test func aFrameScrolledDownWritesOnlyTheNewTopRow() {
    var buffer = TerminalFrameBuffer()
    _ = buffer.frame(from: Self.screen("ABCDEFGH"))
    let next = Self.screen("ZABCDEFG")
    #expect(
      String(decoding: buffer.frame(from: next), as: UTF8.self)
        == "\u{1B}[?2026h\u{1B}[m\u{1B}[T\u{1B}[H\u{1B}[38;5;16;48;5;231mZZZZ\u{1B}[?2026l")
    #expect(buffer.displayedGrid == next)
  }

  /// Rows of sixteen equal letters, one row per letter, with a bar in the last column of the
  /// rows `bar` names: a scroll indicator.
  static func screen(_ rows: String, bar: Range<Int>) -> TerminalGrid {
    var grid = TerminalGrid(columns: 16, rows: rows.count, filledWith: blank)
    for (row, letter) in rows.enumerated() {
      for column in 0..<16 {
        let character: Character = column == 15 && bar.contains(row) ? "|" : letter
        grid[column, row] = TerminalCell(character: character, foreground: 16, background: 231)
      }
    }
    return grid
  }

  /// Down a row while the scroll indicator moves: the rows whose bar cell changed still moved
  /// with the others, so the whole screen scrolls and only their bar cells are written, as
  /// ncurses does, instead of a region below them and the rows above it again.
  @Test func rowsThatMovedButForAFewCellsScrollWithTheRest() {
    let old = Self.screen("ABCDEFGH", bar: 0..<3)
    let new = Self.screen("ZABCDEFG", bar: 0..<2)
    let hashes = TerminalFrameBuffer.scroll(
      from: (0..<8).map(old.rowHash), to: (0..<8).map(new.rowHash))
    #expect(hashes == ScrollShift(top: 3, bottom: 7, distance: -1))
    #expect(
      TerminalFrameBuffer.scroll(from: old, to: new) == ScrollShift(top: 0, bottom: 7, distance: -1)
    )
    var buffer = TerminalFrameBuffer()
    buffer.usesSynchronizedOutput = false
    _ = buffer.frame(from: old)
    #expect(
      String(decoding: buffer.frame(from: new), as: UTF8.self)
        == "\u{1B}[m\u{1B}[T\u{1B}[H\u{1B}[38;5;16;48;5;231mZZZZZZZZZZZZZZZ|"
        + "\u{1B}[3;16HB\u{1B}[4;16HC")
    #expect(buffer.displayedGrid == new)
  }

  /// A row that moved with the others is not counted as moved when it changed more than an
  /// eighth of its cells, or when it is closer to the row in its place.
  @Test func rowsThatChangedMoreStayOutOfTheRegion() {
    let old = Self.screen("ABCDEFGH", bar: 0..<0)
    var new = Self.screen("ZABCDEFG", bar: 0..<0)
    // Three cells of sixteen differ from the row moved there: more than an eighth.
    for column in 0..<3 {
      new[column, 3] = TerminalCell(character: "x", foreground: 16, background: 231)
    }
    #expect(
      TerminalFrameBuffer.scroll(from: old, to: new) == ScrollShift(top: 3, bottom: 7, distance: -1)
    )
  }

  /// A row that scrolled in is written where it differs from blanks.
  ///
  /// It shows blanks of the background set before the scroll, so no cell may be taken as
  /// already shown (the cells a shifted screen marked unknown were not written). Up a row over the whole screen, from its bottom row where the last frame left
  /// the cursor, is a carriage return and a line feed.
  @Test func aRowThatScrolledInIsWrittenWhole() {
    var buffer = TerminalFrameBuffer()
    buffer.usesSynchronizedOutput = false
    _ = buffer.frame(from: Self.screen("ABCDEF"))
    var next = Self.screen("BCDEF?")
    for column in 0..<4 { next[column, 5] = ScrollShift.unknownCell }
    #expect(
      String(decoding: buffer.frame(from: next), as: UTF8.self)
        == "\u{1B}[m\r\n\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
  }
}
