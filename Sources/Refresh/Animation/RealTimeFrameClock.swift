import Foundation

/// A clock that follows the monotonic system clock, for interactive apps.
///
/// The app's loop asks ``nextDeadline`` how long it may sleep (waiting for input meanwhile),
/// then calls ``tick()``, which runs the actions that came due and, while anything animates, a
/// frame. When nothing moves, ``nextDeadline`` is `nil` and the app can sleep until input
/// arrives: no busy loop.
///
/// ```swift
/// while running {
///   let timeout = clock.nextDeadline.map { max(0, $0 - clock.currentTime) }
///   waitForInput(timeout: timeout)
///   clock.tick()
///   render()
/// }
/// ```
@MainActor
public final class RealTimeFrameClock: FrameClock {
  /// The interval between frames while something animates, in seconds.
  public var frameInterval: TimeInterval

  /// Called when work was added (an action scheduled, a frame handler added), so that a loop
  /// sleeping until ``nextDeadline`` can wake and look again.
  public var scheduleDidChange: (@MainActor () -> Void)?

  private let start = DispatchTime.now().uptimeNanoseconds
  private var lastFrame: TimeInterval = -.infinity

  /// Creates a clock that starts at zero now.
  ///
  /// - Parameter framesPerSecond: The frame rate while something animates (60 by default).
  public init(framesPerSecond: Double = 60) {
    frameInterval = 1 / (framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60)
    super.init()
  }

  /// The system time in this clock's seconds, read now (``FrameClock/now`` only moves on ``tick()``).
  public var currentTime: TimeInterval {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// When the clock next has work: the next frame while animating, else the next scheduled
  /// action; `nil` when there is nothing to do.
  public var nextDeadline: TimeInterval? {
    let frame = isAnimating ? lastFrame + frameInterval : nil
    switch (frame, nextActionTime) {
    case (let frame?, let action?): return min(frame, action)
    case (let frame?, nil): return frame
    case (nil, let action): return action
    }
  }

  override func clockDidChangeSchedule() {
    scheduleDidChange?()
  }

  /// Brings the clock to the current system time: runs the actions due, then a frame if
  /// anything animates (at most one per ``frameInterval``).
  public func tick() {
    let time = max(Self.ticks(ofSeconds: currentTime), ticks)
    runActions(through: time, framesAtActions: false)
    ticks = time
    if isAnimating, now - lastFrame >= frameInterval * 0.5 {
      lastFrame = now
      runFrame()
    }
  }
}
