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
    ("q", .character("q")), ("\u{03}", .control(3)), ("好", .character("好")),
    // Function keys: xterm's F5 and F12, SS3 F1 and F4, rxvt's F1, a modified F5.
    ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)), ("\u{1B}OP", .function(1)),
    ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)), ("\u{1B}[15;2~", .function(5)),
  ]

  @Test func unknownTildeSequencesAreDropped() {
    var parser = InputParser()
    #expect(parser.feed(Array("\u{1B}[16~\u{1B}[99~j".utf8)) == [.key(.character("j"))])
  }

  @Test(arguments: [
    (Key.up, "↑"), (.pageDown, "PgDn"), (.character(" "), "Space"), (.function(5), "F5"),
    (.character("G"), "G"), (.control(3), "Ctrl-C"), (.enter, "Enter"),
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
