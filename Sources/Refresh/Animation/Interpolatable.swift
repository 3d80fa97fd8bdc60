import Foundation

/// A value that can be interpolated between two states.
protocol Interpolatable {
  /// The value a fraction `t` (0...1) of the way from `self` to `other`.
  func interpolated(to other: Self, fraction t: CGFloat) -> Self
}

extension CGFloat: Interpolatable {
  func interpolated(to other: CGFloat, fraction t: CGFloat) -> CGFloat {
    self + (other - self) * t
  }
}

extension CGPoint: Interpolatable {
  func interpolated(to other: CGPoint, fraction t: CGFloat) -> CGPoint {
    CGPoint(
      x: x.interpolated(to: other.x, fraction: t), y: y.interpolated(to: other.y, fraction: t))
  }
}

extension CGRect: Interpolatable {
  func interpolated(to other: CGRect, fraction t: CGFloat) -> CGRect {
    CGRect(
      x: minX.interpolated(to: other.minX, fraction: t),
      y: minY.interpolated(to: other.minY, fraction: t),
      width: width.interpolated(to: other.width, fraction: t),
      height: height.interpolated(to: other.height, fraction: t))
  }
}
