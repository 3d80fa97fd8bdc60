import Foundation

/// A value that can be interpolated between two states.
protocol Interpolatable {
  /// The value a fraction `t` (0...1) of the way from `self` to `other`.
  func interpolated(to other: Self, fraction t: CGFloat) -> Self

  /// The two ends of a track moving from `from` to `to`, stored inline in the track.
  static func trackValues(from: Self, to: Self) -> TrackValues

  /// The value a fraction `t` of the way along `values`, or `nil` when they hold another type.
  static func value(along values: TrackValues, fraction t: CGFloat) -> Self?

  /// The two ends `values` hold, or `nil` when they hold another type: the inverse of
  /// ``trackValues(from:to:)``.
  static func ends(of values: TrackValues) -> (from: Self, to: Self)?
}

extension Interpolatable {
  /// Interpolates between the ends ``ends(of:)`` finds in `values`.
  @inline(__always)
  static func value(along values: TrackValues, fraction t: CGFloat) -> Self? {
    guard let (from, to) = ends(of: values) else { return nil }
    return from.interpolated(to: to, fraction: t)
  }
}

/// The start and end values of a track, for each type of animated property.
///
/// An enum rather than a generic box: a track holds its values inline, so starting an animation
/// allocates nothing for them, and reading the presented value is a switch.
enum TrackValues {
  case scalar(CGFloat, CGFloat)
  case point(CGPoint, CGPoint)
  case rect(CGRect, CGRect)
}

extension CGFloat: Interpolatable {
  func interpolated(to other: CGFloat, fraction t: CGFloat) -> CGFloat {
    self + (other - self) * t
  }

  static func trackValues(from: CGFloat, to: CGFloat) -> TrackValues { .scalar(from, to) }

  @inline(__always)
  static func ends(of values: TrackValues) -> (from: CGFloat, to: CGFloat)? {
    guard case .scalar(let from, let to) = values else { return nil }
    return (from, to)
  }
}

extension CGPoint: Interpolatable {
  func interpolated(to other: CGPoint, fraction t: CGFloat) -> CGPoint {
    CGPoint(
      x: x.interpolated(to: other.x, fraction: t), y: y.interpolated(to: other.y, fraction: t))
  }

  static func trackValues(from: CGPoint, to: CGPoint) -> TrackValues { .point(from, to) }

  @inline(__always)
  static func ends(of values: TrackValues) -> (from: CGPoint, to: CGPoint)? {
    guard case .point(let from, let to) = values else { return nil }
    return (from, to)
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

  static func trackValues(from: CGRect, to: CGRect) -> TrackValues { .rect(from, to) }

  @inline(__always)
  static func ends(of values: TrackValues) -> (from: CGRect, to: CGRect)? {
    guard case .rect(let from, let to) = values else { return nil }
    return (from, to)
  }
}
