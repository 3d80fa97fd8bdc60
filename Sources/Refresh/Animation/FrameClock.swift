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
  /// How many ticks the clock counts in a second: 705,600,000, the "flick" (Facebook's Flicks
  /// unit, 2018), which divides evenly into a frame at every common rate (24, 25, 30, 48, 50,
  /// 60, 90, 100, 120 and 144 Hz) and into the usual sampling rates.
  ///
  /// The clock keeps time as a whole number of ticks, so that adding frames never accumulates
  /// rounding error: fifteen frames of 1/60 s are exactly the 0.25 s an animation lasts, and the
  /// animation completes on the fifteenth frame after 10^5 frames as on the first.
  public static let ticksPerSecond: Int64 = 705_600_000

  /// The current time in ticks (``ticksPerSecond``) since the clock was created.
  public internal(set) var ticks: Int64 = 0

  /// The current time, in seconds since the clock was created: ``ticks`` over
  /// ``ticksPerSecond``, the double nearest the exact time.
  public var now: TimeInterval { Self.seconds(ofTicks: ticks) }

  /// A time in ticks, in seconds: the double nearest the exact quotient, so that a later tick
  /// never reads as an earlier time.
  static func seconds(ofTicks ticks: Int64) -> TimeInterval {
    Double(ticks) / Double(ticksPerSecond)
  }

  /// A duration in seconds, in whole ticks (rounded to the nearest): negative and `NaN`
  /// durations count as 0, durations too long to count (about 400 years) as the longest
  /// countable.
  static func ticks(ofSeconds seconds: TimeInterval) -> Int64 {
    guard seconds > 0 else { return 0 }
    let ticks = (seconds * Double(ticksPerSecond)).rounded()
    return ticks < Double(Int64.max) ? Int64(ticks) : .max
  }

  /// The time, in ticks, `seconds` from now, saturating at the last countable tick.
  func ticks(after seconds: TimeInterval) -> Int64 {
    let (sum, overflow) = ticks.addingReportingOverflow(Self.ticks(ofSeconds: seconds))
    return overflow ? .max : sum
  }

  /// Half a tick, in seconds: the clock's rounding.
  ///
  /// A time of something that moves by itself (a glide, a spring) within it of now is due now,
  /// as an action scheduled for it would be.
  static let halfTick: TimeInterval = 0.5 / Double(ticksPerSecond)

  /// `elapsed` or, when it falls within half a tick short of `duration`, `duration` itself: a
  /// movement planned in seconds ends on the tick nearest its end.
  static func elapsed(_ elapsed: TimeInterval, reaching duration: TimeInterval) -> TimeInterval {
    elapsed < duration && elapsed + halfTick >= duration ? duration : elapsed
  }

  /// The time, in seconds, `seconds` from now, on the clock's ticks: an animation's end read
  /// through it is reached exactly by the frame whose ``now`` it is.
  func time(after seconds: TimeInterval) -> TimeInterval {
    Self.seconds(ofTicks: ticks(after: seconds))
  }

  // Main-actor confined and never accessed re-entrantly (loops iterate copies), so the dynamic
  // exclusivity checks, which cost more than the work on a frame, are turned off.
  @exclusivity(unchecked) private var scheduled: [ScheduledAction] = []
  @exclusivity(unchecked) private var frameHandlers: [ClockTask] = []

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
    let time = ticks(after: delay)
    // The queue stays in time order, first scheduled first among equal times: the new action
    // goes after every action due at or before its time, found by binary search.
    var low = 0
    var high = scheduled.count
    while low < high {
      let middle = (low + high) / 2
      if scheduled[middle].time <= time { low = middle + 1 } else { high = middle }
    }
    // An action with a handle keeps its work in the handle, which cancelling empties.
    task?.actionWork = action
    scheduled.insert(
      ScheduledAction(time: time, task: task, action: task == nil ? action : nil), at: low)
    clockDidChangeSchedule()
  }

  /// Calls a handler on every frame, with the frame's time, until the returned task is
  /// cancelled.
  ///
  /// The task holds the handler until it is cancelled: a handler that refers to its own task
  /// should hold it weakly, or the two keep each other alive.
  ///
  /// - Parameter handler: The per-frame work.
  /// - Returns: The handle that stops the callbacks.
  public func addFrameHandler(_ handler: @escaping @MainActor (TimeInterval) -> Void) -> ClockTask {
    let task = ClockTask()
    task.frameWork = handler
    frameHandlers.append(task)
    clockDidChangeSchedule()
    return task
  }

  /// Whether any frame handler is active: something moves and wants frames.
  public var isAnimating: Bool {
    for task in frameHandlers where !task.isCancelled { return true }
    return false
  }

  /// The time of the earliest scheduled action, if any.
  public var nextActionTime: TimeInterval? {
    for action in scheduled where !action.isCancelled { return Self.seconds(ofTicks: action.time) }
    return nil
  }

  /// Called when actions or frame handlers were added; the real-time clock wakes up.
  func clockDidChangeSchedule() {}

  /// Runs the actions due at or before `time` (in ticks), in order, each with ``now`` set to
  /// its own time and preceded by a frame at that time when `framesAtActions` is set.
  ///
  /// The loops here are written out, not handed closures (`firstIndex(where:)`,
  /// `removeAll(where:)`): a closure that reads these main-actor records checks the executor at
  /// run time on every call, which cost more than the rest of a frame's bookkeeping.
  func runActions(through time: Int64, framesAtActions: Bool) {
    while let action = takeFirstDueAction(through: time) {
      if action.time > ticks {
        ticks = action.time
        if framesAtActions { runFrame() }
      }
      guard !action.isCancelled else { continue }
      if let task = action.task {
        let work = task.actionWork
        task.cancel()
        work?()
      } else {
        action.action?()
      }
    }
    var kept = 0
    for index in scheduled.indices where !scheduled[index].isCancelled {
      scheduled.swapAt(kept, index)
      kept += 1
    }
    scheduled.removeLast(scheduled.count - kept)
  }

  /// Removes and returns the earliest action that is not cancelled, if it is due by `time`.
  ///
  /// The queue is in time order, so the first action that is not cancelled is the earliest;
  /// the cancelled ones before it go with it.
  private func takeFirstDueAction(through time: Int64) -> ScheduledAction? {
    var index = 0
    while index < scheduled.count, scheduled[index].isCancelled { index += 1 }
    guard index < scheduled.count, scheduled[index].time <= time else { return nil }
    let action = scheduled[index]
    scheduled.removeSubrange(0...index)
    return action
  }

  /// Calls every active frame handler with the current time.
  func runFrame() {
    var kept = 0
    for index in frameHandlers.indices where !frameHandlers[index].isCancelled {
      frameHandlers.swapAt(kept, index)
      kept += 1
    }
    frameHandlers.removeLast(frameHandlers.count - kept)
    for task in frameHandlers where !task.isCancelled {
      task.frameWork?(now)
    }
  }

  // MARK: - Records

  /// An action waiting for its time.
  @MainActor
  private struct ScheduledAction {
    /// When it is due, in ticks.
    let time: Int64
    /// The handle that can cancel it, and holds its work; `nil` for an action that cannot be
    /// cancelled.
    let task: ClockTask?
    /// The work of an action without a handle.
    let action: (@MainActor () -> Void)?

    var isCancelled: Bool { task?.isCancelled ?? false }
  }

}
