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
}
