/// The horizontal alignment of text in its rectangle.
public enum TextAlignment: Hashable, Sendable {
  /// Flush with the left edge.
  case left
  /// Centered.
  case center
  /// Flush with the right edge.
  case right
}

extension TextAlignment {
  /// The alignment on screen in a layout direction: right to left, what aligns left aligns
  /// right and what aligns right aligns left; centered stays centered.
  ///
  /// - Parameter direction: The label's ``View/effectiveUserInterfaceLayoutDirection``.
  /// - Returns: The alignment to draw with.
  public func resolved(for direction: UserInterfaceLayoutDirection) -> TextAlignment {
    guard direction == .rightToLeft else { return self }
    switch self {
    case .left: return .right
    case .center: return .center
    case .right: return .left
    }
  }
}
