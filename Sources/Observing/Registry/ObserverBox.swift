import Synchronization

/// The registry's record of one observation: its options, whether it is still active, and how
/// it is delivered.
///
/// Boxes are created by `observe(_:options:changeHandler:)` and go inactive exactly once: when
/// the token is invalidated or released, or when the observed object dies. A direct observer is
/// owned by the slot it is filed in alone (its token only names it), so it and its handler go
/// when it leaves the slot; a key-path observer is also owned by its token, and drops its handler
/// when its root dies. The fields are small and ordered so that a direct observer fits a 40-byte
/// object: a registration costs this box and its token, 48 bytes each from the allocator.
@usableFromInline
class ObserverBox: @unchecked Sendable {
  @usableFromInline let active = Atomic<Bool>(true)

  /// The options (the low five bits), ``isDirect`` and ``isAutomatic``, in one byte.
  @usableFromInline let bits: UInt8

  /// The bit of ``bits`` that says the box is direct.
  @usableFromInline static var directBit: UInt8 { 0x40 }

  /// The bit of ``bits`` that says the observation is automatic.
  @usableFromInline static var automaticBit: UInt8 { 0x80 }

  @inlinable
  init(options: ObservingOptions, isDirect: Bool, isAutomatic: Bool) {
    // The five options `ObservingOptions` declares; other bits of a raw value mean nothing.
    bits =
      UInt8(truncatingIfNeeded: options.rawValue & 0x1F) | (isDirect ? Self.directBit : 0)
      | (isAutomatic ? Self.automaticBit : 0)
  }

  /// Whether this box receives the property's old and new values straight from the setter
  /// (a `DirectObserver`) rather than evaluating a key path itself.
  @inlinable
  final var isDirect: Bool { bits & Self.directBit != 0 }

  /// Whether the observation follows `@Observed` properties (see `ObservationToken.isAutomatic`).
  final var isAutomatic: Bool { bits & Self.automaticBit != 0 }

  /// The options the observation was registered with.
  @inlinable
  final var options: ObservingOptions { ObservingOptions(rawValue: UInt(bits & 0x1F)) }

  /// Whether anything must run before a change is stored: a prior notification, or a key-path
  /// observer remembering the old value.
  final var needsWillPhase: Bool { !isDirect || options.contains(.prior) }

  /// Whether the observation is still registered.
  @inlinable
  final var isActive: Bool { active.load(ordering: .acquiring) }

  /// Marks the box inactive; returns whether this call did it.
  final func deactivate() -> Bool {
    active.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Removes a key-path observer from every registry it is filed in.
  ///
  /// Idempotent. A direct observer is removed by its token, through its registry's core.
  func invalidate() {}

  /// Tells a box its new position in a slot after compaction (with the registry's lock held).
  func didMove(toEntryIndex index: Int) {}

  /// Tells a box that a registry it is filed in is gone (its object died); returns whether this
  /// ended the observation.
  ///
  /// An observation rooted at the dead object ends: the box goes inactive, and a key-path
  /// observer leaves any other registry and drops its handler. Called outside every lock.
  func registryDidClose(_ core: RegistryCore) -> Bool { false }

  /// Before a change: delivers the prior notification of a key-path observer and returns the
  /// value it needs to remember until the change is complete.
  ///
  /// - Parameters:
  ///   - changedObject: The object whose stored `@Observed` property changes, or `nil` when
  ///     the change is announced by hand.
  ///   - toMany: The to-many change under way, if the change is one.
  @usableFromInline
  func keyPathWillChange(changedObject: AnyObject?, toMany: ToManyChange?) -> Any? { nil }

  /// After a change: delivers the notification of a key-path observer.
  ///
  /// - Parameters:
  ///   - oldValue: What ``keyPathWillChange(changedObject:toMany:)`` returned for this change.
  ///   - changedObject: The object whose stored `@Observed` property changed, or `nil` when
  ///     the change was announced by hand.
  ///   - toMany: The to-many change, if the change is one.
  @usableFromInline
  func keyPathDidChange(oldValue: Any?, changedObject: AnyObject?, toMany: ToManyChange?) {}

  /// After a to-many change: delivers it to a direct observer of the array.
  @usableFromInline
  func deliverToMany(_ object: AnyObject, _ change: ToManyChange) {}
}

/// The part of a direct observer that does not depend on the value type: where it is filed.
///
/// A direct observer is filed in one slot of one registry for its whole life; it records the
/// slot's position in the registry and its own position in the slot, so that invalidating it
/// takes constant time. Both are guarded by the registry's lock. Its slot owns it; its token keeps
/// the registry's core and removes it from there, and the registry's going ends it.
@usableFromInline
class ValueObserverBase: ObserverBox, @unchecked Sendable {
  /// The slot's position in the registry (slots are never removed, only reused once empty, so
  /// the position stays meaningful; removal checks the entry's identity), or `UInt16.max` when
  /// it does not fit: removal then searches.
  private var storedSlotIndex: UInt16 = 0
  /// Its position in the slot's entries, or `UInt32.max` when it does not fit.
  private var storedEntryIndex: UInt32 = 0

  @inlinable
  init(options: ObservingOptions) {
    super.init(options: options, isDirect: true, isAutomatic: true)
  }

  /// The slot's position in the registry, or `nil` if unknown; guarded by the registry's lock.
  final var slotIndex: Int? {
    get { storedSlotIndex == .max ? nil : Int(storedSlotIndex) }
    set { storedSlotIndex = newValue.flatMap { UInt16(exactly: $0) } ?? .max }
  }

  /// Its position in the slot's entries, or `nil` if unknown; guarded by the registry's lock.
  final var entryIndex: Int? {
    get { storedEntryIndex == .max ? nil : Int(storedEntryIndex) }
    set { storedEntryIndex = newValue.flatMap { UInt32(exactly: $0) } ?? .max }
  }

  /// Records where the observer is filed; call with the registry's lock held.
  @inline(__always)
  final func record(slotIndex: Int, entryIndex: Int) {
    self.slotIndex = slotIndex
    self.entryIndex = entryIndex
  }

  override final func didMove(toEntryIndex index: Int) {
    entryIndex = index
  }

  override final func registryDidClose(_ core: RegistryCore) -> Bool {
    // Nothing else to do: the closing core dropped the box from its slot, so the box and its
    // handler go as soon as no delivery holds it.
    deactivate()
  }
}

/// An observer of one stored `@Observed` property, typed by the property's value.
///
/// The setter hands it the old and new values directly; no key path is evaluated.
@usableFromInline
class ValueObserver<Value>: ValueObserverBase, @unchecked Sendable {
  /// Calls the handler.
  @usableFromInline
  func deliver(_ object: AnyObject, _ change: ObservedChange<Value>) {}

  /// Whether two values are equal, for `.skipsEqualValues`; `false` when `Value` is not
  /// `Equatable`.
  @usableFromInline
  func isEqual(_ lhs: Value, _ rhs: Value) -> Bool { false }

  /// Delivers the prior notification of a change: the old value when asked for, and the kind
  /// and indexes of a to-many change.
  @usableFromInline
  final func deliverPrior(_ object: AnyObject, oldValue: Value?, toMany: ToManyChange?) {
    let old: Value? =
      if !options.contains(.old) { nil } else if let toMany {
        toMany.oldElements as? Value
      } else { oldValue }
    deliver(
      object,
      ObservedChange(
        kind: toMany?.kind ?? .setting, oldValue: old, indexes: toMany?.indexes, isPrior: true))
  }

  @usableFromInline
  override func deliverToMany(_ object: AnyObject, _ change: ToManyChange) {
    deliver(
      object,
      ObservedChange(
        kind: change.kind,
        newValue: options.contains(.new) ? change.newElements as? Value : nil,
        oldValue: options.contains(.old) ? change.oldElements as? Value : nil,
        indexes: change.indexes
      )
    )
  }
}

/// A `ValueObserver` that calls a handler typed by the observer's root.
@usableFromInline
class DirectObserver<Root: AnyObject, Value>: ValueObserver<Value>, @unchecked Sendable {
  @usableFromInline let handler: (Root, ObservedChange<Value>) -> Void

  @inlinable
  init(options: ObservingOptions, handler: @escaping (Root, ObservedChange<Value>) -> Void) {
    self.handler = handler
    super.init(options: options)
  }

  /// A direct observer for the given options: one that compares values when asked to skip
  /// equal ones and `Value` is `Equatable`.
  @inlinable
  static func make(
    options: ObservingOptions,
    handler: @escaping (Root, ObservedChange<Value>) -> Void
  ) -> DirectObserver {
    if options.contains(.skipsEqualValues) {
      return makeEquating(options: options, handler: handler)
    }
    return DirectObserver(options: options, handler: handler)
  }

  /// A direct observer that skips equal values when `Value` is `Equatable`.
  @usableFromInline
  static func makeEquating(
    options: ObservingOptions,
    handler: @escaping (Root, ObservedChange<Value>) -> Void
  ) -> DirectObserver {
    if let equality = equalityFunction(for: Value.self) {
      return EquatingDirectObserver(options: options, equality: equality, handler: handler)
    }
    return DirectObserver(options: options, handler: handler)
  }

  override final func deliver(_ object: AnyObject, _ change: ObservedChange<Value>) {
    // Sound: a direct observer is filed only under a key naming the object it was registered
    // on (a `Root`), and a slot delivers only while that very object is alive (`Slot.pin`),
    // so `object` is the registering object. Debug builds check it.
    assert(object is Root, "a direct observer was handed an object of another class")
    handler(unsafeDowncast(object, to: Root.self), change)
  }
}

/// A direct observer that skips assignments of equal values.
final class EquatingDirectObserver<Root: AnyObject, Value>: DirectObserver<Root, Value>,
  @unchecked Sendable
{
  private let equality: (Value, Value) -> Bool

  init(
    options: ObservingOptions,
    equality: @escaping (Value, Value) -> Bool,
    handler: @escaping (Root, ObservedChange<Value>) -> Void
  ) {
    self.equality = equality
    super.init(options: options, handler: handler)
  }

  override func isEqual(_ lhs: Value, _ rhs: Value) -> Bool {
    equality(lhs, rhs)
  }
}

/// Returns `==` for `Value` when it is `Equatable`, found at run time.
func equalityFunction<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  func make<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
    // Sound: `Value` is `E` (the run-time cast above proved it), so each bit cast is an
    // identity conversion between one type's two names.
    { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
  }
  return make(equatable)
}
