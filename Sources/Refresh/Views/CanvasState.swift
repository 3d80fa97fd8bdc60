import Foundation

/// Where and how a view draws: its origin on the canvas, the visible area, its opacity and its
/// rotation.
///
/// Renderers apply it to every primitive.
public struct CanvasState: Hashable, Sendable {
  /// Where the drawing view's bounds origin lies on the canvas.
  public var origin: CGPoint
  /// The area, in canvas coordinates, outside which nothing is drawn.
  public var clip: CGRect
  /// The opacity to multiply every color's by, 0...1.
  public var alpha: CGFloat
  /// The rotation of the drawing view, in radians, applied to images and arrows.
  public var rotation: CGFloat

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - origin: The drawing view's origin on the canvas.
  ///   - clip: The visible area, in canvas coordinates.
  ///   - alpha: The opacity.
  ///   - rotation: The rotation in radians.
  public init(origin: CGPoint = .zero, clip: CGRect, alpha: CGFloat = 1, rotation: CGFloat = 0) {
    self.origin = origin
    self.clip = clip
    self.alpha = alpha
    self.rotation = rotation
  }

  /// Converts a rectangle from the drawing view's coordinates to canvas coordinates.
  ///
  /// - Parameter rect: A rectangle in the view's coordinates.
  /// - Returns: The same rectangle on the canvas.
  public func convert(_ rect: CGRect) -> CGRect {
    rect.offsetBy(dx: origin.x, dy: origin.y)
  }
}
