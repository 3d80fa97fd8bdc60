import Foundation
import Refresh

/// A one-line bar across the screen: the demo's title bar and status line.
///
/// Its text is read when it draws, so figures that change on every frame (the offset, the
/// frame rate) are shown without asking for frames of their own.
///
/// ```swift
/// let status = BarView(color: Color(hex: 0xE5E5EA), textColor: .black) { "offset 0.0" }
/// ```
@MainActor
public final class BarView: View {
  /// The text, read on every draw.
  public var text: () -> String
  /// The text's color.
  public let textColor: Color
  /// Whether the text is bold.
  public let isBold: Bool

  /// Creates a bar.
  ///
  /// - Parameters:
  ///   - color: The bar's background.
  ///   - textColor: The text's color.
  ///   - isBold: Whether the text is bold.
  ///   - text: The text, read on every draw.
  public init(
    color: Color, textColor: Color, isBold: Bool = false, text: @escaping () -> String
  ) {
    self.text = text
    self.textColor = textColor
    self.isBold = isBold
    super.init(frame: .zero)
    backgroundColor = color
  }

  /// Draws the text on one line, cut to the bar's width.
  ///
  /// - Parameter canvas: Where to draw.
  public override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let cells = max(0, Int(bounds.width / TextMetrics.cellWidth))
    canvas.drawText(
      TextMetrics.truncated(text(), toCells: cells), in: bounds,
      attributes: TextAttributes(isBold: isBold, color: textColor))
  }
}
