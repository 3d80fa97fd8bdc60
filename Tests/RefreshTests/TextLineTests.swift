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
