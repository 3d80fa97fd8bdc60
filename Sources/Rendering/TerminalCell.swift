/// One character cell of a terminal: a character with its colors and weight.
///
/// A wide character (CJK, most emoji) covers two cells: the left one holds the character and
/// the right one is a *continuation* cell, which terminals fill on their own and which is never
/// written.
public struct TerminalCell: Hashable, Sendable {
  /// The character shown; a space for blank and continuation cells.
  public var character: Character
  /// The text color, as an xterm 256-color index.
  public var foreground: UInt8
  /// The background color, as an xterm 256-color index.
  public var background: UInt8
  /// Whether the character is bold.
  public var isBold: Bool
  /// Whether this is the right half of the wide character in the cell to its left.
  public var isContinuation: Bool

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
    self.character = character
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isContinuation = isContinuation
  }

  /// A blank cell with the same colors: what remains when a character is erased.
  var blanked: TerminalCell {
    TerminalCell(foreground: foreground, background: background)
  }

  /// Whether the character is a cluster of several scalars, whose width terminals may not agree
  /// on (see `TextMetrics.cellWidth(of:)`).
  var isCluster: Bool {
    character.utf8.count > 1 && character.unicodeScalars.dropFirst().first != nil
  }
}
