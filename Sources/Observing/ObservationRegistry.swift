import Synchronization

/// The observers of one observable object.
///
/// A class becomes observable by adopting ``Observable`` and storing one registry; the
/// `@Observed` properties and `observe(_:options:changeHandler:)` do the rest:
///
/// ```swift
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
public final class ObservationRegistry: @unchecked Sendable {
  /// The number of observers filed under stored properties, read without the lock by setters:
  /// zero means a setter can skip notification entirely.
  @usableFromInline
  let storedObserverCount = Atomic<Int>(0)

  /// The number of observers filed under any slot.
  private let observerCount = Atomic<Int>(0)

  private let lock = Lock()
  // Every access to the state below happens with `lock` held, which already excludes any
  // overlapping access; `@exclusivity(unchecked)` drops the run-time check that would repeat it
  // on every change.
  @exclusivity(unchecked)
  private var storedSlots: [Slot] = []
  @exclusivity(unchecked)
  private var manualSlots: [Slot] = []
  /// The objects the slots name, one per slot (see `SlotPin`).
  @exclusivity(unchecked)
  private var storedPins: [SlotPin] = []
  @exclusivity(unchecked)
  private var manualPins: [SlotPin] = []
  /// How many stored slots have not learned their property's offset yet.
  @exclusivity(unchecked)
  private var slotsWithoutOffset = 0
  /// What to call if this object dies while an observation rooted here is active (an
  /// `AsyncSequence` of values then finishes); few observations have one, so it lives here.
  @exclusivity(unchecked)
  private var terminationHandlers: [ObjectIdentifier: @Sendable () -> Void] = [:]

  /// Creates an empty registry.
  public init() {}

  deinit {
    // The object is gone: tell the active observations rooted here (an `AsyncSequence` of
    // values ends), outside the lock, as everywhere.
    let (boxes, handlers) = lock.withLock {
      ((storedSlots + manualSlots).flatMap(\.entries), terminationHandlers)
    }
    guard !handlers.isEmpty else { return }
    var told = Set<ObjectIdentifier>()
    for case let box? in boxes where box.isActive {
      let id = ObjectIdentifier(box)
      if let handler = handlers[id], told.insert(id).inserted { handler() }
    }
  }

  /// Whether any observer is filed under a stored property; the setter's fast-path test.
  @inlinable
  var hasStoredObservers: Bool {
    storedObserverCount.load(ordering: .relaxed) != 0
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
    lock.withLock { terminationHandlers[ObjectIdentifier(box)] = handler }
  }

  /// Forgets the termination handler of an invalidated box.
  func removeTerminationHandler(for box: ObserverBox) {
    lock.withLock {
      if !terminationHandlers.isEmpty {
        terminationHandlers[ObjectIdentifier(box)] = nil
      }
    }
  }

  /// Files a direct observer under a stored property of `object`.
  ///
  /// - Parameters:
  ///   - box: The observer; its value type is the property's.
  ///   - object: The object whose property it observes.
  ///   - property: The property's own key path (rooted at its declaring class).
  func add(_ box: ValueObserverBase, object: AnyObject, property: AnyKeyPath) {
    box.registry = self
    let key = SlotKey.stored(object: ObjectIdentifier(object), property: property)
    lock.withLock {
      let index = claimSlot(key, owner: object)
      box.slotIndex = index
      box.entryIndex = storedSlots[index].entries.count
      storedSlots[index].append(box)
    }
    storedObserverCount.add(1, ordering: .relaxed)
    observerCount.add(1, ordering: .relaxed)
  }

  /// Removes a direct observer in constant time (amortized), using the position it keeps.
  func remove(_ box: ValueObserverBase) {
    let removed = lock.withLock { () -> Bool in
      let index = box.slotIndex
      guard index < storedSlots.count else { return false }
      let entryIndex = box.entryIndex
      // The identity check makes a stale position harmless: a slot that was reused no longer
      // holds the box there.
      guard entryIndex < storedSlots[index].entries.count,
        storedSlots[index].entries[entryIndex] === box
      else { return false }
      storedSlots[index].removeEntry(at: entryIndex)
      if !terminationHandlers.isEmpty {
        terminationHandlers[ObjectIdentifier(box)] = nil
      }
      return true
    }
    if removed {
      storedObserverCount.subtract(1, ordering: .relaxed)
      observerCount.subtract(1, ordering: .relaxed)
    }
  }

  /// Files a key-path observer under a slot of `owner`.
  func add(_ box: ObserverBox, to key: SlotKey, owner: AnyObject) {
    lock.withLock {
      let index = claimSlot(key, owner: owner)
      if key.isStored {
        storedSlots[index].append(box)
      } else {
        manualSlots[index].append(box)
      }
    }
    if key.isStored { storedObserverCount.add(1, ordering: .relaxed) }
    observerCount.add(1, ordering: .relaxed)
  }

  /// Removes a key-path observer from a slot (a linear search: key-path observers are few).
  func remove(_ box: ObserverBox, from key: SlotKey) {
    let removed = lock.withLock { () -> Bool in
      guard let index = slotIndex(for: key) else { return false }
      let remove = { (slot: inout Slot) -> Bool in
        guard let position = slot.entries.firstIndex(where: { $0 === box }) else { return false }
        slot.removeEntry(at: position)
        return true
      }
      return key.isStored ? remove(&storedSlots[index]) : remove(&manualSlots[index])
    }
    if removed {
      if key.isStored { storedObserverCount.subtract(1, ordering: .relaxed) }
      observerCount.subtract(1, ordering: .relaxed)
    }
  }

  /// The observers of a stored property of `object` at the moment of a change, or `nil` when it
  /// has none.
  ///
  /// - Parameters:
  ///   - object: The object being changed.
  ///   - offset: Where the property's storage sits in `object`, as its setter found it.
  ///   - property: Makes the property's own key path; called only while some slot has not
  ///     learned its offset yet, so that an assignment does not create the key path object.
  @usableFromInline
  func _beginChange(
    object: AnyObject,
    offset: Int,
    property: () -> AnyKeyPath
  ) -> _ChangeSnapshot? {
    let id = ObjectIdentifier(object)
    return lock.withLock { () -> _ChangeSnapshot? in
      guard let index = storedSlotIndex(object: id, offset: offset, property: property),
        storedSlots[index].liveCount > 0
      else { return nil }
      let toMany =
        ToManyChange.isAnyInFlight
        ? ToManyChange.current(for: self, object: object, property: storedSlots[index].path)
        : nil
      return _ChangeSnapshot(
        entries: storedSlots[index].entries,
        needsWillPhase: storedSlots[index].willPhaseCount != 0,
        toMany: toMany)
    }
  }

  /// The observers of a manual notification of `keyPath` on `object`: the stored property's
  /// (if the key path is one) followed by those filed under the key path itself.
  func snapshot(
    of object: AnyObject,
    stored property: AnyKeyPath?,
    manual keyPath: AnyKeyPath
  ) -> ContiguousArray<ObserverBox?> {
    let id = ObjectIdentifier(object)
    return lock.withLock {
      var entries = ContiguousArray<ObserverBox?>()
      if let property, let index = slotIndex(for: .stored(object: id, property: property)) {
        entries += storedSlots[index].entries
      }
      if let index = slotIndex(for: .manual(object: id, keyPath: keyPath)) {
        entries += manualSlots[index].entries
      }
      return entries
    }
  }

  /// Checks the registry's bookkeeping against its slots; traps with a message if it is off.
  ///
  /// Compiled into debug builds only (a release build does nothing): tests call it after each
  /// step of a random sequence. Call it while no other thread is registering or invalidating.
  public func _checkInvariants() {
    #if DEBUG
      lock.withLock {
        var stored = 0
        for (index, slot) in storedSlots.enumerated() {
          slot.checkInvariants(slotIndex: index)
          stored += slot.liveCount
        }
        var manual = 0
        for (index, slot) in manualSlots.enumerated() {
          slot.checkInvariants(slotIndex: index)
          manual += slot.liveCount
        }
        let storedCount = storedObserverCount.load(ordering: .relaxed)
        let allCount = observerCount.load(ordering: .relaxed)
        precondition(
          storedCount == stored, "\(storedCount) stored observers counted, \(stored) filed")
        precondition(
          allCount == stored + manual,
          "\(allCount) observers counted, \(stored + manual) filed")
      }
    #endif
  }

  // MARK: - Slots (call with the lock held)

  /// The slot for `key`, found or created (reusing an empty one), pinned to `owner`.
  private func claimSlot(_ key: SlotKey, owner: AnyObject) -> Int {
    let isStored = key.isStored
    if let index = slotIndex(for: key) { return index }
    let pin = SlotPin(object: owner)
    if isStored {
      if let empty = storedSlots.firstIndex(where: { $0.liveCount == 0 }) {
        if storedSlots[empty].offset < 0 { slotsWithoutOffset -= 1 }
        storedSlots[empty] = Slot(key: key)
        storedPins[empty] = pin
        slotsWithoutOffset += 1
        return empty
      }
      storedSlots.append(Slot(key: key))
      storedPins.append(pin)
      slotsWithoutOffset += 1
      return storedSlots.count - 1
    }
    if let empty = manualSlots.firstIndex(where: { $0.liveCount == 0 }) {
      manualSlots[empty] = Slot(key: key)
      manualPins[empty] = pin
      return empty
    }
    manualSlots.append(Slot(key: key))
    manualPins.append(pin)
    return manualSlots.count - 1
  }

  /// The stored slot of the property at `offset` in the object `object` names.
  ///
  /// Slots that have learned their offset are compared by two integers. Only while some slot
  /// has not is the property's key path made and compared, and the slot it matches learns the
  /// offset. An (object, offset) pair names one property: objects are told apart by identity,
  /// which a slot's pin keeps from passing to another object, and two stored properties of one
  /// object never share an offset.
  private func storedSlotIndex(
    object: ObjectIdentifier,
    offset: Int,
    property: () -> AnyKeyPath
  ) -> Int? {
    for index in storedSlots.indices
    where storedSlots[index].offset == offset && storedSlots[index].object == object {
      return index
    }
    guard slotsWithoutOffset > 0 else { return nil }
    let path = property()
    for index in storedSlots.indices
    where storedSlots[index].offset < 0 && storedSlots[index].matches(object: object, path: path) {
      storedSlots[index].learn(offset: offset, path: path)
      slotsWithoutOffset -= 1
      return index
    }
    return nil
  }

  /// The slot for `key` by its key path: identity first, then equality.
  private func slotIndex(for key: SlotKey) -> Int? {
    let object = key.object
    let path = key.path
    if key.isStored {
      return storedSlots.firstIndex { $0.matches(object: object, path: path) }
    }
    return manualSlots.firstIndex { $0.matches(object: object, path: path) }
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
