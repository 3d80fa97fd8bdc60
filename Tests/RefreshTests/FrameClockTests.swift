import Foundation
import Testing

@testable import Refresh

@MainActor
@Suite("Frame clocks")
struct FrameClockTests {
  @Test func actionsRunInTimeOrderThenSchedulingOrder() {
    let clock = ManualFrameClock()
    var order: [String] = []
    clock.schedule(after: 0.5) { order.append("b@\(clock.now)") }
    clock.schedule(after: 0.2) { order.append("a@\(clock.now)") }
    clock.schedule(after: 0.5) { order.append("c@\(clock.now)") }
    clock.advance(by: 0.3)
    #expect(order == ["a@0.2"])
    clock.advance(by: 1)
    #expect(order == ["a@0.2", "b@0.5", "c@0.5"])
    #expect(clock.now == 1.3)
  }

  /// Actions without a handle (an animation's end) take their place in the same queue: in
  /// time order, then in the order they were scheduled, among those with one; `nextActionTime`
  /// sees them, and an infinite delay never runs.
  @Test func actionsWithoutAHandleShareTheQueue() {
    let clock = ManualFrameClock()
    var order: [String] = []
    clock.schedule(after: 0.5) { order.append("a") }
    clock.scheduleAction(after: 0.5) { order.append("b") }
    clock.scheduleAction(after: 0.2) { order.append("c") }
    clock.scheduleAction(after: .infinity) { order.append("never") }
    let cancelled = clock.schedule(after: 0.1) { order.append("cancelled") }
    cancelled.cancel()
    #expect(clock.nextActionTime == 0.2)
    clock.advance(by: 0.3)
    #expect(order == ["c"])
    clock.advance(by: 10)
    #expect(order == ["c", "a", "b"])
    #expect(clock.nextActionTime == nil)
  }

  @Test func cancelledActionsDoNotRun() {
    let clock = ManualFrameClock()
    var ran = false
    let task = clock.schedule(after: 0.1) { ran = true }
    task.cancel()
    task.cancel()
    clock.advance(by: 1)
    #expect(!ran)
    #expect(clock.nextActionTime == nil)
  }

  @Test func actionsScheduledByActionsRunInTheSameAdvanceWhenDue() {
    let clock = ManualFrameClock()
    var times: [TimeInterval] = []
    clock.schedule(after: 0.1) {
      times.append(clock.now)
      clock.schedule(after: 0.1) { times.append(clock.now) }
    }
    clock.advance(by: 1)
    #expect(times == [0.1, 0.2])
  }

  @Test func framesRunAtEachActionAndAtTheEnd() {
    let clock = ManualFrameClock()
    var frames: [TimeInterval] = []
    let task = clock.addFrameHandler { frames.append($0) }
    clock.schedule(after: 0.25) {}
    clock.advance(by: 1)
    #expect(frames == [0.25, 1])
    task.cancel()
    clock.advance(by: 1)
    #expect(frames == [0.25, 1])
    #expect(!clock.isAnimating)
  }

  @Test func advancingFrameByFrame() {
    let clock = ManualFrameClock()
    var frames = 0
    let task = clock.addFrameHandler { _ in frames += 1 }
    clock.advance(by: 1, framesPerSecond: 60)
    #expect(frames == 60)
    #expect(abs(clock.now - 1) < 1e-12)
    task.cancel()
  }

  @Test(arguments: [-1.0, .nan, .infinity])
  func badDurationsMoveNothing(seconds: Double) {
    let clock = ManualFrameClock()
    var ran = false
    clock.schedule(after: 0) { ran = true }
    clock.advance(by: seconds)
    #expect(clock.now == 0)
    #expect(!ran)
  }

  @Test(arguments: [(-1.0, 0.0), (.nan, 0.0)])
  func badDelaysCountAsZero(delay: Double, expected: Double) {
    let clock = ManualFrameClock()
    var at: TimeInterval?
    clock.schedule(after: delay) { at = clock.now }
    clock.advance(by: 0)
    #expect(at == expected)
  }

  @Test func anInfiniteDelayNeverRuns() {
    let clock = ManualFrameClock()
    var ran = false
    clock.schedule(after: .infinity) { ran = true }
    clock.advance(by: 1e9)
    #expect(!ran)
  }

  @Test func theRealTimeClockIsIdleWhenNothingIsDue() async throws {
    let clock = RealTimeFrameClock()
    #expect(clock.nextDeadline == nil)
    var ran = false
    clock.schedule(after: 0) { ran = true }
    #expect(clock.nextDeadline == 0)
    clock.tick()
    #expect(ran)
    #expect(clock.nextDeadline == nil)
    let task = clock.addFrameHandler { _ in }
    #expect(clock.nextDeadline != nil)
    task.cancel()
    #expect(clock.nextDeadline == nil)
  }

  /// With frames wanted and an action scheduled, the real-time clock's next deadline is the
  /// sooner of the two: the next frame, one interval after the last, before an action a minute
  /// away; the action, when it is due before the next frame.
  @Test func theRealTimeClocksNextDeadlineIsTheSoonerOfFrameAndAction() {
    let clock = RealTimeFrameClock(framesPerSecond: 60)
    let frames = clock.addFrameHandler { _ in }
    clock.tick()
    let frameTime = clock.now + clock.frameInterval
    clock.schedule(after: 60) {}
    #expect(clock.nextDeadline == frameTime)
    clock.schedule(after: 0) {}
    #expect(clock.nextDeadline == clock.now)
    frames.cancel()
    #expect(clock.nextDeadline == clock.now)
  }

  /// An animation lasting a whole number of frames completes on that frame, however long the
  /// clock has run: the clock counts whole ticks, so 10^5 frames of 1/60 s leave no rounding
  /// error behind (a clock adding seconds as doubles completed 0.25 s on the 16th frame).
  @Test("An animation of n frames completes on its nth frame", arguments: [30.0, 60.0, 120.0])
  func animationsCompleteOnTheirFrame(framesPerSecond: Double) {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), clock: clock)
    let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    let frame = 1 / framesPerSecond
    // Animations of 1 to 31 frames, one begun every 97 frames, and a scheduled action beside.
    final class Log {
      var entries: [(frames: Int, begun: Int, completed: Int?, acted: Int?)] = []
      /// The frame being run: the first advance runs frame 1.
      var frame = 0
    }
    let log = Log()
    for count in 0..<100_000 {
      if count % 97 == 0 {
        let frames = log.entries.count % 31 + 1
        let index = log.entries.count
        log.entries.append((frames, count, nil, nil))
        View.animate(withDuration: Double(frames) * frame) {
          view.alpha = view.alpha == 1 ? 0.5 : 1
        } completion: { _ in
          log.entries[index].completed = log.frame
        }
        clock.schedule(after: Double(frames) * frame) { log.entries[index].acted = log.frame }
      }
      log.frame += 1
      clock.advance(by: frame)
    }
    #expect(log.entries.count > 1_000)
    for entry in log.entries where entry.begun + entry.frames <= 100_000 {
      #expect(entry.completed == entry.begun + entry.frames, "\(entry)")
      #expect(entry.acted == entry.begun + entry.frames, "\(entry)")
    }
    #expect(clock.ticks == 100_000 * FrameClock.ticksPerSecond / Int64(framesPerSecond))
  }

  /// Dividing a whole number of frames' time into frames gives that many frames, each on its
  /// tick, the last exactly at the end.
  @Test(
    "Frame by frame, n frames' time is n frames",
    arguments: [(30.0, 3), (30.0, 7), (60.0, 15), (60.0, 24), (120.0, 30), (120.0, 48)])
  func framesOfAWholeNumberOfFrames(framesPerSecond: Double, frames: Int) {
    let clock = ManualFrameClock()
    clock.advance(by: 0.1)
    var times: [Int64] = []
    let task = clock.addFrameHandler { _ in times.append(clock.ticks) }
    defer { task.cancel() }
    let start = clock.ticks
    clock.advance(by: Double(frames) / framesPerSecond, framesPerSecond: framesPerSecond)
    let step = FrameClock.ticksPerSecond / Int64(framesPerSecond)
    #expect(times == (1...frames).map { start + Int64($0) * step })
  }

  /// Durations round to the nearest tick; a time too far to count saturates instead of
  /// overflowing, and the clock still runs what is due.
  @Test func durationsRoundToTicksAndSaturate() {
    #expect(FrameClock.ticks(ofSeconds: 1 / 60) == 11_760_000)
    #expect(FrameClock.ticks(ofSeconds: 0.25) == 176_400_000)
    #expect(FrameClock.ticks(ofSeconds: -1) == 0)
    #expect(FrameClock.ticks(ofSeconds: .nan) == 0)
    #expect(FrameClock.ticks(ofSeconds: 1e300) == .max)
    let clock = ManualFrameClock()
    var ran = false
    clock.schedule(after: 1e300) { ran = true }
    clock.advance(by: 1e300)
    #expect(clock.ticks == .max)
    #expect(ran)
    clock.advance(by: 1)
    #expect(clock.ticks == .max)
  }

  /// Cancelling a frame handler or a scheduled action lets go of its work at once, and of what
  /// the work captures, without waiting for a frame that may never come: a handler that
  /// captures its clock no longer keeps the clock, and itself, alive (the address sanitizer's
  /// leak check found the cycle).
  @Test func cancellingLetsGoOfTheWork() {
    final class Box {}
    weak var frameBox: Box?
    weak var actionBox: Box?
    weak var clockAfterward: ManualFrameClock?
    var tasks: [ClockTask] = []
    do {
      let clock = ManualFrameClock()
      clockAfterward = clock
      let first = Box()
      let second = Box()
      frameBox = first
      actionBox = second
      tasks.append(clock.addFrameHandler { _ in _ = (first, clock.ticks) })
      tasks.append(clock.schedule(after: 10) { _ = second })
    }
    #expect(frameBox != nil && actionBox != nil)
    for task in tasks { task.cancel() }
    #expect(frameBox == nil)
    #expect(actionBox == nil)
    #expect(clockAfterward == nil)
  }
}
