/// One line of text laid out for drawing: its characters and the cells they take.
///
/// A ``Label`` lays out its text once per change of its text, line limit or size and hands its
/// lines to ``Canvas/drawText(lines:in:attributes:)``, so that canvases draw them without
/// splitting or measuring them again.
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

  /// Lays out a line, measuring it.
  ///
  /// - Parameter text: The line's characters.
  public init(_ text: String) {
    self.text = text
    cellCount = text.reduce(0) { $0 + TextMetrics.cellWidth(of: $1) }
  }

  /// Whether every character is printable ASCII (U+0020 to U+007E), one byte and one cell
  /// each, so that a canvas may walk the line's UTF-8 bytes as its cells.
  ///
  /// Any other character takes fewer cells than it has UTF-8 bytes (a control, a combining
  /// mark, a wide character of three or four bytes), so the two counts agree only then.
  public var isPrintableASCII: Bool { cellCount == text.utf8.count }
}
