import Synchronization

/// The part of an ``ObservationRegistry`` that observers refer to: its counters, and its one
/// ``State`` behind one lock.
///
/// The registry is owned by its object alone, so its deinitialization is the object's death.
/// Tokens and key-path observers keep the core instead, strongly (a retain, where a weak
/// reference to the registry would cost a side table entry at every registration), and the core
/// files the observers. When the registry goes, it closes the core: every observation filed there
/// ends at once, its handler is released, and the core refuses new observers.
@usableFromInline
final class RegistryCore: @unchecked Sendable {
  /// What an assignment has to do besides storing the value.
  ///
  /// Every setter reads it without the lock: the number of observers filed under stored
  /// properties, plus ``trackedFlag`` once Observation has tracked a property of this registry.
  /// Zero: nothing but the store. Changed only with the lock held.
  @usableFromInline
  let assignmentWork = Atomic<Int>(0)

  /// The bit of ``assignmentWork`` that says Observation tracks this registry's properties; the
  /// bits below it count observers.
  @usableFromInline
  static var trackedFlag: Int { 1 << 48 }

  /// The number of observers filed under any slot; changed only with the lock held.
  let observerCount = Atomic<Int>(0)

  /// One flag per delivery that walks a slot's entries without holding them
  /// (``_PlainAssignment``): 1 from when the delivery takes the entries, under the
  /// lock, until it has made its last read of them, when it stores 0 (releasing) without the
  /// lock.
  ///
  /// While any flag is set, the entries of the slots are never changed in place nor released:
  /// a change first moves the slot's entries to ``State/retiredEntries``, so that the slot
  /// changes a copy (see ``State/retireEntries(ofSlot:walked:)``). This is what lets an
  /// assignment deliver without retaining and releasing anything, and end its delivery with a
  /// plain store. Four flags cover nested deliveries and threads assigning this registry's
  /// properties at the same moment; an assignment that finds none free holds its entries
  /// instead.
  @usableFromInline
  let walks: InlineArray<4, Atomic<UInt8>> = InlineArray { _ in Atomic(0) }

  /// How many to-many changes of this registry's properties are under way, on any thread
  /// (``ToManyChange/perform(in:_:)``).
  ///
  /// An assignment that sees none skips the thread's own record of the changes it makes; one
  /// that another thread makes says nothing about this thread's assignments. A thread always
  /// sees its own increments, so relaxed loads and changes suffice.
  @usableFromInline
  let toManyChangesInFlight = Atomic<Int>(0)

  /// Whether a to-many change of this registry's properties is under way on some thread.
  @inlinable
  var hasToManyChangeInFlight: Bool { toManyChangesInFlight.load(ordering: .relaxed) != 0 }

  /// Whether ``State/retiredEntries`` holds anything, for a delivery that ends to see without
  /// the lock; changed only with the lock held.
  @usableFromInline
  let hasRetiredEntries = Atomic<Bool>(false)

  /// Everything else, behind one lock.
  @usableFromInline let state = LockedState(State())

  init() {}

  /// Whether any observer is filed under a stored property.
  var hasStoredObservers: Bool {
    assignmentWork.load(ordering: .relaxed) & (Self.trackedFlag - 1) != 0
  }

  /// Whether Observation has tracked a property of this registry.
  @inlinable
  var isTrackedByObservation: Bool {
    assignmentWork.load(ordering: .relaxed) & Self.trackedFlag != 0
  }

  /// Registers what to call if this object dies while `box` is active.
  func setTerminationHandler(_ handler: @escaping @Sendable () -> Void, for box: ObserverBox) {
    state.withLock { state in
      guard !state.isClosed else { return }
      state.terminationHandlers[ObjectIdentifier(box)] = handler
    }
  }

  /// Forgets the termination handler of an invalidated box.
  func removeTerminationHandler(for box: ObserverBox) {
    state.withLock { $0.forgetTerminationHandler(of: box) }
  }

  /// Files a key-path observer under the slot `key` names, pinned to `owner`; does nothing once
  /// the registry is gone.
  func add(_ box: ObserverBox, to key: SlotKey, owner: AnyObject) {
    withEntriesLocked { state, walked in
      guard !state.isClosed else { return }
      let index = state.claimSlot(key, owner: owner, walked: walked)
      state.append(box, toSlot: index, walked: walked)
      didAdd(isStored: key.isStored)
    }
  }

  /// Files a direct observer under the slot `key` names, pinned to `owner`.
  ///
  /// A direct observer watches one stored property of its root and is handed values by the
  /// setter; it records where it is filed, so that removing it takes constant time. Once the
  /// registry is gone the observer is ended instead.
  ///
  /// - Parameters:
  ///   - box: The observer.
  ///   - key: The stored slot's key.
  ///   - owner: The object the key names, which the slot pins.
  ///   - alias: The key path the caller registered with, which names the same property (see
  ///     `Slot.alias`).
  /// - Returns: Whether the observer was filed; its slot then owns it, and only
  ///   ``remove(direct:)`` (from its token) or the registry's closing take it out.
  func add(
    direct box: ValueObserverBase, to key: SlotKey, owner: AnyObject, alias: AnyKeyPath
  ) -> Bool {
    let isFiled = withEntriesLocked { state, walked in
      guard !state.isClosed else { return false }
      let index = state.claimSlot(key, owner: owner, walked: walked)
      state.slots[index].remember(alias: alias)
      // The slot's entry takes a reference of its own; the caller keeps its one.
      file(.passRetained(box), inSlot: index, of: &state, walked: walked)
      return true
    }
    if !isFiled { _ = box.registryDidClose(self) }
    return isFiled
  }

  /// Files the direct observer `box` under the stored slot of `object` that an earlier
  /// registration with the same key path instance named (see `Slot.alias`), if there is one.
  ///
  /// - Parameter box: The observer, with a reference the caller hands over: when the observer
  ///   is filed, its slot's entry holds that reference, so filing costs neither a retain nor a
  ///   release.
  /// - Returns: Whether the observer was filed; when it was not (no such slot, or the registry
  ///   is gone), nothing changed, the reference is still the caller's, and the caller files the
  ///   observer by its property.
  func add(
    direct box: Unmanaged<ValueObserverBase>,
    toSlotAliased keyPath: AnyKeyPath,
    of object: AnyObject
  ) -> Bool {
    let id = ObjectIdentifier(object)
    return withEntriesLocked { state, walked in
      guard !state.isClosed, let index = state.storedSlotIndex(object: id, alias: keyPath) else {
        return false
      }
      file(box, inSlot: index, of: &state, walked: walked)
      return true
    }
  }

  /// Counts in the token about to be made for a direct observer just filed; call with the lock
  /// held.
  ///
  /// The tokens of direct observers keep the core alive together: it retains itself when the
  /// first is counted in and releases itself when the last is counted out. A token that
  /// retained the core cost each registration an atomic operation.
  @inline(__always)
  private func countInDirectToken(_ state: inout State) {
    state.directTokens &+= 1
    if state.directTokens == 1 { _ = Unmanaged.passUnretained(self).retain() }
  }

  /// Files a direct observer in slot `index`, recording where, and counts its token in; call
  /// with the lock held.
  ///
  /// - Parameter box: The observer, with a reference the caller hands over to the slot's entry.
  @inline(__always)
  private func file(
    _ box: Unmanaged<ValueObserverBase>, inSlot index: Int, of state: inout State, walked: Bool
  ) {
    let entryIndex = state.slots[index].entries.count
    box._withUnsafeGuaranteedRef { $0.record(slotIndex: index, entryIndex: entryIndex) }
    state.retireEntries(ofSlot: index, walked: walked)
    state.slots[index].append(handingOver: Unmanaged.fromOpaque(box.toOpaque()))
    didAdd(isStored: true)
    countInDirectToken(&state)
  }

  /// Removes an observer from the slot `key` names; does nothing if it is not filed there.
  func remove(_ box: ObserverBox, from key: SlotKey) {
    withEntriesLocked { state, walked in
      guard let index = state.slotIndex(for: key),
        state.removeEntry(box, fromSlot: index, walked: walked)
      else { return }
      // A key-path observer keeps its termination handler while it is filed elsewhere: it is
      // forgotten when the observer is invalidated.
      didRemove(isStored: key.isStored)
    }
  }

  /// Ends and removes the direct observer at `pointer`, which its token names, in constant time
  /// (amortized), at the position it recorded; does nothing once the registry is gone.
  ///
  /// The token calls it once (its atomic state makes sure), and nothing else removes a direct
  /// observer from an open registry, so while the registry is open the observer is still filed.
  /// The token is counted out (see ``State/directTokens``), open registry or not: it does not
  /// use the core again.
  func remove(direct pointer: UnsafeMutableRawPointer) {
    let (removed, wasLastToken) = withEntriesLocked { state, walked in
      state.directTokens -= 1
      let wasLastToken = state.directTokens == 0
      guard !state.isClosed else { return (nil as ValueObserverBase?, wasLastToken) }
      // Sound: the observer is filed (see above), so its slot holds it and it is alive; the
      // strong reference made here keeps it alive until after the lock is released.
      let box = Unmanaged<ValueObserverBase>.fromOpaque(pointer).takeUnretainedValue()
      _ = box.deactivate()
      guard state.removeDirect(box, walked: walked) else {
        preconditionFailure("a direct observer of an open registry is not filed")
      }
      state.forgetTerminationHandler(of: box)
      didRemove(isStored: true)
      return (box, wasLastToken)
    }
    // Released here, outside the lock: the observer's handler may hold the last reference to
    // anything, whose deinitialization may use this registry.
    withExtendedLifetime(removed) {}
    // Last: this may be the core's last reference.
    if wasLastToken { Unmanaged.passUnretained(self).release() }
  }

  /// Whether the registry is still there (not closed).
  var isOpen: Bool {
    state.withLock { !$0.isClosed }
  }

  /// Counts an observer in; call with the lock held.
  ///
  /// Every change of the counters is made with the lock held, so a load and a store make it:
  /// no read-modify-write, whose locked instruction costs as much as the lock itself.
  private func didAdd(isStored: Bool) {
    if isStored { Self.increase(assignmentWork, by: 1) }
    Self.increase(observerCount, by: 1)
  }

  /// Counts an observer out; call with the lock held (see ``didAdd(isStored:)``).
  private func didRemove(isStored: Bool) {
    if isStored { Self.increase(assignmentWork, by: -1) }
    Self.increase(observerCount, by: -1)
  }

  /// Adds `delta` to a counter that only the lock's holder changes.
  private static func increase(_ counter: borrowing Atomic<Int>, by delta: Int) {
    // Wrapping: a count of observers, each an object in memory, cannot reach `Int.max`.
    counter.store(counter.load(ordering: .relaxed) &+ delta, ordering: .relaxed)
  }

  /// Sets ``trackedFlag`` in ``assignmentWork``, with the lock held as for every change of it.
  func markTracked() {
    state.withLock { _ in
      let work = assignmentWork.load(ordering: .relaxed)
      assignmentWork.store(work | Self.trackedFlag, ordering: .relaxed)
    }
  }

  /// Ends every observation filed here: the registry, and so its object, is gone.
  ///
  /// Nothing can notify these observers again, so each one that is rooted here ends now: it
  /// goes inactive, drops its handler (and what the handler captures), leaves the other
  /// registries it is filed in, and an `AsyncSequence` of its values finishes. A key-path
  /// observer rooted at another, living object only loses its subscription here. The core keeps
  /// no observer and refuses new ones, so nothing it holds can keep it alive in a cycle.
  func close() {
    let (slots, handlers) = withEntriesLocked { state, walked in
      state.isClosed = true
      for index in state.slots.indices { state.retireEntries(ofSlot: index, walked: walked) }
      // Moved out whole: the observers are told below from the slots' own entries, where
      // gathering them into one array retained each of them once more.
      let slots = state.slots
      state.slots = SlotList()
      var handlers: [ObjectIdentifier: @Sendable () -> Void] = [:]
      swap(&handlers, &state.terminationHandlers)
      state.slotsWithoutOffset = 0
      state.unmatchedProperties = []
      let tracked = assignmentWork.load(ordering: .relaxed) & Self.trackedFlag
      assignmentWork.store(tracked, ordering: .relaxed)
      observerCount.store(0, ordering: .relaxed)
      return (slots, handlers)
    }
    // Outside the lock, as every call out of the registry: ending an observation releases its
    // handler, which may release anything, this registry's other observers included. A
    // key-path observer may be filed under several slots and is told once; a direct observer
    // is filed under one, and needs no record.
    var seen = Set<ObjectIdentifier>()
    for slot in slots {
      for case let box? in slot.entries
      where box.isDirect || seen.insert(ObjectIdentifier(box)).inserted {
        if box.registryDidClose(self), let handler = handlers[ObjectIdentifier(box)] { handler() }
      }
    }
  }

  /// Runs `body` with the lock held and whether any delivery walks the slots' entries; then
  /// releases the retired entries if none walks any more.
  ///
  /// Every change to the slots' entries goes through here, so that it retires what deliveries
  /// walk (see ``walks``) and releases what they no longer walk. The retired entries are
  /// released outside the lock: the last reference to a removed observer may be among them,
  /// and its handler's deinitialization may use this registry.
  private func withEntriesLocked<Result>(
    _ body: (inout State, _ walked: Bool) -> Result
  ) -> Result {
    let (result, released) = state.withLock { state in
      let walked = isWalked()
      let result = body(&state, walked)
      return (result, takeRetiredEntries(&state, walked: walked))
    }
    withExtendedLifetime(released) {}
    return result
  }

  /// Takes the retired entries out of `state` when no delivery walks; call with the lock held.
  ///
  /// Returns `nil` when nothing is retired: a change that no delivery overlaps then neither
  /// swaps the array nor releases one.
  private func takeRetiredEntries(
    _ state: inout State,
    walked: Bool
  ) -> [ObserverEntries]? {
    // The flag is already false: it is stored with the lock held, after every change.
    if state.retiredEntries.isEmpty { return nil }
    var taken: [ObserverEntries] = []
    if !walked { swap(&taken, &state.retiredEntries) }
    hasRetiredEntries.store(!state.retiredEntries.isEmpty, ordering: .relaxed)
    return taken
  }

  /// Whether any delivery walks the slots' entries; call with the lock held.
  ///
  /// Acquiring: a flag a delivery cleared makes its reads of the entries happen before
  /// whatever the caller changes next.
  func isWalked() -> Bool {
    for index in walks.indices where walks[index].load(ordering: .acquiring) != 0 {
      return true
    }
    return false
  }

  /// Claims a free walk flag for a delivery about to walk a slot's entries, or returns `nil`
  /// when all are taken; call with the lock held.
  ///
  /// A flag reads 1 until its delivery ends, so an unset one is free; claiming happens only
  /// under the lock, so no two claims race.
  @inlinable @inline(__always)
  func claimWalk() -> Int? {
    for index in walks.indices where walks[index].load(ordering: .relaxed) == 0 {
      walks[index].store(1, ordering: .relaxed)
      return index
    }
    return nil
  }

  /// Begins a plain assignment of the stored property at `offset` in `object`: one with
  /// observers to tell after the store and nothing else (see ``_PlainAssignment``).
  ///
  /// Call it only while Observation does not track the registry. Everything else (a slot that
  /// has not learned its offset, observers told before the store, a to-many change under way,
  /// every walk flag taken) answers ``_PlainAssignment/other``.
  ///
  /// Inlined into every setter, with the lock taken and released by hand and the state read in
  /// place (see ``LockedState``): a closure handed to `withLock` stays a call of its own when
  /// inlined into another module, and retains and releases the slots.
  @inlinable @inline(__always)
  func beginPlainAssignment(object: ObjectIdentifier, offset: Int) -> _PlainAssignment {
    state.lock.lock()
    defer { state.lock.unlock() }
    let state = state.storage
    var found: Int?
    for index in state.pointee.slots.indices
    where state.pointee.slots[index].offset == offset
      && state.pointee.slots[index].object == object
    {
      found = index
      break
    }
    guard let index = found else {
      return state.pointee.slotsWithoutOffset == 0 ? .unobserved : .other
    }
    guard state.pointee.slots[index].liveCount > 0 else { return .unobserved }
    guard state.pointee.slots[index].willPhaseCount == 0, !hasToManyChangeInFlight,
      let walk = claimWalk()
    else { return .other }
    // Flagged as walked until `_endWalk(_:)`: the entries stay as they are, and alive, until
    // then (see `walks`), so the setter walks them without holding them.
    return _PlainAssignment(walking: state.pointee.slots[index].entries, flag: walk)
  }

  /// Ends the delivery that claimed walk flag `walk`, once it has read the entries for the
  /// last time.
  ///
  /// One releasing store, no lock: the registry's next change of the entries sees the flag
  /// cleared and the delivery's reads before it. If entries were retired meanwhile, they are
  /// released now (usually: a change on another thread that retires them just as this store
  /// happens may leave them to the registry's next change or delivery).
  @inlinable @inline(__always)
  func endWalk(_ walk: Int) {
    walks[walk].store(0, ordering: .releasing)
    if _slowPath(hasRetiredEntries.load(ordering: .relaxed)) { releaseRetiredEntries() }
  }

  /// Releases the retired entries if no delivery walks any more.
  @usableFromInline @inline(never)
  func releaseRetiredEntries() {
    let released = state.withLock { state in
      takeRetiredEntries(&state, walked: isWalked())
    }
    withExtendedLifetime(released) {}
  }

  /// Checks every field of the state against the others and against the counters.
  ///
  /// Traps with a message if one is off. Debug builds only.
  func checkInvariants() {
    #if DEBUG
      // Entries left retired by a delivery that ended just as another thread retired them are
      // released first: without deliveries under way, none may stay.
      releaseRetiredEntries()
      state.withLock { state in
        let work = assignmentWork.load(ordering: .relaxed)
        for index in walks.indices {
          let flag = walks[index].load(ordering: .acquiring)
          precondition(flag <= 1, "walk flag \(index) reads \(flag)")
        }
        precondition(
          hasRetiredEntries.load(ordering: .relaxed) == !state.retiredEntries.isEmpty,
          "the retired-entries flag disagrees with \(state.retiredEntries.count) retired entries")
        precondition(
          isWalked() || state.retiredEntries.isEmpty,
          "\(state.retiredEntries.count) retired entries held while no delivery walks")
        state.checkInvariants(
          storedCount: work & (Self.trackedFlag - 1),
          allCount: observerCount.load(ordering: .relaxed))
      }
    #endif
  }
}

extension RegistryCore {
  /// A registry's bookkeeping: its slots and what to call if its object dies.
  ///
  /// Reached only through the core's lock; every method expects it held.
  @usableFromInline
  struct State {
    /// The slots, stored and manual, in the order they were created; an empty one is reused.
    @usableFromInline var slots = SlotList()
    /// How many stored slots have not learned their property's offset yet.
    @usableFromInline var slotsWithoutOffset = 0
    /// Stored properties whose key path matched no slot without an offset when assigned.
    ///
    /// Their next assignments skip that search (which makes the key path) until a new stored
    /// slot is created. A property observed but never assigned keeps its slot without an offset, and
    /// would otherwise send every assignment of the object's other properties down the search.
    /// The last few only: the search is correct, this only spares it.
    var unmatchedProperties: [StoredProperty] = []

    /// How many ``unmatchedProperties`` are kept.
    static var unmatchedPropertiesKept: Int { 8 }

    /// A stored property of an object, by the object's identity and the property's offset.
    struct StoredProperty {
      let object: ObjectIdentifier
      let offset: Int
    }
    /// What to call if this object dies while an observation rooted here is active (an
    /// `AsyncSequence` of values then finishes); few observations have one, so it lives here.
    var terminationHandlers: [ObjectIdentifier: @Sendable () -> Void] = [:]
    /// Whether the registry is gone: the state is then empty for good.
    var isClosed = false
    /// How many tokens of direct observers name the core.
    ///
    /// A token is counted in when its observer is filed, and out when it ends the observation
    /// (``RegistryCore/remove(direct:)``), which may be after the registry is gone. While any is
    /// counted, the core keeps itself alive.
    var directTokens = 0
    /// Entries that slots replaced while deliveries walked them: held until none walks (see
    /// ``RegistryCore/walks``).
    var retiredEntries: [ObserverEntries] = []

    /// Keeps the entries of slot `index` unchanged and alive for the deliveries walking them,
    /// if any walks (`walked`), before the slot changes or drops them.
    ///
    /// The retired array shares the slot's buffer, so the slot's next change copies it (arrays
    /// are copied on write), and the buffer a delivery walks stays as it was until the last
    /// delivery ends.
    @inline(__always)
    mutating func retireEntries(ofSlot index: Int, walked: Bool) {
      guard walked else { return }
      retiredEntries.append(slots[index].entries)
    }

    /// Files `box` in slot `index`, after the slot's other observers.
    mutating func append(_ box: ObserverBox, toSlot index: Int, walked: Bool) {
      retireEntries(ofSlot: index, walked: walked)
      slots[index].append(box)
    }

    /// The slot for `key`, found or created (reusing an empty one), pinned to `owner`.
    mutating func claimSlot(_ key: SlotKey, owner: AnyObject, walked: Bool) -> Int {
      if let index = slotIndex(for: key) { return index }
      let slot = Slot(key: key, owner: owner)
      if key.isStored {
        slotsWithoutOffset += 1
        // The new slot may be one of theirs.
        unmatchedProperties.removeAll()
      }
      guard let empty = slots.firstIndex(where: { $0.liveCount == 0 }) else {
        slots.append(slot)
        return slots.count - 1
      }
      if slots[empty].isStored, !slots[empty].hasOffset { slotsWithoutOffset -= 1 }
      retireEntries(ofSlot: empty, walked: walked)
      slots[empty] = slot
      return empty
    }

    /// The stored slot of `object` whose alias is `keyPath` (by identity), if any.
    @inline(__always)
    func storedSlotIndex(object: ObjectIdentifier, alias keyPath: AnyKeyPath) -> Int? {
      for index in slots.indices
      where slots[index].alias === keyPath && slots[index].object == object
        && slots[index].isStored
      {
        return index
      }
      return nil
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
    @inline(__always)
    mutating func storedSlotIndex(
      object: ObjectIdentifier,
      offset: Int,
      property: () -> AnyKeyPath
    ) -> Int? {
      // Two integers per slot, read in place (no slot is copied). Inlined into the setter's
      // lookup; the rare search by key path is a call of its own.
      for index in slots.indices
      where slots[index].offset == offset && slots[index].object == object {
        return index
      }
      guard slotsWithoutOffset > 0,
        !unmatchedProperties.contains(where: { $0.offset == offset && $0.object == object })
      else { return nil }
      return storedSlotIndexLearningOffset(object: object, offset: offset, property: property)
    }

    /// The stored slot of the property at `offset` found by its key path, among the slots that
    /// have not learned their offset; the slot found learns it.
    @inline(never)
    mutating func storedSlotIndexLearningOffset(
      object: ObjectIdentifier,
      offset: Int,
      property: () -> AnyKeyPath
    ) -> Int? {
      let key = SlotKey.stored(object: object, property: property())
      guard let index = slots.firstIndex(where: { !$0.hasOffset && $0.matches(key) }) else {
        if unmatchedProperties.count == Self.unmatchedPropertiesKept {
          unmatchedProperties.removeFirst()
        }
        unmatchedProperties.append(StoredProperty(object: object, offset: offset))
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
      at position: Int? = nil,
      walked: Bool
    ) -> Bool {
      guard index < slots.count else { return false }
      // Read in place, with no copy of the entries held past the search: a copy alive at the
      // removal would make the slot copy every entry to clear one.
      let found: Int?
      if let position {
        found =
          position < slots[index].entries.count && slots[index].entries[position] === box
          ? position : nil
      } else {
        found = slots[index].entries.firstIndex { $0 === box }
      }
      guard let found else { return false }
      retireEntries(ofSlot: index, walked: walked)
      slots[index].removeEntry(at: found)
      return true
    }

    /// Removes a direct observer, at the position it recorded or else by searching; returns
    /// whether it was filed.
    mutating func removeDirect(_ box: ValueObserverBase, walked: Bool) -> Bool {
      if let slot = box.slotIndex {
        return removeEntry(box, fromSlot: slot, at: box.entryIndex, walked: walked)
      }
      return slots.indices.contains { removeEntry(box, fromSlot: $0, walked: walked) }
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
        if slot.isStored, !slot.hasOffset { withoutOffset += 1 }
        for other in slots[..<index] where other.liveCount > 0 && slot.liveCount > 0 {
          precondition(
            !other.matches(slot.key), "two live slots file observers under \(slot.path)")
        }
      }
      precondition(
        !isClosed || (slots.isEmpty && terminationHandlers.isEmpty),
        "a closed registry still files observers")
      precondition(
        slotsWithoutOffset == withoutOffset,
        "\(slotsWithoutOffset) stored slots counted without an offset, \(withoutOffset) found")
      precondition(
        unmatchedProperties.count <= Self.unmatchedPropertiesKept,
        "\(unmatchedProperties.count) unmatched properties kept")
      for property in unmatchedProperties {
        // A slot of such a property was created after it was found unmatched, which forgets it.
        precondition(
          !slots.contains { $0.object == property.object && $0.offset == property.offset },
          "a property found unmatched at offset \(property.offset) has a slot")
      }
      precondition(
        storedCount == stored, "\(storedCount) stored observers counted, \(stored) filed")
      precondition(allCount == all, "\(allCount) observers counted, \(all) filed")
      let directFiled = slots.reduce(0) { $0 + $1.entries.count { $0 is ValueObserverBase } }
      precondition(
        directTokens >= directFiled,
        "\(directTokens) tokens of direct observers counted, \(directFiled) direct observers filed")
      let filed = Set(slots.flatMap(\.entries).compactMap { $0.map(ObjectIdentifier.init) })
      for box in terminationHandlers.keys {
        precondition(filed.contains(box), "a termination handler outlives its observer")
      }
    }
  }
}
