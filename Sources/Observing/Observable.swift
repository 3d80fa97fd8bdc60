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
/// > Note: The toolchain's Observation module also declares a protocol named `Observable`. In a
/// > file that imports both, write `Observing.Observable`.
public protocol Observable: AnyObject {
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
  /// Registering evaluates the key path, reading each `@Observed` property on it with a
  /// modifying access to find its storage: like a write of those properties, it must not race
  /// with reads or writes of them on other threads.
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
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions = [],
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    makeObservation(keyPath, options: options, rootDidDeinit: nil, changeHandler: changeHandler)
  }

  func makeObservation<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: ObservingOptions,
    rootDidDeinit: (@Sendable () -> Void)?,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    let (value, accesses) = resolveKeyPath(keyPath, on: self)
    let registry = observationRegistry
    let box: ObserverBox
    if let offset = directOffset(of: keyPath, accesses: accesses) {
      let observer = DirectObserver<Self, Value>.make(
        options: options, offset: offset, handler: changeHandler)
      if let rootDidDeinit { registry.setTerminationHandler(rootDidDeinit, for: observer) }
      registry.add(observer)
      box = observer
    } else {
      let observer = KeyPathObserver(
        root: self, keyPath: keyPath, options: options, isAutomatic: !accesses.isEmpty,
        handler: changeHandler)
      if let rootDidDeinit { registry.setTerminationHandler(rootDidDeinit, for: observer) }
      observer.subscribe(to: accesses, root: self)
      box = observer
    }
    let token = ObservationToken(box: box)
    if accesses.isEmpty {
      ObservationRegistry.reportUnobservable(keyPath)
    }
    if options.contains(.initial) {
      changeHandler(self, ObservedChange(newValue: options.contains(.new) ? value : nil))
    }
    return token
  }

  /// The offset of the stored `@Observed` property that `keyPath` is exactly, if it is one of
  /// this object's own and nothing else is involved.
  func directOffset<Value>(of keyPath: KeyPath<Self, Value>, accesses: [RecordedAccess]) -> Int? {
    guard accesses.count == 1, let access = accesses.first,
      access.registry === observationRegistry,
      access.valueType == ObjectIdentifier(Value.self),
      type(of: self).keyPathsAffectingValue(for: keyPath).isEmpty,
      namesSameProperty(access.keyPath, keyPath)
    else { return nil }
    return access.offset
  }
}

/// Whether two key paths name the same property, possibly through different root types.
///
/// Key paths compare their root types, so `\ScrollModel.frame` differs from `\View.frame` though
/// both name the property `View` declares. When the roots differ, the descriptions after the
/// root type name (property names, or the accessors' identities) are compared; anything that
/// does not match exactly is treated as different, which is always safe: such an observation is
/// delivered by evaluating its key path.
func namesSameProperty(_ declared: AnyKeyPath, _ requested: AnyKeyPath) -> Bool {
  if declared == requested { return true }
  guard type(of: declared).valueType == type(of: requested).valueType,
    let declaredPath = pathAfterRoot(declared),
    let requestedPath = pathAfterRoot(requested)
  else { return false }
  return declaredPath == requestedPath
}

private func pathAfterRoot(_ keyPath: AnyKeyPath) -> Substring? {
  let description = String(describing: keyPath)
  let prefix = "\\" + String(describing: type(of: keyPath).rootType) + "."
  guard description.hasPrefix(prefix) else { return nil }
  return description.dropFirst(prefix.count)
}
