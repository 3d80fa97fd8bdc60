import Dispatch
import Foundation
import Testing

@testable import Refresh

@Suite("Strings file parser")
struct StringsFileParserTests {
  @Test func parsesEntriesCommentsAndEscapes() {
    let text = """
      \u{FEFF}/* A block
         comment. */
      "plain" = "Value";  // trailing comment
      "spaced"="Tight";
      "quote" = "Say \\"hi\\"";
      "backslash" = "a\\\\b";
      "controls" = "1\\n2\\t3";
      "unicode" = "\\U4E0B\\u62c9";
      "pair" = "\\UD83D\\UDE00";
      "shorthand";
      "empty" = "";
      """
    #expect(
      StringsFile.parse(text) == [
        "plain": "Value",
        "spaced": "Tight",
        "quote": "Say \"hi\"",
        "backslash": "a\\b",
        "controls": "1\n2\t3",
        "unicode": "下拉",
        "pair": "😀",
        "shorthand": "shorthand",
        "empty": "",
      ])
  }

  @Test(
    "Malformed text is rejected",
    arguments: [
      "\"key\" = \"value\"",
      "\"key\" = value;",
      "\"key\" \"value\";",
      "\"key\" = \"value;",
      "/* unterminated",
      "\"lone\" = \"\\UD83D\";",
      "\"bad\" = \"\\UZZZZ\";",
      "\"key\" = \"value\";/",
    ])
  func rejectsMalformedText(text: String) {
    #expect(StringsFile.parse(text) == nil)
  }

  @Test func emptyTextIsAnEmptyTable() {
    #expect(StringsFile.parse("") == [:])
    #expect(StringsFile.parse("  // nothing\n/* here */\n") == [:])
  }

  @Test func decodesUTF16WithByteOrderMark() throws {
    let source = "\"header.idle\" = \"下拉可以刷新\";\n"
    let data = try #require(source.data(using: .utf16))
    #expect(data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]))
    #expect(StringsFile.text(from: data) == source)
    #expect(StringsFile.table(from: data) == ["header.idle": "下拉可以刷新"])
  }

  @Test func tableFromDataAcceptsStringsTextAndRejectsGarbage() {
    let data = Data("\"key\" = \"value\"; \"again\" = \"more\";".utf8)
    #expect(StringsFile.table(from: data) == ["key": "value", "again": "more"])
    // PropertyListSerialization rejects empty data; the parser reads it as an empty table.
    #expect(StringsFile.table(from: Data()) == [:])
    #expect(StringsFile.table(from: Data("not a strings file".utf8)) == nil)
  }
}
