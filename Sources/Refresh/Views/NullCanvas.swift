import Foundation

/// A canvas that draws nothing: the display pass uses it when no renderer is attached, so that
/// `draw(in:)` runs when a view first appears, as `drawRect:` does.
@MainActor
final class NullCanvas: Canvas {
  var state = CanvasState(clip: .zero)
  func fill(_ rect: CGRect, color: Color) {}
  func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes) {}
  func drawImage(_ image: Image, in rect: CGRect, tint: Color) {}
  func drawSpinner(in rect: CGRect, color: Color, frame: Int) {}
}
