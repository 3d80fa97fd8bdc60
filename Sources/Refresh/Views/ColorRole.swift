/// What a system color stands for, beyond its channels: a color the renderer resolves for its
/// surface, as UIKit resolves its dynamic system colors (`UIColor.label`,
/// `UIColor.systemBackground`) for the trait collection.
///
/// A terminal draws ``label`` and ``systemBackground`` in the terminal's own colors (SGR 39 and
/// 49), whatever its theme, ``secondaryLabel`` in a gray that reads on light and dark themes,
/// and ``selectedContentBackground`` in reverse video; SVG, a light surface, draws the color's
/// channels.
public enum ColorRole: Hashable, Sendable {
  /// The surface's own text color (``Color/label``).
  case label
  /// A quieter text color that reads on light and dark surfaces (``Color/secondaryLabel``).
  case secondaryLabel
  /// The surface's own background (``Color/systemBackground``).
  case systemBackground
  /// The background of selected content (``Color/selectedContentBackground``).
  case selectedContentBackground
}
