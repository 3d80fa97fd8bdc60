import Foundation
import Synchronization

/// The observers of a property at the moment it changes, taken under the registry's lock and
/// used after it is released.
@usableFromInline
struct _ChangeSnapshot {
  /// The observers in registration order (`nil` for removed ones).
  @usableFromInline let entries: ContiguousArray<ObserverBox?>
  /// The to-many change this assignment carries out, if any.
  @usableFromInline let toMany: ToManyChange?
  /// Whether anything must run before the value is stored: a prior notification, or a
  /// key-path observer that needs the old value.
  @usableFromInline let needsWillPhase: Bool

  init(entries: ContiguousArray<ObserverBox?>, needsWillPhase: Bool, toMany: ToManyChange?) {
    self.entries = entries
    self.needsWillPhase = needsWillPhase
    self.toMany = toMany
  }

  /// A snapshot of `entries`, finding out whether they need the will phase.
  init(entries: ContiguousArray<ObserverBox?>) {
    self.init(
      entries: entries,
      needsWillPhase: entries.contains { $0?.needsWillPhase ?? false },
      toMany: nil)
  }
}

/// A to-many change (insertion, removal, replacement) being carried out on this thread by the
/// `Observable` array methods: the assignment they make is reported with this kind and indexes.
@usableFromInline
final class ToManyChange {
  @usableFromInline let kind: ObservedChangeKind
  @usableFromInline let indexes: IndexSet
  /// The removed or replaced elements, as an array of the property's element type.
  @usableFromInline let oldElements: Any
  /// The inserted or replacing elements, as an array of the property's element type.
  @usableFromInline let newElements: Any
  let registry: ObjectIdentifier
  let offset: Int

  init(
    kind: ObservedChangeKind,
    indexes: IndexSet,
    oldElements: Any,
    newElements: Any,
    registry: ObservationRegistry,
    offset: Int
  ) {
    self.kind = kind
    self.indexes = indexes
    self.oldElements = oldElements
    self.newElements = newElements
    self.registry = ObjectIdentifier(registry)
    self.offset = offset
  }

  /// How many to-many changes are in flight on all threads; lets setters skip the thread-local
  /// lookup when there are none.
  static let inFlight = Atomic<Int>(0)

  /// The to-many change this thread is making to the given property, if any.
  static func current(for registry: ObservationRegistry, offset: Int) -> ToManyChange? {
    guard inFlight.load(ordering: .relaxed) != 0,
      let change = ThreadState.current.toManyChanges.last,
      change.registry == ObjectIdentifier(registry), change.offset == offset
    else { return nil }
    return change
  }

  /// Runs `assignment` with this change announced on the current thread.
  func perform(_ assignment: () -> Void) {
    let thread = ThreadState.current
    thread.toManyChanges.append(self)
    Self.inFlight.add(1, ordering: .relaxed)
    defer {
      Self.inFlight.subtract(1, ordering: .relaxed)
      thread.toManyChanges.removeLast()
    }
    assignment()
  }
}

/// Delivers the notifications that precede a change.
///
/// Those are prior notifications, and the old values that key-path observers need; returns the
/// old values, one per entry.
@usableFromInline
func _deliverWillChange<Value>(
  _ snapshot: _ChangeSnapshot,
  object: AnyObject,
  oldValue: Value
) -> ContiguousArray<Any?> {
  let toMany = snapshot.toMany
  var remembered = ContiguousArray<Any?>(repeating: nil, count: snapshot.entries.count)
  for (position, entry) in snapshot.entries.enumerated() {
    guard let box = entry, box.isActive else { continue }
    if box.isDirect {
      guard box.options.contains(.prior) else { continue }
      let observer = unsafeDowncast(box, to: ValueObserver<Value>.self)
      let old: Value? =
        if !box.options.contains(.old) { nil } else if let toMany {
          toMany.oldElements as? Value
        } else { oldValue }
      observer.deliver(
        object,
        ObservedChange<Value>(
          kind: toMany?.kind ?? .setting,
          oldValue: old,
          indexes: toMany?.indexes,
          isPrior: true
        )
      )
    } else {
      remembered[position] = box.keyPathWillChange()
    }
  }
  return remembered
}

/// Delivers the notifications that follow a change, in registration order.
@inlinable
func _deliverDidChange<Value>(
  _ snapshot: _ChangeSnapshot,
  object: AnyObject,
  oldValue: Value,
  newValue: Value,
  remembered: ContiguousArray<Any?>?
) {
  if let toMany = snapshot.toMany {
    _deliverDidChangeToMany(snapshot, object: object, toMany: toMany, remembered: remembered)
    return
  }
  snapshot.entries.withUnsafeBufferPointer { entries in
    guard let base = UnsafeRawPointer(entries.baseAddress) else { return }
    for position in entries.indices {
      // The snapshot holds every box for the whole delivery, so each one is used through an
      // unretained reference: no retain and release per observer per change.
      let stride = MemoryLayout<ObserverBox?>.stride
      guard
        let pointer = base.load(fromByteOffset: position &* stride, as: UnsafeRawPointer?.self)
      else { continue }
      Unmanaged<ObserverBox>.fromOpaque(pointer)._withUnsafeGuaranteedRef { box in
        guard box.isActive else { return }
        guard box.isDirect else {
          box.keyPathDidChange(oldValue: remembered?[position])
          return
        }
        let options = box.options
        let observer = unsafeDowncast(box, to: ValueObserver<Value>.self)
        if options.contains(.skipsEqualValues), observer.isEqual(oldValue, newValue) { return }
        observer.deliver(
          object,
          ObservedChange(
            kind: .setting,
            newValue: options.contains(.new) ? newValue : nil,
            oldValue: options.contains(.old) ? oldValue : nil
          )
        )
      }
    }
  }
}

/// The to-many half of `_deliverDidChange`: values are the inserted and removed elements.
@usableFromInline
func _deliverDidChangeToMany(
  _ snapshot: _ChangeSnapshot,
  object: AnyObject,
  toMany: ToManyChange,
  remembered: ContiguousArray<Any?>?
) {
  for (position, entry) in snapshot.entries.enumerated() {
    guard let box = entry, box.isActive else { continue }
    guard box.isDirect else {
      box.keyPathDidChange(oldValue: remembered?[position])
      continue
    }
    box.deliverToMany(object, toMany)
  }
}
