import Rendering
import TestSupport
import Testing

@Suite("Decoding terminal input")
struct InputParserTests {
  static let keys: [(String, Key)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
    ("\u{1B}[1;5A", .up), ("\r", .enter), ("\t", .tab), ("\u{7F}", .backspace),
    // Shift-Tab: the back tab, `ESC [ Z` (xterm's CBT).
    ("\u{1B}[Z", .backTab),
    ("q", .character("q")), ("\u{03}", .control(3)), ("好", .character("好")),
    // Function keys: xterm's F5 and F12, SS3 F1 and F4, rxvt's F1, a modified F5.
    ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)), ("\u{1B}OP", .function(1)),
    ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)), ("\u{1B}[15;2~", .function(5)),
  ]

  /// The back tab is its own key, not a Tab, and a `Z` with parameters is no key.
  @Test func shiftTabIsTheBackTab() {
    var parser = InputParser()
    #expect(
      parser.feed(Array("\t\u{1B}[Z\u{1B}[1;2Zj".utf8)) == [
        .key(.tab), .key(.backTab), .key(.character("j")),
      ])
    // Split across reads, it is one key once its last byte comes.
    #expect(parser.feed([0x1B, UInt8(ascii: "[")]) == [])
    #expect(parser.feed([UInt8(ascii: "Z")]) == [.key(.backTab)])
    #expect(!parser.hasPendingInput)
  }

  @Test func unknownTildeSequencesAreDropped() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[16~\u{1B}[99~j".utf8)) == [.key(.character("j"))])
  }

  @Test(arguments: [
    (Key.up, "↑"), (.pageDown, "PgDn"), (.character(" "), "Space"), (.function(5), "F5"),
    (.character("G"), "G"), (.control(3), "Ctrl-C"), (.enter, "Enter"), (.tab, "Tab"),
    (.backTab, "Shift-Tab"),
  ])
  func keysHaveTheNamesAHelpShows(key: Key, name: String) {
    #expect(key.name == name)
  }

  @Test(arguments: keys)
  func keySequences(bytes: String, key: Key) {
    var parser = InputParser()
    #expect(parser.feed(Array(bytes.utf8)) == [.key(key)])
    #expect(!parser.hasPendingInput)
  }

  static let mice: [(String, MouseEvent)] = [
    ("\u{1B}[<0;10;5M", MouseEvent(kind: .press, column: 9, row: 4)),
    ("\u{1B}[<32;11;6M", MouseEvent(kind: .drag, column: 10, row: 5)),
    ("\u{1B}[<0;11;6m", MouseEvent(kind: .release, column: 10, row: 5)),
    ("\u{1B}[<2;1;1M", MouseEvent(kind: .press, button: 2, column: 0, row: 0)),
    ("\u{1B}[<64;3;4M", MouseEvent(kind: .wheel(dx: 0, dy: -1), column: 2, row: 3)),
    ("\u{1B}[<65;3;4M", MouseEvent(kind: .wheel(dx: 0, dy: 1), column: 2, row: 3)),
    ("\u{1B}[<66;3;4M", MouseEvent(kind: .wheel(dx: -1, dy: 0), column: 2, row: 3)),
    ("\u{1B}[<36;3;4M", MouseEvent(kind: .drag, column: 2, row: 3)),  // shift-drag
  ]

  @Test(arguments: mice)
  func sgrMouseReports(bytes: String, event: MouseEvent) {
    var parser = InputParser()
    #expect(parser.feed(Array(bytes.utf8)) == [.mouse(event)])
  }

  @Test func aSequenceSplitAcrossReadsIsCompleted() {
    var parser = InputParser()
    let bytes = Array("\u{1B}[<0;10;5Mx".utf8)
    var events: [InputEvent] = []
    for byte in bytes { events += parser.feed([byte]) }
    #expect(events == [.mouse(MouseEvent(kind: .press, column: 9, row: 4)), .key(.character("x"))])
  }

  @Test func aCharacterSplitAcrossReadsIsCompleted() {
    var parser = InputParser()
    let bytes = Array("刷".utf8)
    #expect(parser.feed([bytes[0]]).isEmpty)
    #expect(parser.feed([bytes[1]]).isEmpty)
    #expect(parser.feed([bytes[2]]) == [.key(.character("刷"))])
  }

  @Test func aLoneEscapeIsReportedOnFlush() {
    var parser = InputParser()
    #expect(parser.feed([0x1B]).isEmpty)
    #expect(parser.hasPendingInput)
    #expect(parser.flush() == [.key(.escape)])
    #expect(!parser.hasPendingInput)
    #expect(parser.feed(Array("\u{1B}[".utf8)).isEmpty)
    #expect(parser.flush() == [.key(.escape)])
  }

  @Test func malformedInputIsDroppedAndParsingGoesOn() {
    var parser = InputParser()
    let garbage: [UInt8] =
      [0xFF, 0xC3, 0x28] + Array("\u{1B}[<0;x;5M".utf8) + Array("\u{1B}[99Z".utf8) + [0x80]
      + Array("\u{1B}[<;;M".utf8) + Array("ok".utf8)
    // "x" ends the CSI sequence early (it is a final byte), so ";5M" is plain text.
    let expected: [Character] = ["(", ";", "5", "M", "o", "k"]
    #expect(parser.feed(garbage) == expected.map { .key(.character($0)) })
  }

  @Test func overlongSequencesAreDropped() {
    var parser = InputParser()
    let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A" + "z"
    #expect(parser.feed(Array(long.utf8)) == [.key(.character("z"))])
  }

  @Test(arguments: Array(UInt64(1)...30))
  func randomBytesNeverCrashAndEventsStayInRange(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var parser = InputParser()
    let alphabet: [UInt8] =
      Array("\u{1B}[<;0123456789MmAB~Oq".utf8) + [0xE5, 0x88, 0xB7, 0xFF, 0x80]
    for _ in 0..<200 {
      let count = Int(random.next() % 40)
      let bytes = (0..<count).map { _ in
        random.next() % 3 == 0
          ? UInt8(truncatingIfNeeded: random.next())
          : alphabet[Int(random.next() % UInt64(alphabet.count))]
      }
      for event in parser.feed(bytes) {
        if case .mouse(let mouse) = event {
          #expect(mouse.column >= 0 && mouse.row >= 0)
          #expect(mouse.column < 1_000_000 && mouse.row < 1_000_000)
        }
      }
      if random.next() % 5 == 0 { _ = parser.flush() }
    }
    _ = parser.flush()
    #expect(!parser.hasPendingInput)
  }

  @Test func aFloodOfPastedBytesIsDecoded() {
    var parser = InputParser()
    let text = String(repeating: "pasted text 粘贴 ", count: 5000)
    let events = parser.feed(Array(text.utf8))
    #expect(events.count == text.count)
  }
}

/// Bracketed paste (xterm's mode 2004) and focus reports (mode 1004), as xterm's "Control
/// Sequences" documents them: a paste comes as `ESC [ 200 ~`, the text, `ESC [ 201 ~`; focus
/// as `ESC [ I` (in) and `ESC [ O` (out).
@Suite("Decoding pastes and focus reports")
struct PasteAndFocusParserTests {
  static let start = "\u{1B}[200~"
  static let end = "\u{1B}[201~"

  @Test func aPasteIsOneEventWithItsText() {
    var parser = InputParser()
    let events = parser.feed(Array("a\(Self.start)hello, 世界\(Self.end)b".utf8))
    #expect(events == [.key(.character("a")), .paste("hello, 世界"), .key(.character("b"))])
    #expect(!parser.hasPendingInput)
  }

  /// Terminals send a pasted line break as a carriage return; the paste says `\n`.
  @Test func pastedLineBreaksAreNewlines() {
    var parser = InputParser()
    let events = parser.feed(Array("\(Self.start)one\rtwo\r\nthree\nfour\(Self.end)".utf8))
    #expect(events == [.paste("one\ntwo\nthree\nfour")])
  }

  /// What looks like keys, mouse reports or Ctrl-C inside a paste is text of the paste.
  @Test func sequencesInsideAPasteAreItsText() {
    var parser = InputParser()
    let inside = "q\u{03}\u{1B}[A\u{1B}[<0;1;1M\u{1B}[200~x\u{1B}"
    let events = parser.feed(Array((Self.start + inside + Self.end + "q").utf8))
    #expect(events == [.paste(inside), .key(.character("q"))])
  }

  @Test func anEmptyPasteIsAnEmptyPaste() {
    var parser = InputParser()
    #expect(parser.feed(Array((Self.start + Self.end).utf8)) == [.paste("")])
  }

  /// A paste arrives in reads of any size, its markers split anywhere.
  @Test(arguments: [1, 2, 3, 5, 7, 4096])
  func aPasteSplitAcrossReadsIsOnePaste(chunk: Int) {
    var parser = InputParser()
    let text = "pasted 粘贴 \u{1B}[201"
    let bytes = Array(("x" + Self.start + text + Self.end + "y").utf8)
    var events: [InputEvent] = []
    for offset in stride(from: 0, to: bytes.count, by: chunk) {
      events += parser.feed(Array(bytes[offset..<min(offset + chunk, bytes.count)]))
    }
    #expect(events == [.key(.character("x")), .paste(text), .key(.character("y"))])
  }

  /// 10^6 bytes in 4 KiB reads: one event, nothing lost, and in time linear in the bytes (the
  /// end marker is looked for only in what arrived since the last read).
  @Test func aMillionBytePasteIsOneEvent() {
    var parser = InputParser()
    let line = "0123456789abcdefghijklmnopqrstuvwxyz 粘贴\r"
    let text = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
    let bytes = Array((Self.start + text + Self.end).utf8)
    #expect(bytes.count > 1_000_000)
    var events: [InputEvent] = []
    for offset in stride(from: 0, to: bytes.count, by: 4096) {
      events += parser.feed(Array(bytes[offset..<min(offset + 4096, bytes.count)]))
    }
    #expect(events.count == 1)
    #expect(events.first == .paste(text.replacingOccurrences(of: "\r", with: "\n")))
  }

  /// A paste whose end never comes ends on ``InputParser/flush()`` with what arrived, so that
  /// keys typed afterwards are keys again; the late end marker is dropped.
  @Test func aTruncatedPasteEndsOnFlush() {
    var parser = InputParser()
    #expect(parser.feed(Array("\(Self.start)half a pa".utf8)) == [])
    #expect(parser.isPasting)
    #expect(parser.hasPendingInput)
    #expect(parser.flush() == [.paste("half a pa")])
    #expect(!parser.isPasting)
    #expect(
      parser.feed(Array("q\(Self.end)j".utf8)) == [.key(.character("q")), .key(.character("j"))])
  }

  /// Invalid UTF-8 inside a paste becomes U+FFFD: the rest of the paste is kept.
  @Test func invalidUTF8InAPasteIsReplaced() {
    var parser = InputParser()
    let bytes = Array(Self.start.utf8) + [0x61, 0xFF, 0x62] + Array(Self.end.utf8)
    #expect(parser.feed(bytes) == [.paste("a\u{FFFD}b")])
  }

  @Test func focusReportsAreEvents() {
    var parser = InputParser()
    #expect(
      parser.feed(Array("\u{1B}[O\u{1B}[Ik".utf8))
        == [.focusLost, .focusGained, .key(.character("k"))])
    // SS3 `ESC O` sequences are still keys.
    #expect(parser.feed(Array("\u{1B}OA".utf8)) == [.key(.up)])
  }
}
