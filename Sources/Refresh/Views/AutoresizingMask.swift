import Foundation

/// How a view resizes when its superview's bounds change size: UIKit's
/// `UIView.AutoresizingMask`.
///
/// Each option makes one part of the view's frame flexible along an axis: the margin before it,
/// its size, or the margin after it. When the superview's width changes by `Δ`, the flexible
/// horizontal parts share `Δ` in proportion to their current lengths (equally when they are all
/// zero), as UIKit distributes it; the inflexible parts keep their lengths. The vertical axis
/// works the same way with the height.
///
/// ```swift
/// let header = View(frame: CGRect(x: 0, y: -54, width: 375, height: 54))
/// header.autoresizingMask = .flexibleWidth
/// scroll.addSubview(header)
/// scroll.frame.size.width = 768  // header.frame.width is now 768
/// ```
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
  /// The raw value.
  public let rawValue: UInt

  /// Creates a mask from a raw value.
  ///
  /// - Parameter rawValue: The bits, with UIKit's values.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The left margin is flexible (UIKit's value 1 << 0).
  public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
  /// The width is flexible (1 << 1).
  public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
  /// The right margin is flexible (1 << 2).
  public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
  /// The top margin is flexible (1 << 3).
  public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
  /// The height is flexible (1 << 4).
  public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  /// The bottom margin is flexible (1 << 5).
  public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

  /// The frame a view with this mask takes when its superview's bounds size changes.
  ///
  /// - Parameters:
  ///   - frame: The view's frame before the change.
  ///   - oldSize: The superview's bounds size before the change.
  ///   - newSize: The superview's bounds size after the change.
  /// - Returns: The new frame; `frame` itself when the mask is empty or a size is not finite.
  public func resized(_ frame: CGRect, from oldSize: CGSize, to newSize: CGSize) -> CGRect {
    guard !isEmpty, frame.isFinite, oldSize.isFinite, newSize.isFinite else { return frame }
    let (x, width) = Self.distribute(
      newSize.width - oldSize.width,
      before: frame.minX, size: frame.width, after: oldSize.width - frame.maxX,
      flexible: (
        contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)
      ))
    let (y, height) = Self.distribute(
      newSize.height - oldSize.height,
      before: frame.minY, size: frame.height, after: oldSize.height - frame.maxY,
      flexible: (
        contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)
      ))
    return CGRect(x: x, y: y, width: width, height: height)
  }

  /// Shares a change of length among the flexible parts of one axis, in proportion to their
  /// lengths (negative lengths weigh nothing), or equally when they weigh nothing at all.
  ///
  /// - Returns: The new position and size; the size never goes below zero.
  private static func distribute(
    _ change: CGFloat, before: CGFloat, size: CGFloat, after: CGFloat,
    flexible: (before: Bool, size: Bool, after: Bool)
  ) -> (position: CGFloat, size: CGFloat) {
    let parts = [(flexible.before, before), (flexible.size, size), (flexible.after, after)]
    let flexibleParts = parts.filter(\.0)
    guard change != 0, !flexibleParts.isEmpty else { return (before, size) }
    let total = flexibleParts.reduce(0) { $0 + max($1.1, 0) }
    func share(_ part: (Bool, CGFloat)) -> CGFloat {
      guard part.0 else { return 0 }
      return total > 0
        ? change * max(part.1, 0) / total : change / CGFloat(flexibleParts.count)
    }
    return (before + share(parts[0]), max(0, size + share(parts[1])))
  }
}
