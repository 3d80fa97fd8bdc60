import Foundation

/// The view properties whose changes inside an animation block are animated on screen.
enum AnimatedProperty: Hashable {
  case frame
  case alpha
  case rotation
  case contentOffset
}

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

/// The timing curve of view animations: ease in, ease out (UIKit's default).
enum AnimationCurve {
  /// The progress at a linear fraction of the duration: the cubic Bézier (0.42, 0), (0.58, 1)
  /// of CSS and Core Animation's `easeInEaseOut`, solved for x by Newton's method.
  static func easeInOut(_ fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    var t = x
    for _ in 0..<8 {
      let (bx, dx) = bezier(t, 0.42, 0.58)
      guard abs(dx) > 1e-9 else { break }
      t -= (bx - x) / dx
      t = min(max(t, 0), 1)
    }
    return bezier(t, 0, 1).value
  }

  /// A one-dimensional cubic Bézier from 0 to 1 with control points `p1` and `p2`, and its
  /// derivative.
  private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> (
    value: Double, slope: Double
  ) {
    let u = 1 - t
    let value = 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    let slope = 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    return (value, slope)
  }
}

/// One property animating on screen: the presented value moves from `from` to `to` while the
/// model value is already `to`.
@MainActor
struct AnimationTrack {
  let lifetime = TrackLifetime()
  let start: TimeInterval
  let duration: TimeInterval
  private let value: (CGFloat) -> Any

  init<Value: Interpolatable>(from: Value, to: Value, start: TimeInterval, duration: TimeInterval) {
    self.start = start
    self.duration = duration
    value = { from.interpolated(to: to, fraction: $0) }
  }

  /// The time the track ends.
  var end: TimeInterval { start + duration }

  /// The presented value at `time`, or `nil` once the track has ended.
  func presentedValue<Value>(at time: TimeInterval, as type: Value.Type) -> Value? {
    guard time < end else { return nil }
    let fraction = duration > 0 ? (time - start) / duration : 1
    return value(CGFloat(AnimationCurve.easeInOut(fraction))) as? Value
  }
}
