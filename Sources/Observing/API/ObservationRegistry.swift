import Observation
import Synchronization

/// The observers of one observable object.
///
/// A class becomes observable by adopting ``Observable`` and storing one registry; the
/// `@Observed` properties and `observe(_:options:changeHandler:)` do the rest:
///
/// ```swift
/// import Observing
///
/// final class Person: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var name = "a"
/// }
/// ```
///
/// The registry is safe to use from any thread. Its state sits behind a lock that is never held
/// while a handler runs, so handlers may observe, invalidate and set properties freely.
///
/// Each object's observers are filed apart, by the object and the property's own key path, so
/// a registry may be shared: an object whose `observationRegistry` forwards to another object's
/// registry is observed exactly as if it had its own.
///
/// The registry also carries the object's `ObservationRegistrar`, through which the toolchain's
/// Observation module tracks the `@Observed` properties (see ``Observable``).
public final class ObservationRegistry: @unchecked Sendable {
  /// The counters and the state observers are filed in; observers keep it, not the registry,
  /// so that the registry goes with its object.
  @usableFromInline
  let core = RegistryCore()

  /// The registrar through which Observation (`withObservationTracking`, `Observations`)
  /// tracks this registry's `@Observed` properties.
  @usableFromInline
  let registrar = ObservationRegistrar()

  /// Creates an empty registry.
  public init() {}

  deinit {
    // The object is gone: its observations end, their handlers are released, and the active
    // ones rooted here are told (an `AsyncSequence` of values finishes).
    core.close()
  }

  /// What an assignment of a stored property must do besides storing: zero for nothing.
  ///
  /// Nonzero while observers are filed under stored properties or Observation tracks them
  /// (``RegistryCore/assignmentWork``). The setter loads it once: zero is its fast path, and
  /// ``_beginPlainAssignment(object:offset:notifiesObservers:work:)`` reads the rest from it.
  @inlinable
  var _assignmentWork: Int {
    core.assignmentWork.load(ordering: .relaxed)
  }

  /// Whether any observer is filed under a stored property.
  var hasStoredObservers: Bool { core.hasStoredObservers }

  /// Whether Observation has tracked a property of this registry.
  ///
  /// Assignments then tell the registrar. Once set, it stays set: Observation does not say when
  /// its trackings end.
  @inlinable
  var isTrackedByObservation: Bool { core.isTrackedByObservation }

  /// Records that Observation tracks a property of this registry.
  @usableFromInline
  func markTrackedByObservation() {
    guard !isTrackedByObservation else { return }
    core.markTracked()
  }

  /// Whether any observer is filed here at all.
  var hasObservers: Bool {
    core.observerCount.load(ordering: .relaxed) != 0
  }

  /// The number of observations filed in this registry.
  ///
  /// An observation of a single stored property counts once. An observation of a key path
  /// counts once in every registry it is filed in: once for each `@Observed` property its
  /// evaluation reads (in the registries of the objects that own them) and once in its root's
  /// registry for manual notification. When several objects share this registry, their
  /// observations all count here.
  public var count: Int {
    core.observerCount.load(ordering: .relaxed)
  }
}

extension ObservationRegistry {
  /// Begins an assignment of a stored property of `object` that has observers and nothing
  /// else to do, the setter's common case; the result says when it is not that (see
  /// ``_PlainAssignment``), and ``_beginAssignment(object:offset:notifiesObservers:property:)``
  /// then tells what it is.
  ///
  /// - Parameters:
  ///   - object: The object being changed.
  ///   - offset: Where the property's storage sits in `object`, as its setter found it.
  ///   - notifiesObservers: Whether the property notifies its observers by itself.
  ///   - work: ``_assignmentWork``, as the setter loaded it.
  @inlinable @inline(__always)
  func _beginPlainAssignment(
    object: AnyObject, offset: Int, notifiesObservers: Bool, work: Int
  ) -> _PlainAssignment {
    guard notifiesObservers, work & RegistryCore.trackedFlag == 0 else { return .other }
    return core.beginPlainAssignment(object: ObjectIdentifier(object), offset: offset)
  }

  /// What an assignment of a stored property of `object` must do besides storing.
  ///
  /// - Parameters:
  ///   - object: The object being changed.
  ///   - offset: Where the property's storage sits in `object`, as its setter found it.
  ///   - notifiesObservers: Whether the property notifies its observers by itself (`false` for
  ///     `@Observed(notifiesAutomatically: false)`).
  ///   - property: Makes the property's own key path; called only when Observation tracks this
  ///     registry, or while some slot has not learned its offset yet, so that an assignment does
  ///     not create the key path object.
  @usableFromInline
  func _beginAssignment(
    object: AnyObject,
    offset: Int,
    notifiesObservers: Bool,
    property: () -> AnyKeyPath
  ) -> _Assignment {
    // One load answers both questions; the setter loaded the same word a moment ago.
    let work = core.assignmentWork.load(ordering: .relaxed)
    let isTracked = work & RegistryCore.trackedFlag != 0
    guard notifiesObservers, work & (RegistryCore.trackedFlag - 1) != 0 else {
      return isTracked ? .tracked(by: property()) : .plain(.unobserved)
    }
    let id = ObjectIdentifier(object)
    // Each return builds its result from its own parts: a local shared by all of them (the
    // key path, say) would be retained and released on the common path as well.
    return core.state.withLock { state in
      guard let index = state.storedSlotIndex(object: id, offset: offset, property: property),
        state.slots[index].liveCount > 0
      else { return isTracked ? .tracked(by: property()) : .plain(.unobserved) }
      let needsWillPhase = state.slots[index].willPhaseCount != 0
      // Only a to-many change this thread makes to this very property needs the general path;
      // one that another thread makes says nothing about this assignment.
      let isToMany =
        core.hasToManyChangeInFlight
        && ToManyChange.current(for: self, object: object, property: state.slots[index].path)
          != nil
      guard isTracked || needsWillPhase || isToMany else {
        // A plain assignment whose slot just learned its offset (the first one after the
        // slot was made), or one that found every walk flag taken, which holds a snapshot.
        guard let walk = core.claimWalk() else {
          return generalAssignment(
            state, slot: index, object: object, needsWillPhase: false, isTracked: false,
            property: property)
        }
        return .plain(_PlainAssignment(walking: state.slots[index].entries, flag: walk))
      }
      return generalAssignment(
        state, slot: index, object: object, needsWillPhase: needsWillPhase,
        isTracked: isTracked, property: property)
    }
  }

  /// The general case of ``_beginAssignment(object:offset:notifiesObservers:property:)``, for
  /// the observers of slot `index`: a snapshot of them that the setter holds; call with the
  /// lock held.
  private func generalAssignment(
    _ state: borrowing RegistryCore.State,
    slot index: Int,
    object: AnyObject,
    needsWillPhase: Bool,
    isTracked: Bool,
    property: () -> AnyKeyPath
  ) -> _Assignment {
    // The fields one by one: copying the whole slot would retain and release its key path,
    // entries and pin.
    .general(
      _ChangeSnapshot(
        entries: state.slots[index].entries,
        needsWillPhase: needsWillPhase,
        toMany: ToManyChange.current(for: self, object: object, property: state.slots[index].path),
        observationKeyPath: isTracked ? property() : nil))
  }

  /// Ends the delivery of a plain assignment (``_PlainAssignment``), which walked its
  /// entries without holding them.
  @inlinable @inline(__always)
  func _endWalk(_ walk: UInt32) {
    core.endWalk(Int(walk))
  }

  /// The observers of a manual notification of `keyPath` on `object`: the stored property's
  /// (if the key path is one) followed by those filed under the key path itself.
  func snapshot(
    of object: AnyObject,
    stored property: AnyKeyPath?,
    manual keyPath: AnyKeyPath
  ) -> _ChangeSnapshot {
    let id = ObjectIdentifier(object)
    return core.state.withLock { state in
      var entries = ObserverEntries()
      var willPhaseCount = 0
      var keys = [SlotKey.manual(object: id, keyPath: keyPath)]
      if let property { keys.insert(.stored(object: id, property: property), at: 0) }
      for key in keys {
        guard let index = state.slotIndex(for: key) else { continue }
        entries.append(contentsOf: state.slots[index].entries)
        willPhaseCount += state.slots[index].willPhaseCount
      }
      return _ChangeSnapshot(entries: entries, needsWillPhase: willPhaseCount != 0, toMany: nil)
    }
  }

  /// Checks every field of the registry's state against the others; traps with a message if
  /// one is off.
  ///
  /// Compiled into debug builds only (a release build does nothing): tests call it after each
  /// step of a random sequence. Call it while no other thread is registering or invalidating.
  public func _checkInvariants() {
    core.checkInvariants()
  }
}

/// Keeps the object a slot names from being freed while the slot exists.
///
/// Slots find their object by identity (its address). A registry shared by several objects may
/// outlive one of them; an `unowned` reference keeps the dead object's memory allocated (not its
/// contents alive), so no new object can take its address and be mistaken for it. The pin is
/// released when the registry goes or the slot is reused.
struct SlotPin {
  unowned(safe) let object: AnyObject
}
