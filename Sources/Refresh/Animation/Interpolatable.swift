import Foundation

/// A value that can be interpolated between two states: one made of at most four numbers, each
/// of which moves on its own along a straight line.
protocol Interpolatable {
  /// The value's numbers, in the lanes its type uses (unused lanes are zero).
  var interpolationLanes: SIMD4<Double> { get }

  /// The value made of `lanes`, the inverse of ``interpolationLanes``.
  init(interpolationLanes lanes: SIMD4<Double>)
}

extension Interpolatable {
  /// The value a fraction `t` (0...1) of the way from `self` to `other`: each number
  /// `a + (b - a) * t`.
  @inline(__always)
  func interpolated(to other: Self, fraction t: CGFloat) -> Self {
    TrackValues(from: self, to: other).value(fraction: t)
  }
}

/// The start and end values of a track, as their numbers: a track holds them inline, so
/// starting an animation allocates nothing for them, and reading the presented value is
/// arithmetic on four lanes.
///
/// They carry no type: a track is read as the type of the property it animates, which is the
/// type it was made with (``AnimatedProperty`` names one property of one type).
struct TrackValues {
  let from: SIMD4<Double>
  let to: SIMD4<Double>

  @inline(__always)
  init<Value: Interpolatable>(from: Value, to: Value) {
    self.from = from.interpolationLanes
    self.to = to.interpolationLanes
  }

  /// The value a fraction `t` of the way from ``from`` to ``to``.
  @inline(__always)
  func value<Value: Interpolatable>(fraction t: CGFloat, as type: Value.Type = Value.self) -> Value
  {
    Value(interpolationLanes: from + (to - from) * Double(t))
  }
}

extension CGFloat: Interpolatable {
  var interpolationLanes: SIMD4<Double> { SIMD4(Double(self), 0, 0, 0) }

  init(interpolationLanes lanes: SIMD4<Double>) { self.init(lanes[0]) }
}

extension CGPoint: Interpolatable {
  var interpolationLanes: SIMD4<Double> { SIMD4(Double(x), Double(y), 0, 0) }

  init(interpolationLanes lanes: SIMD4<Double>) { self.init(x: lanes[0], y: lanes[1]) }
}

extension CGRect: Interpolatable {
  /// The standardized rectangle's origin and size, so a rectangle of negative width moves as
  /// the one it stands for.
  var interpolationLanes: SIMD4<Double> {
    SIMD4(Double(minX), Double(minY), Double(width), Double(height))
  }

  init(interpolationLanes lanes: SIMD4<Double>) {
    self.init(x: lanes[0], y: lanes[1], width: lanes[2], height: lanes[3])
  }
}
