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
