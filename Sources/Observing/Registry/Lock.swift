import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over one atomic word, held for the few instructions a registry's
/// bookkeeping takes.
///
/// Taking a free lock is one compare-exchange (acquiring), and releasing it one releasing store:
/// every assignment of an observed property takes it once, and `pthread_mutex_t` cost three
/// times as much there (a call into libc, a locked exchange to release, and its type checks).
///
/// Why not `Synchronization.Mutex`: with Swift 6.3 on Linux its lock and unlock are compiled
/// into the toolchain's `Synchronization` library, which is not built with the thread
/// sanitizer, and they wait on an uninstrumented futex; TSan sees neither edge and reports every
/// critical section as a data race. This lock's compare-exchange and store are `Atomic`
/// operations that are always inlined, so they are compiled here, in `Observing`, and under
/// `-sanitize=thread` they become TSan's own atomic calls: TSan sees the acquire and the release,
/// and a report on `Observing` points at a real race. `LockTests` checks both halves: accesses
/// under the lock from many threads pass the sanitizer, and a deliberate race beside them, run by
/// hand (see there), is reported.
///
/// A thread that finds the lock held does not spin for long (the machine may have two cores,
/// and the holder may be the thread it would spin against): it retries a few times, then yields
/// its processor to other threads, and after many yields sleeps 50 µs between attempts, so a
/// holder that was preempted gets to run and finish. Nothing here is fair (a waiter may be
/// overtaken), which a critical section of a few hundred nanoseconds makes harmless. The lock is
/// not recursive: taking it again on the thread that holds it never returns.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  /// 1 while some thread holds the lock, 0 while it is free.
  @usableFromInline let word = Atomic<UInt32>(0)

  /// The attempts that only re-read the word before the waiter starts yielding.
  static var spinAttempts: Int { 64 }

  /// The attempts that yield before the waiter starts sleeping between attempts.
  static var yieldAttempts: Int { 1_024 }

  init() {}

  /// Takes the lock, waiting for it if another thread holds it.
  @inlinable @inline(__always)
  func lock() {
    if _fastPath(
      word.compareExchange(
        expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed
      ).exchanged)
    {
      return
    }
    lockContended()
  }

  /// Takes the lock without waiting; returns whether it did.
  @inlinable @inline(__always)
  func tryLock() -> Bool {
    word.compareExchange(
      expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed
    ).exchanged
  }

  /// Releases the lock, which the calling thread holds.
  @inlinable @inline(__always)
  func unlock() {
    word.store(0, ordering: .releasing)
  }

  /// Waits for the lock: re-reads the word (taking it only when it reads free, so waiters do
  /// not fight over its cache line), then yields, then sleeps between attempts.
  @usableFromInline @inline(never)
  func lockContended() {
    var attempts = 0
    while true {
      if word.load(ordering: .relaxed) == 0, tryLock() { return }
      attempts += 1
      if attempts <= Self.spinAttempts { continue }
      if attempts <= Self.spinAttempts + Self.yieldAttempts {
        sched_yield()
      } else {
        var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
        nanosleep(&pause, nil)
      }
    }
  }

  /// Runs `body` while holding the lock.
  @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value that is only reached while holding its lock, the way `Mutex` keeps its value.
///
/// The value lives in memory of its own rather than in a class's stored property, so that
/// reaching it takes no dynamic exclusivity check: the lock already excludes every overlapping
/// access, and checking again on every change would only cost time.
///
/// Every access goes through ``withLock(_:)`` but one: the setter's common path
/// (`RegistryCore.beginPlainAssignment(object:offset:)`), inlined into other modules, takes
/// ``lock`` and reads ``storage`` by hand between taking and releasing it, because a closure
/// handed to ``withLock(_:)`` stays a call there.
@usableFromInline
struct LockedState<State>: ~Copyable, @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline let storage: UnsafeMutablePointer<State>

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
    // Sound: `storage` is initialized from `init` to `deinit`, and is dereferenced only while
    // `lock` is held (here, and in the one reader named above), so no two accesses to the
    // value overlap.
    try lock.withLock { try body(&storage.pointee) }
  }
}
