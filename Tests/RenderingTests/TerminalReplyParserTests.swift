import Rendering
import Testing

/// The terminal's replies to the host's queries and the kitty keyboard protocol's keys, as the
/// protocols' documentation spells them (xterm's ctlseqs for DECRPM and DA1, kitty's
/// "Comprehensive keyboard handling in terminals").
@Suite("Decoding terminal replies and kitty keys")
struct TerminalReplyParserTests {
  static let sampleReplies: [(String, TerminalReply)] = [
    ("\u{1B}[?2026;2$y", .mode(2026, .reset)),
    ("\u{1B}[?2026;1$y", .mode(2026, .set)),
    ("\u{1B}[?2026;0$y", .mode(2026, .notRecognized)),
    ("\u{1B}[?2004;3$y", .mode(2004, .permanentlySet)),
    ("\u{1B}[?1016;4$y", .mode(1016, .permanentlyReset)),
    ("\u{1B}[?0u", .keyboardFlags(0)),
    ("\u{1B}[?31u", .keyboardFlags(31)),
    // xterm as a VT420, tmux, a VT100 with the advanced video option.
    (
      "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c",
      .deviceAttributes([64, 1, 2, 6, 9, 15, 16, 17, 18, 21, 22, 28])
    ),
    ("\u{1B}[?62;22c", .deviceAttributes([62, 22])),
    ("\u{1B}[?1;2c", .deviceAttributes([1, 2])),
    // XTWINOPS' cell size, the answer to `ESC [ 16 t`: height, then width, in pixels.
    ("\u{1B}[6;16;8t", .cellSize(width: 8, height: 16)),
    ("\u{1B}[6;37;17t", .cellSize(width: 17, height: 37)),
  ]

  @Test(arguments: sampleReplies)
  func replies(bytes: String, reply: TerminalReply) {
    var parser = InputParser()
    #expect(parser.feed(Array(bytes.utf8)) == [.reply(reply)])
    #expect(!parser.hasPendingInput)
  }

  /// A reply split anywhere is one reply once its last byte comes, and no key before.
  @Test(arguments: sampleReplies)
  func repliesSplitAcrossReads(bytes: String, reply: TerminalReply) {
    let all = Array(bytes.utf8)
    for cut in 1..<all.count {
      var parser = InputParser()
      #expect(parser.feed(Array(all[..<cut])) == [])
      #expect(parser.feed(Array(all[cut...])) == [.reply(reply)])
    }
  }

  /// All the answers of one start-up, in one read, with a key typed after them.
  @Test func theAnswersOfOneStartUp() {
    var parser = InputParser()
    let bytes = "\u{1B}[?2026;2$y\u{1B}[?2004;2$y\u{1B}[?1016;0$y\u{1B}[?0u\u{1B}[?62;22cj"
    #expect(
      parser.feed(Array(bytes.utf8)) == [
        .reply(.mode(2026, .reset)), .reply(.mode(2004, .reset)),
        .reply(.mode(1016, .notRecognized)), .reply(.keyboardFlags(0)),
        .reply(.deviceAttributes([62, 22])), .key(.character("j")),
      ])
  }

  /// Malformed replies are dropped whole: nothing of them becomes a key.
  @Test(arguments: [
    "\u{1B}[?2026;5$y", "\u{1B}[?2026$y", "\u{1B}[?2026;1y", "\u{1B}[?2.6;1$y", "\u{1B}[?1;2u",
    "\u{1B}[?c", "\u{1B}[?1;;2c", "\u{1B}[?1234567890123;1$y",
    "\u{1B}[6;16t", "\u{1B}[6;0;8t", "\u{1B}[6;16;0t", "\u{1B}[4;16;8t", "\u{1B}[6;16;8;1t",
  ])
  func malformedRepliesAreDropped(bytes: String) {
    var parser = InputParser()
    #expect(parser.feed(Array((bytes + "k").utf8)) == [.key(.character("k"))])
  }

  static let sampleKittyKeys: [(String, [Key])] = [
    // Escape, Enter, Tab, Backspace, alone and with modifiers legacy input drops.
    ("\u{1B}[27u", [.escape]), ("\u{1B}[13u", [.enter]), ("\u{1B}[9u", [.tab]),
    ("\u{1B}[9;2u", [.backTab]),
    ("\u{1B}[127u", [.backspace]), ("\u{1B}[13;5u", [.enter]), ("\u{1B}[27;1u", [.escape]),
    ("\u{1B}[57414u", [.enter]),
    // Ctrl with a key: the control characters legacy input sends.
    ("\u{1B}[99;5u", [.control(3)]), ("\u{1B}[97;5u", [.control(1)]),
    ("\u{1B}[92;5u", [.control(0x1C)]), ("\u{1B}[122;5u", [.control(0x1A)]),
    ("\u{1B}[105;5u", [.tab]), ("\u{1B}[109;5u", [.enter]), ("\u{1B}[32;5u", [.control(0)]),
    ("\u{1B}[97;6u", [.control(1)]), ("\u{1B}[49;5u", [.character("1")]),
    // Shift, and the lock keys, which change nothing.
    ("\u{1B}[97;2u", [.character("A")]), ("\u{1B}[106;65u", [.character("j")]),
    ("\u{1B}[106;129u", [.character("j")]),
    // Alt: Escape, then the key, as legacy input sends it.
    ("\u{1B}[106;3u", [.escape, .character("j")]), ("\u{1B}[99;7u", [.escape, .control(3)]),
    // Alternate keys and event types after colons; a repeat is a press.
    ("\u{1B}[97:65;2u", [.character("A")]), ("\u{1B}[106;1:2u", [.character("j")]),
    ("\u{1B}[106;1:1;106u", [.character("j")]), ("\u{1B}[233u", [.character("é")]),
    // Functional keys as kitty sends them, modified: the legacy forms.
    ("\u{1B}[1;5A", [.up]), ("\u{1B}[1;3B", [.down]), ("\u{1B}[1;2C", [.right]),
    ("\u{1B}[1;6D", [.left]), ("\u{1B}[1;5H", [.home]), ("\u{1B}[1;5F", [.end]),
    ("\u{1B}[5;5~", [.pageUp]), ("\u{1B}[6;2~", [.pageDown]), ("\u{1B}[15;5~", [.function(5)]),
    ("\u{1B}[1;5P", [.function(1)]), ("\u{1B}[13~", [.function(3)]),
  ]

  @Test(arguments: sampleKittyKeys)
  func kittyKeys(bytes: String, keys: [Key]) {
    var parser = InputParser()
    #expect(parser.feed(Array(bytes.utf8)) == keys.map { .key($0) })
    #expect(!parser.hasPendingInput)
  }

  /// A kitty key split anywhere is the same key once its last byte comes, and nothing before.
  @Test(arguments: sampleKittyKeys)
  func kittyKeysSplitAcrossReads(bytes: String, keys: [Key]) {
    let all = Array(bytes.utf8)
    for cut in 1..<all.count {
      var parser = InputParser()
      #expect(parser.feed(Array(all[..<cut])) == [])
      #expect(parser.feed(Array(all[cut...])) == keys.map { .key($0) })
    }
  }

  /// Releases, kitty's keys legacy input has no bytes for (Caps Lock, F13 and the like in the
  /// private-use range) and malformed codes are dropped; the key after them is a key.
  @Test(arguments: [
    "\u{1B}[97;1:3u", "\u{1B}[57358u", "\u{1B}[57376;5u", "\u{1B}[u", "\u{1B}[9.5;5u",
    "\u{1B}[97;0u", "\u{1B}[1234567890123u",
  ])
  func kittyKeysWithoutLegacyBytesAreDropped(bytes: String) {
    var parser = InputParser()
    #expect(parser.feed(Array((bytes + "k").utf8)) == [.key(.character("k"))])
  }

  @Test func capabilitiesFollowTheReplies() {
    var capabilities = TerminalCapabilities()
    #expect(capabilities.synchronizedOutput == .unknown)
    #expect(!capabilities.didAnswer && !capabilities.hasKittyKeyboard)
    capabilities.learn(.mode(2026, .permanentlyReset))
    capabilities.learn(.mode(2004, .set))
    capabilities.learn(.mode(1016, .notRecognized))
    capabilities.learn(.keyboardFlags(1))
    capabilities.learn(.deviceAttributes([62]))
    #expect(capabilities.cellSizeInPixels == nil)
    capabilities.learn(.cellSize(width: 9, height: 18))
    #expect(
      capabilities.cellSizeInPixels?.width == 9 && capabilities.cellSizeInPixels?.height == 18)
    #expect(capabilities.synchronizedOutput == .unsupported)
    #expect(capabilities.bracketedPaste == .supported)
    #expect(capabilities.sgrPixels == .unsupported)
    #expect(capabilities.support(ofMode: 25) == .unknown)
    #expect(capabilities.hasKittyKeyboard && capabilities.didAnswer)
    #expect(
      TerminalCapabilities.queries
        == Array("\u{1B}[?2026$p\u{1B}[?2004$p\u{1B}[?1016$p\u{1B}[?u\u{1B}[16t\u{1B}[c".utf8))
  }

  /// With SGR-Pixels a report's position is a pixel, counted from 1: the parser turns it into
  /// the cell and where in the cell it is.
  @Test func pixelMouseReportsBecomeCellsAndFractions() {
    var parser = InputParser()
    parser.cellSizeInPixels = (width: 8, height: 16)
    // Pixel 43, 45: 42 and 44 from the corner, a quarter into column 5, three quarters into row 2.
    #expect(
      parser.feed(Array("\u{1B}[<0;43;45M\u{1B}[<32;1;1M\u{1B}[<0;48;16m".utf8)) == [
        .mouse(
          MouseEvent(kind: .press, column: 5, row: 2, columnFraction: 0.25, rowFraction: 0.75)),
        .mouse(MouseEvent(kind: .drag, column: 0, row: 0, columnFraction: 0, rowFraction: 0)),
        .mouse(
          MouseEvent(
            kind: .release, column: 5, row: 0, columnFraction: 0.875, rowFraction: 0.9375)),
      ])
    // Without a cell size, reports are cells, the pointer in the middle of its cell.
    parser.cellSizeInPixels = nil
    #expect(
      parser.feed(Array("\u{1B}[<0;43;45M".utf8)) == [
        .mouse(MouseEvent(kind: .press, column: 42, row: 44))
      ])
  }
}
