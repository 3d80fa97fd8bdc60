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
  /// The object whose property was read; held only while the resolution is in use.
  let object: AnyObject
  /// The property's own key path, rooted at the class that declares it: the identity a
  /// registry files observers under, whatever subclass the object is.
  let property: AnyKeyPath
  /// The type of the property's value.
  let valueType: ObjectIdentifier

  /// The slot this access subscribes to.
  var key: SlotKey { .stored(object: ObjectIdentifier(object), property: property) }

  /// Whether two accesses read the same property of the same object.
  func isSameRead(as other: RecordedAccess) -> Bool {
    object === other.object && property == other.property
  }
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
    if !accesses.contains(where: access.isSameRead) { accesses.append(access) }
  }
}

/// Reports a read of an `@Observed` property to the recording of the current thread, if any.
///
/// Called from the inlined getter of `@Observed` while some thread records. Only the thread
/// that records does anything more than look at its own state: the key path closure (which
/// materializes the key path object) and the registry are only asked for then.
@usableFromInline
func _recordAccess<Object: Observable>(
  _ object: Object,
  valueType: Any.Type,
  property: () -> AnyKeyPath
) {
  guard let recording = ThreadState.current.recordings.last else { return }
  recording.append(
    RecordedAccess(
      registry: object.observationRegistry,
      object: object,
      property: property(),
      valueType: ObjectIdentifier(valueType)
    )
  )
}
