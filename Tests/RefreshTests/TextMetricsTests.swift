import Foundation
import Testing

@testable import Refresh

@MainActor
@Suite("TextMetrics")
struct TextMetricsTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("ｱ", 1), ("〿", 1), ("❤", 1),
      ("…", 1), ("下", 2), ("刷", 2), ("。", 2), ("\u{3000}", 2), ("あ", 2), ("한", 2),
      ("\u{1112}\u{1161}\u{11AB}", 2), ("Ａ", 2), ("￥", 2), ("𠀀", 2), ("😀", 2), ("🔄", 2),
      ("🚀", 2), ("🤔", 2), ("👍🏽", 2), ("🇨🇳", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("\u{301}", 0),
      ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\t", 0), ("\u{7}", 0),
    ])
  func characterWidth(_ text: String, cells: Int) {
    #expect(TextMetrics.cellWidth(of: Character(text)) == cells)
  }

  @Test(
    arguments: [
      ("", 0), ("Pull down to refresh", 20), ("下拉可以刷新", 12), ("松开立即刷新", 12),
      ("最后更新：今天 12:30", 20), ("최근 업데이트", 13), ("e\u{301}te\u{301}", 3),
      ("🔄 Refreshing", 13), ("Ｆｕｌｌ", 8), ("a\u{200B}b", 2), ("ab\n下拉可以", 8),
      ("下拉\r\nabc", 4), ("\n\n", 0),
    ])
  func textCellCount(_ text: String, cells: Int) {
    #expect(TextMetrics.cellCount(of: text) == cells)
  }

  @Test func cellsAreNineByEighteenPoints() {
    #expect(TextMetrics.cellWidth == 9)
    #expect(TextMetrics.lineHeight == 18)
    #expect(TextMetrics.size(of: "下拉可以刷新") == CGSize(width: 108, height: 18))
    #expect(TextMetrics.size(of: "") == .zero)
  }

  @Test func multiLineSizes() {
    let text = "Pull down\nto refresh\n下拉"
    #expect(TextMetrics.size(of: text, numberOfLines: 0) == CGSize(width: 90, height: 54))
    #expect(TextMetrics.lines(of: text) == ["Pull down", "to refresh", "下拉"])
    // Lines past the limit are left out; the last line shown ends with "…".
    #expect(TextMetrics.lines(of: text, numberOfLines: 2) == ["Pull down", "to refresh…"])
    #expect(TextMetrics.size(of: text, numberOfLines: 2) == CGSize(width: 99, height: 36))
    #expect(TextMetrics.size(of: text) == CGSize(width: 90, height: 18))
    #expect(TextMetrics.size(of: "a\nb", numberOfLines: -3) == CGSize(width: 9, height: 36))
    #expect(TextMetrics.size(of: "\n", numberOfLines: 0) == CGSize(width: 0, height: 36))
    #expect(TextMetrics.lines(of: "a\r\nb\rc") == ["a", "b", "c"])
  }

  @Test func wrappingBreaksBetweenCharactersByCells() {
    #expect(TextMetrics.lines(of: "abcdefg", maxWidth: 27) == ["abc", "def", "g"])
    // Five cells hold two wide characters; the third starts the next line.
    #expect(TextMetrics.lines(of: "下拉可以刷新", maxWidth: 45) == ["下拉", "可以", "刷新"])
    #expect(TextMetrics.lines(of: "a下拉b", maxWidth: 27) == ["a下", "拉b"])
    #expect(
      TextMetrics.size(of: "下拉可以刷新", numberOfLines: 0, maxWidth: 45)
        == CGSize(width: 36, height: 54))
    // The last line shown takes "…" if it has room for it, else gives up a character for it.
    #expect(
      TextMetrics.size(of: "下拉可以刷新", numberOfLines: 2, maxWidth: 45)
        == CGSize(width: 45, height: 36))
    #expect(TextMetrics.lines(of: "下拉可以刷新", numberOfLines: 2, maxWidth: 45) == ["下拉", "可以…"])
    #expect(TextMetrics.lines(of: "下拉可以刷新", numberOfLines: 2, maxWidth: 36) == ["下拉", "可…"])
    // One line, too wide: cut with "…" to the width.
    #expect(TextMetrics.size(of: "下拉可以刷新", maxWidth: 50) == CGSize(width: 45, height: 18))
    // A combining mark stays with its letter at the end of a line.
    #expect(TextMetrics.lines(of: "abe\u{301}cd", maxWidth: 27) == ["abe\u{301}", "cd"])
    // Narrower than one character: each line still holds one.
    #expect(TextMetrics.lines(of: "下a", maxWidth: 9) == ["下", "a"])
    #expect(
      TextMetrics.size(of: "下a", numberOfLines: 0, maxWidth: 1) == CGSize(width: 18, height: 36))
  }

  @Test(arguments: [0, -10, .nan, .infinity, -.infinity, .greatestFiniteMagnitude] as [CGFloat])
  func widthsThatAreNotPositiveAndFiniteDoNotWrap(maxWidth: CGFloat) {
    let size = TextMetrics.size(of: "abc 下拉", numberOfLines: 0, maxWidth: maxWidth)
    #expect(size == CGSize(width: 72, height: 18))
  }

  @Test(
    arguments: [
      ("下拉可以刷新", 12, "下拉可以刷新"), ("下拉可以刷新", 11, "下拉可以刷…"), ("下拉可以刷新", 10, "下拉可以…"),
      ("下拉可以刷新", 5, "下拉…"), ("下拉可以刷新", 4, "下…"), ("下拉可以刷新", 2, "…"), ("下拉可以刷新", 1, "…"),
      ("下拉可以刷新", 0, ""), ("下拉可以刷新", -1, ""), ("Pull to refresh", 8, "Pull to…"),
      ("a下b", 3, "a…"), ("a下b", 4, "a下b"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
      ("abcdef\nxy", 4, "abc…\nxy"), ("한국어", 5, "한국…"), ("😀😀😀", 5, "😀😀…"),
    ])
  func truncation(_ text: String, cells: Int, expected: String) {
    #expect(TextMetrics.truncated(text, toCells: cells) == expected)
  }

  @Test(arguments: ["下拉可以刷新", "a下b拉c可", "😀a🇨🇳b한c", "Pull 下拉 to 刷新 refresh"])
  func truncationNeverSplitsAWideCharacter(_ text: String) {
    let total = TextMetrics.cellCount(of: text)
    for cells in 1...total {
      let cut = TextMetrics.truncated(text, toCells: cells)
      let used = TextMetrics.cellCount(of: cut)
      #expect(used == cells || used == cells - 1, "\(cells) cells: \(cut)")
      if cells < total {
        #expect(cut.last == "…")
        #expect(text.hasPrefix(String(cut.dropLast())), "\(cells) cells: \(cut)")
      } else {
        #expect(cut == text)
      }
    }
  }
}
