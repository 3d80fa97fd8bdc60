import Refresh
import TestSupport
import Testing

@testable import Rendering

/// A cell's character stored in eight bytes: every character comes back as it went in, with the
/// width and cluster flag the renderer reads, and the cell holds no heap storage.
@Suite("Terminal glyphs")
struct TerminalGlyphTests {
  /// One scalar, inline clusters of up to seven bytes, and clusters kept in the shared table.
  static let characters: [Character] = [
    " ", "a", "~", "\u{7}", "é", "e\u{301}", "…", "下", "ｶ", "❤", "❤️", "1️⃣", "👍", "👍🏽", "🇺🇦",
    "👨‍👩‍👧", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "\u{FFFD}",
  ]

  @Test(arguments: characters)
  func aCharacterComesBackWithItsWidthAndClusterFlag(_ character: Character) {
    let glyph = TerminalGlyph(character)
    #expect(glyph.character == character)
    #expect(String(glyph.character).utf8.elementsEqual(String(character).utf8))
    #expect(glyph.cellWidth == TextMetrics.cellWidth(of: character))
    #expect(glyph.isCluster == (character.unicodeScalars.count > 1))
    var bytes: [UInt8] = []
    glyph.append(to: &bytes)
    #expect(bytes == Array(String(character).utf8))
  }

  /// A character a line laid out packs its bytes as a glyph does; a long cluster has none and
  /// goes to the table.
  @Test(arguments: characters.filter { TextMetrics.cellWidth(of: $0) > 0 })
  func aLaidOutCharacterMakesTheSameGlyph(_ character: Character) throws {
    let displayed = try #require(TextLine("\u{B7}" + String(character)).displayedCharacters.last)
    #expect(displayed.character == character)
    #expect(TerminalGlyph(displayed) == TerminalGlyph(character))
    #expect(TerminalGlyph(displayed).character == character)
  }

  @Test func theSameLongClusterIsStoredOnceAndComparesEqual() {
    let family: Character = "👨‍👩‍👧"
    #expect(TerminalGlyph(family) == TerminalGlyph(family))
    #expect(TerminalGlyph(family) != TerminalGlyph("👨‍👩‍👦"))
    #expect(TerminalGlyph(family).character == family)
  }

  /// What a terminal is sent: canonically equivalent spellings are different bytes.
  @Test func glyphsCompareByTheirBytes() {
    #expect(Character("é") == Character("e\u{301}"))
    #expect(TerminalGlyph("é") != TerminalGlyph("e\u{301}"))
    #expect(TerminalGlyph(ascii: 0x61) == TerminalGlyph("a"))
  }

  @Test func aCellIsSixteenBytesOfPlainMemory() {
    #expect(MemoryLayout<TerminalCell>.stride == 16)
    #expect(_isPOD(TerminalCell.self))
  }

  @Test func settingACellsCharacterStoresIt() {
    var cell = TerminalCell(foreground: 0, background: 15)
    #expect(cell.character == " ")
    cell.character = "👍🏽"
    #expect(cell.character == "👍🏽")
    #expect(cell.isCluster)
    #expect(cell.blanked.character == " ")
  }
}

/// A shift applied in place moves rows as the terminal does: what the rows were, row by row.
@Suite("Scroll shifts in place")
struct ScrollShiftInPlaceTests {
  @Test func aShiftInPlaceMovesTheRowsAndMarksTheUncoveredOnes() {
    var random = SplitMix64(seed: 9)
    for _ in 0..<300 {
      let rows = 2 + Int(random.next() % 10)
      var grid = TerminalGrid(
        columns: 3, rows: rows, filledWith: TerminalCell(foreground: 0, background: 0))
      for row in 0..<rows {
        for column in 0..<3 {
          grid[column, row] = TerminalCell(
            character: Character(Unicode.Scalar(UInt8(65 + (row * 3 + column) % 26))),
            foreground: TerminalColor(xterm256Index: UInt8(row)), background: 0)
        }
      }
      let top = Int(random.next() % UInt64(rows))
      let bottom = top + Int(random.next() % UInt64(rows - top))
      let span = bottom - top + 1
      var distance = Int(random.next() % UInt64(2 * span + 1)) - span
      if distance == 0 { distance = 1 }
      let shift = ScrollShift(top: top, bottom: bottom, distance: distance)
      var expected = grid
      let unknown = TerminalCell(
        character: "\u{FFFD}", foreground: .default, background: .default)
      for row in top...bottom {
        let source = row + distance
        for column in 0..<3 {
          expected[column, row] = (top...bottom).contains(source) ? grid[column, source] : unknown
        }
      }
      var shifted = grid
      shift.apply(to: &shifted)
      #expect(shifted == expected, "\(shift)")
    }
  }
}
