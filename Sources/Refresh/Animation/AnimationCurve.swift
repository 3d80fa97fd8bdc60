/// The timing curve of view animations: ease in, ease out (UIKit's default).
enum AnimationCurve {
  /// The progress at a linear fraction of the duration: the cubic Bézier (0.42, 0), (0.58, 1)
  /// of CSS and Core Animation's `easeInEaseOut`, solved for x by Newton's method.
  ///
  /// The ends are exact (the curve's own 0 and 1), and the solution stops once it is within
  /// 10^-15 of `x`, machine precision for a fraction, as Newton's method reaches it in a few
  /// steps from anywhere but the ends.
  static func easeInOut(_ fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    guard x > 0, x < 1 else { return x }
    var t = x
    for _ in 0..<8 {
      let (bx, dx) = bezier(t, 0.42, 0.58)
      guard abs(bx - x) > 1e-15, abs(dx) > 1e-9 else { break }
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
