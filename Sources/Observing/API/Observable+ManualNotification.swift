extension Observable {
  /// Announces that the value at `keyPath` is about to change, for observers notified by hand.
  ///
  /// Bracket the change with ``didChangeValue(for:)`` on the same thread, as with KVO. Use it for
  /// a computed property backed by storage that is not `@Observed`, or for an `@Observed`
  /// property declared with `notifiesAutomatically: false`:
  ///
  /// ```swift
  /// final class Thermometer: Observable {
  ///   let observationRegistry = ObservationRegistry()
  ///   private var celsius = 20.0
  ///   var fahrenheit: Double { celsius * 9 / 5 + 32 }
  ///
  ///   func update(celsius newValue: Double) {
  ///     willChangeValue(for: \.fahrenheit)
  ///     celsius = newValue
  ///     didChangeValue(for: \.fahrenheit)
  ///   }
  /// }
  /// ```
  ///
  /// Observers registered with an equal key path are notified (for an inherited computed
  /// property, use the same root type on both sides), and so are the observers of the stored
  /// `@Observed` property the key path names, whatever root type they used. Prior notifications
  /// are sent here.
  ///
  /// - Parameter keyPath: The key path whose value is about to change.
  public func willChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
    let registry = observationRegistry
    guard registry.hasObservers else { return }
    let snapshot = manualNotificationSnapshot(for: keyPath)
    guard !snapshot.entries.isEmpty else { return }
    let oldValue = self[keyPath: keyPath]
    let remembered =
      snapshot.needsWillPhase
      ? _deliverWillChange(snapshot, object: self, oldValue: oldValue, changedObject: nil)
      : nil
    ThreadState.current.pendingManualChanges.append(
      PendingManualChange(
        registry: registry,
        object: self,
        keyPath: keyPath,
        snapshot: snapshot,
        oldValue: oldValue,
        remembered: remembered
      )
    )
  }

  /// Announces that the value at `keyPath` has changed, notifying its observers.
  ///
  /// Pairs with the latest unmatched ``willChangeValue(for:)`` for the same object and key path on
  /// this thread, which supplies the old value. Without one, observers are still notified, with
  /// no old value.
  ///
  /// - Parameter keyPath: The key path whose value changed.
  public func didChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
    let registry = observationRegistry
    let pending = PendingManualChange.take(registry: registry, object: self, keyPath: keyPath)
    guard pending != nil || registry.hasObservers else { return }
    let snapshot = pending?.snapshot ?? manualNotificationSnapshot(for: keyPath)
    _deliverDidChange(
      snapshot, object: self, oldValue: pending?.oldValue as? Value,
      newValue: self[keyPath: keyPath], changedObject: nil, remembered: pending?.remembered)
  }

  /// The observers a manual notification of `keyPath` reaches.
  private func manualNotificationSnapshot<Value>(
    for keyPath: KeyPath<Self, Value>
  ) -> _ChangeSnapshot {
    observationRegistry.snapshot(
      of: self, stored: directProperty(of: keyPath), manual: keyPath)
  }
}

/// A manual change between `willChangeValue(for:)` and `didChangeValue(for:)`.
struct PendingManualChange {
  let registry: ObjectIdentifier
  /// The object announcing the change: objects that share a registry pair apart.
  let object: ObjectIdentifier
  let keyPath: AnyKeyPath
  let snapshot: _ChangeSnapshot
  let oldValue: Any
  let remembered: ContiguousArray<Any?>?

  init(
    registry: ObservationRegistry,
    object: AnyObject,
    keyPath: AnyKeyPath,
    snapshot: _ChangeSnapshot,
    oldValue: Any,
    remembered: ContiguousArray<Any?>?
  ) {
    self.registry = ObjectIdentifier(registry)
    self.object = ObjectIdentifier(object)
    self.keyPath = keyPath
    self.snapshot = snapshot
    self.oldValue = oldValue
    self.remembered = remembered
  }

  /// Removes and returns this thread's latest pending change for the object and key path.
  static func take(
    registry: ObservationRegistry,
    object: AnyObject,
    keyPath: AnyKeyPath
  ) -> PendingManualChange? {
    let thread = ThreadState.current
    guard
      let index = thread.pendingManualChanges.lastIndex(where: {
        $0.registry == ObjectIdentifier(registry) && $0.object == ObjectIdentifier(object)
          && $0.keyPath == keyPath
      })
    else { return nil }
    return thread.pendingManualChanges.remove(at: index)
  }
}
