import Foundation

/// Where a header keeps the time of its last refresh.
///
/// ``UserDefaultsLastUpdatedTimeStore`` (the default) keeps it across launches, as MJRefresh
/// does; ``InMemoryLastUpdatedTimeStore`` suits tests and previews.
public protocol LastUpdatedTimeStore {
  /// The stored date for a key.
  ///
  /// - Parameter key: The header's ``RefreshHeader/lastUpdatedTimeKey``.
  /// - Returns: The date, or `nil` when none was stored.
  func date(forKey key: String) -> Date?

  /// Stores a date for a key.
  ///
  /// - Parameters:
  ///   - date: The date of the refresh.
  ///   - key: The header's ``RefreshHeader/lastUpdatedTimeKey``.
  func setDate(_ date: Date, forKey key: String)
}

/// Keeps last update times in `UserDefaults`, across launches, as MJRefresh does.
///
/// A date is written off the main thread, half a second after it is set, with the dates set
/// meanwhile: setting a `UserDefaults` value costs several microseconds on Linux, more than the
/// rest of ending a refresh, and a value merely set is not kept across launches there (the file
/// is written when the defaults synchronize). The store keeps what it wrote in memory until it
/// reaches the defaults, so a header reads its own date back at once, and synchronizes the
/// defaults after each batch of writes and when the process exits normally (a crash within the
/// half second loses the last date). A date other code stores under the key shows once the
/// store's own writes have landed.
public struct UserDefaultsLastUpdatedTimeStore: LastUpdatedTimeStore {
  /// The defaults database name, or `nil` for the standard one.
  public let suiteName: String?

  /// Creates a store over the standard defaults or a named suite.
  ///
  /// - Parameter suiteName: A suite name, or `nil` for `UserDefaults.standard`.
  public init(suiteName: String? = nil) {
    self.suiteName = suiteName
  }

  /// The stored date for a key: the one this process wrote last, while it is on its way to the
  /// defaults, else the defaults' own.
  ///
  /// - Parameter key: The key.
  /// - Returns: The date, or `nil`.
  public func date(forKey key: String) -> Date? {
    LastUpdatedTimeWriter.shared.date(forKey: key, in: suiteName)
  }

  /// Stores a date for a key: at once for this store's readers, and in the defaults shortly
  /// after (see the type's description).
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - key: The key.
  public func setDate(_ date: Date, forKey key: String) {
    LastUpdatedTimeWriter.shared.setDate(date, forKey: key, in: suiteName)
  }
}

/// Writes the dates of ``UserDefaultsLastUpdatedTimeStore``s to `UserDefaults` on a queue of
/// its own, the last date of each key winning, and synchronizes the defaults after each batch
/// and at a normal exit.
///
/// Every access to its state holds `lock`; `UserDefaults` itself may be used from any thread.
final class LastUpdatedTimeWriter: @unchecked Sendable {
  /// The writer all stores share, so that every store of a suite reads what any of them wrote.
  static let shared = LastUpdatedTimeWriter()

  /// A key in a suite (`nil`: the standard defaults).
  private struct Entry: Hashable {
    let suite: String?
    let key: String
  }

  private let lock = NSLock()
  /// The dates written and not yet in the defaults.
  private var pending: [Entry: Date] = [:]
  /// Whether a flush is scheduled on `queue`.
  private var isFlushScheduled = false
  /// The defaults of each suite, made once.
  private var suites: [String: UserDefaults] = [:]
  private let queue = DispatchQueue(label: "swift-refresh.last-updated-time")

  private init() {
    // A normal exit flushes what has not been written yet (the closure captures nothing).
    atexit { LastUpdatedTimeWriter.shared.flush() }
  }

  /// The defaults of a suite, or the standard ones; the caller holds `lock`.
  private func defaults(_ suite: String?) -> UserDefaults {
    guard let suite else { return .standard }
    if let defaults = suites[suite] { return defaults }
    let defaults = UserDefaults(suiteName: suite) ?? .standard
    suites[suite] = defaults
    return defaults
  }

  func date(forKey key: String, in suite: String?) -> Date? {
    lock.withLock {
      pending[Entry(suite: suite, key: key)] ?? defaults(suite).object(forKey: key) as? Date
    }
  }

  func setDate(_ date: Date, forKey key: String, in suite: String?) {
    let schedules = lock.withLock {
      pending[Entry(suite: suite, key: key)] = date
      defer { isFlushScheduled = true }
      return !isFlushScheduled
    }
    guard schedules else { return }
    // A burst of refreshes (a bench, a user pulling again and again) makes one write.
    queue.asyncAfter(deadline: .now() + Self.writeDelay) { self.flush() }
  }

  /// How long a date waits before it is written to the defaults, in seconds: the dates of the
  /// refreshes that end meanwhile are written with it, the last of each key winning.
  static let writeDelay: TimeInterval = 0.5

  /// Writes every pending date to its defaults, then synchronizes them (which writes their
  /// files on Linux), now, on the calling thread.
  ///
  /// The dates move from `pending` to the defaults under the lock, so that a read never finds a
  /// date in neither; the files are written after it is released, so that a reader on the main
  /// thread never waits for the disk.
  func flush() {
    let written: [UserDefaults] = lock.withLock {
      isFlushScheduled = false
      var written: [UserDefaults] = []
      for (entry, date) in pending {
        let defaults = defaults(entry.suite)
        defaults.set(date, forKey: entry.key)
        if !written.contains(where: { $0 === defaults }) { written.append(defaults) }
      }
      pending = [:]
      return written
    }
    for defaults in written { defaults.synchronize() }
  }
}

/// Keeps last update times in memory, for tests and previews.
public final class InMemoryLastUpdatedTimeStore: LastUpdatedTimeStore, @unchecked Sendable {
  private let lock = NSLock()
  private var dates: [String: Date]

  /// Creates a store, optionally with dates already in it.
  ///
  /// - Parameter dates: Initial dates by key.
  public init(dates: [String: Date] = [:]) {
    self.dates = dates
  }

  /// The stored date for a key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The date, or `nil`.
  public func date(forKey key: String) -> Date? {
    lock.withLock { dates[key] }
  }

  /// Stores a date for a key.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - key: The key.
  public func setDate(_ date: Date, forKey key: String) {
    lock.withLock { dates[key] = date }
  }
}
