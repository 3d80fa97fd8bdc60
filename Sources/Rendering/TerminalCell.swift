/// One character cell of a terminal: a character with its colors and weight.
///
/// A wide character (CJK, most emoji) covers two cells: the left one holds the character and
/// the right one is a *continuation* cell, which terminals fill on their own and which is never
/// written.
///
/// A cell takes 16 bytes and no heap storage: its character is kept as its UTF-8 bytes (a long
/// emoji sequence as an index into a table shared by all grids), so that grids are filled,
/// compared and hashed as plain memory. Two cells are equal when their characters have the same
/// UTF-8 bytes, which is what the terminal is sent.
public struct TerminalCell: Hashable, Sendable {
  /// The character shown, as stored.
  var glyph: TerminalGlyph
  /// The text color, as an xterm 256-color index.
  public var foreground: UInt8
  /// The background color, as an xterm 256-color index.
  public var background: UInt8
  /// Whether the character is bold.
  public var isBold: Bool
  /// Whether this is the right half of the wide character in the cell to its left.
  public var isContinuation: Bool

  /// The character shown; a space for blank and continuation cells.
  public var character: Character {
    get { glyph.character }
    set { glyph = TerminalGlyph(newValue) }
  }

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - character: The character shown.
  ///   - foreground: The text color index.
  ///   - background: The background color index.
  ///   - isBold: Whether the character is bold.
  ///   - isContinuation: Whether the cell is the right half of a wide character.
  public init(
    character: Character = " ", foreground: UInt8, background: UInt8, isBold: Bool = false,
    isContinuation: Bool = false
  ) {
    self.init(
      glyph: character == " " ? .space : TerminalGlyph(character), foreground: foreground,
      background: background, isBold: isBold, isContinuation: isContinuation)
  }

  init(
    glyph: TerminalGlyph, foreground: UInt8, background: UInt8, isBold: Bool = false,
    isContinuation: Bool = false
  ) {
    self.glyph = glyph
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isContinuation = isContinuation
  }

  /// A blank cell with the same colors: what remains when a character is erased.
  var blanked: TerminalCell {
    TerminalCell(glyph: .space, foreground: foreground, background: background)
  }

  /// Whether the character is a cluster of several scalars, whose width terminals may not agree
  /// on (see `TextMetrics.cellWidth(of:)`).
  var isCluster: Bool { glyph.isCluster }
}
