import Foundation

/// One property animating on screen: the presented value moves from `from` to `to` while the
/// model value is already `to`.
@MainActor
struct AnimationTrack {
  let lifetime = TrackLifetime()
  let start: TimeInterval
  let duration: TimeInterval
  /// The two values, typed (a `TrackValues<Value>`): reading the presented value checks the
  /// class and interpolates, where a closure returning `Any` boxed every value it made and
  /// cast it back through the runtime's existential cast (about 1,500 instructions a read).
  private let values: AnyObject

  init<Value: Interpolatable>(from: Value, to: Value, start: TimeInterval, duration: TimeInterval) {
    self.start = start
    self.duration = duration
    values = TrackValues(from: from, to: to)
  }

  /// The time the track ends.
  var end: TimeInterval { start + duration }

  /// The presented value at `time`, or `nil` once the track has ended.
  func presentedValue<Value: Interpolatable>(at time: TimeInterval, as type: Value.Type) -> Value? {
    guard time < end, let values = values as? TrackValues<Value> else { return nil }
    let fraction = duration > 0 ? (time - start) / duration : 1
    return values.from.interpolated(
      to: values.to, fraction: CGFloat(AnimationCurve.easeInOut(fraction)))
  }
}

/// The start and end values of a track.
private final class TrackValues<Value: Interpolatable> {
  let from: Value
  let to: Value

  init(from: Value, to: Value) {
    self.from = from
    self.to = to
  }
}
