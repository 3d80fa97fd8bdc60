/// How quickly a released scroll view loses speed: the fraction of its velocity kept per millisecond.
///
/// The two presets carry the values documented for UIKit's `UIScrollView.DecelerationRate`
/// (`normal` = 0.998, `fast` = 0.99). A velocity `v0` decays as `v0 * rawValue^(1000 * t)` after
/// `t` seconds, so a rate must lie strictly between 0 and 1; ``ScrollPhysics`` checks this.
///
/// ```swift
/// let snappy = ScrollPhysics(decelerationRate: .fast)
/// let custom = ScrollPhysics(decelerationRate: DecelerationRate(rawValue: 0.995))
/// ```
public struct DecelerationRate: RawRepresentable, Sendable, Hashable {
  /// The fraction of the velocity that survives each millisecond, in the open interval (0, 1).
  public let rawValue: Double

  /// Creates a rate from the fraction of the velocity kept per millisecond.
  ///
  /// - Parameter rawValue: The per-millisecond velocity factor; must be in (0, 1) to be used by
  ///   ``ScrollPhysics``.
  public init(rawValue: Double) {
    self.rawValue = rawValue
  }

  /// The standard rate, 0.998 per millisecond: a 1000 pt/s fling coasts about 499.5 pt.
  public static let normal = DecelerationRate(rawValue: 0.998)

  /// A quicker stop, 0.99 per millisecond: a 1000 pt/s fling coasts about 99.5 pt.
  public static let fast = DecelerationRate(rawValue: 0.99)
}
