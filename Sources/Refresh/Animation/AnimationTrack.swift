import Foundation

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
