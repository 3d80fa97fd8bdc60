import Foundation

extension CGFloat {
  /// The value with at most `precision` decimals and no trailing zeros, for descriptions.
  func formatted(precision: Int) -> String {
    let text = String(format: "%.\(precision)f", Double(self))
    guard text.contains(".") else { return text }
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return trimmed == "-0" ? "0" : String(trimmed)
  }
}

extension CGPoint {
  /// Whether both coordinates are finite numbers.
  public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
  /// Whether both dimensions are finite numbers.
  public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
  /// Whether the origin and size are finite numbers.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The rectangle inset by `insets` on each edge.
  ///
  /// - Parameter insets: The distances to remove from each edge.
  /// - Returns: The smaller rectangle (UIKit's `UIEdgeInsetsInsetRect`).
  public func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.horizontal, height: size.height - insets.vertical)
  }
}
