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
public final class ObservationRegistry: @unchecked Sendable {
  /// The number of observers filed under stored properties, read without the lock by setters:
  /// zero means a setter can skip notification entirely.
  @usableFromInline
  let storedObserverCount = Atomic<Int>(0)

  /// The number of observers filed under any slot.
  private let observerCount = Atomic<Int>(0)

  private let lock = Lock()
  private var storedSlots: [Slot] = []
  private var manualSlots: [Slot] = []
  /// What to call if this object dies while an observation rooted here is active (an
  /// `AsyncSequence` of values then finishes); few observations have one, so it lives here.
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

  /// The number of active observations filed in this registry.
  ///
  /// An observation of a key path through other objects counts in each registry it is filed in.
  public var count: Int {
    observerCount.load(ordering: .relaxed)
  }
}

/// The observers filed under one key.
struct Slot {
  let key: SlotKey
  /// Observers in registration order; `nil` marks a removed one until the next compaction.
  private(set) var entries: ContiguousArray<ObserverBox?> = []
  /// How many entries are `nil`.
  private(set) var holes = 0
  /// How many observers need to run before a change is stored (see `needsWillPhase`).
  private(set) var willPhaseCount = 0

  init(key: SlotKey) {
    self.key = key
  }

  mutating func append(_ box: ObserverBox) {
    entries.append(box)
    if box.needsWillPhase { willPhaseCount += 1 }
  }

  mutating func removeEntry(at position: Int) {
    guard let box = entries[position] else { return }
    if box.needsWillPhase { willPhaseCount -= 1 }
    entries[position] = nil
    holes += 1
    compactIfNeeded()
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

  /// Files a direct observer under its stored property.
  func add<Value>(_ box: ValueObserver<Value>) {
    box.registry = self
    lock.withLock {
      let index = slotIndex(for: .stored(box.offset), creating: true)!
      box.entryIndex = storedSlots[index].entries.count
      storedSlots[index].append(box)
    }
    storedObserverCount.add(1, ordering: .relaxed)
    observerCount.add(1, ordering: .relaxed)
  }

  /// Removes a direct observer in constant time (amortized), using the index it keeps.
  func remove<Value>(_ box: ValueObserver<Value>) {
    let removed = lock.withLock { () -> Bool in
      guard let index = slotIndex(for: .stored(box.offset), creating: false) else { return false }
      let entryIndex = box.entryIndex
      let entries = storedSlots[index].entries
      guard entryIndex < entries.count, entries[entryIndex] === box else { return false }
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

  /// Files a key-path observer under a slot.
  func add(_ box: ObserverBox, to key: SlotKey) {
    lock.withLock {
      let index = slotIndex(for: key, creating: true)!
      mutateSlot(key, index) { $0.append(box) }
    }
    if case .stored = key { storedObserverCount.add(1, ordering: .relaxed) }
    observerCount.add(1, ordering: .relaxed)
  }

  /// Removes a key-path observer from a slot (a linear search: key-path observers are few).
  func remove(_ box: ObserverBox, from key: SlotKey) {
    let removed = lock.withLock { () -> Bool in
      guard let index = slotIndex(for: key, creating: false) else { return false }
      return mutateSlot(key, index) { slot in
        guard let position = slot.entries.firstIndex(where: { $0 === box }) else { return false }
        slot.removeEntry(at: position)
        return true
      }
    }
    if removed {
      if case .stored = key { storedObserverCount.subtract(1, ordering: .relaxed) }
      observerCount.subtract(1, ordering: .relaxed)
    }
  }

  /// The observers of a stored property at the moment of a change, or `nil` when it has none.
  @usableFromInline
  func _beginChange(offset: Int) -> _ChangeSnapshot? {
    let snapshot = lock.withLock { () -> (ContiguousArray<ObserverBox?>, Bool)? in
      guard let index = slotIndex(for: .stored(offset), creating: false) else { return nil }
      let slot = storedSlots[index]
      guard slot.entries.count > slot.holes else { return nil }
      return (slot.entries, slot.willPhaseCount != 0)
    }
    guard let (entries, needsWillPhase) = snapshot else { return nil }
    return _ChangeSnapshot(
      entries: entries,
      needsWillPhase: needsWillPhase,
      toMany: ToManyChange.current(for: self, offset: offset))
  }

  /// The observers of a manual notification: the stored property's (if the key path is one)
  /// followed by those filed under the key path itself.
  func snapshot(stored offset: Int?, manual keyPath: AnyKeyPath) -> ContiguousArray<ObserverBox?> {
    lock.withLock {
      var entries = ContiguousArray<ObserverBox?>()
      if let offset, let index = slotIndex(for: .stored(offset), creating: false) {
        entries += storedSlots[index].entries
      }
      if let index = slotIndex(for: .manual(keyPath), creating: false) {
        entries += manualSlots[index].entries
      }
      return entries
    }
  }

  // MARK: - Slots (call with the lock held)

  private func slotIndex(for key: SlotKey, creating: Bool) -> Int? {
    switch key {
    case .stored(let offset):
      for index in storedSlots.indices {
        if case .stored(offset) = storedSlots[index].key { return index }
      }
      guard creating else { return nil }
      storedSlots.append(Slot(key: key))
      return storedSlots.count - 1
    case .manual:
      if let index = manualSlots.firstIndex(where: { $0.key == key }) { return index }
      guard creating else { return nil }
      manualSlots.append(Slot(key: key))
      return manualSlots.count - 1
    }
  }

  private func mutateSlot<Result>(
    _ key: SlotKey,
    _ index: Int,
    _ body: (inout Slot) -> Result
  ) -> Result {
    if case .stored = key {
      return body(&storedSlots[index])
    }
    return body(&manualSlots[index])
  }
}

extension Slot {
  /// Drops the holes once they outnumber the observers.
  ///
  /// Removal so stays amortized constant time and memory proportional to the live observers.
  /// Call with the registry's lock held.
  mutating func compactIfNeeded() {
    guard holes > 16, holes * 2 > entries.count else { return }
    var compacted = ContiguousArray<ObserverBox?>()
    compacted.reserveCapacity(entries.count - holes)
    for case let box? in entries {
      box.didMove(toEntryIndex: compacted.count)
      compacted.append(box)
    }
    entries = compacted
    holes = 0
  }
}
