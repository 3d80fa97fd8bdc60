import TestSupport
import Testing

@testable import Refresh

/// A laid-out line: its cells are what TextMetrics adds up, and it is printable ASCII exactly
/// when every character is.
@Suite("TextLine")
struct TextLineTests {
  @Test(arguments: [
    ("", 0, true), ("Pull down", 9, true), ("下拉可以刷新", 12, false), ("e\u{301}", 1, false),
    ("a\u{7}", 1, false), ("tab\there", 7, false), ("\r\n", 0, false), ("👍🏽ok", 4, false),
    ("~ }", 3, true), ("\u{7F}", 0, false),
  ])
  func cellsAndASCII(_ text: String, cells: Int, ascii: Bool) {
    let line = TextLine(text)
    #expect(line.cellCount == cells)
    #expect(line.cellCount == TextMetrics.cellCount(of: text) || text.contains(where: \.isNewline))
    #expect(line.isPrintableASCII == ascii)
  }

  /// The characters a terminal writes, in display order, with their cells and bytes; none for
  /// printable ASCII, whose bytes are its cells.
  @Test func displayedCharactersAreLaidOutOnce() {
    #expect(TextLine("by reader3 min ago").displayedCharacters.isEmpty)
    #expect(TextLine("").displayedCharacters.isEmpty)
    let byline = TextLine("by 3 \u{B7} 5")
    #expect(
      byline.displayedCharacters.map(\.character) == ["b", "y", " ", "3", " ", "\u{B7}", " ", "5"])
    #expect(byline.displayedCharacters.map(\.cellWidth) == [1, 1, 1, 1, 1, 1, 1, 1])
    // "·" is C2 B7: the bytes from the lowest up, the count in the highest byte.
    #expect(byline.displayedCharacters[5].packedUTF8 == 0x0200_0000_0000_B7C2)
    #expect(byline.displayedCharacters[0].packedUTF8 == 0x0100_0000_0000_0062)
    // Wide characters take two cells; characters of no width (a control, a zero-width space)
    // are left out.
    let mixed = TextLine("下\u{7}a\u{200B}")
    #expect(mixed.displayedCharacters.map(\.character) == ["下", "a"])
    #expect(mixed.displayedCharacters.map(\.cellWidth) == [2, 1])
    #expect(mixed.displayedCharacters[0].packedUTF8 == 0x0300_0000_008B_B8E4)
    // Right-to-left text in the order it shows.
    #expect(TextLine("אב 12").displayedCharacters.map(\.character) == ["1", "2", " ", "ב", "א"])
    // A cluster of more than seven bytes has no packed form.
    let family = TextLine("👨‍👩‍👧")
    #expect(family.displayedCharacters.map(\.cellWidth) == [2])
    #expect(family.displayedCharacters[0].packedUTF8 == 0)
  }

  /// Lines are equal when their texts are.
  @Test func linesCompareByTheirText() {
    #expect(TextLine("下拉") == TextLine("下拉"))
    #expect(TextLine("下拉") != TextLine("下"))
    #expect(Set([TextLine("a"), TextLine("a"), TextLine("b")]).count == 2)
  }

  /// Seeded random lines mixing printable ASCII, controls, marks, wide and emoji characters.
  @Test func printableASCIIAgreesWithTheCharacters() {
    let pieces: [String] = [
      "a", "Z", " ", "~", "\u{1}", "\u{7F}", "é", "\u{301}", "下", "ｶ", "❤️", "👍🏽", "…", "\u{200B}",
    ]
    var generator = SplitMix64(seed: 17)
    for _ in 0..<500 {
      let count = Int(generator.next() % 6)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let expected = text.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) }
      #expect(TextLine(text).isPrintableASCII == expected, "\(text.debugDescription)")
    }
  }
}
