import Foundation
import Testing

@testable import Rendering

@Suite("TerminalRecording: a session as a text file")
struct TerminalRecordingTests {
  static let sample = TerminalRecording(entries: [
    .init(time: 0, event: .resize(columns: 80, rows: 24)),
    .init(time: 0.412, event: .input(.mouse(MouseEvent(kind: .press, column: 19, row: 3)))),
    .init(time: 0.445, event: .input(.mouse(MouseEvent(kind: .drag, column: 19, row: 6)))),
    .init(
      time: 0.69, event: .input(.mouse(MouseEvent(kind: .release, button: 2, column: 19, row: 9)))
    ),
    .init(
      time: 1.204,
      event: .input(.mouse(MouseEvent(kind: .wheel(dx: 0, dy: -1), column: 19, row: 5)))
    ),
    .init(time: 2.31, event: .input(.key(.up))),
    .init(time: 2.5, event: .input(.key(.pageDown))),
    .init(time: 3.002, event: .input(.key(.character("r")))),
    .init(time: 3.1, event: .input(.key(.character(" ")))),
    .init(time: 3.2, event: .input(.key(.character("\"")))),
    .init(time: 3.3, event: .input(.key(.character("刷")))),
    .init(time: 3.4, event: .input(.key(.character("👍🏽")))),
    .init(time: 4.517, event: .input(.key(.control(3)))),
    .init(time: 4.517, event: .input(.key(.backTab))),
    .init(time: 4.517, event: .end),
  ])

  @Test func theTextIsOneReadableLinePerEntry() {
    #expect(
      Self.sample.text == """
        refresh-recording 1
        0.000 resize 80 24
        0.412 mouse press 19 3
        0.445 mouse drag 19 6
        0.690 mouse release 19 9 button 2
        1.204 mouse wheel 0 -1 19 5
        2.310 key up
        2.500 key pageDown
        3.002 key char "r"
        3.100 key char "\\u{20}"
        3.200 key char "\\u{22}"
        3.300 key char "刷"
        3.400 key char "👍🏽"
        4.517 key control 3
        4.517 key backTab
        4.517 end

        """)
  }

  @Test func theTextReadsBackAsTheSameRecording() throws {
    #expect(try TerminalRecording(text: Self.sample.text) == Self.sample)
    #expect(Self.sample.duration == 4.517)
    #expect(Self.sample.initialSize?.columns == 80)
    #expect(Self.sample.initialSize?.rows == 24)
  }

  /// A paste is one line whatever it holds (quotes, backslashes, line breaks, escapes, spaces
  /// at its ends), and reads back as the same text; focus reports are `focus in` and `out`.
  @Test(arguments: [
    "", " two  spaces ", "line one\nline two", "say \"hi\" \\ back", "\u{1B}[A\t粘贴 ❤️",
    "\u{1B}[201~", "e\u{301}",
  ])
  func pastesAndFocusReadBack(text: String) throws {
    let recording = TerminalRecording(entries: [
      .init(time: 0.5, event: .input(.paste(text))),
      .init(time: 0.6, event: .input(.focusLost)),
      .init(time: 0.7, event: .input(.focusGained)),
    ])
    let lines = recording.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)  // the header, three entries, the final line break
    #expect(lines[2] == "0.600 focus out" && lines[3] == "0.700 focus in")
    #expect(try TerminalRecording(text: recording.text) == recording)
  }

  /// Terminal replies (which ``TerminalHost`` keeps out of its recordings, but a recording
  /// made by hand may hold) have lines of their own and read back.
  @Test func repliesReadBack() throws {
    let recording = TerminalRecording(entries: [
      .init(time: 0.1, event: .input(.reply(.mode(2026, .permanentlyReset)))),
      .init(time: 0.2, event: .input(.reply(.keyboardFlags(1)))),
      .init(time: 0.3, event: .input(.reply(.deviceAttributes([62, 22])))),
      .init(time: 0.4, event: .input(.reply(.cellSize(width: 8, height: 16)))),
    ])
    let lines = recording.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1] == "0.100 reply mode 2026 4")
    #expect(lines[2] == "0.200 reply keyboard 1")
    #expect(lines[3] == "0.300 reply attributes 62 22")
    #expect(lines[4] == "0.400 reply cell 8 16")
    #expect(try TerminalRecording(text: recording.text) == recording)
  }

  @Test func commentsAndBlankLinesAreIgnored() throws {
    let recording = try TerminalRecording(
      text: "# a pull that did not refresh\n\nrefresh-recording 1\n  # here\n0.5 key enter\n")
    #expect(recording.entries == [.init(time: 0.5, event: .input(.key(.enter)))])
  }

  @Test(arguments: [
    ("", 1, "expected 'refresh-recording 1', the file is empty"),
    ("refresh-recording 2\n", 1, "expected 'refresh-recording 1', found 'refresh-recording 2'"),
    ("refresh-recording 1\nsoon key up\n", 2, "expected a time in seconds, found 'soon'"),
    ("refresh-recording 1\n-1 key up\n", 2, "expected a time in seconds, found '-1'"),
    ("refresh-recording 1\nnan key up\n", 2, "expected a time in seconds, found 'nan'"),
    ("refresh-recording 1\n1 key f13\n", 2, "unknown key 'f13'"),
    ("refresh-recording 1\n1 key char q\n", 2, "'char' takes one quoted character"),
    ("refresh-recording 1\n1 key char \"ab\"\n", 2, "'char' takes one quoted character"),
    ("refresh-recording 1\n1 key control 300\n", 2, "'control' takes a byte, 0 to 255"),
    ("refresh-recording 1\n1 mouse fly 1 2\n", 2, "unknown mouse event 'fly'"),
    (
      "refresh-recording 1\n1 mouse press 1\n", 2,
      "expected a whole number at word 5 of '1 mouse press 1'"
    ),
    ("refresh-recording 1\n1 mouse press -1 2\n", 2, "cells are counted from 0"),
    ("refresh-recording 1\n1 mouse press 1 2 button 7\n", 2, "'button' takes 0, 1 or 2"),
    ("refresh-recording 1\n1 resize 0 24\n", 2, "a size is at least 1 × 1 cells"),
    ("refresh-recording 1\n1 end now\n", 2, "'end' takes nothing after it"),
    ("refresh-recording 1\n1 jump\n", 2, "unknown event 'jump'"),
    ("refresh-recording 1\n1 paste hello\n", 2, "'paste' takes a quoted text"),
    ("refresh-recording 1\n1 paste \"a\\q\"\n", 2, "'paste' takes a quoted text"),
    ("refresh-recording 1\n1 focus sideways\n", 2, "'focus' takes 'in' or 'out'"),
    ("refresh-recording 1\n1 focus\n", 2, "'focus' takes 'in' or 'out'"),
    ("refresh-recording 1\n2 key up\n1 key up\n", 3, "the time goes backwards"),
  ])
  func badLinesAreRefusedWithTheirNumber(text: String, line: Int, reason: String) {
    #expect(throws: TerminalRecording.ParseError(line: line, reason: reason)) {
      try TerminalRecording(text: text)
    }
  }

  @Test func entriesAreKeptInTimeOrderAndBadTimesLeftOut() {
    let recording = TerminalRecording(entries: [
      .init(time: 2, event: .input(.key(.down))),
      .init(time: .nan, event: .end),
      .init(time: 1, event: .input(.key(.up))),
      .init(time: -1, event: .end),
      .init(time: 2, event: .end),
    ])
    #expect(recording.entries.map(\.time) == [1, 2, 2])
    #expect(recording.entries.last?.event == .end)
    var appended = recording
    appended.append(.init(time: 1.5, event: .input(.key(.tab))))
    appended.append(.init(time: .infinity, event: .input(.key(.tab))))
    #expect(appended.entries.map(\.time) == [1, 2, 2, 2])
  }

  @Test func aRecorderWritesEachEntryAsItComes() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("recorder-\(UUID().uuidString).rec").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TerminalRecorder(path: path)
    recorder.record(.resize(columns: 40, rows: 12), at: 0)
    recorder.record(.input(.key(.up)), at: 0.25)
    // Written at once, before the recorder closes.
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "refresh-recording 1\n0.000 resize 40 12\n0.250 key up\n")
    recorder.record(.input(.key(.down)), at: 0.1)  // earlier: takes the last time
    recorder.close()
    recorder.record(.end, at: 1)  // after close: ignored
    #expect(
      try TerminalRecording(contentsOfFile: path).entries.map(\.time) == [0, 0.25, 0.25])
  }

  @Test func aRecorderRefusesAFileItCannotCreate() {
    #expect(throws: (any Error).self) {
      try TerminalRecorder(path: "/nonexistent-directory/session.rec")
    }
  }
}
