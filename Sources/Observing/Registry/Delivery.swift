import Foundation
import Synchronization

/// The observers of a property at the moment it changes, taken under the registry's lock and
/// used after it is released.
@usableFromInline
struct _ChangeSnapshot {
  /// The observers in registration order (`nil` for removed ones).
  @usableFromInline let entries: ObserverEntries
  /// The to-many change this assignment carries out, if any.
  @usableFromInline let toMany: ToManyChange?
  /// Whether anything must run before the value is stored: a prior notification, or a
  /// key-path observer that needs the old value.
  @usableFromInline let needsWillPhase: Bool
  /// The property's key path, when Observation tracks the registry and must be told.
  @usableFromInline let observationKeyPath: AnyKeyPath?

  @inlinable
  init(
    entries: ObserverEntries,
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

/// The answer to ``ObservationRegistry/_beginPlainAssignment(object:offset:notifiesObservers:work:)``:
/// observers to tell after the store and nothing else (the common case), nobody to tell, or
/// something else that ``ObservationRegistry/_beginAssignment(object:offset:notifiesObservers:property:)``
/// says.
///
/// For the plain case, the entries are the slot's own buffer (`count` of them from
/// ``entries``), not a copy: the registry has flagged the delivery as walking them (``walk``
/// names its flag, see `RegistryCore.walks`) and keeps them unchanged and alive until
/// ``ObservationRegistry/_endWalk(_:)``, which the setter calls when the delivery returns. So
/// it holds no reference: a plain assignment neither retains nor releases anything.
@usableFromInline
struct _PlainAssignment {
  /// What the assignment does.
  @usableFromInline
  enum Outcome {
    /// Tell the observers after the store, and nothing else.
    case plain
    /// Nothing: nobody observes the property.
    case unobserved
    /// Something else: ask ``ObservationRegistry/_beginAssignment(object:offset:notifiesObservers:property:)``.
    case other
  }

  /// What the assignment does.
  @usableFromInline let outcome: Outcome
  /// The slot's entries, for a plain assignment.
  @usableFromInline let entries: UnsafePointer<ObserverBox?>?
  /// How many entries there are, for a plain assignment.
  @usableFromInline let count: UInt32
  /// The walk flag to clear after the delivery, for a plain assignment.
  @usableFromInline let walk: UInt32

  /// A plain assignment that walks a slot's `entries` under walk flag `walk`, which the
  /// registry claimed for it with the lock held.
  ///
  /// Sound: the address is valid while the entries' storage lives (see ``ObserverEntries``),
  /// and nothing changes or frees that storage while the flag is set. Its count fits in 32
  /// bits: that many observers would take 200 GB.
  @inlinable
  init(walking entries: borrowing ObserverEntries, flag walk: Int) {
    outcome = .plain
    self.entries = entries.baseAddress
    count = UInt32(truncatingIfNeeded: entries.count)
    self.walk = UInt32(truncatingIfNeeded: walk)
  }

  @inlinable
  init(_ outcome: Outcome) {
    self.outcome = outcome
    entries = nil
    count = 0
    walk = 0
  }

  /// Something else: ask ``ObservationRegistry/_beginAssignment(object:offset:notifiesObservers:property:)``.
  @inlinable static var other: Self { Self(.other) }
  /// Nobody observes the property.
  @inlinable static var unobserved: Self { Self(.unobserved) }

  /// The entries to walk, for a plain assignment.
  @inlinable var observers: UnsafeBufferPointer<ObserverBox?> {
    UnsafeBufferPointer(start: entries, count: Int(count))
  }
}

/// What an assignment of a stored property must do besides storing the value, as
/// ``ObservationRegistry/_beginAssignment(object:offset:notifiesObservers:property:)`` tells it
/// when ``_PlainAssignment`` could not.
@usableFromInline
enum _Assignment {
  /// Observers to tell after the store and nothing else, or nobody to tell (see
  /// ``_PlainAssignment/outcome``; never ``_PlainAssignment/Outcome/other``).
  case plain(_PlainAssignment)
  /// Anything more: observers called before the store, a to-many change under way, or
  /// Observation to tell (with or without observers).
  case general(_ChangeSnapshot)

  /// Nobody to tell but Observation, which tracks the property under `keyPath`.
  static func tracked(by keyPath: AnyKeyPath) -> Self {
    .general(
      _ChangeSnapshot(
        entries: ObserverEntries(), needsWillPhase: false, toMany: nil,
        observationKeyPath: keyPath))
  }
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
  snapshot.entries.withElements { entries in
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
  snapshot.entries.withElements { entries in
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
/// stored: the setter's common case (``_PlainAssignment``).
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
    // holds the entries (a snapshot), or the registry has flagged the delivery as walking the
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
        if _isPOD(Value.self) {
          observer.deliver(
            object, ObservedChange(settingFrom: oldValue, to: newValue, showing: options))
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
