import _ObservingShims

// The tracking gate (`_observing_tracking_gate`, in the C module `_ObservingShims`) counts the
// reasons there are, right now, for `@Observed` getters to report their reads: key paths being
// resolved (on any thread), Observation trackings under way through this module (see
// `ObservationTrackingBridge`), and live `Observations` sequences. Getters read it with a
// relaxed load and only report themselves while it is not zero, so an ordinary read costs one
// load and a branch. Where SwiftUI exists it starts open:
// `ObservationRegistry.reportsEveryReadToObservation` is `true` there by default.

/// One `@Observed` property read while a key path was being resolved.
struct RecordedAccess {
  /// The core of the registry of the object whose property was read.
  let registry: RegistryCore
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
    _observing_tracking_gate_add(1)
    defer {
      _observing_tracking_gate_add(-1)
      thread.recordings.removeLast()
    }
    let result = try body()
    return (result, recording.accesses)
  }

  func append(_ access: RecordedAccess) {
    if !accesses.contains(where: access.isSameRead) { accesses.append(access) }
  }
}

/// Reports a read of an `@Observed` property to whoever watches reads on this thread: the key
/// path being resolved, and Observation's tracking.
///
/// Called from the inlined getter of `@Observed` while the tracking gate is open. Only a thread
/// that records or tracks does more than look at its own state: the key path closure (which
/// materializes the key path object) and the registry are only asked for then.
@usableFromInline
func _reportAccess<Object: Observable, Value>(
  _ object: Object,
  property: () -> ReferenceWritableKeyPath<Object, Value>
) {
  let thread = ThreadState.current
  let recording = thread.recordings.last
  let tracks = thread.observationTrackingDepth > 0 || ObservationTrackingBridge.isOpenEverywhere
  guard recording != nil || tracks else { return }
  let keyPath = property()
  let registry = object.observationRegistry
  recording?.append(
    RecordedAccess(
      registry: registry.core,
      object: object,
      property: keyPath,
      valueType: ObjectIdentifier(Value.self)
    )
  )
  if tracks {
    registry.markTrackedByObservation()
    registry.registrar.access(object, keyPath: keyPath)
  }
}
