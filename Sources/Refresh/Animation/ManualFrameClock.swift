import Foundation

/// A clock that moves only when told: deterministic time for tests, storyboards and scripted
/// sessions.
///
/// ```swift
/// let clock = ManualFrameClock()
/// let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
/// // ... start a refresh ...
/// clock.advance(by: 0.3)  // the begin animation completes, the refreshing callback runs
/// ```
///
/// ``advance(by:)`` is one step: actions due within it run in time order, each preceded by a
/// frame at its own time, and a last frame runs at the end. ``advance(by:framesPerSecond:)``
/// divides the same time into frames, as a display would.
@MainActor
public final class ManualFrameClock: FrameClock {
  /// Creates a clock at time zero.
  public override init() {
    super.init()
  }

  /// Moves time forward in one step.
  ///
  /// The clock counts whole ticks (``FrameClock/ticksPerSecond``): `seconds` is rounded to the
  /// nearest tick, so a step of 1/60 s is exactly a sixtieth of a second however many are
  /// taken. A negative, `NaN` or infinite duration moves nothing (no frame runs).
  ///
  /// - Parameter seconds: How far to move.
  public func advance(by seconds: TimeInterval) {
    guard seconds.isFinite, seconds >= 0 else { return }
    advance(toTicks: ticks(after: seconds))
  }

  /// Moves time forward to `target` ticks in one step: the actions due run, then a frame.
  private func advance(toTicks target: Int64) {
    runActions(through: target, framesAtActions: true)
    ticks = max(ticks, target)
    runFrame()
  }

  /// Moves time forward frame by frame.
  ///
  /// - Parameters:
  ///   - seconds: How far to move.
  ///   - framesPerSecond: The frame rate; the last frame ends exactly at `now + seconds`.
  public func advance(by seconds: TimeInterval, framesPerSecond: Double) {
    guard seconds.isFinite, seconds > 0, framesPerSecond.isFinite, framesPerSecond > 0 else {
      advance(by: seconds)
      return
    }
    let start = ticks
    let total = ticks(after: seconds) - start
    // A whole number of frames' time is that many frames, not one more for the rounding of
    // the product (0.1 s at 30 Hz is 3.0000000000000004 frames).
    let frames = max(1, Int((seconds * framesPerSecond * (1 - 1e-12)).rounded(.up)))
    for frame in 1...frames {
      // Each frame ends on the tick nearest its share of the whole; the last exactly at the end.
      let elapsed =
        frame == frames
        ? total : Int64((Double(total) * Double(frame) / Double(frames)).rounded())
      advance(toTicks: start + elapsed)
    }
  }

  /// Runs one frame without moving time: pending layout and display passes run.
  public func runFrameNow() {
    advance(by: 0)
  }
}
