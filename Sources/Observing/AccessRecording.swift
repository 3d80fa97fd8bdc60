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
/// closure (which materializes the key path object) never runs on an ordinary read.
@usableFromInline
func _recordAccess(
  registry: ObservationRegistry,
  offset: Int,
  valueType: Any.Type,
  keyPath: () -> AnyKeyPath
) {
  guard let recording = ThreadState.current.recordings.last else { return }
  recording.append(
    RecordedAccess(
      registry: registry,
      offset: offset,
      valueType: ObjectIdentifier(valueType),
      keyPath: keyPath()
    )
  )
}
