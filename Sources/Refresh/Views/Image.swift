import Foundation

/// An image a view can show, identified by name, with an optional size; renderers decide how
/// each name looks.
///
/// Two kinds of names are understood by every renderer: ``arrow`` (MJRefresh's arrow, pointing
/// down before rotation) and glyphs (``glyph(_:)``, one character drawn as the image):
///
/// ```swift
/// imageView.animationImages = ["◐", "◓", "◑", "◒"].map(Image.glyph)
/// ```
///
/// An image may carry the size it has in points, as a `UIImage` does, for the views that size
/// themselves to their images (a gif component grows to its tallest frame):
///
/// ```swift
/// let frame = Image(named: "dropdown_anim__0001", size: CGSize(width: 50, height: 50))
/// ```
public struct Image: Hashable, Sendable, CustomStringConvertible {
  /// The image's name.
  public var name: String

  /// The image's size in points, or `nil` when the image does not say and the view showing it
  /// decides.
  ///
  /// A size with a negative or non-finite width or height is refused: setting one leaves the
  /// image without a size (`nil`).
  public var size: CGSize? {
    get { storedSize }
    set { storedSize = newValue.flatMap(Self.accepted) }
  }

  private var storedSize: CGSize?

  /// Creates an image reference by name, optionally with its size.
  ///
  /// - Parameters:
  ///   - name: The name renderers look up.
  ///   - size: The image's size in points; `nil`, the default, leaves it to the view that shows
  ///     the image. A negative or non-finite width or height counts as no size.
  public init(named name: String, size: CGSize? = nil) {
    self.name = name
    self.storedSize = size.flatMap(Self.accepted)
  }

  /// MJRefresh's pull arrow, pointing down; rotate it by π to point up.
  public static let arrow = Image(named: "arrow")

  /// The mark a component shows where its arrow was after a failed refresh: a cross, drawn as a
  /// glyph by every renderer.
  public static let failureMark = Image.glyph("✕")

  /// An image drawn as one character.
  ///
  /// - Parameter character: The character to draw.
  /// - Returns: The image named `glyph:` followed by the character, with no size.
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

  /// A size both of whose sides are finite and not negative, else `nil`.
  private static func accepted(_ size: CGSize) -> CGSize? {
    let sides = [size.width, size.height]
    return sides.allSatisfy { $0.isFinite && $0 >= 0 } ? size : nil
  }
}
