import Foundation

/// The time source of a window: the current time, actions scheduled for later, and per-frame
/// callbacks.
///
/// It plays the roles of the main run loop, `dispatch_after` and `CADisplayLink`.
///
/// Everything that moves on its own runs on a clock: view animations, scroll physics, delayed
/// work. Two clocks ship: ``ManualFrameClock``, which advances only when told (tests, storyboards,
/// scripted sessions), and ``RealTimeFrameClock``, which follows the monotonic system clock for
/// interactive apps.
///
/// ```swift
/// let clock = ManualFrameClock()
/// clock.schedule(after: 0.5) { print("half a second later") }
/// clock.advance(by: 1)
/// ```
@MainActor
public class FrameClock {
  /// The current time, in seconds since the clock was created.
  public internal(set) var now: TimeInterval = 0

  // Main-actor confined and never accessed re-entrantly (loops iterate copies), so the dynamic
  // exclusivity checks, which cost more than the work on a frame, are turned off.
  @exclusivity(unchecked) private var scheduled: [ScheduledAction] = []
  @exclusivity(unchecked) private var frameHandlers: [FrameHandler] = []

  init() {}

  /// Runs an action once, `delay` seconds from now.
  ///
  /// Actions due at the same time run in the order they were scheduled. A negative, `NaN` or
  /// infinite delay counts as 0 (infinite: never).
  ///
  /// - Parameters:
  ///   - delay: Seconds from now.
  ///   - action: The work to do.
  /// - Returns: A handle that can cancel the action before it runs.
  @discardableResult
  public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ClockTask
  {
    let task = ClockTask()
    insertAction(after: delay, task: task, action)
    return task
  }

  /// Runs an action once, `delay` seconds from now, with no handle to cancel it: what
  /// ``schedule(after:_:)`` does, less the handle's allocation (an animation's end, say).
  func scheduleAction(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) {
    insertAction(after: delay, task: nil, action)
  }

  private func insertAction(
    after delay: TimeInterval, task: ClockTask?, _ action: @escaping @MainActor () -> Void
  ) {
    guard delay != .infinity else { return }
    let seconds = delay.isNaN ? 0 : max(delay, 0)
    let time = now + seconds
    // The queue stays in time order, first scheduled first among equal times: the new action
    // goes after every action due at or before its time, found by binary search.
    var low = 0
    var high = scheduled.count
    while low < high {
      let middle = (low + high) / 2
      if scheduled[middle].time <= time { low = middle + 1 } else { high = middle }
    }
    scheduled.insert(ScheduledAction(time: time, task: task, action: action), at: low)
    clockDidChangeSchedule()
  }

  /// Calls a handler on every frame, with the frame's time, until the returned task is
  /// cancelled.
  ///
  /// - Parameter handler: The per-frame work.
  /// - Returns: The handle that stops the callbacks.
  public func addFrameHandler(_ handler: @escaping @MainActor (TimeInterval) -> Void) -> ClockTask {
    let task = ClockTask()
    frameHandlers.append(FrameHandler(task: task, handler: handler))
    clockDidChangeSchedule()
    return task
  }

  /// Whether any frame handler is active: something moves and wants frames.
  public var isAnimating: Bool {
    frameHandlers.contains { !$0.task.isCancelled }
  }

  /// The time of the earliest scheduled action, if any.
  public var nextActionTime: TimeInterval? {
    scheduled.first { !$0.isCancelled }?.time
  }

  /// Called when actions or frame handlers were added; the real-time clock wakes up.
  func clockDidChangeSchedule() {}

  /// Runs the actions due at or before `time`, in order, each with ``now`` set to its own time
  /// and preceded by a frame at that time when `framesAtActions` is set.
  func runActions(through time: TimeInterval, framesAtActions: Bool) {
    while let index = scheduled.firstIndex(where: { !$0.isCancelled && $0.time <= time }) {
      let action = scheduled.remove(at: index)
      if action.time > now {
        now = action.time
        if framesAtActions { runFrame() }
      }
      guard !action.isCancelled else { continue }
      action.task?.isCancelled = true
      action.action()
    }
    scheduled.removeAll { $0.isCancelled }
  }

  /// Calls every active frame handler with the current time.
  func runFrame() {
    frameHandlers.removeAll { $0.task.isCancelled }
    for handler in frameHandlers where !handler.task.isCancelled {
      handler.handler(now)
    }
  }

  // MARK: - Records

  /// An action waiting for its time.
  @MainActor
  private struct ScheduledAction {
    let time: TimeInterval
    /// The handle that can cancel it; `nil` for an action that cannot be cancelled.
    let task: ClockTask?
    let action: @MainActor () -> Void

    var isCancelled: Bool { task?.isCancelled ?? false }
  }

  /// A callback run on every frame until its task is cancelled.
  private struct FrameHandler {
    let task: ClockTask
    let handler: @MainActor (TimeInterval) -> Void
  }
}
