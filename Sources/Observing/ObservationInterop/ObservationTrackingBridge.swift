import Observation
import Synchronization
import _ObservingShims

/// Where the toolchain's Observation module meets `@Observed` properties.
///
/// Observation learns what a tracking reads from `ObservationRegistrar.access(_:keyPath:)`,
/// which every read would have to call; that call costs more than the read itself, and
/// Observation offers no cheap way to ask whether a tracking is under way. So reads report
/// themselves only while this module knows that one may be: while the `apply` closure of this
/// module's ``withObservationTracking(_:onChange:)`` runs on the reading thread, and, on every
/// thread, while an ``Observations`` sequence made through this module is alive or
/// ``ObservationRegistry/reportsEveryReadToObservation`` is set. The rest of the time a read
/// costs one relaxed load more than a plain stored property.
enum ObservationTrackingBridge {
  /// How many reasons there are to report reads on every thread: live ``Observations``
  /// sequences, and ``ObservationRegistry/reportsEveryReadToObservation``.
  static let everywhere = Atomic<Int>(reportsEveryReadByDefault ? 1 : 0)
  /// Whether ``ObservationRegistry/reportsEveryReadToObservation`` is set.
  static let reportsEveryRead = Atomic<Bool>(reportsEveryReadByDefault)

  /// Where SwiftUI exists, its views track through Observation's own functions, so every read
  /// is reported by default (the tracking gate starts open to match).
  #if canImport(SwiftUI)
    static let reportsEveryReadByDefault = true
  #else
    static let reportsEveryReadByDefault = false
  #endif

  /// Whether reads are reported to Observation on every thread now.
  static var isOpenEverywhere: Bool { everywhere.load(ordering: .relaxed) != 0 }

  /// Opens the gate on every thread, for one more reason.
  static func openEverywhere() {
    everywhere.add(1, ordering: .relaxed)
    _observing_tracking_gate_add(1)
  }

  /// Takes back one reason given to ``openEverywhere()``.
  static func closeEverywhere() {
    _observing_tracking_gate_add(-1)
    everywhere.subtract(1, ordering: .relaxed)
  }

  /// Runs `apply` with this thread's reads of `@Observed` properties reported to Observation.
  static func reportingReads<T>(_ apply: () -> T) -> T {
    let thread = ThreadState.current
    thread.observationTrackingDepth += 1
    _observing_tracking_gate_add(1)
    defer {
      _observing_tracking_gate_add(-1)
      thread.observationTrackingDepth -= 1
    }
    return apply()
  }

  /// Keeps reads reported everywhere for as long as it lives: one per ``Observations``
  /// sequence, shared by its copies and iterators.
  final class Lease: Sendable {
    init() { ObservationTrackingBridge.openEverywhere() }
    deinit { ObservationTrackingBridge.closeEverywhere() }
  }
}

/// Which half of a change Observation is told of.
@usableFromInline
enum _ObservationPhase {
  /// Before the store: trackings that read the property run their `onChange`.
  case willSet
  /// After the store.
  case didSet
}

/// Tells Observation that a tracked property of `object` is about to change (trackings that
/// read it run their `onChange`), or has changed.
///
/// - Parameters:
///   - phase: Whether the property is about to change or has changed.
///   - object: The object whose property changes.
///   - registry: Its registry, whose registrar Observation tracks.
///   - keyPath: The property's key path, as its setter named it (`_beginChange` made it).
///   - valueType: The property's value type.
@usableFromInline
func _observationChange<Object: Observable, Value>(
  _ phase: _ObservationPhase,
  _ object: Object,
  _ registry: ObservationRegistry,
  _ keyPath: AnyKeyPath,
  _ valueType: Value.Type
) {
  let tracked = _trackedKeyPath(keyPath, of: object, valueType)
  switch phase {
  case .willSet: registry.registrar.willSet(object, keyPath: tracked)
  case .didSet: registry.registrar.didSet(object, keyPath: tracked)
  }
}

/// The setter's key path back in its own type: `_beginChange` carries it as an `AnyKeyPath`.
private func _trackedKeyPath<Object, Value>(
  _ keyPath: AnyKeyPath,
  of object: Object,
  _ valueType: Value.Type
) -> KeyPath<Object, Value> {
  guard let typed = keyPath as? KeyPath<Object, Value> else {
    preconditionFailure("a tracked key path of another type: \(keyPath)")
  }
  return typed
}

/// Tracks the `@Observed` properties (and any `@Observable` ones) that `apply` reads, and calls
/// `onChange` once, before the first of them changes: Observation's
/// `withObservationTracking(_:onChange:)`, with this package's properties seen.
///
/// In a file that imports this package and Observation, an unqualified call means this function,
/// which shadows Observation's own: it opens `@Observed` getters to Observation while `apply`
/// runs and then calls Observation's function, so `@Observable` properties are tracked as
/// before.
///
/// ```swift
/// import Observing
///
/// final class Thermostat: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var target = 20.0
/// }
///
/// let thermostat = Thermostat()
/// withObservationTracking {
///   _ = thermostat.target
/// } onChange: {
///   print("target will change")
/// }
/// thermostat.target = 22  // prints "target will change"
/// ```
///
/// - Parameters:
///   - apply: The work whose reads are tracked; it runs at once, on this thread.
///   - onChange: Called once, before the first tracked property changes (Observation's
///     will-set time), on the thread that changes it.
/// - Returns: What `apply` returns.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
public func withObservationTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  Observation.withObservationTracking(
    { ObservationTrackingBridge.reportingReads(apply) }, onChange: onChange())
}

extension ObservationRegistry {
  /// Whether every read of an `@Observed` property, on every thread, is reported to Observation.
  ///
  /// Reads are reported by themselves inside this package's ``withObservationTracking(_:onChange:)``
  /// and while an ``Observations`` sequence made through this package is alive. Code that tracks
  /// through Observation's own functions directly (SwiftUI, which evaluates a view's `body`
  /// inside its own tracking; a call written `Observation.withObservationTracking`) is not seen,
  /// so its reads are reported only while this is `true`. It is `true` by default where SwiftUI
  /// exists, so that a SwiftUI view follows a `ScrollModel` or a component's `state` with no
  /// glue, and `false` elsewhere. While it is `true`, every read costs an
  /// `ObservationRegistrar.access(_:keyPath:)` call, as an `@Observable` property's does.
  public static var reportsEveryReadToObservation: Bool {
    get { ObservationTrackingBridge.reportsEveryRead.load(ordering: .relaxed) }
    set {
      let old = ObservationTrackingBridge.reportsEveryRead.exchange(newValue, ordering: .relaxed)
      guard old != newValue else { return }
      if newValue {
        ObservationTrackingBridge.openEverywhere()
      } else {
        ObservationTrackingBridge.closeEverywhere()
      }
    }
  }
}

/// The values of a closure over time, re-evaluated after each change of what it read:
/// Observation's `Observations`, with this package's `@Observed` properties seen.
///
/// In a file that imports this package and Observation, `Observations` means this type, which
/// shadows Observation's own and wraps it. While a sequence (or one of its iterators) is alive,
/// reads of `@Observed` properties are reported to Observation on every thread.
///
/// ```swift
/// import Observing
///
/// final class Counter: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var count = 0
/// }
///
/// func printCounts(of counter: Counter) async {
///   for await count in Observations({ counter.count }) {
///     print(count)  // the current count, then the count after each change
///   }
/// }
/// ```
@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
public struct Observations<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  private let base: Observation.Observations<Element, Failure>
  private let lease: ObservationTrackingBridge.Lease

  private init(base: Observation.Observations<Element, Failure>) {
    lease = ObservationTrackingBridge.Lease()
    self.base = base
  }

  /// Creates a sequence of the values `emit` returns: now, and after each change of what it
  /// read.
  ///
  /// - Parameter emit: Computes the value; it runs on the actor it was written in.
  public init(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Element
  ) {
    self.init(base: Observation.Observations(emit))
  }

  /// Creates a sequence that ends when `emit` returns `.finish`.
  ///
  /// - Parameter emit: Computes the next value, or says the sequence is finished.
  /// - Returns: The sequence.
  public static func untilFinished(
    @_inheritActorContext _ emit:
      @escaping @isolated(any) @Sendable () throws(Failure) ->
      Observation.Observations<Element, Failure>.Iteration
  ) -> Observations<Element, Failure> {
    Observations(base: .untilFinished(emit))
  }

  /// Creates the iterator.
  ///
  /// - Returns: An iterator that keeps reads reported while it lives.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), lease: lease)
  }

  /// The iterator of ``Observations``.
  public struct Iterator: AsyncIteratorProtocol {
    var base: Observation.Observations<Element, Failure>.Iterator
    let lease: ObservationTrackingBridge.Lease

    /// The next value: the first call returns the current one, later calls wait for a change.
    ///
    /// - Parameter iterationIsolation: The actor the iteration runs on.
    /// - Returns: The value, or `nil` once the sequence has ended.
    public mutating func next(
      isolation iterationIsolation: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await base.next(isolation: iterationIsolation)
    }
  }
}
