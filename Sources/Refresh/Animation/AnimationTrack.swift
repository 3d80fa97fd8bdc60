import Foundation

/// One property animating on screen: the presented value moves from the start value to the end
/// value while the model value is already the end value.
@MainActor
struct AnimationTrack {
  let lifetime = TrackLifetime()
  let start: TimeInterval
  /// The time the track ends: a time on the clock's ticks, which the frame at that tick reads
  /// exactly (``FrameClock/time(after:)``).
  let end: TimeInterval
  /// The two values, inline.
  private let values: TrackValues

  init(values: TrackValues, start: TimeInterval, end: TimeInterval) {
    self.start = start
    self.end = end
    self.values = values
  }

  /// How long the track lasts.
  var duration: TimeInterval { end - start }

  /// The presented value at `time`, or `nil` once the track has ended.
  func presentedValue<Value: Interpolatable>(at time: TimeInterval, as type: Value.Type) -> Value? {
    guard time < end else { return nil }
    let fraction = duration > 0 ? (time - start) / duration : 1
    return values.value(fraction: CGFloat(AnimationCurve.easeInOut(fraction)), as: Value.self)
  }
}
