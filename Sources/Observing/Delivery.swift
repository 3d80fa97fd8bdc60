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
      // Sound: see `_deliverDidChange`.
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
  _checkObserverReferenceLayout()
  snapshot.entries.withUnsafeBufferPointer { entries in
    guard let base = UnsafeRawPointer(entries.baseAddress) else { return }
    for position in entries.indices {
      // Sound: an `ObserverBox?` is one nullable object pointer (checked above), so each element
      // reads as an `UnsafeRawPointer?`; the snapshot array holds every box strongly until the
      // delivery returns, so the unretained reference stays valid without a retain and release
      // per observer per change.
      let stride = MemoryLayout<ObserverBox?>.stride
      guard
        let pointer = base.load(fromByteOffset: position &* stride, as: UnsafeRawPointer?.self)
      else { continue }
      Unmanaged<ObserverBox>.fromOpaque(pointer)._withUnsafeGuaranteedRef { box in
        guard box.isActive else { return }
        guard box.isDirect else {
          box.keyPathDidChange(oldValue: remembered?[position], changedObject: object)
          return
        }
        let options = box.options
        // Sound: direct observers are `ValueObserver<Value>`s filed under the slot of one
        // property, named by a key path whose type fixes `Value` (registration checks the
        // recorded value type against the observer's), and this setter looked the slot up by
        // that property's key path.
        assert(box is ValueObserver<Value>, "a direct observer of another value type")
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
      box.keyPathDidChange(oldValue: remembered?[position], changedObject: object)
      continue
    }
    box.deliverToMany(object, toMany)
  }
}

/// Checks the layout that the unretained walk in `_deliverDidChange` relies on.
///
/// An optional class reference must be exactly one pointer, with `nil` as the null pointer. The
/// conditions are constants, so an optimized build folds the check away.
@inlinable @inline(__always)
func _checkObserverReferenceLayout() {
  precondition(
    MemoryLayout<ObserverBox?>.size == MemoryLayout<UnsafeRawPointer?>.size
      && MemoryLayout<ObserverBox?>.stride == MemoryLayout<UnsafeRawPointer?>.stride
      && MemoryLayout<ObserverBox?>.alignment == MemoryLayout<UnsafeRawPointer?>.alignment,
    "an optional observer reference is not one pointer")
}
