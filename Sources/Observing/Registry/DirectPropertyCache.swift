/// Remembers which key paths name a stored `@Observed` property exactly, per class, so that
/// registering `observe(\.name)` again resolves nothing.
///
/// Resolving a key path evaluates it while recording what it reads, compares key path
/// descriptions and asks the class for declared dependencies: about a microsecond. The answer
/// for a key path that names one stored property depends only on the key path and the object's
/// class (dependencies are declared per class, and are asked for once, as KVO does), so it is
/// kept here. Other key paths (computed ones, paths through objects) read different properties
/// in different states and are resolved every time.
///
/// The table is direct-mapped, a fixed array indexed by the key path's and the class's
/// addresses: a lookup hashes two integers and compares two, with no `Dictionary` hashing and no
/// exclusivity check, and a key path built at run time (each a new instance) can only evict
/// another entry, never grow the table. An evicted key path is resolved again, once.
final class DirectPropertyCache: @unchecked Sendable {
  /// The entries, field by field, so that a lookup compares two integers in place and copies
  /// nothing it does not return.
  private struct Table {
    /// Each entry's key path identity and the class of the object it was applied to.
    var keys: ContiguousArray<(keyPath: ObjectIdentifier, rootType: ObjectIdentifier)?>
    /// Each entry's key path, retained so that its identity cannot pass to another key path.
    var keyPaths: ContiguousArray<AnyKeyPath?>
    /// The property each entry's key path names, rooted at the declaring class.
    var properties: ContiguousArray<AnyKeyPath?>
  }

  /// The cache every registration uses.
  static let shared = DirectPropertyCache()

  /// The number of entries, a power of two: enough for the key path literals of a large program
  /// (48 KB in all).
  static let capacity = 2048

  private let table = LockedState(
    Table(
      keys: ContiguousArray(repeating: nil, count: capacity),
      keyPaths: ContiguousArray(repeating: nil, count: capacity),
      properties: ContiguousArray(repeating: nil, count: capacity)))

  /// The entry `keyPath` on `rootType` is filed in.
  static func index(keyPath: ObjectIdentifier, rootType: ObjectIdentifier) -> Int {
    // Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4): multiply by 2^64 divided by the golden
    // ratio and keep the top bits, which spreads aligned addresses evenly.
    let golden: UInt = 0x9E37_79B9_7F4A_7C15
    let mixed = (UInt(bitPattern: keyPath) ^ (UInt(bitPattern: rootType) &* golden)) &* golden
    return Int(truncatingIfNeeded: mixed >> UInt(UInt.bitWidth - capacity.trailingZeroBitCount))
  }

  /// The property `keyPath` names on objects of `rootType`, if it was found to be a direct one.
  func property(for keyPath: AnyKeyPath, rootType: AnyObject.Type) -> AnyKeyPath? {
    let id = ObjectIdentifier(keyPath)
    let root = ObjectIdentifier(rootType)
    let index = Self.index(keyPath: id, rootType: root)
    return table.withLock { table in
      guard let key = table.keys[index], key.keyPath == id, key.rootType == root else {
        return nil
      }
      return table.properties[index]
    }
  }

  /// Remembers that `keyPath` names `property` on objects of `rootType`, in place of whatever
  /// shared its entry.
  func insert(_ property: AnyKeyPath, for keyPath: AnyKeyPath, rootType: AnyObject.Type) {
    let id = ObjectIdentifier(keyPath)
    let root = ObjectIdentifier(rootType)
    let index = Self.index(keyPath: id, rootType: root)
    let evicted = table.withLock { table in
      table.keys[index] = (id, root)
      let evicted = (table.keyPaths[index], table.properties[index])
      table.keyPaths[index] = keyPath
      table.properties[index] = property
      return evicted
    }
    // Released outside the lock: the last reference to a key path may go with it.
    _ = evicted
  }
}
