import Synchronization

/// How many threads are resolving a key path right now.
///
/// `@Observed` getters read this with a relaxed load and only report themselves while it is not
/// zero, so an ordinary read costs one load and a branch.
@usableFromInline
let _activeRecordings = Atomic<Int>(0)

/// One `@Observed` property read while a key path was being resolved.
struct RecordedAccess {
  /// The registry of the object whose property was read.
  let registry: ObservationRegistry
  /// The property's position in its object, the identity the registry files observers under.
  let offset: Int
  /// The type of the property's value.
  let valueType: ObjectIdentifier
  /// The property's own key path (rooted at the class that declares it).
  let keyPath: AnyKeyPath

  /// The slot this access subscribes to.
  var slot: SlotReference { SlotReference(registry: registry, key: .stored(offset)) }
}

/// The accesses recorded while one key path was being resolved on the current thread.
final class AccessRecording {
  var accesses: [RecordedAccess] = []

  /// Evaluates `body` while recording every `@Observed` property it reads on this thread.
  ///
  /// - Parameter body: The evaluation to watch, typically a key path application.
  /// - Returns: What `body` returned and the accesses, in reading order, without duplicates.
  static func record<Result>(_ body: () throws -> Result) rethrows -> (Result, [RecordedAccess]) {
    let recording = AccessRecording()
    let thread = ThreadState.current
    thread.recordings.append(recording)
    _activeRecordings.add(1, ordering: .relaxed)
    defer {
      _activeRecordings.subtract(1, ordering: .relaxed)
      thread.recordings.removeLast()
    }
    let result = try body()
    return (result, recording.accesses)
  }

  func append(_ access: RecordedAccess) {
    let duplicate = accesses.contains {
      $0.registry === access.registry && $0.offset == access.offset
    }
    if !duplicate { accesses.append(access) }
  }
}

/// Reports a read of an `@Observed` property to the recording of the current thread, if any.
///
/// Called from the inlined getter of `@Observed` only while some thread records, so the key path
/// closures (which materialize key path objects) never run on an ordinary read.
@usableFromInline
func _recordAccess(
  registry: ObservationRegistry,
  valueType: Any.Type,
  keyPath: () -> AnyKeyPath,
  storageKeyPath: () -> AnyKeyPath,
  offset: () -> Int
) {
  guard let recording = ThreadState.current.recordings.last else { return }
  recording.append(
    RecordedAccess(
      registry: registry,
      offset: PropertyOffsets.shared.offset(of: storageKeyPath(), compute: offset),
      valueType: ObjectIdentifier(valueType),
      keyPath: keyPath()
    )
  )
}

/// The offsets of `@Observed` storage in their classes, by storage key path.
///
/// Finding an offset takes a modifying access to the property (the only way to learn its
/// address), which the thread sanitizer would see racing with reads on other threads if every
/// registration did it; an offset never changes, so it is found once per property.
final class PropertyOffsets: @unchecked Sendable {
  static let shared = PropertyOffsets()
  private let lock = Lock()
  private var offsets: [AnyKeyPath: Int] = [:]

  func offset(of storageKeyPath: AnyKeyPath, compute: () -> Int) -> Int {
    if let known = lock.withLock({ offsets[storageKeyPath] }) { return known }
    let offset = compute()
    lock.withLock { offsets[storageKeyPath] = offset }
    return offset
  }
}
