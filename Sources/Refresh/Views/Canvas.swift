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
  ///   - color: The text color.
  ///   - alignment: The horizontal alignment.
  public init(
    fontSize: CGFloat = 14, isBold: Bool = false, color: Color = .black,
    alignment: TextAlignment = .left
  ) {
    self.fontSize = fontSize
    self.isBold = isBold
    self.color = color
    self.alignment = alignment
  }
}

/// The horizontal alignment of text in its rectangle.
public enum TextAlignment: Hashable, Sendable {
  /// Flush with the left edge.
  case left
  /// Centered.
  case center
  /// Flush with the right edge.
  case right
}

/// An image a view can show, identified by name; renderers decide how each name looks.
///
/// Two kinds of names are understood by every renderer: ``arrow`` (MJRefresh's arrow, pointing
/// down before rotation) and glyphs (``glyph(_:)``, one character drawn as the image):
///
/// ```swift
/// imageView.animationImages = ["◐", "◓", "◑", "◒"].map(Image.glyph)
/// ```
public struct Image: Hashable, Sendable, CustomStringConvertible {
  /// The image's name.
  public var name: String

  /// Creates an image reference by name.
  ///
  /// - Parameter name: The name renderers look up.
  public init(named name: String) {
    self.name = name
  }

  /// MJRefresh's pull arrow, pointing down; rotate it by π to point up.
  public static let arrow = Image(named: "arrow")

  /// An image drawn as one character.
  ///
  /// - Parameter character: The character to draw.
  /// - Returns: The image named `glyph:` followed by the character.
  public static func glyph(_ character: Character) -> Image {
    Image(named: "glyph:" + String(character))
  }

  /// The character of a glyph image, or `nil` for other images.
  public var glyph: Character? {
    guard name.hasPrefix("glyph:"), name.count > 6 else { return nil }
    return name.dropFirst(6).first
  }

  /// The name.
  public var description: String { name }
}

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
}

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
