import Foundation
import Testing

@testable import Refresh

/// The cells of every kind of character, as `TextMetrics.cellWidth(of:)` documents them.
@Suite("TextMetrics cell widths")
struct TextMetricsCellWidthTests {
  @Test(
    arguments: [
      // Plain and ambiguous-width characters take one cell.
      ("a", 1), ("↓", 1), ("⠋", 1), ("…", 1), ("◐", 1), ("①", 1),
      // Emoji presentation sequences (base + U+FE0F) take two; the bare bases one.
      ("❤️", 2), ("⚠️", 2), ("☺️", 2), ("1️⃣", 2), ("❤", 1), ("⚠", 1),
      // The text presentation selector keeps a wide emoji's two cells, as wcwidth does.
      ("⌚\u{FE0E}", 2), ("⌚", 2), ("😀", 2),
      // Flags: a pair of regional indicators takes two, a lone one one; tag sequences two.
      ("🇺🇦", 2), ("🇨🇳", 2), ("🇺", 1),
      ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),
      // Skin tones and ZWJ sequences are one two-cell cluster.
      ("👍🏽", 2), ("👋🏿", 2), ("🏽", 2), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2),
      // Combining marks add nothing.
      ("e\u{301}", 1), ("a\u{308}\u{301}", 1), ("\u{301}", 0), ("\u{20DD}", 0),
      // CJK, kana, Hangul and fullwidth forms take two, "︙" (U+FE19) included.
      ("下", 2), ("中", 2), ("文", 2), ("あ", 2), ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2),
      ("。", 2), ("︙", 2), ("Ａ", 2), ("𠀀", 2), ("\u{3000}", 2),
      // Half-width kana take one each, a voiced mark included.
      ("ｶ", 1), ("ｶﾞ", 2), ("ﾟ", 1),
      // Zero-width and control characters take none; the soft hyphen one.
      ("\u{200B}", 0), ("\u{200D}", 0), ("\u{2060}", 0), ("\u{FEFF}", 0), ("\u{7}", 0),
      ("\t", 0), ("\u{85}", 0), ("\u{AD}", 1),
    ] as [(String, Int)])
  func characterWidth(text: String, cells: Int) {
    #expect(text.count == 1)
    #expect(TextMetrics.cellWidth(of: Character(text)) == cells)
  }

  @Test(
    arguments: [
      ("Pull 下拉刷新", 13), ("cafe\u{301}", 4), ("ｱｲｳ", 3), ("क्ष", 2), ("⚠️ Error", 8),
      ("🇺🇦🇨🇳", 4), ("a\u{200B}b\u{2060}c", 3),
    ] as [(String, Int)])
  func textWidthAddsCharacters(text: String, cells: Int) {
    #expect(TextMetrics.cellCount(of: text) == cells)
  }
}
