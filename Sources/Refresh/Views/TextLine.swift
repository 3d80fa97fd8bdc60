/// One line of text laid out for drawing: its characters and the cells they take.
///
/// A ``Label`` lays out its text once per change of its text, line limit or size and hands its
/// lines to ``Canvas/drawText(lines:in:attributes:)``, so that canvases draw them without
/// splitting, reordering or measuring them again.
///
/// ```swift
/// let line = TextLine("下拉可以刷新")
/// line.cellCount  // 12
/// line.isPrintableASCII  // false
/// ```
public struct TextLine: Hashable, Sendable {
  /// The characters of the line; a line break in it takes no cell and is not drawn.
  public let text: String
  /// The cells the line takes, as ``TextMetrics/cellWidth(of:)`` adds them up.
  public let cellCount: Int
  /// The characters that take cells, in the order they show from left to right.
  ///
  /// Each comes with its cells and bytes (``TextMetrics/visualOrder(of:)`` gives the order):
  /// what a terminal canvas writes cell by cell. Empty for a line of printable ASCII, whose
  /// bytes are its cells.
  package let displayedCharacters: [DisplayedCharacter]

  /// Lays out a line, measuring it.
  ///
  /// - Parameter text: The line's characters.
  public init(_ text: String) {
    self.text = text
    // Printable ASCII, a byte per cell, needs neither grapheme breaking nor reordering.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      cellCount = text.utf8.count
      displayedCharacters = []
      return
    }
    cellCount = text.reduce(0) { $0 + TextMetrics.cellWidth(of: $1) }
    displayedCharacters = TextMetrics.visualOrder(of: text).compactMap { character in
      let width = TextMetrics.cellWidth(of: character)
      return width > 0 ? DisplayedCharacter(character, cellWidth: width) : nil
    }
  }

  /// The lines of a text, one per line break (`\n`, `\r\n`...), empty ones kept: what a
  /// canvas that draws laid-out lines draws for ``Canvas/drawText(_:in:attributes:)``.
  ///
  /// ```swift
  /// TextLine.lines(of: "a\n\nb").map(\.text)  // ["a", "", "b"]
  /// ```
  ///
  /// - Parameter text: The text.
  /// - Returns: Its lines, top to bottom; one empty line for an empty text.
  package static func lines(of text: String) -> [TextLine] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      TextLine(String($0))
    }
  }

  /// Whether every character is printable ASCII (U+0020 to U+007E), one byte and one cell
  /// each, so that a canvas may walk the line's UTF-8 bytes as its cells.
  ///
  /// Any other character takes fewer cells than it has UTF-8 bytes (a control, a combining
  /// mark, a wide character of three or four bytes), so the two counts agree only then.
  public var isPrintableASCII: Bool { cellCount == text.utf8.count }

  /// Two lines are equal when their texts are: everything else is laid out from the text.
  public static func == (lhs: TextLine, rhs: TextLine) -> Bool { lhs.text == rhs.text }

  /// Hashes the text, from which everything else follows.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// A character of a ``TextLine`` as it is drawn: the character, its cells (1 or 2) and its
/// UTF-8 bytes packed in a word.
package struct DisplayedCharacter: Hashable, Sendable {
  /// The character.
  package let character: Character
  /// The cells it takes: 1, or 2 for a wide character.
  package let cellWidth: Int
  /// Its UTF-8 bytes from the lowest byte up and their count in the highest byte, when it has
  /// at most seven (every single scalar, most clusters); 0 for a longer cluster.
  package let packedUTF8: UInt64

  init(_ character: Character, cellWidth: Int) {
    self.character = character
    self.cellWidth = cellWidth
    packedUTF8 = Self.packedUTF8(of: character)
  }

  /// A character's UTF-8 bytes packed as ``packedUTF8`` holds them, or 0 when it has more
  /// than seven.
  ///
  /// A terminal's glyphs store a character in the same form, so that one laid out in a line
  /// becomes a glyph without being packed again. Every character has at least one byte, so a
  /// packed one is never 0.
  ///
  /// - Parameter character: The character.
  /// - Returns: Its bytes from the lowest byte up and their count in the highest, or 0.
  @inlinable
  package static func packedUTF8(of character: Character) -> UInt64 {
    let utf8 = character.utf8
    guard utf8.count < 8 else { return 0 }
    var packed = UInt64(utf8.count) << 56
    var shift: UInt64 = 0
    for byte in utf8 {
      packed |= UInt64(byte) << shift
      shift += 8
    }
    return packed
  }
}
