import Observation

/// A class whose `@Observed` properties can be observed by key path, as with Foundation KVO.
///
/// Adopting it takes one stored property; mark the properties observers may watch with
/// ``Observed``:
///
/// ```swift
/// final class Person: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var name = "a"
/// }
///
/// let person = Person()
/// let token = person.observe(\.name, options: [.old, .new]) { person, change in
///   print(change.oldValue!, "->", change.newValue!)  // a -> b
/// }
/// person.name = "b"
/// token.invalidate()
/// ```
///
/// Any key path can be observed, not only a single property: a computed property is notified
/// when the `@Observed` properties it reads change, a path through other observable objects
/// (`\.model.number`) follows a replaced `model`, and a part of a value (`\.frame.origin.y`)
/// reports the part. A key path that reads no `@Observed` property can still be notified by
/// hand, with ``willChangeValue(for:)`` and ``didChangeValue(for:)``.
///
/// An `Observable` class is also an `Observation.Observable`: the toolchain's Observation module
/// tracks its `@Observed` properties (see ``withObservationTracking(_:onChange:)`` and
/// ``Observations``), including computed properties that read them.
///
/// > Note: The toolchain's Observation module also declares a protocol named `Observable`. In a
/// > file that imports both, `Observable` means this protocol, which refines Observation's (this
/// > module imports Observation, so its declaration shadows Observation's), and the `@Observable`
/// > macro is still Observation's.
public protocol Observable: AnyObject, Observation.Observable {
  /// The registry that holds this object's observers; store one `ObservationRegistry()`.
  var observationRegistry: ObservationRegistry { get }

  /// The key paths whose changes also change the value at `keyPath`, in addition to the
  /// `@Observed` properties its getter reads (which are found on their own).
  ///
  /// This is KVO's `keyPathsForValuesAffectingValue(forKey:)`. Declare it in the class that
  /// adopts `Observable` (as a `class func`, so subclasses can override it) when a computed
  /// property depends on something its getter does not always read:
  ///
  /// ```swift
  /// class func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath> {
  ///   keyPath == \Person.summary ? [\Person.name, \Person.nickname] : []
  /// }
  /// ```
  ///
  /// - Parameter keyPath: The observed key path, rooted at the type the observer used.
  /// - Returns: Key paths rooted at this type or a superclass of it.
  static func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath>
}

extension Observable {
  /// No extra dependencies: the `@Observed` properties a getter reads are found on their own.
  ///
  /// - Parameter keyPath: The observed key path.
  /// - Returns: An empty set.
  public static func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath> {
    []
  }

  /// Starts observing the value at a key path.
  ///
  /// The handler runs synchronously on the thread that makes each change, after the change is
  /// stored, in the order the observations were registered; changes a handler makes are
  /// delivered before the handler's own call returns (depth first), as in KVO.
  ///
  /// ```swift
  /// let token = scroll.observe(\.contentOffset, options: [.old, .new]) { scroll, change in
  ///   print(change.oldValue!, "->", change.newValue!)
  /// }
  /// ```
  ///
  /// Registering is safe from any thread, while other threads read, write, register or
  /// invalidate. It reads the key path's value as an ordinary read would (and for a stored
  /// property seen before, only with `.initial`): a registration that reads a property another
  /// thread writes at the same moment races as any unsynchronized read would.
  ///
  /// A key path that reads no `@Observed` property and has no declared dependency cannot be
  /// followed automatically: the returned token's ``ObservationToken/isAutomatic`` is `false`,
  /// the handler is only called for ``willChangeValue(for:)``/``didChangeValue(for:)`` with an
  /// equal key path, and ``ObservationRegistry/unobservableKeyPathHandler`` is told.
  ///
  /// - Parameters:
  ///   - keyPath: What to observe, rooted at this object.
  ///   - options: Which values to include and when to notify; see ``ObservingOptions``.
  ///   - changeHandler: Called with this object and the change.
  /// - Returns: The observation; it ends when the token is invalidated or released.
  @inlinable
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions = [],
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    _makeObservation(keyPath, options: options, rootDidDeinit: nil, changeHandler: changeHandler)
  }

  /// Registers an observation: the work behind ``observe(_:options:changeHandler:)``.
  ///
  /// Inlinable so that a caller's module specializes it: the observer's class is then known
  /// where it is allocated, and registration costs no run-time generic type lookup.
  @inlinable
  func _makeObservation<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions,
    rootDidDeinit: (@Sendable () -> Void)?,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    // Made first, for the two common cases: a key path this object was observed with before
    // (filed by identity), and one that names a stored property of its class.
    // Handed to the filing with its reference: when it is filed, its slot takes the reference.
    let pending = Unmanaged<ValueObserverBase>.passRetained(
      DirectObserver<Self, Value>.make(options: options, handler: changeHandler))
    let registry = observationRegistry
    if let token = _fileAliased(
      pending, object: self, registry: registry, keyPath: keyPath, rootDidDeinit: rootDidDeinit)
    {
      return _finishDirectObservation(token, keyPath, options: options, handler: changeHandler)
    }
    // Sound: `pending` is what `make` returned, a `DirectObserver<Self, Value>`, and a filing
    // that did not file it left its reference here.
    let observer = unsafeDowncast(
      pending.takeRetainedValue(), to: DirectObserver<Self, Value>.self)
    guard let property = _cachedDirectProperty(keyPath, rootType: type(of: self)) else {
      return _makeObservationResolving(
        keyPath, options: options, rootDidDeinit: rootDidDeinit, changeHandler: changeHandler)
    }
    // A stored property seen before: nothing to resolve, and nothing read unless asked for.
    return _observeDirectly(
      observer, property: property, keyPath, options: options, rootDidDeinit: rootDidDeinit,
      changeHandler: changeHandler)
  }

  /// Files `observer`, a direct observer of `property` (the stored property `keyPath` names),
  /// and calls its handler at once if `options` asks.
  @inlinable
  func _observeDirectly<Value>(
    _ observer: DirectObserver<Self, Value>,
    property: AnyKeyPath,
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions,
    rootDidDeinit: (@Sendable () -> Void)?,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    let token = _file(
      observer, object: self, registry: observationRegistry, property: property, alias: keyPath,
      rootDidDeinit: rootDidDeinit)
    return _finishDirectObservation(token, keyPath, options: options, handler: changeHandler)
  }

  /// Calls the handler once at registration when `options` asks for it (``ObservingOptions/initial``),
  /// and returns the token.
  @inlinable
  func _finishDirectObservation<Value>(
    _ token: ObservationToken,
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions,
    handler: (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    if options.contains(.initial) {
      handler(
        self, ObservedChange(newValue: options.contains(.new) ? self[keyPath: keyPath] : nil))
    }
    return token
  }

  /// Registers an observation of a key path not seen before on this class, or not a stored
  /// property: resolves it, and files a direct or a key-path observer.
  @usableFromInline
  func _makeObservationResolving<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions,
    rootDidDeinit: (@Sendable () -> Void)?,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    let resolution = KeyPathResolution(keyPath, on: self)
    if let property = resolution.directProperty(of: keyPath, on: self) {
      DirectPropertyCache.shared.insert(property, for: keyPath, rootType: type(of: self))
      return _observeDirectly(
        DirectObserver<Self, Value>.make(options: options, handler: changeHandler),
        property: property, keyPath, options: options, rootDidDeinit: rootDidDeinit,
        changeHandler: changeHandler)
    }
    let observer = KeyPathObserver(
      root: self, keyPath: keyPath, options: options,
      isAutomatic: !resolution.accesses.isEmpty, handler: changeHandler)
    if let rootDidDeinit {
      observationRegistry.core.setTerminationHandler(rootDidDeinit, for: observer)
    }
    observer.subscribe(
      to: resolution.accesses, root: self,
      hasDeclaredDependencies: resolution.hasDeclaredDependencies)
    if resolution.accesses.isEmpty {
      ObservationRegistry.reportUnobservable(
        keyPath, declaresDependencies: resolution.hasDeclaredDependencies)
    }
    let token = ObservationToken(box: observer)
    if options.contains(.initial) {
      changeHandler(self, ObservedChange(newValue: options.contains(.new) ? resolution.value : nil))
    }
    return token
  }

  /// The stored `@Observed` property of this object that `keyPath` names exactly, if any.
  ///
  /// - Returns: The property's own key path, rooted at its declaring class.
  func directProperty<Value>(of keyPath: KeyPath<Self, Value>) -> AnyKeyPath? {
    let rootType = type(of: self)
    if let property = DirectPropertyCache.shared.property(for: keyPath, rootType: rootType) {
      return property
    }
    let property = KeyPathResolution(keyPath, on: self).directProperty(of: keyPath, on: self)
    if let property {
      DirectPropertyCache.shared.insert(property, for: keyPath, rootType: rootType)
    }
    return property
  }
}

/// The stored property `keyPath` was found to name on objects of `rootType`, if it was.
@usableFromInline
func _cachedDirectProperty(_ keyPath: AnyKeyPath, rootType: AnyObject.Type) -> AnyKeyPath? {
  DirectPropertyCache.shared.property(for: keyPath, rootType: rootType)
}

/// Files a direct observer under a stored property of `object`, in `registry` (the object's),
/// with what to call if the object dies while it is active, and returns its token.
///
/// Not generic: the caller, specialized in its own module, reads the object's registry
/// directly, where a generic function read it through the protocol's witness (a call, and a
/// retain and release of the registry).
///
/// - Parameters:
///   - observer: The observer.
///   - object: The observed object.
///   - registry: The object's registry.
///   - property: The stored property's own key path.
///   - alias: The key path the caller registered with, remembered by the property's slot so
///     that the next registration with it files at once (see ``_fileAliased(_:object:registry:keyPath:rootDidDeinit:)``).
///   - rootDidDeinit: What to call if the object dies while the observation is active.
@usableFromInline
func _file(
  _ observer: ValueObserverBase,
  object: AnyObject,
  registry: ObservationRegistry,
  property: AnyKeyPath,
  alias: AnyKeyPath,
  rootDidDeinit: (@Sendable () -> Void)?
) -> ObservationToken {
  let core = registry.core
  if let rootDidDeinit { core.setTerminationHandler(rootDidDeinit, for: observer) }
  let isFiled = core.add(
    direct: observer, to: .stored(object: ObjectIdentifier(object), property: property),
    owner: object, alias: alias)
  // Two returns rather than `isFiled ? core : nil`: as the last use on its path, `core` is
  // handed to the token as it is, where the conditional retained it once more.
  guard isFiled else { return ObservationToken(direct: observer, filedIn: nil) }
  return ObservationToken(direct: observer, filedIn: core)
}

/// Files `observer`, with the reference the caller hands over, under the stored property of
/// `object` that an earlier registration with the very same key path instance named, and
/// returns its token; `nil` when there was none (nothing is filed then, and the reference is
/// still the caller's).
///
/// A key path literal is one instance wherever it is evaluated, so re-registering with it on
/// the same object needs neither the table of direct properties (a global lock) nor the
/// property's key path: the slot remembers the key path it was last named with.
@usableFromInline
func _fileAliased(
  _ observer: Unmanaged<ValueObserverBase>,
  object: AnyObject,
  registry: ObservationRegistry,
  keyPath: AnyKeyPath,
  rootDidDeinit: (@Sendable () -> Void)?
) -> ObservationToken? {
  let core = registry.core
  guard core.add(direct: observer, toSlotAliased: keyPath, of: object) else { return nil }
  // Sound: the observer is filed, and only its token (made here) or the registry's closing (its
  // object is alive: the caller borrows it) takes it out, so its slot keeps it alive.
  if let rootDidDeinit {
    core.setTerminationHandler(rootDidDeinit, for: observer.takeUnretainedValue())
  }
  return ObservationToken(
    filedDirect: observer.toOpaque(),
    isAutomatic: observer._withUnsafeGuaranteedRef(\.isAutomatic), in: core)
}
