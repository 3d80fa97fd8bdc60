import Foundation
import Observation
import Synchronization
import Testing

@testable import Observing

/// A model declared with `Observable` in a file that imports both modules: it means
/// `Observing.Observable`, which refines Observation's, so one class serves both worlds.
private final class Thermostat: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var target = 20.0
  @Observed var mode = "heat"
  @Observed(notifiesAutomatically: false) var quiet = 0
  /// Computed: tracked through the properties it reads.
  var summary: String { "\(mode) \(target)" }
  /// The target as stored, read unreported.
  var untrackedTarget: Double { _target._untrackedValue }
  /// Computed from an unreported read: neither tracked nor followed.
  var untrackedSummary: String { "\(mode) \(untrackedTarget)" }
}

/// An `@Observable` class beside it, to check that Observation's own tracking still works
/// through this module's `withObservationTracking`.
@Observable private final class Dial: @unchecked Sendable {
  var level = 0
}

/// What a tracking saw, in order.
private final class Events: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  var values: [String] { lock.withLock { storage } }
  func append(_ value: String) { lock.withLock { storage.append(value) } }
}

/// Runs `read` under `withObservationTracking`, recording "onChange" in `events` when the
/// tracking fires; returns what `read` returned.
private func track<Result>(_ read: () -> Result, into events: Events) -> Result {
  withObservationTracking(read) { events.append("onChange") }
}

@Suite("Observation tracks @Observed properties", .serialized)
struct ObservationTrackingTests {
  @Test func aTrackedReadFiresOnChangeWhenAssigned() {
    let thermostat = Thermostat()
    let events = Events()
    let read = track({ thermostat.target }, into: events)
    #expect(read == 20)
    #expect(events.values.isEmpty)
    thermostat.target = 21
    #expect(events.values == ["onChange"])
    // A tracking fires once, as Observation defines.
    thermostat.target = 22
    #expect(events.values == ["onChange"])
  }

  @Test func onChangeRunsAtWillSetTimeBetweenPriorAndTheObservers() {
    let thermostat = Thermostat()
    let events = Events()
    let token = thermostat.observe(\.target, options: [.prior, .new]) { thermostat, change in
      events.append(change.isPrior ? "prior \(thermostat.target)" : "did \(change.newValue!)")
    }
    withObservationTracking {
      _ = thermostat.target
    } onChange: {
      events.append("onChange \(thermostat.target)")
    }
    thermostat.target = 25
    #expect(events.values == ["prior 20.0", "onChange 20.0", "did 25.0"])
    token.invalidate()
  }

  /// A read of the storage (`_untrackedValue`) gives the value stored and is reported to
  /// neither Observation nor a key path's resolution.
  @Test func aReadOfTheStorageIsNotTracked() {
    let thermostat = Thermostat()
    let events = Events()
    let read = track({ thermostat.untrackedTarget }, into: events)
    #expect(read == 20)
    thermostat.target = 21
    #expect(thermostat.untrackedTarget == 21)
    #expect(events.values.isEmpty)
    var changes: [String] = []
    let token = thermostat.observe(\.untrackedSummary, options: [.new]) { _, change in
      changes.append(change.newValue ?? "nil")
    }
    thermostat.target = 22
    #expect(changes.isEmpty)
    thermostat.mode = "cool"
    #expect(changes == ["cool 22.0"])
    token.invalidate()
  }

  @Test func anUntrackedPropertyDoesNotFire() {
    let thermostat = Thermostat()
    let events = Events()
    withObservationTracking {
      _ = thermostat.mode
    } onChange: {
      events.append("onChange")
    }
    thermostat.target = 30
    #expect(events.values.isEmpty)
    thermostat.mode = "cool"
    #expect(events.values == ["onChange"])
  }

  @Test func computedPropertiesAreTrackedThroughWhatTheyRead() {
    let thermostat = Thermostat()
    let events = Events()
    let summary = withObservationTracking {
      thermostat.summary
    } onChange: {
      events.append("onChange")
    }
    #expect(summary == "heat 20.0")
    thermostat.mode = "cool"
    #expect(events.values == ["onChange"])
  }

  @Test func aPropertyThatNotifiesByHandIsStillSeenByObservation() {
    let thermostat = Thermostat()
    let events = Events()
    withObservationTracking {
      _ = thermostat.quiet
    } onChange: {
      events.append("onChange")
    }
    thermostat.quiet = 1
    #expect(events.values == ["onChange"])
  }

  @Test func toManyMutationsFireOnChange() {
    let person = Person()
    let events = Events()
    withObservationTracking {
      _ = person.friends
    } onChange: {
      events.append("onChange")
    }
    person.append("b", to: \.friends)
    #expect(events.values == ["onChange"])
  }

  @Test func observableClassesAreStillTracked() {
    let dial = Dial()
    let thermostat = Thermostat()
    let events = Events()
    withObservationTracking {
      _ = dial.level
      _ = thermostat.target
    } onChange: {
      events.append("onChange")
    }
    dial.level = 1
    #expect(events.values == ["onChange"])
  }

  @Test func readsOutsideATrackingAreNotReported() {
    let thermostat = Thermostat()
    _ = thermostat.target
    thermostat.target = 1
    #expect(!thermostat.observationRegistry.isTrackedByObservation)
    // The gate closes again when the tracking's apply returns.
    withObservationTracking {
      _ = thermostat.mode
    } onChange: {
    }
    #expect(thermostat.observationRegistry.isTrackedByObservation)
    #expect(!ObservationTrackingBridge.isOpenEverywhere)
    #expect(ThreadState.current.observationTrackingDepth == 0)
  }

  @Test func nestedTrackingsEachFire() {
    let thermostat = Thermostat()
    let events = Events()
    withObservationTracking {
      _ = thermostat.target
      withObservationTracking {
        _ = thermostat.mode
      } onChange: {
        events.append("inner")
      }
    } onChange: {
      events.append("outer")
    }
    thermostat.mode = "off"
    // The outer tracking read `mode` too (inside the inner apply), as Observation nests.
    #expect(events.values.sorted() == ["inner", "outer"])
  }

  @Test func theRefreshGateCountsOneRecordingOrTrackingAtATime() {
    let thermostat = Thermostat()
    withObservationTracking {
      #expect(ThreadState.current.observationTrackingDepth == 1)
      _ = thermostat.target
    } onChange: {
    }
    #expect(ThreadState.current.observationTrackingDepth == 0)
  }

  @Test func observationsYieldsTheCurrentValueThenEachChange() async {
    guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
      return
    }
    let thermostat = Thermostat()
    let values = Observations { thermostat.target }
    var iterator = values.makeAsyncIterator()
    #expect(ObservationTrackingBridge.isOpenEverywhere)
    #expect(await iterator.next() == 20)
    thermostat.target = 23
    #expect(await iterator.next() == 23)
    thermostat.mode = "fan"  // not read: no value
    thermostat.target = 24
    #expect(await iterator.next() == 24)
  }

  @Test func aFinishedObservationsClosesTheGate() async {
    guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
      return
    }
    let thermostat = Thermostat()
    do {
      let values = Observations { thermostat.target }
      for await value in values {
        #expect(value == 20)
        break
      }
    }
    #expect(!ObservationTrackingBridge.isOpenEverywhere)
  }

  @Test func everyReadIsReportedByDefaultOnlyWhereSwiftUIExists() {
    #if canImport(SwiftUI)
      #expect(ObservationTrackingBridge.reportsEveryReadByDefault)
    #else
      #expect(!ObservationTrackingBridge.reportsEveryReadByDefault)
    #endif
    // Only this serialized suite sets the switch, and each test puts it back.
    #expect(
      ObservationRegistry.reportsEveryReadToObservation
        == ObservationTrackingBridge.reportsEveryReadByDefault)
  }

  @Test func reportingEveryReadSeesTrackingsMadeThroughObservationItself() {
    let thermostat = Thermostat()
    let events = Events()
    let reportedEveryRead = ObservationRegistry.reportsEveryReadToObservation
    ObservationRegistry.reportsEveryReadToObservation = true
    defer { ObservationRegistry.reportsEveryReadToObservation = reportedEveryRead }
    Observation.withObservationTracking {
      _ = thermostat.target
    } onChange: {
      events.append("onChange")
    }
    thermostat.target = 2
    #expect(events.values == ["onChange"])
  }

  @Test func withoutItTrackingsMadeThroughObservationItselfDoNotSeeReads() {
    let thermostat = Thermostat()
    let events = Events()
    // Off by default on Linux; where SwiftUI exists it is on by default, so turn it off here.
    let reportedEveryRead = ObservationRegistry.reportsEveryReadToObservation
    ObservationRegistry.reportsEveryReadToObservation = false
    defer { ObservationRegistry.reportsEveryReadToObservation = reportedEveryRead }
    Observation.withObservationTracking {
      _ = thermostat.target
    } onChange: {
      events.append("onChange")
    }
    thermostat.target = 2
    #expect(events.values.isEmpty)
  }
}
