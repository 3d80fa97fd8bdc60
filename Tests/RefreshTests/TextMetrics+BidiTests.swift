import Foundation
import Testing

@testable import Refresh

/// Right-to-left text in the order a terminal's cells show it.
@Suite("TextMetrics visual order")
struct TextMetricsBidiTests {
  @Test(
    arguments: [
      // Left-to-right lines come back as they are.
      ("Post #100", "Post #100"), ("Loading... (3)", "Loading... (3)"), ("", ""),
      ("下拉可以刷新", "下拉可以刷新"),
      // A right-to-left line is reversed, its final dots on the left.
      ("أفلت للتحديث", "ثيدحتلل تلفأ"), ("جاري التحميل...", "...ليمحتلا يراج"),
      ("שחרר לרענון", "ןונערל ררחש"),
      // Numbers keep their order, with the separators inside them.
      ("آخر تحديث: اليوم 14:30", "14:30 مويلا :ثيدحت رخآ"),
      ("عدد 1,000", "1,000 ددع"),
      // A left-to-right run (a number after a word joins it) keeps its order; brackets mirror.
      ("טוען Post 5", "Post 5 ןעוט"), ("אבג (דה)", "(הד) גבא"),
      // A right-to-left word in a left-to-right line is reversed in place.
      ("Hello שלום world", "Hello םולש world"),
      // Trailing spaces stay at the paragraph's end.
      ("آخر تحديث: ", " :ثيدحت رخآ"),
    ])
  func visualOrder(logical: String, shown: String) {
    #expect(String(TextMetrics.visualOrder(of: logical)) == shown)
  }

  @Test func writingDirectionIsTheFirstStrongCharacters() {
    #expect(TextMetrics.writingDirection(of: "  12 أفلت") == .rightToLeft)
    #expect(TextMetrics.writingDirection(of: "#1 Post أفلت") == .leftToRight)
    #expect(TextMetrics.writingDirection(of: "下拉") == .leftToRight)
    #expect(TextMetrics.writingDirection(of: "14:30 ...") == nil)
  }
}
