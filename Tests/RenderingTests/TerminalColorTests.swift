import Foundation
import Refresh
import Testing

@testable import Rendering

/// Colors as cells hold them and as each color mode writes them.
@MainActor
@Suite("TerminalColor")
struct TerminalColorTests {
  private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// One frame of a grid, without synchronized-output brackets, in a mode.
  private func frame(_ grid: TerminalGrid, mode: TerminalColorMode) -> String {
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.colorMode = mode
    return text(buffer.frame(from: grid))
  }

  /// "a" in the terminal's colors, "b" gray on orange, "c" in reverse video.
  private var grid: TerminalGrid {
    var grid = TerminalGrid(
      columns: 3, rows: 1, filledWith: TerminalCell(foreground: .default, background: .default))
    grid[0, 0].character = "a"
    grid[1, 0] = TerminalCell(
      character: "b", foreground: TerminalColor(Color(red: 128, green: 128, blue: 128)),
      background: TerminalColor(.orange), isBold: true)
    grid[2, 0] = TerminalCell(
      character: "c", foreground: .default, background: .default, isInverse: true)
    return grid
  }

  @Test(
    "Each mode writes its codes",
    arguments: [
      (TerminalColorMode.trueColor, "\u{1B}[1;38;2;128;128;128;48;2;255;149;0mb"),
      (.palette256, "\u{1B}[1;38;5;244;48;5;208mb"),
      (.palette16, "\u{1B}[1;90;43mb"),
      (.none, "\u{1B}[1mb"),
    ])
  func modes(mode: TerminalColorMode, middle: String) {
    // The cleared screen is in the terminal's own colors, as "a" is (nothing to set); "c"'s
    // reset and reverse video (`0;7`) is shorter than turning the three others off one by one.
    #expect(frame(grid, mode: mode) == "\u{1B}[m\u{1B}[2J\u{1B}[Ha" + middle + "\u{1B}[0;7mc")
  }

  @Test func noColorWritesNoColorCodeAtAll() {
    let written = frame(grid, mode: .none)
    let parameters = written.split(separator: "\u{1B}").compactMap { sequence -> String? in
      guard sequence.hasPrefix("["), sequence.contains("m") else { return nil }
      return String(sequence.dropFirst().prefix { $0 != "m" })
    }
    let used = Set(parameters.flatMap { $0.split(separator: ";").map(String.init) })
    #expect(used.isSubset(of: ["0", "1", "22", "7", "27"]), "\(used)")
  }

  @Test func changingTheModeRedrawsTheNextFrame() {
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    _ = buffer.frame(from: grid)
    #expect(buffer.frame(from: grid).isEmpty)
    buffer.colorMode = .trueColor
    #expect(text(buffer.frame(from: grid)).contains("38;2;128;128;128"))
  }

  @Test func cellColorsKeepChannelsAndIndex() {
    let color = TerminalColor(Color(red: 95, green: 135, blue: 175))
    #expect(color.xterm256Index == 67)
    #expect(color.color == Color(red: 95, green: 135, blue: 175))
    #expect(!color.isDefault)
    #expect(TerminalColor.default.isDefault)
    #expect(TerminalColor.default.xterm256Index == nil)
    #expect(TerminalColor.default.color == nil)
    #expect(TerminalColor.default.systemColorIndex == nil)
    // A literal is a palette index.
    #expect(TerminalColor(integerLiteral: 15) == TerminalColor(xterm256Index: 15))
    #expect((244 as TerminalColor) == TerminalColor(Color(red: 128, green: 128, blue: 128)))
    // No channels and index pair is the terminal's own color.
    #expect(TerminalColor(.white) != .default)
    #expect(TerminalColor(xterm256Index: 255) != .default)
  }

  /// A color is kept in 26 bits: channels that are a palette entry are that entry.
  @Test func colorsAreStoredByChannelsOrIndex() {
    #expect(TerminalColor(Color(red: 128, green: 128, blue: 128)).description == "244")
    #expect(TerminalColor(Color(red: 90, green: 90, blue: 90)).description == "#5A5A5A")
    #expect(TerminalColor(Color(red: 90, green: 90, blue: 90)).xterm256Index == 240)
    // A system color and the same channels from the cube are two colors.
    #expect(TerminalColor(xterm256Index: 0) != TerminalColor(.black))
    #expect(TerminalColor(xterm256Index: 0).color == TerminalColor(.black).color)
    #expect(TerminalColor(xterm256Index: 9).xterm256Index == 9)
    #expect(TerminalColor(.white.withAlpha(0.3)) == TerminalColor(.white))
    for color in [TerminalColor.default, 0, 15, 255, TerminalColor(.orange)] {
      #expect(color.rawValue < 1 << TerminalColor.bitCount, "\(color)")
    }
  }

  /// Two colors and three flags share a word: setting one leaves the others.
  @Test func aCellsFieldsAreSetApart() {
    let orange = TerminalColor(.orange)
    var cell = TerminalCell(character: "x", foreground: .default, background: 255)
    #expect(cell.foreground == .default && cell.background == 255)
    cell.isInverse = true
    cell.foreground = orange
    #expect(cell.foreground == orange && cell.background == 255 && cell.isInverse)
    cell.background = .default
    cell.isBold = true
    cell.isContinuation = true
    #expect(cell.foreground == orange && cell.background == .default)
    #expect(cell.isBold && cell.isInverse && cell.isContinuation)
    cell.isInverse = false
    cell.foreground = 16
    #expect(cell.foreground == 16 && cell.isBold && !cell.isInverse && cell.isContinuation)
    #expect(cell.character == "x")
    #expect(cell.blanked.background == .default && cell.blanked.foreground == 16)
  }

  @Test(
    "The nearest system color",
    arguments: [
      (Color.black, 0), (.white, 15), (Color(red: 128, green: 128, blue: 128), 8),
      (Color(red: 200, green: 10, blue: 10), 1), (Color(red: 250, green: 240, blue: 5), 11),
    ] as [(Color, UInt8)])
  func systemColor(color: Color, index: UInt8) {
    #expect(TerminalColor(color).systemColorIndex == index)
  }

  // MARK: - The canvas

  @Test func systemColorsBecomeTheTerminalsOwn() {
    let canvas = TerminalCanvas(
      columns: 6, rows: 2, background: .systemBackground, foreground: .label)
    #expect(canvas[0, 0] == TerminalCell(foreground: .default, background: .default))
    canvas.drawText(
      "ab", in: CGRect(x: 0, y: 0, width: 18, height: 18), attributes: TextAttributes())
    #expect(canvas[0, 0].foreground == .default)
    canvas.drawText(
      "cd", in: CGRect(x: 18, y: 0, width: 18, height: 18),
      attributes: TextAttributes(color: .secondaryLabel))
    #expect(canvas[2, 0].foreground == 244)  // a mid gray, not MJRefresh's 90
    canvas.fill(CGRect(x: 0, y: 18, width: 27, height: 18), color: .selectedContentBackground)
    #expect(canvas[0, 1].isInverse && canvas[2, 1].isInverse && !canvas[3, 1].isInverse)
    #expect(canvas[0, 1].background == .default)
    canvas.fill(CGRect(x: 0, y: 18, width: 9, height: 18), color: .systemBackground)
    #expect(!canvas[0, 1].isInverse)
    // Text written over a selection keeps its reverse video, ASCII or not.
    canvas.drawText(
      "ab", in: CGRect(x: 9, y: 18, width: 18, height: 18), attributes: TextAttributes())
    canvas.drawText(
      "中", in: CGRect(x: 27, y: 18, width: 18, height: 18), attributes: TextAttributes())
    #expect(canvas[1, 1].character == "a" && canvas[1, 1].isInverse && canvas[2, 1].isInverse)
    #expect(canvas[3, 1].character == "中" && !canvas[3, 1].isInverse)
    canvas.clear(background: .selectedContentBackground)
    #expect(canvas.grid.cells.allSatisfy { $0.isInverse })
  }

  @Test(
    "Fading over the terminal's own background",
    arguments: [(0.4, false), (0.5, true), (0.9, true)])
  func fadingOverTheTerminalsBackground(alpha: Double, draws: Bool) {
    let canvas = TerminalCanvas(
      columns: 2, rows: 1, background: .systemBackground, foreground: .label)
    canvas.drawText(
      "x", in: CGRect(x: 0, y: 0, width: 9, height: 18),
      attributes: TextAttributes(color: Color.red.withAlpha(alpha)))
    #expect((canvas[0, 0].character == "x") == draws)
    if draws { #expect(canvas[0, 0].foreground == TerminalColor(.red)) }
    // Over a known background, it is mixed as before.
    let white = TerminalCanvas(columns: 2, rows: 1)
    white.drawText(
      "x", in: CGRect(x: 0, y: 0, width: 9, height: 18),
      attributes: TextAttributes(color: Color.black.withAlpha(alpha)))
    #expect(white[0, 0].character == "x")
    #expect(white[0, 0].foreground != TerminalColor(.black))
  }
}
