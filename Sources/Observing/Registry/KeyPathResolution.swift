/// What evaluating a key path on an object read: the value, the `@Observed` properties read on
/// the way (in every object the path passes through), and whether the root's class declares
/// dependencies for it.
struct KeyPathResolution<Value> {
  /// The key path's value.
  let value: Value
  /// The `@Observed` properties read, in reading order, without duplicates.
  let accesses: [RecordedAccess]
  /// Whether `keyPathsAffectingValue(for:)` named anything for the key path, directly or
  /// through the key paths it named.
  let hasDeclaredDependencies: Bool

  /// Evaluates `keyPath` on `root` together with every key path its class declares as affecting
  /// it, transitively, recording each `@Observed` property read.
  ///
  /// KVO follows `keyPathsForValuesAffecting…` declarations through each other: `b` declared by
  /// `a`, `c` declared by `b`, so a change of `c` notifies observers of `a`. A cycle of
  /// declarations ends where it meets a key path already visited.
  init<Root: Observable>(_ keyPath: KeyPath<Root, Value>, on root: Root) {
    let rootType = type(of: root)
    let declared = rootType.keyPathsAffectingValue(for: keyPath)
    hasDeclaredDependencies = !declared.isEmpty
    guard hasDeclaredDependencies else {
      // The common case, taken on every change a key-path observer sees: no set to build.
      (value, accesses) = AccessRecording.record { root[keyPath: keyPath] }
      return
    }
    var pending = Array(declared)
    var visited = declared
    visited.insert(keyPath)
    (value, accesses) = AccessRecording.record {
      while let dependency = pending.popLast() {
        _ = root[keyPath: dependency]
        for next in rootType.keyPathsAffectingValue(for: dependency)
        where visited.insert(next).inserted {
          pending.append(next)
        }
      }
      return root[keyPath: keyPath]
    }
  }

  /// The stored `@Observed` property of `root` that `keyPath` names exactly, if that is what it
  /// is: then the property's setter can hand observers the values, with no key path evaluated.
  ///
  /// - Returns: The property's own key path, rooted at its declaring class.
  func directProperty<Root: Observable>(
    of keyPath: KeyPath<Root, Value>,
    on root: Root
  ) -> AnyKeyPath? {
    guard !hasDeclaredDependencies, accesses.count == 1, let access = accesses.first,
      access.object === root,
      access.valueType == ObjectIdentifier(Value.self),
      namesSameProperty(access.property, keyPath)
    else { return nil }
    return access.property
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
  // Unequal key paths with one root name different things; only a subclass root can name the
  // declaring class's property differently. (Describing a key path is slow: avoid it here.)
  guard type(of: declared).rootType != type(of: requested).rootType,
    type(of: declared).valueType == type(of: requested).valueType,
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
