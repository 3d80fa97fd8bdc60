import Foundation
import Testing

@testable import Rendering

@Suite("TerminalColorMode")
struct TerminalColorModeTests {
  /// A terminfo directory holding one compiled entry whose `colors` is `colors`.
  static func terminfoDirectory(
    term: String, colors: Int16, wide: Bool = false, booleans: [UInt8] = [1, 0, 1]
  ) throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("terminfo-\(UUID().uuidString)")
    let folder = root.appendingPathComponent(String(term.first!))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let names = Array((term + "|a test terminal").utf8) + [0]
    var numbers: [UInt8] = []
    for index in 0..<14 {
      let value: Int32 = index == 13 ? Int32(colors) : -1
      let bytes = withUnsafeBytes(of: value.littleEndian, Array.init)
      numbers += wide ? bytes : Array(bytes[0..<2])
    }
    func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    var entry = short(wide ? 0o1036 : 0o432) + short(names.count) + short(booleans.count)
    entry += short(14) + short(0) + short(0)
    entry += names + booleans
    if entry.count % 2 == 1 { entry.append(0) }
    entry += numbers
    try Data(entry).write(to: folder.appendingPathComponent(term))
    return root.path
  }

  @Test(
    "The environment decides",
    arguments: [
      (["TERM": "xterm-256color"], TerminalColorMode.palette256),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
      (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
      (["TERM": "xterm-256color", "COLORTERM": "yes"], .palette256),
      (["TERM": "xterm-direct"], .trueColor),
      (["TERM": "tmux-256color"], .palette256),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
      (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),  // no-color.org: non-empty
      (["TERM": "dumb"], .none),
      ([:], .palette16),
    ] as [([String: String], TerminalColorMode)])
  func environment(variables: [String: String], mode: TerminalColorMode) {
    #expect(TerminalColorMode(environment: variables) == mode)
  }

  /// The name says how many colors before any terminfo entry does, as termenv and ratatui
  /// read it: Debian installs few entries, and `xterm-16color` has none there.
  @Test(
    "The terminal type's name decides before its entry",
    arguments: [
      ("xterm-16color", TerminalColorMode.palette16),
      ("rxvt-unicode-16color", .palette16),
      ("xterm-88color", .palette16),  // 88 colors have no 256-color codes: the 16 are safe
      ("xterm-color", .palette16),
      ("xterm-8color", .palette16),
      ("xterm-mono", .none),
      ("vt100-mono", .none),
      ("screen-256color", .palette256),
      ("xterm-direct", .trueColor),
      ("xterm-direct256", .trueColor),
      ("konsole-direct", .trueColor),
      ("xterm-truecolor", .trueColor),
      ("xterm-24bit", .trueColor),
      ("xterm-kitty", .trueColor),
      ("xterm-ghostty", .trueColor),
      ("alacritty", .trueColor),
      ("wezterm", .trueColor),
      ("foot", .trueColor),
      ("foot-extra", .trueColor),
      ("contour", .trueColor),
    ] as [(String, TerminalColorMode)])
  func theNameDecides(term: String, mode: TerminalColorMode) throws {
    // An entry that says otherwise, where the name is looked up, is not read.
    let contrary = try Self.terminfoDirectory(term: term, colors: mode == .palette256 ? 8 : 256)
    #expect(TerminalColorMode(environment: ["TERM": term, "TERMINFO": contrary]) == mode)
    #expect(TerminalColorMode(environment: ["TERM": term]) == mode)
    // NO_COLOR still turns everything off.
    #expect(TerminalColorMode(environment: ["TERM": term, "NO_COLOR": "1"]) == .none)
  }

  /// A name that says nothing is looked up; without an entry the default is the 16 colors
  /// every color terminal shows, not codes the terminal might print as garbage.
  @Test func aNameThatSaysNothingWithoutAnEntryGetsSixteenColors() throws {
    #expect(TerminalColorMode(environment: ["TERM": "acme-terminal"]) == .palette16)
    let many = try Self.terminfoDirectory(term: "acme-terminal", colors: 256)
    #expect(
      TerminalColorMode(environment: ["TERM": "acme-terminal", "TERMINFO": many]) == .palette256)
    // A mode word inside the name is not its suffix.
    #expect(TerminalColorMode(environment: ["TERM": "monoterm"]) == .palette16)
    #expect(TerminalColorMode(environment: ["TERM": "direct-x"]) == .palette16)
  }

  @Test(arguments: [false, true])
  func terminfoSaysHowManyColors(wide: Bool) throws {
    let eight = try Self.terminfoDirectory(term: "eightcolors", colors: 8, wide: wide)
    #expect(
      TerminalColorMode(environment: ["TERM": "eightcolors", "TERMINFO": eight]) == .palette16)
    let many = try Self.terminfoDirectory(term: "manycolors", colors: 256, wide: wide)
    #expect(
      TerminalColorMode(environment: ["TERM": "manycolors", "TERMINFO_DIRS": "/nowhere:" + many])
        == .palette256)
    // COLORTERM still wins over an 8-color entry.
    #expect(
      TerminalColorMode(environment: [
        "TERM": "eightcolors", "TERMINFO": eight, "COLORTERM": "truecolor",
      ]) == .trueColor)
  }

  @Test func theSystemsXtermEntryHasEightColors() throws {
    // Debian and Ubuntu ship `xterm` in /lib/terminfo or /usr/share/terminfo (colors#8).
    let found = ["/lib/terminfo/x/xterm", "/usr/share/terminfo/x/xterm"].contains {
      FileManager.default.fileExists(atPath: $0)
    }
    try #require(found, "no xterm terminfo entry on this machine")
    #expect(Terminfo.colors(of: "xterm", environment: [:]) == 8)
    #expect(TerminalColorMode(environment: ["TERM": "xterm"]) == .palette16)
  }

  @Test func malformedOrMissingEntriesSayNothing() {
    #expect(Terminfo.colors(inEntry: []) == nil)
    #expect(Terminfo.colors(inEntry: [0x1A, 0x01, 0xFF, 0x7F]) == nil)
    #expect(Terminfo.colors(inEntry: Array(repeating: 0, count: 64)) == nil)
    #expect(Terminfo.colors(of: "no-such-terminal-here", environment: [:]) == nil)
    #expect(Terminfo.colors(of: "../etc/passwd", environment: [:]) == nil)
    #expect(TerminalColorMode(environment: ["TERM": "no-such-terminal-here"]) == .palette16)
  }
}
