/// One character cell of a terminal: a character with its colors and attributes.
///
/// A wide character (CJK, most emoji) covers two cells: the left one holds the character and
/// the right one is a *continuation* cell, which terminals fill on their own and which is never
/// written.
///
/// A cell takes 16 bytes and no heap storage: its character is kept as its UTF-8 bytes (a long
/// emoji sequence as an index into a table shared by all grids), its two colors and three flags
/// packed in one more word, so that grids are filled, compared and hashed as plain memory. Two
/// cells are equal when their characters have the same UTF-8 bytes, which is what the terminal
/// is sent.
public struct TerminalCell: Hashable, Sendable {
  /// The character shown, as stored.
  var glyph: TerminalGlyph
  /// The colors and flags: the text color in bits 0–25, the background in 26–51 (each a
  /// ``TerminalColor``'s 26 bits), then bold, reverse video and continuation.
  private(set) var style: UInt64

  private static let colorMask: UInt64 = 1 << UInt64(TerminalColor.bitCount) - 1
  private static let backgroundShift = UInt64(TerminalColor.bitCount)
  private static let boldBit: UInt64 = 1 << 52
  private static let inverseBit: UInt64 = 1 << 53
  private static let continuationBit: UInt64 = 1 << 54

  /// The text color.
  public var foreground: TerminalColor {
    get { TerminalColor(rawValue: UInt32(truncatingIfNeeded: style & Self.colorMask)) }
    set { style = style & ~Self.colorMask | UInt64(newValue.rawValue) }
  }
  /// The background color.
  public var background: TerminalColor {
    get {
      TerminalColor(
        rawValue: UInt32(truncatingIfNeeded: style >> Self.backgroundShift & Self.colorMask))
    }
    set {
      style =
        style & ~(Self.colorMask << Self.backgroundShift)
        | UInt64(newValue.rawValue) << Self.backgroundShift
    }
  }
  /// Whether the character is bold.
  public var isBold: Bool {
    get { style & Self.boldBit != 0 }
    set { style = newValue ? style | Self.boldBit : style & ~Self.boldBit }
  }
  /// Whether the cell is drawn in reverse video (SGR 7): text and background swapped, which
  /// shows even with no color at all (a selection, under `NO_COLOR`).
  public var isInverse: Bool {
    get { style & Self.inverseBit != 0 }
    set { style = newValue ? style | Self.inverseBit : style & ~Self.inverseBit }
  }
  /// Whether this is the right half of the wide character in the cell to its left.
  public var isContinuation: Bool {
    get { style & Self.continuationBit != 0 }
    set { style = newValue ? style | Self.continuationBit : style & ~Self.continuationBit }
  }

  /// The character shown; a space for blank and continuation cells.
  public var character: Character {
    get { glyph.character }
    set { glyph = TerminalGlyph(newValue) }
  }

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - character: The character shown.
  ///   - foreground: The text color.
  ///   - background: The background color.
  ///   - isBold: Whether the character is bold.
  ///   - isInverse: Whether the cell is drawn in reverse video.
  ///   - isContinuation: Whether the cell is the right half of a wide character.
  public init(
    character: Character = " ", foreground: TerminalColor, background: TerminalColor,
    isBold: Bool = false, isInverse: Bool = false, isContinuation: Bool = false
  ) {
    self.init(
      glyph: character == " " ? .space : TerminalGlyph(character), foreground: foreground,
      background: background, isBold: isBold, isInverse: isInverse,
      isContinuation: isContinuation)
  }

  init(
    glyph: TerminalGlyph, foreground: TerminalColor, background: TerminalColor,
    isBold: Bool = false, isInverse: Bool = false, isContinuation: Bool = false
  ) {
    self.glyph = glyph
    style =
      UInt64(foreground.rawValue) | UInt64(background.rawValue) << Self.backgroundShift
      | (isBold ? Self.boldBit : 0) | (isInverse ? Self.inverseBit : 0)
      | (isContinuation ? Self.continuationBit : 0)
  }

  /// A blank cell with the same colors: what remains when a character is erased.
  var blanked: TerminalCell {
    TerminalCell(
      glyph: .space, foreground: foreground, background: background, isInverse: isInverse)
  }

  /// Whether the character is a cluster of several scalars, whose width terminals may not agree
  /// on (see `TextMetrics.cellWidth(of:)`).
  var isCluster: Bool { glyph.isCluster }
}
