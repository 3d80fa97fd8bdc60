/// An observer of a key path that is not simply one stored `@Observed` property of its root:
/// a computed property, a path through other observable objects (`\.model.number`), a part of
/// a value (`\.frame.origin.y`), an inherited property seen through a subclass, or a key path that
/// is only notified manually.
///
/// Its changes are of the kind `.setting`, with the whole values before and after, as KVO
/// reports dependent keys, with one exception: when the key path is a plain chain of stored
/// properties whose last property is an array or a set (`\.link.items`, or through optional
/// links, `\.link?.items`), an insertion, removal or replacement in that collection reaches it
/// with its kind, elements and indexes, as GNUstep and WinObjC report a to-many change at the
/// end of a key path. While an optional link is `nil` the chain is not whole: a change then is
/// a setting, as KVO reports it.
///
/// It subscribes to every `@Observed` property that evaluating the key path reads (and to those
/// its root declares with `keyPathsAffectingValue(for:)`), evaluates the key path itself before
/// and after each change, and resolves its subscriptions again after every change, so a replaced
/// `model` is followed to the new one.
///
/// A key path that is a plain chain of stored `@Observed` properties (`\.model.number`) skips
/// that resolution when the last property of the chain changes: what the chain reads up to its
/// last object depends only on the properties before it, and nothing is read after it.
final class KeyPathObserver<Root: Observable, Value>: ObserverBox, @unchecked Sendable {
  private weak var root: Root?
  private let keyPath: KeyPath<Root, Value>
  /// The handler; `nil` once the root is gone.
  ///
  /// Sound without a lock: it is written once after `init`, by `registryDidClose(_:)`, only after
  /// the weak `root` reads `nil`; every read follows a strong load of `root` on the reading
  /// thread, and a root that was ever strongly loaded there is not released before the read.
  private var handler: ((Root, ObservedChange<Value>) -> Void)?
  private let equality: ((Value, Value) -> Bool)?

  /// Serializes changes of `subscriptions` and `chainEnd`; never held while calling a handler.
  private let subscriptionLock = Lock()
  private var subscriptions: [SlotReference] = []
  /// Whether the root declares what the key path depends on (`keyPathsAffectingValue(for:)`).
  ///
  /// Such a key path is never a stored chain, whatever it reads. Set once, before the observer
  /// is filed.
  private var hasDeclaredDependencies = false
  /// The object whose property ends the chain, while the key path is a stored chain.
  ///
  /// Set while the key path is exactly the chain of the stored properties it last read, each
  /// read on the object the previous one returned, and no earlier property of the chain
  /// belongs to this object: a change of that object alone cannot change what the chain reads.
  /// `nil` otherwise (an optional link is `nil`, say).
  private var chainEnd: ObjectIdentifier?
  /// With ``chainEnd``, the property that ends the chain (rooted at its declaring class): a
  /// to-many change of it, on `chainEnd`, is the observed value's own to-many change.
  private var chainEndProperty: AnyKeyPath?

  init(
    root: Root,
    keyPath: KeyPath<Root, Value>,
    options: ObservingOptions,
    isAutomatic: Bool,
    handler: @escaping (Root, ObservedChange<Value>) -> Void
  ) {
    self.root = root
    self.keyPath = keyPath
    self.handler = handler
    equality = options.contains(.skipsEqualValues) ? equalityFunction(for: Value.self) : nil
    super.init(options: options, isDirect: false, isAutomatic: isAutomatic)
  }

  /// Files the box under the slots `accesses` names; called once, at registration.
  func subscribe(to accesses: [RecordedAccess], root: Root, hasDeclaredDependencies: Bool) {
    self.hasDeclaredDependencies = hasDeclaredDependencies
    update(to: accesses, root: root)
  }

  /// Whether `keyPath` is the properties of `accesses` appended one to another, each link
  /// maybe optional (`\.link?.items`), so that evaluating it reads exactly those, in that
  /// order, and nothing else.
  static func isChain(_ keyPath: AnyKeyPath, of accesses: [RecordedAccess]) -> Bool {
    guard accesses.count > 1, var chain = accesses.last?.property else { return false }
    // Appended from the end: with Swift 6.3, `(a + b) + c` does not compare equal to the
    // literal `\.a.b.c` (the buffers differ though they hash alike), while `a + (b + c)` does.
    for access in accesses.dropLast().reversed() {
      guard let longer = access.property.appending(path: chain) else {
        return isOptionalChain(keyPath, of: accesses)
      }
      chain = longer
    }
    return chain == keyPath || isOptionalChain(keyPath, of: accesses)
  }

  /// Whether `keyPath` is the properties of `accesses` joined with optional chaining or force
  /// unwrapping where a link is optional (`\.link?.items`, `\.link!.items`).
  ///
  /// Appending cannot build such a key path (its optional-chaining components are not a
  /// property's), so the two are compared by their descriptions, which name each stored
  /// property and mark each optional link with `?` or `!`: with the marks taken out, they read
  /// the same exactly when the key path is that chain. A computed property, a subscript or a
  /// stored property that was not recorded prints otherwise; so does any key path when the
  /// runtime cannot name its properties (no reflection metadata), and then it is no chain:
  /// its changes are settings, as before, never a to-many change of the wrong value.
  static func isOptionalChain(_ keyPath: AnyKeyPath, of accesses: [RecordedAccess]) -> Bool {
    func unmarked(_ description: String) -> Substring {
      Substring(description.filter { $0 != "?" && $0 != "!" })
    }
    guard let first = accesses.first else { return false }
    var chain = unmarked(first.property.debugDescription)
    for access in accesses.dropFirst() {
      // A property's description is `\` and its root type's name, then its own components.
      let property = unmarked(access.property.debugDescription)
      let root = unmarked("\\" + String(describing: type(of: access.property).rootType))
      guard property.hasPrefix(root), property.count > root.count else { return false }
      chain += property.dropFirst(root.count)
    }
    return chain == unmarked(keyPath.debugDescription)
  }

  /// Replaces the subscriptions with the slots of `accesses` and the root's manual slot (which
  /// `willChangeValue(for:)` with the same key path reaches), touching only what differs.
  private func update(to accesses: [RecordedAccess], root: Root) {
    // Most changes leave the reads as they were (a value changed, not the path to it): then
    // there is nothing to file or remove, and nothing to allocate.
    let unchanged = subscriptionLock.withLock {
      subscriptions.count == accesses.count + 1
        && zip(subscriptions, accesses).allSatisfy { $0.matches($1) }
    }
    if unchanged { return }
    var wanted = accesses.map {
      (slot: SlotReference(registry: $0.registry, key: $0.key), owner: $0.object)
    }
    wanted.append(
      (
        SlotReference(
          registry: root.observationRegistry.core,
          key: .manual(object: ObjectIdentifier(root), keyPath: keyPath)),
        root
      ))
    // Asked again whenever the reads change: an optional link that was `nil` may now lead on.
    let isChain = !hasDeclaredDependencies && Self.isChain(keyPath, of: accesses)
    subscriptionLock.withLock {
      guard isActive else { return }
      if isChain, let end = accesses.last,
        !accesses.dropLast().contains(where: { $0.object === end.object })
      {
        chainEnd = ObjectIdentifier(end.object)
        chainEndProperty = end.property
      } else {
        chainEnd = nil
        chainEndProperty = nil
      }
      for stale in subscriptions where !wanted.contains(where: { stale.matches($0.slot) }) {
        stale.registry.remove(self, from: stale.key)
      }
      for (slot, owner) in wanted where !subscriptions.contains(where: slot.matches) {
        slot.registry.add(self, to: slot.key, owner: owner)
      }
      subscriptions = wanted.map(\.slot)
    }
  }

  override func invalidate() {
    guard deactivate() else { return }
    leaveRegistries()
    root?.observationRegistry.core.removeTerminationHandler(for: self)
  }

  /// Ends the observation when its root's registry is gone; a registry of an object further
  /// along the key path going changes nothing (the root may still lead elsewhere).
  override func registryDidClose(_ core: RegistryCore) -> Bool {
    guard root == nil, deactivate() else { return false }
    leaveRegistries()
    handler = nil
    return true
  }

  /// Removes the box from every registry it is filed in; the box is inactive already.
  private func leaveRegistries() {
    let removed = subscriptionLock.withLock {
      defer { subscriptions = [] }
      return subscriptions
    }
    for slot in removed {
      slot.registry.remove(self, from: slot.key)
    }
  }

  /// Whether `change`, made to `changedObject`, is a to-many change of the collection that ends
  /// this observer's chain: then it is reported with its own kind.
  private func isOwnToManyChange(_ change: ToManyChange?, of changedObject: AnyObject?) -> Bool {
    guard let change, let changedObject,
      change.object == ObjectIdentifier(changedObject)
    else { return false }
    return subscriptionLock.withLock {
      chainEnd == change.object && chainEndProperty == change.property
    }
  }

  override func keyPathWillChange(changedObject: AnyObject?, toMany: ToManyChange?) -> Any? {
    guard let root, isActive else { return nil }
    let needsOld = !options.isDisjoint(with: [.old, .skipsEqualValues])
    guard needsOld || options.contains(.prior) else { return nil }
    let oldValue = root[keyPath: keyPath]
    if options.contains(.prior) {
      if let toMany, isOwnToManyChange(toMany, of: changedObject) {
        // The collection that ends the chain: its kind, indexes and the elements about to
        // leave, as a direct observer of the collection gets them.
        handler?(
          root,
          ObservedChange(
            kind: toMany.kind,
            oldValue: options.contains(.old) ? toMany.oldElements as? Value : nil,
            indexes: toMany.indexes, isPrior: true))
      } else {
        handler?(
          root,
          ObservedChange(oldValue: options.contains(.old) ? oldValue : nil, isPrior: true)
        )
      }
    }
    return needsOld ? oldValue : nil
  }

  /// Delivers a to-many change of the collection that ends the chain, with its own kind.
  private func deliverToMany(_ change: ToManyChange, to root: Root) {
    handler?(
      root,
      ObservedChange(
        kind: change.kind,
        newValue: options.contains(.new) ? change.newElements as? Value : nil,
        oldValue: options.contains(.old) ? change.oldElements as? Value : nil,
        indexes: change.indexes))
  }

  override func keyPathDidChange(oldValue: Any?, changedObject: AnyObject?, toMany: ToManyChange?) {
    guard let root, isActive else { return }
    let newValue: Value
    if let changedObject,
      subscriptionLock.withLock({ chainEnd == ObjectIdentifier(changedObject) })
    {
      if let toMany, isOwnToManyChange(toMany, of: changedObject) {
        deliverToMany(toMany, to: root)
        return
      }
      newValue = root[keyPath: keyPath]
    } else {
      let resolution = KeyPathResolution(keyPath, on: root)
      newValue = resolution.value
      update(to: resolution.accesses, root: root)
    }
    guard isActive else { return }
    let old = oldValue as? Value
    if let equality, let old, equality(old, newValue) { return }
    handler?(
      root,
      ObservedChange(
        newValue: options.contains(.new) ? newValue : nil,
        oldValue: options.contains(.old) ? old : nil
      )
    )
  }
}
