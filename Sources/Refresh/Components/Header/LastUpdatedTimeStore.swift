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

/// Keeps last update times in `UserDefaults`.
public struct UserDefaultsLastUpdatedTimeStore: LastUpdatedTimeStore {
  /// The defaults database name, or `nil` for the standard one.
  public let suiteName: String?

  /// Creates a store over the standard defaults or a named suite.
  ///
  /// - Parameter suiteName: A suite name, or `nil` for `UserDefaults.standard`.
  public init(suiteName: String? = nil) {
    self.suiteName = suiteName
  }

  private var defaults: UserDefaults {
    suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
  }

  /// The stored date for a key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The date, or `nil`.
  public func date(forKey key: String) -> Date? {
    defaults.object(forKey: key) as? Date
  }

  /// Stores a date for a key.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - key: The key.
  public func setDate(_ date: Date, forKey key: String) {
    defaults.set(date, forKey: key)
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
