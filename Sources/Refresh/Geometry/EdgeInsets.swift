import Foundation

/// Distances inset from the edges of a rectangle: UIKit's `UIEdgeInsets`.
///
/// ```swift
/// scroll.contentInset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
/// ```
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// The inset from the top edge.
  public var top: CGFloat
  /// The inset from the left edge.
  public var left: CGFloat
  /// The inset from the bottom edge.
  public var bottom: CGFloat
  /// The inset from the right edge.
  public var right: CGFloat

  /// Creates insets from the four distances.
  ///
  /// - Parameters:
  ///   - top: The inset from the top edge.
  ///   - left: The inset from the left edge.
  ///   - bottom: The inset from the bottom edge.
  ///   - right: The inset from the right edge.
  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets()

  /// Whether every distance is a finite number.
  public var isFinite: Bool {
    top.isFinite && left.isFinite && bottom.isFinite && right.isFinite
  }

  /// The sum of the top and bottom insets.
  public var vertical: CGFloat { top + bottom }

  /// The sum of the left and right insets.
  public var horizontal: CGFloat { left + right }

  /// A textual form, as UIKit prints insets.
  public var description: String {
    "{\(top.formatted(precision: 2)), \(left.formatted(precision: 2)), "
      + "\(bottom.formatted(precision: 2)), \(right.formatted(precision: 2))}"
  }

  /// Adds insets edge by edge.
  ///
  /// - Parameters:
  ///   - lhs: Insets.
  ///   - rhs: Insets to add.
  /// - Returns: The edge-by-edge sum.
  public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: lhs.top + rhs.top, left: lhs.left + rhs.left,
      bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
  }

  /// Subtracts insets edge by edge.
  ///
  /// - Parameters:
  ///   - lhs: Insets.
  ///   - rhs: Insets to subtract.
  /// - Returns: The edge-by-edge difference.
  public static func - (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: lhs.top - rhs.top, left: lhs.left - rhs.left,
      bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right)
  }

  /// Adds insets to a variable edge by edge.
  ///
  /// - Parameters:
  ///   - lhs: The insets to change.
  ///   - rhs: Insets to add.
  public static func += (lhs: inout EdgeInsets, rhs: EdgeInsets) {
    lhs = lhs + rhs
  }
}
