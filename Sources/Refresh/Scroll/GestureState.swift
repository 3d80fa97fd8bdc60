import Foundation

/// A finger (or the wheel) holding the content.
struct GestureState {
  /// The offset when the finger went down.
  var startOffset: CGPoint
  /// Where the finger went down, in the scroll model's frame coordinates.
  var startPoint: CGPoint
  /// Recent finger positions, for the release velocity.
  var sampler = VelocitySampler()
  /// For a wheel gesture: the translation so far and the pending release.
  var wheelTranslation: CGPoint?
  var wheelRelease: ClockTask?
}
