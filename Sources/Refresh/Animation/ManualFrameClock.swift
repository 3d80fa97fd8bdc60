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
  /// A negative, `NaN` or infinite duration moves nothing (no frame runs).
  ///
  /// - Parameter seconds: How far to move.
  public func advance(by seconds: TimeInterval) {
    guard seconds.isFinite, seconds >= 0 else { return }
    let target = now + seconds
    runActions(through: target, framesAtActions: true)
    now = target
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
    let start = now
    let frames = max(1, Int((seconds * framesPerSecond).rounded(.up)))
    for frame in 1...frames {
      advance(by: start + seconds * Double(frame) / Double(frames) - now)
    }
  }

  /// Runs one frame without moving time: pending layout and display passes run.
  public func runFrameNow() {
    advance(by: 0)
  }
}
