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
  /// The property's key path, when Observation tracks the registry and must be told.
  @usableFromInline let observationKeyPath: AnyKeyPath?

  @inlinable
  init(
    entries: ContiguousArray<ObserverBox?>,
    needsWillPhase: Bool,
    toMany: ToManyChange?,
    observationKeyPath: AnyKeyPath? = nil
  ) {
    self.entries = entries
    self.needsWillPhase = needsWillPhase
    self.toMany = toMany
    self.observationKeyPath = observationKeyPath
  }
}

/// What an assignment of a stored property must do besides storing the value.
@usableFromInline
enum _Assignment {
  /// Nothing: nobody observes the property and Observation does not track it.
  case unobserved
  /// Deliver the change to these observers after the store, and nothing else: the common case.
  ///
  /// The entries are the slot's own buffer (`count` of them from `entries`), not a copy: the
  /// registry has flagged the delivery as walking them (`walk` names its flag, see
  /// `RegistryCore.walks`) and keeps them unchanged and alive until
  /// ``ObservationRegistry/_endWalk(_:)``, which the setter calls when the delivery returns. So
  /// this case holds no reference: an assignment neither retains nor releases anything. The
  /// 32-bit fields keep the whole result in four registers.
  case plain(_ entries: UnsafePointer<ObserverBox?>?, count: UInt32, walk: UInt32)
  /// Anything more: observers called before the store, a to-many change under way, or
  /// Observation to tell as well.
  case general(_ChangeSnapshot)
  /// Nobody observes the property, but Observation tracks it: tell it, under this key path.
  case tracked(AnyKeyPath)
}

/// The two moments a change is delivered: before the value is stored (prior notifications, and
/// the old values key-path observers remember) and after.
@usableFromInline
enum _DeliveryPhase {
  case willChange
  case didChange
}

/// Delivers the first phase of a change, before the value is stored.
///
/// That is prior notifications, and the old values key-path observers remember. Returns what
/// they remember, one slot per entry, for ``_deliverDidChange(_:object:oldValue:newValue:changedObject:remembered:)``.
///
/// Call it only when `snapshot.needsWillPhase`.
///
/// - Parameters:
///   - snapshot: The observers, as the registry had them when the change began.
///   - object: The object whose key path changes.
///   - oldValue: The value before the change, when known.
///   - changedObject: The object whose stored `@Observed` property changes, or `nil` for a
///     manual notification.
@inlinable
func _deliverWillChange<Value>(
  _ snapshot: _ChangeSnapshot,
  object: AnyObject,
  oldValue: Value?,
  changedObject: AnyObject?
) -> ContiguousArray<Any?> {
  var remembered = ContiguousArray<Any?>(repeating: nil, count: snapshot.entries.count)
  snapshot.entries.withUnsafeBufferPointer { entries in
    _deliver(
      .willChange, entries, toMany: snapshot.toMany, object: object, oldValue: oldValue,
      newValue: nil, changedObject: changedObject
    ) { position, box, toMany in
      remembered[position] = box.keyPathWillChange(changedObject: changedObject, toMany: toMany)
    }
  }
  return remembered
}

/// Delivers the second phase of a change, after the value is stored: every observer's handler.
///
/// - Parameters:
///   - snapshot: The observers, as the registry had them when the change began.
///   - object: The object whose key path changed.
///   - oldValue: The value before the change, when known (a manual notification without
///     `willChangeValue(for:)` does not know it).
///   - newValue: The value after the change.
///   - changedObject: The object whose stored `@Observed` property changed, or `nil` for a
///     manual notification.
///   - remembered: What ``_deliverWillChange(_:object:oldValue:changedObject:)`` returned, or
///     `nil` when there was no first phase.
@inlinable
func _deliverDidChange<Value>(
  _ snapshot: _ChangeSnapshot,
  object: AnyObject,
  oldValue: Value?,
  newValue: Value?,
  changedObject: AnyObject?,
  remembered: ContiguousArray<Any?>?
) {
  snapshot.entries.withUnsafeBufferPointer { entries in
    _deliver(
      .didChange, entries, toMany: snapshot.toMany, object: object, oldValue: oldValue,
      newValue: newValue, changedObject: changedObject
    ) { position, box, toMany in
      box.keyPathDidChange(
        oldValue: remembered?[position], changedObject: changedObject, toMany: toMany)
    }
  }
}

/// Delivers an assignment that needs nothing but its observers' handlers, after the value is
/// stored: the setter's common case (``_Assignment/plain(_:count:walk:)``).
///
/// It is ``_deliverDidChange(_:object:oldValue:newValue:changedObject:remembered:)`` with the
/// parts such an assignment lacks fixed as constants (no to-many change, no first phase, the
/// changed object is the observed one), so that the one loop below compiles without them.
///
/// - Parameters:
///   - entries: The slot's observers, which the registry keeps unchanged until the setter's
///     ``ObservationRegistry/_endWalk(_:)``.
///   - object: The object whose stored property changed.
///   - oldValue: The value before the assignment.
///   - newValue: The value stored.
@inlinable @inline(__always)
func _deliverSetting<Value>(
  _ entries: UnsafeBufferPointer<ObserverBox?>,
  object: AnyObject,
  oldValue: Value,
  newValue: Value
) {
  _deliver(
    .didChange, entries, toMany: nil, object: object, oldValue: oldValue, newValue: newValue,
    changedObject: object
  ) { _, box, _ in
    // A plain assignment has no first phase, which every key-path observer needs, so none is
    // filed among these entries; handled all the same, as the general path would.
    box.keyPathDidChange(oldValue: nil, changedObject: object, toMany: nil)
  }
}

/// Delivers one phase of a change to `entries`, in registration order: the one loop every
/// notification goes through (assignments, to-many mutations, manual notifications), through
/// the three functions above.
///
/// Direct observers are handed their values here; key-path observers go to `keyPathObserver`,
/// with their position in the snapshot.
@inlinable @inline(__always)
func _deliver<Value>(
  _ phase: _DeliveryPhase,
  _ entries: UnsafeBufferPointer<ObserverBox?>,
  toMany: ToManyChange?,
  object: AnyObject,
  oldValue: Value?,
  newValue: Value?,
  changedObject: AnyObject?,
  keyPathObserver: (_ position: Int, _ box: ObserverBox, _ toMany: ToManyChange?) -> Void
) {
  _checkObserverReferenceLayout()
  guard let base = UnsafeRawPointer(entries.baseAddress) else { return }
  let stride = MemoryLayout<ObserverBox?>.stride
  for position in entries.indices {
    // Sound: an `ObserverBox?` is one nullable object pointer (checked above), so each element
    // reads as an `UnsafeRawPointer?`. The buffer and every box in it stay valid until the
    // delivery returns without a retain and release per observer per change: the caller
    // holds the array (a snapshot), or the registry has flagged the delivery as walking the
    // slot's own buffer and neither changes nor frees it meanwhile (`_Assignment.plain`).
    // This is the module's one unretained walk.
    guard
      let pointer = base.load(fromByteOffset: position &* stride, as: UnsafeRawPointer?.self)
    else { continue }
    Unmanaged<ObserverBox>.fromOpaque(pointer)._withUnsafeGuaranteedRef { box in
      guard box.isActive else { return }
      guard box.isDirect else {
        keyPathObserver(position, box, toMany)
        return
      }
      // Sound: direct observers are `ValueObserver<Value>`s filed under the slot of one
      // property, named by a key path whose type fixes `Value` (registration checks the
      // recorded value type against the observer's), and every caller looked the slot up by
      // that property's key path.
      assert(box is ValueObserver<Value>, "a direct observer of another value type")
      let observer = unsafeDowncast(box, to: ValueObserver<Value>.self)
      switch phase {
      case .willChange:
        guard box.options.contains(.prior) else { return }
        observer.deliverPrior(object, oldValue: oldValue, toMany: toMany)
      case .didChange:
        if let toMany {
          observer.deliverToMany(object, toMany)
          return
        }
        let options = box.options
        if options.contains(.skipsEqualValues), let oldValue, let newValue,
          observer.isEqual(oldValue, newValue)
        {
          return
        }
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

/// Checks the layout that the unretained walk in `_deliver` relies on.
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
