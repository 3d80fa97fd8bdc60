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

/// One closure kept in an array and called with the old and new values after each assignment:
/// the least a notifier can do, and the anchor of a single observer.
final class ClosureListSubject {
  private(set) var value = 0.0
  let handlers: [(Double, Double) -> Void]

  init(handlers: [(Double, Double) -> Void]) {
    self.handlers = handlers
  }

  func set(_ newValue: Double) {
    let oldValue = value
    value = newValue
    for handler in handlers {
      handler(oldValue, newValue)
    }
  }
}

/// An array of closures called after each assignment, the way a hand-written notifier that
/// lets observers come and go keeps them.
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
  /// A computed property, for registrations that resolve a key path.
  var doubled: Double { value * 2 }
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
@inline(never) func assign(_ subject: ClosureListSubject, _ value: Double) { subject.set(value) }
@inline(never) func assign(_ subject: TrackedSubject, _ value: Double) { subject.value = value }
@inline(never) func assign(_ subject: NotifyingSubject, _ value: Double) { subject.set(value) }

/// Re-arms an Observation tracking of `subject.value` after every change.
func track(_ subject: TrackedSubject, _ counter: Counter) {
  Observation.withObservationTracking {
    _ = subject.value
  } onChange: {
    counter.count &+= 1
    track(subject, counter)
  }
}

@inline(never) func read(_ subject: PlainSubject) -> Double { subject.value }
@inline(never) func read(_ subject: ObservedSubject) -> Double { subject.value }

/// Measures a getter.
///
/// The loop calls `read` through `opaque(_:)`, so the optimizer sees neither what it reads nor
/// that it only reads: it cannot call the getter once and reuse the value (as it did for the
/// plain property, which made its read look free), and every subject gets the same loop.
func getterCost(_ bench: Bench, _ read: @escaping () -> Double) -> Double {
  let read = opaque(read)
  return bench.nanoseconds { iterations in
    var sum = 0.0
    for _ in 0..<iterations { sum += read() }
    blackHole(sum)
  }
}

/// Measures a setter over `iterations` distinct values.
func setterCost(_ bench: Bench, _ assign: @escaping (Double) -> Void) -> Double {
  bench.nanoseconds(setterLoop(assign))
}

/// A loop of `iterations` assignments of distinct values, for ``Bench/interleaved(_:)``.
func setterLoop(_ assign: @escaping (Double) -> Void) -> (Int) -> Void {
  { iterations in
    for index in 0..<iterations {
      assign(Double(index))
    }
  }
}

extension Bench {
  mutating func runObserving() {
    let section = "Observing"

    // Setting a property nobody observes. Each figure and its anchor are measured interleaved
    // (`interleaved(_:)`), so that their ratio compares the same stretch of time.
    let plain = PlainSubject()
    let unobserved = ObservedSubject()
    let setCosts = interleaved([
      setterLoop { assign(plain, $0) }, setterLoop { assign(unobserved, $0) },
    ])
    let (plainCost, unobservedCost) = (setCosts[0], setCosts[1])
    blackHole(plain.value)
    record(section, "plain stored property, set", plainCost)
    record(
      section, "@Observed, nobody observing, set", unobservedCost,
      anchor: ("plain", plainCost),
      goal: ("<= plain + 10 ns", unobservedCost - plainCost <= 10))

    // Reading: a plain read against an `@Observed` one.
    let plainRead = getterCost(self) { read(plain) }
    record(section, "plain stored property, get", plainRead)
    let observedRead = getterCost(self) { read(unobserved) }
    record(
      section, "@Observed, get (no tracking)", observedRead, anchor: ("plain", plainRead),
      goal: ("<= plain + 2 ns", observedRead - plainRead <= 2))
    let trackedRead = withObservationTracking {
      getterCost(self) { read(unobserved) }
    } onChange: {
    }
    record(
      section, "@Observed, get inside withObservationTracking", trackedRead,
      anchor: ("plain", plainRead))
    unobserved.value = 0  // ends the tracking above
    // What making Observation see every read by default would cost a read that no tracking
    // wants (the default where SwiftUI exists; off on Linux).
    let wasReportingEveryRead = ObservationRegistry.reportsEveryReadToObservation
    ObservationRegistry.reportsEveryReadToObservation = true
    let reportedRead = getterCost(self) { read(unobserved) }
    ObservationRegistry.reportsEveryReadToObservation = wasReportingEveryRead
    record(
      section, "@Observed, get, every read reported to Observation (no tracking)", reportedRead,
      anchor: ("plain", plainRead))

    // One observer, against one closure called from an array.
    do {
      let counter = Counter()
      let list = ClosureListSubject(handlers: [{ _, _ in counter.count &+= 1 }])
      let observed = ObservedSubject()
      let token = observed.observe(\.value, options: [.old, .new]) { _, _ in
        counter.count &+= 1
      }
      let costs = withExtendedLifetime(token) {
        interleaved([setterLoop { assign(list, $0) }, setterLoop { assign(observed, $0) }])
      }
      let (listCost, observedCost) = (costs[0], costs[1])
      record(section, "one closure called from an array", listCost)
      record(
        section, "@Observed [.old, .new], 1 observer, set", observedCost,
        anchor: ("one closure from an array", listCost),
        goal: ("<= 1.5x one closure", observedCost <= 1.5 * listCost))
      blackHole(counter.count)
    }

    // Notifying 1, 10 and 100 observers.
    for observers in [1, 10, 100] {
      let counter = Counter()
      let array = ClosureArraySubject()
      for _ in 0..<observers {
        array.handlers.append { _, _, _ in counter.count &+= 1 }
      }
      let observed = ObservedSubject()
      let tokens = (0..<observers).map { _ in
        observed.observe(\.value, options: [.old, .new]) { _, _ in counter.count &+= 1 }
      }
      let costs = withExtendedLifetime(tokens) {
        interleaved([setterLoop { assign(array, $0) }, setterLoop { assign(observed, $0) }])
      }
      let (arrayCost, observedCost) = (costs[0], costs[1])
      record(section, "closure array, \(observers) observer(s)", arrayCost)
      let goal: (String, Bool)? =
        observers == 100 ? ("<= 1.5x closure array", observedCost <= 1.5 * arrayCost) : nil
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

    // Key-path observers evaluate their key path after each change and check that it still
    // reads the same properties, to follow a replaced object: compare one with a direct one.
    do {
      let counter = Counter()
      let direct = ObservedSubject()
      let directToken = direct.observe(\.value, options: [.old, .new]) { _, _ in
        counter.count &+= 1
      }
      let directCost = withExtendedLifetime(directToken) {
        setterCost(self) { assign(direct, $0) }
      }
      let holder = HolderSubject()
      let chainToken = holder.observe(\.inner.value, options: [.old, .new]) { _, _ in
        counter.count &+= 1
      }
      let chainCost = withExtendedLifetime(chainToken) {
        setterCost(self) { assign(holder.inner, $0) }
      }
      record(
        section, "observe(\\.inner.value) [.old, .new], set inner.value", chainCost,
        anchor: ("direct observer", directCost))
      let computedSubject = ObservedSubject()
      let computedToken = computedSubject.observe(\.doubled, options: [.old, .new]) { _, _ in
        counter.count &+= 1
      }
      let computedCost = withExtendedLifetime(computedToken) {
        setterCost(self) { assign(computedSubject, $0) }
      }
      record(
        section, "observe(\\.doubled) [.old, .new], computed, set value", computedCost,
        anchor: ("direct observer", directCost))
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

    runRegistration(section)
    runScale(section)
  }

  /// A set on an unobserved object, alone and beside many observed objects and observers: it
  /// must cost the same, since each object's registry is its own.
  private mutating func runScale(_ section: String) {
    let objects = samples < 7 ? 1_000 : 100_000
    let perObject = 10
    let lone = ObservedSubject()
    // One loop measured both times: two closures of the same code were laid out apart, and
    // their times differed by a fifth from one build to the next (3.8 against 4.6 ns) with no
    // crowd at all.
    let loop = setterLoop { assign(lone, $0) }
    // Alone, then beside a crowd made for the purpose and dropped, in rounds, each figure the
    // fastest of its rounds: the two cannot be interleaved sample by sample (the crowd takes a
    // tenth of a second to make), and measured once each, a busy stretch of the machine during
    // one of them read as a cost of the crowd (1.23x, where quiet runs read 1.00x).
    var alone = Double.infinity
    var beside = Double.infinity
    for _ in 0..<(samples < 7 ? 1 : 3) {
      alone = min(alone, nanoseconds(loop))
      let crowd = (0..<objects).map { _ in ObservedSubject() }
      let tokens = crowd.flatMap { subject in
        (0..<perObject).map { _ in subject.observe(\.value) { _, _ in } }
      }
      beside = min(beside, withExtendedLifetime(tokens) { nanoseconds(loop) })
    }
    record(
      section, "unobserved set beside \(objects) objects, \(objects * perObject) observers", beside,
      anchor: ("the same set alone", alone),
      goal: ("<= 1.2x alone", beside <= 1.2 * alone))
  }

  /// Registration: its cost beside the least a registration can do, its memory, and
  /// invalidation.
  ///
  /// The handlers are closure literals, as users write them (`observe(\.value) { _, _ in }`).
  /// A closure held in a variable and passed on costs one allocation more: the observer keeps
  /// its handler in a generic class, so a closure of a concrete type is wrapped to fit; that
  /// form is measured beside, without a goal.
  private mutating func runRegistration(_ section: String) {
    let registrations = 100_000

    // Each round makes `count` registrations from nothing and keeps them until it is timed;
    // the floor's, the literal's and the variable's rounds take turns.
    let handler: (ObservedSubject, ObservedChange<Double>) -> Void = { _, _ in }
    let costs = perRegistration(
      registrations / 5, rounds: 7,
      [
        { count in
          // The floor: allocate a record holding the handler and file it in an array.
          var boxes: [RegistrationFloorBox] = []
          boxes.reserveCapacity(count)
          for _ in 0..<count { boxes.append(RegistrationFloorBox { _, _ in }) }
          return boxes
        },
        { count in
          let subject = ObservedSubject()
          var tokens: [ObservationToken] = []
          tokens.reserveCapacity(count)
          for _ in 0..<count { tokens.append(subject.observe(\.value) { _, _ in }) }
          return (subject, tokens)
        },
        { count in
          let subject = ObservedSubject()
          var tokens: [ObservationToken] = []
          tokens.reserveCapacity(count)
          for _ in 0..<count { tokens.append(subject.observe(\.value, changeHandler: handler)) }
          return (subject, tokens)
        },
      ])
    let (floor, stored, passed) = (costs[0], costs[1], costs[2])
    record(section, "registration floor: allocate a handler box, append it", floor)
    record(
      section, "register observe(\\.value), a stored property", stored,
      anchor: ("floor", floor), goal: ("<= 3x floor", stored <= 3 * floor))
    record(
      section, "register observe(\\.value) with a handler held in a variable", passed,
      anchor: ("floor", floor))

    // Memory and invalidation, over one batch that accumulates.
    let subject = ObservedSubject()
    var tokens: [ObservationToken] = []
    tokens.reserveCapacity(registrations)
    let bytesBefore = heapBytesInUse()
    for _ in 0..<registrations { tokens.append(subject.observe(\.value) { _, _ in }) }
    if let bytesBefore, let bytesAfter = heapBytesInUse() {
      let perObservation = Double(bytesAfter - bytesBefore) / Double(registrations)
      record(
        section, "heap bytes per registered observation", perObservation, unit: "bytes",
        goal: ("<= 96", perObservation.rounded() <= 96))
    }
    let invalidateStart = DispatchTime.now().uptimeNanoseconds
    for token in tokens { token.invalidate() }
    let invalidateMs = Double(DispatchTime.now().uptimeNanoseconds - invalidateStart) / 1e6
    tokens = []
    record(
      section, "invalidate \(registrations) observations", invalidateMs, unit: "ms",
      goal: ("< 100 ms", invalidateMs < 100))

    // Key paths that are resolved at every registration, for comparison. Each observation
    // ends at once, so these are sampled as any repeatable operation is.
    let holder = HolderSubject()
    let throughObject = nanoseconds { count in
      for _ in 0..<count { holder.observe(\.inner.value) { _, _ in }.invalidate() }
    }
    record(
      section, "register and invalidate observe(\\.inner.value)", throughObject,
      anchor: ("floor", floor))
    let computed = nanoseconds { count in
      for _ in 0..<count { subject.observe(\.doubled) { _, _ in }.invalidate() }
    }
    record(
      section, "register and invalidate observe(\\.doubled), computed", computed,
      anchor: ("floor", floor))
  }
}

/// The least a registration does: one heap record that holds the handler.
final class RegistrationFloorBox {
  let handler: (ObservedSubject, ObservedChange<Double>) -> Void
  init(handler: @escaping (ObservedSubject, ObservedChange<Double>) -> Void) {
    self.handler = handler
  }
}

/// An object holding another observable object, for key paths through objects.
final class HolderSubject: Observing.Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var inner = ObservedSubject()
}

/// Nanoseconds per registration for each body: the fastest of `rounds` rounds, the bodies
/// taking turns (each round starting one body later), as `Bench.interleaved(_:)` samples.
///
/// Each body makes `count` registrations from nothing and returns what holds them, which is
/// released after the round is timed: every round starts as the first did, rather than
/// on a heap and a registry the rounds before it filled.
func perRegistration(_ count: Int, rounds: Int, _ bodies: [(Int) -> Any]) -> [Double] {
  var fastest = Array(repeating: Double.infinity, count: bodies.count)
  for round in 0..<rounds {
    for step in bodies.indices {
      let index = (round + step) % bodies.count
      let start = DispatchTime.now().uptimeNanoseconds
      let made = bodies[index](count)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
      withExtendedLifetime(made) {}
      fastest[index] = min(fastest[index], elapsed)
    }
  }
  return fastest
}

/// Bytes the C allocator has handed out and not taken back, where the platform tells.
func heapBytesInUse() -> Int? {
  let bytes = heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}
