import Foundation

/// The few drawing primitives views need; renderers (a terminal, SVG) implement it.
///
/// Views draw in their own coordinates inside ``View/draw(in:)``; before each call the renderer's
/// walk sets ``state`` so that the canvas can place, clip and fade what the view draws:
///
/// ```swift
/// override func draw(in canvas: Canvas) {
///   canvas.fill(bounds, color: .orange)
///   canvas.drawText("Hi", in: bounds, attributes: TextAttributes(alignment: .center))
/// }
/// ```
@MainActor
public protocol Canvas: AnyObject {
  /// The drawing view's placement, set by the walk before each view draws.
  var state: CanvasState { get set }

  /// Fills a rectangle with a color.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The fill color.
  func fill(_ rect: CGRect, color: Color)

  /// Draws text in a rectangle, one line per `\n`, clipped to the rectangle.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: Font, color and alignment.
  func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes)

  /// Draws lines of text already laid out, one per line of the rectangle, clipped to it.
  ///
  /// It draws what ``drawText(_:in:attributes:)`` draws for the lines joined with `\n`, which
  /// is what the default implementation does; canvases implement it to use the lines and their
  /// cell counts as they are, without splitting and measuring the text again. ``Label`` draws
  /// with it.
  ///
  /// - Parameters:
  ///   - lines: The lines, top to bottom.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: Font, color and alignment.
  func drawText(lines: [TextLine], in rect: CGRect, attributes: TextAttributes)

  /// Draws an image centered in a rectangle, rotated by `state.rotation`.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - tint: The color to draw it in.
  func drawImage(_ image: Image, in rect: CGRect, tint: Color)

  /// Draws one frame of an activity indicator's spinning animation.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The indicator's color.
  ///   - frame: The animation frame, counting up while the indicator spins.
  func drawSpinner(in rect: CGRect, color: Color, frame: Int)

  /// Draws a scroll indicator's thumb (``ScrollModel/verticalScrollIndicatorFrame``), in front
  /// of everything its scroll model holds.
  ///
  /// The default implementation fills the rectangle; a terminal draws a column (or row) of
  /// block characters, at least one cell, so that the thumb shows without colors too.
  ///
  /// - Parameters:
  ///   - rect: The thumb, in the drawing view's coordinates.
  ///   - color: The indicator's color (``ScrollModel/indicatorStyle``).
  func drawScrollIndicator(in rect: CGRect, color: Color)
}

extension Canvas {
  /// Draws the lines joined with `\n` by ``drawText(_:in:attributes:)``.
  ///
  /// - Parameters:
  ///   - lines: The lines, top to bottom.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: Font, color and alignment.
  public func drawText(lines: [TextLine], in rect: CGRect, attributes: TextAttributes) {
    drawText(lines.map(\.text).joined(separator: "\n"), in: rect, attributes: attributes)
  }

  /// Fills the thumb's rectangle with the indicator's color.
  ///
  /// - Parameters:
  ///   - rect: The thumb, in the drawing view's coordinates.
  ///   - color: The indicator's color.
  public func drawScrollIndicator(in rect: CGRect, color: Color) {
    fill(rect, color: color)
  }
}
