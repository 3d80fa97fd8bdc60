#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Per-thread bookkeeping: key paths being resolved, manual changes between `willChangeValue`
/// and `didChangeValue`, and to-many changes in flight.
///
/// All of it belongs to one thread, so none of it needs a lock.
final class ThreadState {
  /// The recordings in progress on this thread, innermost last.
  var recordings: [AccessRecording] = []

  /// Manual changes announced by `willChangeValue(for:)` and not yet completed.
  var pendingManualChanges: [PendingManualChange] = []

  /// To-many changes whose assignment is under way, innermost last.
  var toManyChanges: [ToManyChange] = []

  /// How many `withObservationTracking` calls made through this module are running their
  /// `apply` closure on this thread: while any is, reads are reported to Observation.
  var observationTrackingDepth = 0

  /// The state of the calling thread, created on first use and released when the thread exits.
  static var current: ThreadState {
    if let pointer = pthread_getspecific(threadStateKey) {
      return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
    }
    let state = ThreadState()
    pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
    return state
  }
}

#if canImport(Darwin)
  private func releaseThreadState(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<ThreadState>.fromOpaque(pointer).release()
  }
#else
  private func releaseThreadState(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer { Unmanaged<ThreadState>.fromOpaque(pointer).release() }
  }
#endif

private let threadStateKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, releaseThreadState)
  precondition(status == 0, "pthread_key_create failed with \(status)")
  return key
}()
