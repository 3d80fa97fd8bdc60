/// An observer of a key path that is not simply one stored `@Observed` property of its root:
/// a computed property, a path through other observable objects (`\.model.number`), a part of
/// a value (`\.frame.origin.y`), an inherited property seen through a subclass, or a key path that
/// is only notified manually.
///
/// Its changes are always of the kind `.setting`, with the whole values before and after, as
/// KVO reports dependent keys; only direct observers of an array see insertions and removals.
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
  private let rootRegistry: ObjectIdentifier
  private let keyPath: KeyPath<Root, Value>
  private let handler: (Root, ObservedChange<Value>) -> Void
  private let equality: ((Value, Value) -> Bool)?

  /// Serializes changes of `subscriptions` and `chainEnd`; never held while calling a handler.
  private let subscriptionLock = Lock()
  private var subscriptions: [SlotReference] = []
  /// Whether the key path is exactly the chain of the stored properties it reads, each read on
  /// the object the previous one returned; set once, before the observer is filed.
  private var isStoredChain = false
  /// For a stored chain, the object whose property ends the chain, when no earlier property of
  /// the chain belongs to it: a change of that object alone cannot change what the chain reads.
  private var chainEnd: ObjectIdentifier?

  init(
    root: Root,
    keyPath: KeyPath<Root, Value>,
    options: ObservingOptions,
    isAutomatic: Bool,
    handler: @escaping (Root, ObservedChange<Value>) -> Void
  ) {
    self.root = root
    rootRegistry = ObjectIdentifier(root.observationRegistry)
    self.keyPath = keyPath
    self.handler = handler
    equality = options.contains(.skipsEqualValues) ? equalityFunction(for: Value.self) : nil
    super.init(options: options, isDirect: false, isAutomatic: isAutomatic)
  }

  /// Files the box under the slots `accesses` names; called once, at registration.
  func subscribe(to accesses: [RecordedAccess], root: Root, hasDeclaredDependencies: Bool) {
    isStoredChain = !hasDeclaredDependencies && Self.isChain(keyPath, of: accesses)
    update(to: accesses, root: root)
  }

  /// Whether `keyPath` is the properties of `accesses` appended one to another, so that
  /// evaluating it reads exactly those, in that order, and nothing else.
  static func isChain(_ keyPath: AnyKeyPath, of accesses: [RecordedAccess]) -> Bool {
    guard accesses.count > 1, var chain = accesses.last?.property else { return false }
    // Appended from the end: with Swift 6.3, `(a + b) + c` does not compare equal to the
    // literal `\.a.b.c` (the buffers differ though they hash alike), while `a + (b + c)` does.
    for access in accesses.dropLast().reversed() {
      guard let longer = access.property.appending(path: chain) else { return false }
      chain = longer
    }
    return chain == keyPath
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
          registry: root.observationRegistry,
          key: .manual(object: ObjectIdentifier(root), keyPath: keyPath)),
        root
      ))
    subscriptionLock.withLock {
      guard isActive else { return }
      if isStoredChain, let end = accesses.last?.object {
        let isAlone = !accesses.dropLast().contains { $0.object === end }
        chainEnd = isAlone ? ObjectIdentifier(end) : nil
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
    let removed = subscriptionLock.withLock {
      defer { subscriptions = [] }
      return subscriptions
    }
    for slot in removed {
      slot.registry.remove(self, from: slot.key)
    }
    root?.observationRegistry.removeTerminationHandler(for: self)
  }

  override func isRooted(in registry: ObservationRegistry) -> Bool {
    ObjectIdentifier(registry) == rootRegistry
  }

  override func keyPathWillChange() -> Any? {
    guard let root, isActive else { return nil }
    let needsOld = !options.isDisjoint(with: [.old, .skipsEqualValues])
    guard needsOld || options.contains(.prior) else { return nil }
    let oldValue = root[keyPath: keyPath]
    if options.contains(.prior) {
      handler(
        root,
        ObservedChange(oldValue: options.contains(.old) ? oldValue : nil, isPrior: true)
      )
    }
    return needsOld ? oldValue : nil
  }

  override func keyPathDidChange(oldValue: Any?, changedObject: AnyObject?) {
    guard let root, isActive else { return }
    let newValue: Value
    if isStoredChain, let changedObject,
      subscriptionLock.withLock({ chainEnd == ObjectIdentifier(changedObject) })
    {
      newValue = root[keyPath: keyPath]
    } else {
      let resolution = KeyPathResolution(keyPath, on: root)
      newValue = resolution.value
      update(to: resolution.accesses, root: root)
    }
    guard isActive else { return }
    let old = oldValue as? Value
    if let equality, let old, equality(old, newValue) { return }
    handler(
      root,
      ObservedChange(
        newValue: options.contains(.new) ? newValue : nil,
        oldValue: options.contains(.old) ? old : nil
      )
    )
  }
}
