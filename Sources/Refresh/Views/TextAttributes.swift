import Foundation

/// How a canvas draws text.
public struct TextAttributes: Hashable, Sendable {
  /// The font size, in points.
  public var fontSize: CGFloat
  /// Whether the text is bold.
  public var isBold: Bool
  /// The text color.
  public var color: Color
  /// How lines are aligned in their rectangle.
  public var alignment: TextAlignment

  /// Creates text attributes.
  ///
  /// - Parameters:
  ///   - fontSize: The font size, in points.
  ///   - isBold: Whether the text is bold.
  ///   - color: The text color; the surface's own (``Color/label``) by default.
  ///   - alignment: The horizontal alignment.
  public init(
    fontSize: CGFloat = 14, isBold: Bool = false, color: Color = .label,
    alignment: TextAlignment = .left
  ) {
    self.fontSize = fontSize
    self.isBold = isBold
    self.color = color
    self.alignment = alignment
  }
}
