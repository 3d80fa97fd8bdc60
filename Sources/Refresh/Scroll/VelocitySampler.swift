import Foundation

/// A finger's recent positions, and the velocity they give when it lifts.
///
/// The scroll model samples the finger of a drag with one (``ScrollModel/endDragging()``), and
/// a terminal's input dispatcher samples the pointer with another; both look back over the
/// same ``window``.
///
/// ```swift
/// var sampler = VelocitySampler()
/// sampler.record(CGPoint(x: 0, y: 100), at: 0)
/// sampler.record(CGPoint(x: 0, y: 130), at: 0.05)
/// sampler.velocity  // (0, 600): points per second
/// ```
public struct VelocitySampler: Sendable {
  /// How far back the velocity looks, in seconds: 0.1, the horizon of Android's and Jetpack
  /// Compose's `VelocityTracker` (100 ms) and of Flutter's (`_horizonMilliseconds = 100`).
  ///
  /// Long enough to hold several moves of a pointer reported at 60 Hz, short enough that a
  /// finger that slowed down before lifting does not fling with the speed it had earlier.
  public static let window: TimeInterval = 0.1

  /// The samples within ``window`` of the newest, oldest first.
  public private(set) var samples: [(time: TimeInterval, point: CGPoint)] = []

  /// Creates a sampler with no samples.
  public init() {}

  /// Records where the finger is at a time, and forgets the samples older than ``window``
  /// before it.
  ///
  /// A non-finite point or time, and a time before the newest sample's, are ignored.
  ///
  /// - Parameters:
  ///   - point: The finger's position.
  ///   - time: When it was there, in seconds (a frame clock's time).
  public mutating func record(_ point: CGPoint, at time: TimeInterval) {
    guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
    if let newest = samples.last?.time, time < newest { return }
    samples.append((time, point))
    if let first = samples.first, time - first.time > Self.window {
      samples.removeAll { time - $0.time > Self.window }
    }
  }

  /// Forgets every sample.
  public mutating func removeAll() {
    samples.removeAll()
  }

  /// The newest sample's position, or `nil` without samples.
  public var lastPoint: CGPoint? { samples.last?.point }

  /// The velocity from the oldest sample within ``window`` to the newest, in points per second;
  /// zero with fewer than two samples or none of the time between them.
  public var velocity: CGPoint {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return .zero
    }
    let elapsed = last.time - first.time
    return CGPoint(
      x: (last.point.x - first.point.x) / elapsed, y: (last.point.y - first.point.y) / elapsed)
  }
}
