/// Where an observer is filed in a registry.
///
/// Every key names the object it belongs to as well as the property, because one registry may
/// serve several objects: `observationRegistry` may be computed, forwarding to another object's
/// registry. The property is named by a key path rooted at the class that declares it, whose
/// type fixes the value type, so two classes never share a key even where their properties sit
/// at the same place in memory.
enum SlotKey: Hashable {
  /// A stored `@Observed` property, named by its own key path (`\DeclaringClass.property`).
  case stored(object: ObjectIdentifier, property: AnyKeyPath)
  /// A key path that is notified by `willChangeValue(for:)`/`didChangeValue(for:)`, named by
  /// the key path the observer registered.
  case manual(object: ObjectIdentifier, keyPath: AnyKeyPath)

  /// The object whose observers are filed under this key.
  var object: ObjectIdentifier {
    switch self {
    case .stored(let object, _), .manual(let object, _): object
    }
  }

  /// The property or key path, whichever the key names.
  var path: AnyKeyPath {
    switch self {
    case .stored(_, let property): property
    case .manual(_, let keyPath): keyPath
    }
  }

  /// Whether the key names a stored property.
  var isStored: Bool {
    if case .stored = self { true } else { false }
  }
}

/// A registry slot that a key-path observer subscribes to.
///
/// It keeps the registry's core, not the registry, so that the registry still goes with its
/// object.
struct SlotReference {
  let registry: RegistryCore
  let key: SlotKey

  func matches(_ other: SlotReference) -> Bool {
    registry === other.registry && key == other.key
  }

  /// Whether this is the slot `access` subscribes to.
  func matches(_ access: RecordedAccess) -> Bool {
    guard registry === access.registry, case .stored(let object, let property) = key else {
      return false
    }
    return object == ObjectIdentifier(access.object) && property == access.property
  }
}
