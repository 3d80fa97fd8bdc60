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
  /// What an assignment has to do besides storing the value.
  ///
  /// Every setter reads it without the lock: the number of observers filed under stored
  /// properties, plus ``trackedFlag`` once Observation has tracked a property of this registry.
  /// Zero: nothing but the store.
  @usableFromInline
  let assignmentWork = Atomic<Int>(0)

  /// The bit of ``assignmentWork`` that says Observation tracks this registry's properties; the
  /// bits below it count observers.
  @usableFromInline
  static var trackedFlag: Int { 1 << 48 }

  /// The number of observers filed under any slot.
  private let observerCount = Atomic<Int>(0)

  /// Everything else, behind one lock.
  private let state = LockedState(State())

  /// The registrar through which Observation (`withObservationTracking`, `Observations`)
  /// tracks this registry's `@Observed` properties.
  @usableFromInline
  let registrar = ObservationRegistrar()

  /// Creates an empty registry.
  public init() {}

  deinit {
    // The object is gone: tell the active observations rooted here (an `AsyncSequence` of
    // values ends), outside the lock, as everywhere.
    let (boxes, handlers) = state.withLock { ($0.slots.flatMap(\.entries), $0.terminationHandlers) }
    guard !handlers.isEmpty else { return }
    var told = Set<ObjectIdentifier>()
    for case let box? in boxes where box.isActive {
      let id = ObjectIdentifier(box)
      if let handler = handlers[id], told.insert(id).inserted { handler() }
    }
  }

  /// Whether an assignment of a stored property must do more than store.
  ///
  /// Observers are filed under stored properties, or Observation tracks them: the setter's
  /// fast-path test.
  @inlinable
  var hasAssignmentWork: Bool {
    assignmentWork.load(ordering: .relaxed) != 0
  }

  /// Whether any observer is filed under a stored property.
  var hasStoredObservers: Bool {
    assignmentWork.load(ordering: .relaxed) & (Self.trackedFlag - 1) != 0
  }

  /// Whether Observation has tracked a property of this registry.
  ///
  /// Assignments then tell the registrar. Once set, it stays set: Observation does not say when
  /// its trackings end.
  @inlinable
  var isTrackedByObservation: Bool {
    assignmentWork.load(ordering: .relaxed) & Self.trackedFlag != 0
  }

  /// Records that Observation tracks a property of this registry.
  @usableFromInline
  func markTrackedByObservation() {
    guard !isTrackedByObservation else { return }
    assignmentWork.bitwiseOr(Self.trackedFlag, ordering: .relaxed)
  }

  /// Whether any observer is filed here at all.
  var hasObservers: Bool {
    observerCount.load(ordering: .relaxed) != 0
  }

  /// The number of observations filed in this registry.
  ///
  /// An observation of a single stored property counts once. An observation of a key path
  /// counts once in every registry it is filed in: once for each `@Observed` property its
  /// evaluation reads (in the registries of the objects that own them) and once in its root's
  /// registry for manual notification. When several objects share this registry, their
  /// observations all count here.
  public var count: Int {
    observerCount.load(ordering: .relaxed)
  }
}

extension ObservationRegistry {
  /// Registers what to call if this object dies while `box` is active.
  func setTerminationHandler(_ handler: @escaping @Sendable () -> Void, for box: ObserverBox) {
    state.withLock { $0.terminationHandlers[ObjectIdentifier(box)] = handler }
  }

  /// Forgets the termination handler of an invalidated box.
  func removeTerminationHandler(for box: ObserverBox) {
    state.withLock { $0.forgetTerminationHandler(of: box) }
  }

  /// Files a key-path observer under the slot `key` names, pinned to `owner`.
  func add(_ box: ObserverBox, to key: SlotKey, owner: AnyObject) {
    state.withLock { state in
      let index = state.claimSlot(key, owner: owner)
      state.slots[index].append(box)
    }
    didAdd(isStored: key.isStored)
  }

  /// Files a direct observer (one stored property of its root, handed values by the setter)
  /// under the slot `key` names, pinned to `owner`; it records where, so that removing it takes
  /// constant time.
  func add(direct box: ValueObserverBase, to key: SlotKey, owner: AnyObject) {
    box.registry = self
    state.withLock { state in
      let index = state.claimSlot(key, owner: owner)
      box.slotIndex = index
      box.entryIndex = state.slots[index].entries.count
      state.slots[index].append(box)
    }
    didAdd(isStored: key.isStored)
  }

  /// Removes an observer from the slot `key` names; does nothing if it is not filed there.
  func remove(_ box: ObserverBox, from key: SlotKey) {
    let removed = state.withLock { state in
      guard let index = state.slotIndex(for: key) else { return false }
      return state.removeEntry(box, fromSlot: index)
    }
    // A key-path observer keeps its termination handler while it is filed elsewhere: it is
    // forgotten when the observer is invalidated.
    if removed { didRemove(isStored: key.isStored) }
  }

  /// Removes a direct observer in constant time (amortized), at the position it recorded.
  func remove(_ box: ValueObserverBase) {
    let removed = state.withLock { state in
      guard state.removeEntry(box, fromSlot: box.slotIndex, at: box.entryIndex) else {
        return false
      }
      state.forgetTerminationHandler(of: box)
      return true
    }
    if removed { didRemove(isStored: true) }
  }

  private func didAdd(isStored: Bool) {
    if isStored { assignmentWork.add(1, ordering: .relaxed) }
    observerCount.add(1, ordering: .relaxed)
  }

  private func didRemove(isStored: Bool) {
    if isStored { assignmentWork.subtract(1, ordering: .relaxed) }
    observerCount.subtract(1, ordering: .relaxed)
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
    let isTracked = isTrackedByObservation
    guard notifiesObservers, hasStoredObservers else {
      return isTracked ? .tracked(property()) : .unobserved
    }
    let id = ObjectIdentifier(object)
    // Each return builds its result from its own parts: a local shared by all of them (the
    // key path, say) would be retained and released on the common path as well.
    return state.withLock { state in
      guard let index = state.storedSlotIndex(object: id, offset: offset, property: property),
        state.slots[index].liveCount > 0
      else { return isTracked ? .tracked(property()) : .unobserved }
      let needsWillPhase = state.slots[index].willPhaseCount != 0
      guard isTracked || needsWillPhase || ToManyChange.isAnyInFlight else {
        return .plain(state.slots[index].entries)
      }
      // The fields one by one: copying the whole slot would retain and release its key path,
      // entries and pin.
      return .general(
        _ChangeSnapshot(
          entries: state.slots[index].entries,
          needsWillPhase: needsWillPhase,
          toMany: ToManyChange.current(
            for: self, object: object, property: state.slots[index].path),
          observationKeyPath: isTracked ? property() : nil))
    }
  }

  /// The observers of a manual notification of `keyPath` on `object`: the stored property's
  /// (if the key path is one) followed by those filed under the key path itself.
  func snapshot(
    of object: AnyObject,
    stored property: AnyKeyPath?,
    manual keyPath: AnyKeyPath
  ) -> _ChangeSnapshot {
    let id = ObjectIdentifier(object)
    return state.withLock { state in
      var entries = ContiguousArray<ObserverBox?>()
      var willPhaseCount = 0
      var keys = [SlotKey.manual(object: id, keyPath: keyPath)]
      if let property { keys.insert(.stored(object: id, property: property), at: 0) }
      for key in keys {
        guard let index = state.slotIndex(for: key) else { continue }
        entries += state.slots[index].entries
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
    #if DEBUG
      let work = assignmentWork.load(ordering: .relaxed)
      let all = observerCount.load(ordering: .relaxed)
      state.withLock { state in
        state.checkInvariants(storedCount: work & (Self.trackedFlag - 1), allCount: all)
      }
    #endif
  }
}

extension ObservationRegistry {
  /// A registry's bookkeeping: its slots and what to call if its object dies.
  ///
  /// Reached only through the registry's lock; every method expects it held.
  struct State {
    /// The slots, stored and manual, in the order they were created; an empty one is reused.
    var slots: [Slot] = []
    /// How many stored slots have not learned their property's offset yet.
    var slotsWithoutOffset = 0
    /// What to call if this object dies while an observation rooted here is active (an
    /// `AsyncSequence` of values then finishes); few observations have one, so it lives here.
    var terminationHandlers: [ObjectIdentifier: @Sendable () -> Void] = [:]

    /// The slot for `key`, found or created (reusing an empty one), pinned to `owner`.
    mutating func claimSlot(_ key: SlotKey, owner: AnyObject) -> Int {
      if let index = slotIndex(for: key) { return index }
      let slot = Slot(key: key, owner: owner)
      if key.isStored { slotsWithoutOffset += 1 }
      guard let empty = slots.firstIndex(where: { $0.liveCount == 0 }) else {
        slots.append(slot)
        return slots.count - 1
      }
      if slots[empty].isStored, slots[empty].offset < 0 { slotsWithoutOffset -= 1 }
      slots[empty] = slot
      return empty
    }

    /// The slot for `key` by its key path: identity first, then equality.
    func slotIndex(for key: SlotKey) -> Int? {
      slots.firstIndex { $0.matches(key) }
    }

    /// The stored slot of the property at `offset` in the object `object` names.
    ///
    /// Slots that have learned their offset are compared by two integers. Only while some slot
    /// has not is the property's key path made and compared, and the slot it matches learns
    /// the offset. An (object, offset) pair names one property: objects are told apart by
    /// identity, which a slot's pin keeps from passing to another object, and two stored
    /// properties of one object never share an offset. Manual slots never learn an offset.
    mutating func storedSlotIndex(
      object: ObjectIdentifier,
      offset: Int,
      property: () -> AnyKeyPath
    ) -> Int? {
      // Two integers per slot, read in place (no slot is copied).
      for index in slots.indices
      where slots[index].offset == offset && slots[index].object == object {
        return index
      }
      guard slotsWithoutOffset > 0 else { return nil }
      let key = SlotKey.stored(object: object, property: property())
      guard let index = slots.firstIndex(where: { $0.offset < 0 && $0.matches(key) }) else {
        return nil
      }
      slots[index].learn(offset: offset, path: key.path)
      slotsWithoutOffset -= 1
      return index
    }

    /// Removes `box` from slot `index`, at `position` when the caller knows it; returns whether
    /// it was there.
    ///
    /// The identity check makes a stale position harmless: a slot that was reused no longer
    /// holds the box there.
    mutating func removeEntry(
      _ box: ObserverBox,
      fromSlot index: Int,
      at position: Int? = nil
    ) -> Bool {
      guard index < slots.count else { return false }
      let entries = slots[index].entries
      let found: Int?
      if let position {
        found = position < entries.count && entries[position] === box ? position : nil
      } else {
        found = entries.firstIndex { $0 === box }
      }
      guard let found else { return false }
      slots[index].removeEntry(at: found)
      return true
    }

    mutating func forgetTerminationHandler(of box: ObserverBox) {
      if !terminationHandlers.isEmpty { terminationHandlers[ObjectIdentifier(box)] = nil }
    }

    /// Checks every field against the others and against the registry's counters.
    func checkInvariants(storedCount: Int, allCount: Int) {
      var stored = 0
      var all = 0
      var withoutOffset = 0
      for (index, slot) in slots.enumerated() {
        slot.checkInvariants(slotIndex: index)
        all += slot.liveCount
        if slot.isStored { stored += slot.liveCount }
        if slot.isStored, slot.offset < 0 { withoutOffset += 1 }
        for other in slots[..<index] where other.liveCount > 0 && slot.liveCount > 0 {
          precondition(
            !other.matches(slot.key), "two live slots file observers under \(slot.path)")
        }
      }
      precondition(
        slotsWithoutOffset == withoutOffset,
        "\(slotsWithoutOffset) stored slots counted without an offset, \(withoutOffset) found")
      precondition(
        storedCount == stored, "\(storedCount) stored observers counted, \(stored) filed")
      precondition(allCount == all, "\(allCount) observers counted, \(all) filed")
      let filed = Set(slots.flatMap(\.entries).compactMap { $0.map(ObjectIdentifier.init) })
      for box in terminationHandlers.keys {
        precondition(filed.contains(box), "a termination handler outlives its observer")
      }
    }
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
