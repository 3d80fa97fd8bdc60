/// The horizontal alignment of text in its rectangle.
public enum TextAlignment: Hashable, Sendable {
  /// Flush with the left edge.
  case left
  /// Centered.
  case center
  /// Flush with the right edge.
  case right
}
