/// The observers a registry files under one key: one property of one object.
@usableFromInline
struct Slot {
  /// The object whose observers these are.
  @usableFromInline let object: ObjectIdentifier
  /// Whether the slot files the observers of a stored `@Observed` property (its setter reaches
  /// them) or of a key path notified by hand (`willChangeValue(for:)` reaches them).
  let isStored: Bool
  /// Keeps the object's memory from passing to another object while the slot names it.
  let pin: SlotPin
  /// The property's own key path (stored slots) or the observed key path (manual slots).
  private(set) var path: AnyKeyPath
  /// The last key path a registration named this stored property with, as the caller wrote it
  /// (`\Subclass.property`, say, where ``path`` is the declaring class's own key path).
  ///
  /// A later registration on the same object with the same key path instance (a literal
  /// always gives the same one) finds the slot by identity, without asking which property the
  /// key path names: one object observed many times with one literal registers each time with
  /// two comparisons per slot. Held strongly, so that its identity cannot pass to another key
  /// path while the slot names it.
  private(set) var alias: AnyKeyPath?

  /// The property's position in the object, once its setter has reported it;
  /// ``unknownOffset`` before.
  ///
  /// Later assignments then find the slot by comparing two integers. Stored slots only.
  @usableFromInline private(set) var offset = Slot.unknownOffset

  /// The ``offset`` of a slot whose setter has not reported it yet: no property sits there.
  static let unknownOffset = -1

  /// Whether the property's setter has reported its position (see ``learn(offset:path:)``).
  var hasOffset: Bool { offset != Slot.unknownOffset }
  /// Observers in registration order; `nil` marks a removed one until the next compaction.
  @usableFromInline private(set) var entries = ObserverEntries()
  /// How many entries are `nil`.
  private(set) var holes = 0
  /// How many observers are filed here: the entries that are not `nil`.
  ///
  /// Kept rather than computed, so that an assignment reads one field of the slot to learn
  /// whether anyone observes it, without reaching into the entries' buffer.
  @usableFromInline private(set) var liveCount = 0
  /// How many observers need to run before a change is stored (see `needsWillPhase`).
  @usableFromInline private(set) var willPhaseCount = 0

  init(key: SlotKey, owner: AnyObject) {
    object = key.object
    path = key.path
    isStored = key.isStored
    pin = SlotPin(object: owner)
  }

  /// The key this slot files observers under.
  var key: SlotKey {
    isStored ? .stored(object: object, property: path) : .manual(object: object, keyPath: path)
  }

  /// Whether the slot files observers under `key`: the same kind, the same object, and the same
  /// key path (by identity of the key path instance, or else by equality).
  func matches(_ key: SlotKey) -> Bool {
    object == key.object && isStored == key.isStored
      && (path === key.path || path == key.path)
  }

  /// Records `keyPath` as the key path the last registration named this property with.
  mutating func remember(alias keyPath: AnyKeyPath) {
    if alias !== keyPath { alias = keyPath }
  }

  /// Records where the property sits in its object, as its setter found it.
  mutating func learn(offset: Int, path: AnyKeyPath) {
    self.offset = offset
    self.path = path
  }

  /// Files `box` after the others; the entry takes a reference of its own.
  mutating func append(_ box: ObserverBox) {
    append(handingOver: .passRetained(box))
  }

  /// Files `box` after the others, taking over the reference the caller hands over: no retain
  /// for the entry, and no release for the caller.
  @inline(__always)
  mutating func append(handingOver box: Unmanaged<ObserverBox>) {
    if box._withUnsafeGuaranteedRef(\.needsWillPhase) { willPhaseCount &+= 1 }
    liveCount &+= 1
    entries.append(box.takeRetainedValue())
  }

  mutating func removeEntry(at position: Int) {
    guard let box = entries[position] else { return }
    if box.needsWillPhase { willPhaseCount -= 1 }
    entries.clear(at: position)
    holes += 1
    liveCount -= 1
    compactIfNeeded()
  }

  /// Drops the holes once they outnumber the observers.
  ///
  /// Removal so stays amortized constant time and memory proportional to the live observers.
  /// Call with the registry's lock held.
  private mutating func compactIfNeeded() {
    guard holes > 16, holes * 2 > entries.count else { return }
    var compacted = ObserverEntries(capacity: entries.count - holes)
    for case let box? in entries {
      box.didMove(toEntryIndex: compacted.count)
      compacted.append(box)
    }
    entries = compacted
    holes = 0
  }

  /// Checks the counts this slot keeps against its entries; traps with a message if one is off.
  ///
  /// - Parameter slotIndex: The slot's position in its registry, which direct observers record
  ///   (where it fits in their field).
  func checkInvariants(slotIndex: Int) {
    precondition(isStored || !hasOffset, "manual slot \(path) learned an offset")
    let nilCount = entries.count(where: { $0 == nil })
    precondition(holes == nilCount, "slot \(path): \(holes) holes recorded, \(nilCount) found")
    precondition(
      liveCount == entries.count - nilCount,
      "slot \(path): \(liveCount) observers recorded, \(entries.count - nilCount) filed")
    let willPhase = entries.count(where: { $0?.needsWillPhase == true })
    precondition(
      willPhaseCount == willPhase,
      "slot \(path): will-phase count \(willPhaseCount), \(willPhase) entries need it")
    for (position, entry) in entries.enumerated() {
      guard let box = entry as? ValueObserverBase else { continue }
      precondition(isStored, "manual slot \(path) holds a direct observer")
      // Removed under the lock in the same step that ends it.
      precondition(box.isActive, "slot \(path): an ended direct observer is still filed")
      let recorded = (box.slotIndex ?? Int(UInt16.max), box.entryIndex ?? Int(UInt32.max))
      let expected = (min(slotIndex, Int(UInt16.max)), min(position, Int(UInt32.max)))
      precondition(
        recorded == expected,
        "slot \(path): a direct observer at \(slotIndex).\(position) records "
          + "\(recorded.0).\(recorded.1)")
    }
  }
}
