#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`.
///
/// The registry could use `Synchronization.Mutex`, but with Swift 6.3 on Linux the thread
/// sanitizer does not see `Mutex`'s futex-based critical sections (the futex calls are not
/// instrumented), so it reports every one of them as a data race and stops meaning anything for
/// this module. `pthread_mutex_t` is intercepted by TSan, so its acquire/release edges are
/// understood and a TSan report on `Observing` points at a real race.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` while holding the lock.
  @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A value that is only reached while holding its lock, the way `Mutex` keeps its value.
///
/// The value lives in memory of its own rather than in a class's stored property, so that
/// reaching it takes no dynamic exclusivity check: the lock already excludes every overlapping
/// access, and checking again on every change would only cost time.
struct LockedState<State>: ~Copyable, @unchecked Sendable {
  private let lock = Lock()
  private let storage: UnsafeMutablePointer<State>

  init(_ initial: State) {
    storage = UnsafeMutablePointer<State>.allocate(capacity: 1)
    storage.initialize(to: initial)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Runs `body` with the value, while holding the lock.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    // Sound: `storage` is initialized from `init` to `deinit`, and is dereferenced only here,
    // while `lock` is held, so no two accesses to the value overlap.
    try lock.withLock { try body(&storage.pointee) }
  }
}
