/// The direction in which a view's content is laid out: UIKit's
/// `UIUserInterfaceLayoutDirection`.
public enum UserInterfaceLayoutDirection: Hashable, Sendable {
  /// Leading is left, trailing is right (English, Chinese, ...).
  case leftToRight
  /// Leading is right, trailing is left (Arabic, Hebrew).
  case rightToLeft
}

/// Whether a view's content keeps a direction of its own: UIKit's `UISemanticContentAttribute`.
public enum SemanticContentAttribute: Hashable, Sendable {
  /// The view takes its superview's direction, or the default one at the root
  /// (``View/defaultLayoutDirection``).
  case unspecified
  /// Always left to right, whatever the language.
  case forceLeftToRight
  /// Always right to left, whatever the language.
  case forceRightToLeft
}
