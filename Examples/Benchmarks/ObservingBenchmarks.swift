import AllocationCounter
import Foundation
import Observation
import Observing

// The subjects: the same `value: Double` property, written by each mechanism.

/// A handler's work: count the call (the same for every mechanism).
final class Counter: @unchecked Sendable {
  var count = 0
}

/// The floor: a plain stored property.
final class PlainSubject {
  var value = 0.0
}

/// An array of closures called after each assignment, the least a notifier can do.
final class ClosureArraySubject {
  private(set) var value = 0.0
  var handlers: [(ClosureArraySubject, Double, Double) -> Void] = []

  func set(_ newValue: Double) {
    let oldValue = value
    value = newValue
    for handler in handlers {
      handler(self, oldValue, newValue)
    }
  }
}

/// An `@Observed` property.
final class ObservedSubject: Observing.Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var value = 0.0
}

/// Swift's Observation, re-armed in `onChange` to observe every change.
@Observation.Observable
final class TrackedSubject: @unchecked Sendable {
  var value = 0.0
}

/// `NotificationCenter`, posting the old and new values as KVO does.
final class NotifyingSubject {
  static let didChange = Notification.Name("NotifyingSubject.didChange")
  let center = NotificationCenter()
  private(set) var value = 0.0

  func set(_ newValue: Double) {
    let oldValue = value
    value = newValue
    center.post(name: Self.didChange, object: self, userInfo: ["old": oldValue, "new": newValue])
  }
}

@inline(never) func assign(_ subject: PlainSubject, _ value: Double) { subject.value = value }
@inline(never) func assign(_ subject: ObservedSubject, _ value: Double) { subject.value = value }
@inline(never) func assign(_ subject: ClosureArraySubject, _ value: Double) { subject.set(value) }
@inline(never) func assign(_ subject: TrackedSubject, _ value: Double) { subject.value = value }
@inline(never) func assign(_ subject: NotifyingSubject, _ value: Double) { subject.set(value) }

/// Re-arms an Observation tracking of `subject.value` after every change.
func track(_ subject: TrackedSubject, _ counter: Counter) {
  withObservationTracking {
    _ = subject.value
  } onChange: {
    counter.count &+= 1
    track(subject, counter)
  }
}

/// Measures a setter over `iterations` distinct values.
func setterCost(_ bench: Bench, _ assign: @escaping (Double) -> Void) -> Double {
  bench.nanoseconds { iterations in
    for index in 0..<iterations {
      assign(Double(index))
    }
  }
}

extension Bench {
  mutating func runObserving() {
    let section = "Observing"

    // Setting a property nobody observes.
    let plain = PlainSubject()
    let plainCost = setterCost(self) { assign(plain, $0) }
    blackHole(plain.value)
    record(section, "plain stored property, set", plainCost)
    let unobserved = ObservedSubject()
    let unobservedCost = setterCost(self) { assign(unobserved, $0) }
    record(
      section, "@Observed, nobody observing, set", unobservedCost,
      anchor: ("plain", plainCost),
      goal: ("<= plain + 10 ns", unobservedCost - plainCost <= 10))

    // Notifying 1, 10 and 100 observers.
    for observers in [1, 10, 100] {
      let counter = Counter()
      let array = ClosureArraySubject()
      for _ in 0..<observers {
        array.handlers.append { _, _, _ in counter.count &+= 1 }
      }
      let arrayCost = setterCost(self) { assign(array, $0) }
      record(section, "closure array, \(observers) observer(s)", arrayCost)

      let observed = ObservedSubject()
      let tokens = (0..<observers).map { _ in
        observed.observe(\.value, options: [.old, .new]) { _, _ in counter.count &+= 1 }
      }
      let observedCost = withExtendedLifetime(tokens) {
        setterCost(self) { assign(observed, $0) }
      }
      let goal: (String, Bool)? =
        switch observers {
        case 1: ("<= 2x closure array", observedCost <= 2 * arrayCost)
        case 100: ("<= 1.5x closure array", observedCost <= 1.5 * arrayCost)
        default: nil
        }
      record(
        section, "@Observed [.old, .new], \(observers) observer(s)", observedCost,
        anchor: ("closure array", arrayCost), goal: goal)

      let tracked = TrackedSubject()
      for _ in 0..<observers { track(tracked, counter) }
      let trackedCost = setterCost(self) { assign(tracked, $0) }
      record(
        section, "Observation (re-armed), \(observers) observer(s)", trackedCost,
        anchor: ("closure array", arrayCost))

      let notifying = NotifyingSubject()
      let observations = (0..<observers).map { _ in
        notifying.center.addObserver(
          forName: NotifyingSubject.didChange, object: notifying, queue: nil
        ) { _ in counter.count &+= 1 }
      }
      let notifyingCost = setterCost(self) { assign(notifying, $0) }
      record(
        section, "NotificationCenter, \(observers) observer(s)", notifyingCost,
        anchor: ("closure array", arrayCost))
      for observation in observations { notifying.center.removeObserver(observation) }
      blackHole(counter.count)
    }

    // Allocations per notification, one observer.
    if allocation_counting_is_supported() != 0 {
      let observed = ObservedSubject()
      let token = observed.observe(\.value, options: [.old, .new]) { _, _ in }
      let changes = 100_000
      let allocations = withExtendedLifetime(token) {
        let before = allocation_count()
        for index in 0..<changes { assign(observed, Double(index)) }
        return Double(allocation_count() - before) / Double(changes)
      }
      record(
        section, "allocations per notification", allocations, unit: "allocs",
        goal: ("0", allocations == 0))
      token.invalidate()
    }

    // Memory and invalidation of many registrations.
    let registrations = 100_000
    let subject = ObservedSubject()
    var tokens: [ObservationToken] = []
    tokens.reserveCapacity(registrations)
    let handler: (ObservedSubject, ObservedChange<Double>) -> Void = { _, _ in }
    let bytesBefore = heapBytesInUse()
    let registerStart = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<registrations {
      tokens.append(subject.observe(\.value, changeHandler: handler))
    }
    let registerEnd = DispatchTime.now().uptimeNanoseconds
    if let bytesBefore, let bytesAfter = heapBytesInUse() {
      let perObservation = Double(bytesAfter - bytesBefore) / Double(registrations)
      record(
        section, "heap bytes per registered observation", perObservation, unit: "bytes",
        goal: ("<= 64", perObservation <= 64))
    }
    let invalidateStart = DispatchTime.now().uptimeNanoseconds
    for token in tokens { token.invalidate() }
    let invalidateEnd = DispatchTime.now().uptimeNanoseconds
    let registerMs = Double(registerEnd - registerStart) / 1e6
    let invalidateMs = Double(invalidateEnd - invalidateStart) / 1e6
    record(section, "register \(registrations) observations", registerMs, unit: "ms")
    record(
      section, "invalidate \(registrations) observations", invalidateMs, unit: "ms",
      anchor: ("registering them", registerMs), goal: ("< 100 ms", invalidateMs < 100))
  }
}

/// Bytes the C allocator has handed out and not taken back, where the platform tells.
func heapBytesInUse() -> Int? {
  let bytes = heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}
