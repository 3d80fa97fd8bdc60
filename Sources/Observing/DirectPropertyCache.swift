/// Remembers which key paths name a stored `@Observed` property exactly, per class, so that
/// registering `observe(\.name)` again resolves nothing.
///
/// Resolving a key path evaluates it while recording what it reads, compares key path
/// descriptions and asks the class for declared dependencies: about a microsecond. The answer
/// for a key path that names one stored property depends only on the key path and the object's
/// class (dependencies are declared per class, and are asked for once, as KVO does), so it is
/// kept here. Other key paths (computed ones, paths through objects) read different properties
/// in different states and are resolved every time.
final class DirectPropertyCache: @unchecked Sendable {
  /// A key path instance and the class of the object it was applied to.
  private struct Key: Hashable {
    let keyPath: ObjectIdentifier
    let rootType: ObjectIdentifier
  }

  private struct Entry {
    /// The caller's key path, retained so that its identity cannot pass to another key path.
    let keyPath: AnyKeyPath
    /// The property it names, rooted at the declaring class.
    let property: AnyKeyPath
  }

  /// The cache every registration uses.
  static let shared = DirectPropertyCache()

  /// Enough for every key path literal of a large program; the cache starts over when full, so
  /// key paths built at run time (each a new instance) cannot grow it without bound.
  private static let capacity = 4096

  private let lock = Lock()
  private var entries: [Key: Entry] = [:]

  /// The property `keyPath` names on objects of `rootType`, if it was found to be a direct one.
  func property(for keyPath: AnyKeyPath, rootType: AnyObject.Type) -> AnyKeyPath? {
    let key = Key(keyPath: ObjectIdentifier(keyPath), rootType: ObjectIdentifier(rootType))
    return lock.withLock { entries[key]?.property }
  }

  /// Remembers that `keyPath` names `property` on objects of `rootType`.
  func insert(_ property: AnyKeyPath, for keyPath: AnyKeyPath, rootType: AnyObject.Type) {
    let key = Key(keyPath: ObjectIdentifier(keyPath), rootType: ObjectIdentifier(rootType))
    lock.withLock {
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(keyPath: keyPath, property: property)
    }
  }
}
