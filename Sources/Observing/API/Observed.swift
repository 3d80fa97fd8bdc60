import _ObservingShims

/// A stored property of an ``Observable`` class that notifies its observers when it changes.
///
/// Mark the properties that observers may watch; nothing else is needed:
///
/// ```swift
/// final class Person: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var name = "a"
///   @Observed var friends: [String] = []
/// }
/// ```
///
/// Assigning the property stores the value and then calls the observers synchronously, on the
/// assigning thread, in the order they registered; the object already holds the new value when
/// they run. While nobody observes the object, an assignment costs one relaxed atomic load more
/// than a plain stored property, and a read costs one relaxed atomic load more than a plain read
/// while no key path is being resolved and no Observation tracking is under way.
///
/// The toolchain's Observation module sees the property too: reading it inside
/// ``withObservationTracking(_:onChange:)`` or an ``Observations`` closure tracks it, and
/// assigning it calls the tracking's `onChange`.
///
/// Pass `validate` to refuse or correct values before they are stored, as a `UIScrollView` refuses
/// a `NaN` offset: the function receives the current and the proposed value and returns the
/// value to store, or `nil` to keep the current one (no notification is sent then):
///
/// ```swift
/// @Observed(validate: { _, new in new.isFinite ? max(0, new) : nil })
/// var height = 0.0
/// ```
///
/// A property observer (`didSet`) declared on the property still runs after a refused
/// assignment, with `oldValue` equal to the current value; compare them if that matters.
///
/// Pass `notifiesAutomatically: false` to take notification into your own hands, as with KVO's
/// `automaticallyNotifiesObservers(forKey:)`: assignments then notify nobody, and you bracket
/// changes with ``Observable/willChangeValue(for:)`` and ``Observable/didChangeValue(for:)``.
///
/// > Note: In-place mutation (`person.friends.append("b")`) reads, mutates and assigns the whole
/// > value, and is reported as one `.setting`. Use ``Observable/insert(_:at:into:)`` and its
/// > siblings to report insertions, removals and replacements with their indexes.
@propertyWrapper
public struct Observed<Value> {
  @usableFromInline var storedValue: Value
  @usableFromInline let notifiesAutomatically: Bool
  @usableFromInline let validate: (@Sendable (_ current: Value, _ proposed: Value) -> Value?)?

  /// Creates an observed property with an initial value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value; it is not validated.
  ///   - notifiesAutomatically: Whether assignments notify observers (`true`, the default), or
  ///     only explicit `willChangeValue(for:)`/`didChangeValue(for:)` calls do.
  ///   - validate: Called with the current and the proposed value on every assignment; returns
  ///     the value to store, or `nil` to refuse the assignment. `nil` (the default) stores every
  ///     value as given.
  public init(
    wrappedValue: Value,
    notifiesAutomatically: Bool = true,
    validate: (@Sendable (_ current: Value, _ proposed: Value) -> Value?)? = nil
  ) {
    storedValue = wrappedValue
    self.notifiesAutomatically = notifiesAutomatically
    self.validate = validate
  }

  /// Unavailable: `@Observed` needs its enclosing object to notify observers.
  @available(
    *, unavailable,
    message: "@Observed can only be applied to properties of classes that adopt Observable"
  )
  public var wrappedValue: Value {
    get { fatalError("@Observed outside an Observable class") }
    set { fatalError("@Observed outside an Observable class") }
  }

  /// Reads and writes the property of `object`, notifying its observers on writes.
  ///
  /// The compiler calls this for every access to an `@Observed` property; you never call it.
  ///
  /// - Parameters:
  ///   - object: The instance whose property is accessed.
  ///   - wrappedKeyPath: The property's key path.
  ///   - storageKeyPath: The key path of the wrapper's storage.
  @inlinable @inline(__always)
  public static subscript<Object: Observable>(
    _enclosingInstance object: Object,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
  ) -> Value {
    get {
      if _slowPath(_observing_tracking_gate_load() != 0) {
        // Some thread resolves a key path or Observation tracks: report this read to whichever
        // of them runs on this thread. Nothing here writes the object: the property is named by
        // its key path, not found in memory. The closure keeps the key path object from being
        // created on ordinary reads.
        _reportAccess(object, property: { wrappedKeyPath })
      }
      return object[keyPath: storageKeyPath].storedValue
    }
    // Transparent, so inlined into every property's setter whatever its size: the optimizer
    // honors `@inline(__always)` only for callees of at most 64 blocks once the caller is that
    // large (a property with a `didSet`, say), and this one inlines its common path whole. Left
    // a call, it is specialized with the key paths as arguments, applied at run time, which
    // also makes every other access to the property checked for exclusivity at run time.
    @_transparent set {
      var newValue = newValue
      if let validate = object[keyPath: storageKeyPath].validate {
        guard let accepted = validate(object[keyPath: storageKeyPath].storedValue, newValue)
        else { return }
        newValue = accepted
      }
      let registry = object.observationRegistry
      let work = registry._assignmentWork
      guard _slowPath(work != 0) else {
        _store(&newValue, into: object, storageKeyPath)
        return
      }
      let offset = offset(in: object, storageKeyPath)
      let notifiesObservers = object[keyPath: storageKeyPath].notifiesAutomatically
      var plain = registry._beginPlainAssignment(
        object: object, offset: offset, notifiesObservers: notifiesObservers, work: work)
      if plain.outcome == .other {
        // `wrappedKeyPath` is used once, inside the closure handed to `_beginAssignment`:
        // the optimizer then makes the key path inside that closure, so an assignment that
        // does not call it never creates the key path object. A second use anywhere would
        // create it on every assignment.
        switch registry._beginAssignment(
          object: object, offset: offset, notifiesObservers: notifiesObservers,
          property: { wrappedKeyPath })
        {
        case .plain(let answer):
          plain = answer
        case .general(let change):
          let oldValue = object[keyPath: storageKeyPath].storedValue
          let remembered = _willAssign(
            over: oldValue, to: object, registry: registry, change: change)
          object[keyPath: storageKeyPath].storedValue = newValue
          _didAssign(
            newValue, over: oldValue, to: object, registry: registry, change: change,
            remembered: remembered)
          return
        }
      }
      guard plain.outcome == .plain else {
        // Nobody to tell (`_beginAssignment` never answers `.other`).
        _store(&newValue, into: object, storageKeyPath)
        return
      }
      // Observers and nothing else. The registry keeps the entries as they are until
      // `_endWalk(_:)`, which must follow the delivery.
      let oldValue = object[keyPath: storageKeyPath].storedValue
      object[keyPath: storageKeyPath].storedValue = newValue
      _deliverSetting(plain.observers, object: object, oldValue: oldValue, newValue: newValue)
      registry._endWalk(plain.walk)
    }
  }

  /// The first half of the setter's general path, before the store.
  ///
  /// That is prior notifications (KVO's will-change), then Observation's `willSet` (where
  /// `withObservationTracking`'s `onChange` runs). Returns what key-path observers remember for
  /// the second half, ``_didAssign(_:over:to:registry:change:remembered:)``.
  ///
  /// The setter stores between the two halves, where the storage's key path is a literal the
  /// optimizer projects through. Each half is a call of its own (specialized in the module that
  /// declares the property), so that every property's setter inlines only its common path.
  @inlinable @inline(never)
  static func _willAssign<Object: Observable>(
    over oldValue: Value,
    to object: Object,
    registry: ObservationRegistry,
    change: _ChangeSnapshot
  ) -> ContiguousArray<Any?>? {
    let remembered =
      change.needsWillPhase
      ? _deliverWillChange(change, object: object, oldValue: oldValue, changedObject: object)
      : nil
    if let tracked = change.observationKeyPath {
      _observationChange(.willSet, object, registry, tracked, Value.self)
    }
    return remembered
  }

  /// The second half of the setter's general path, after the store.
  ///
  /// That is Observation's `didSet`, then the observers in registration order (see
  /// ``_willAssign(over:to:registry:change:)``).
  @inlinable @inline(never)
  static func _didAssign<Object: Observable>(
    _ newValue: Value,
    over oldValue: Value,
    to object: Object,
    registry: ObservationRegistry,
    change: _ChangeSnapshot,
    remembered: ContiguousArray<Any?>?
  ) {
    if let tracked = change.observationKeyPath {
      _observationChange(.didSet, object, registry, tracked, Value.self)
    }
    _deliverDidChange(
      change, object: object, oldValue: oldValue, newValue: newValue, changedObject: object,
      remembered: remembered)
  }

  /// Stores `value` in `object`'s storage of this property, when nobody is told of the old
  /// value; `value` is left holding something that the caller drops.
  ///
  /// A value that has to be released (a string, an array, an object) is swapped in: assigning
  /// it through the key path retains and releases `object` around the store, which the
  /// optimizer leaves in (two atomic operations on every such assignment, through the side
  /// table of an object referenced weakly, as views are). A plain value (a number, a point) is
  /// assigned, which is one store where the swap also reads the old value.
  @inlinable @inline(__always)
  static func _store<Object: AnyObject>(
    _ value: inout Value,
    into object: Object,
    _ storageKeyPath: ReferenceWritableKeyPath<Object, Self>
  ) {
    if _isPOD(Value.self) {
      object[keyPath: storageKeyPath].storedValue = value
    } else {
      swap(&object[keyPath: storageKeyPath].storedValue, &value)
    }
  }

  /// The value as stored, read without the report that a read through the property makes.
  ///
  /// The property's getter checks, on every read, whether a key path is being resolved or
  /// Observation tracks on this thread, and reports the read if so: that is how
  /// `observe(_:options:changeHandler:)` finds the property a key path names. A class's own
  /// code that runs on every change of something else, and that no key path is resolved
  /// through, may read its storage (`_name`, which only the class sees) through this instead.
  /// Reads made this way are seen by neither.
  @inlinable
  public var _untrackedValue: Value { storedValue }

  /// The distance in bytes from the start of `object` to this property's storage.
  ///
  /// Only a setter asks, while it assigns: finding the address takes a modifying access to the
  /// storage, which an assignment takes anyway. Registries compare it, with the object's
  /// identity, to find a property's observers without creating its key path.
  @inlinable @inline(__always)
  static func offset<Object: AnyObject>(
    in object: Object,
    _ storageKeyPath: ReferenceWritableKeyPath<Object, Self>
  ) -> Int {
    let base = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    let address = withUnsafeMutablePointer(to: &object[keyPath: storageKeyPath]) {
      UInt(bitPattern: $0)
    }
    return Int(bitPattern: address &- base)
  }
}

extension Observed: Sendable where Value: Sendable {}
