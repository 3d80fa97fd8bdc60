import Foundation

/// A thread-safe cache of strings tables, keyed by language code.
///
/// Each language is loaded at most once, under the cache's lock; later lookups return the stored
/// table (an empty one when loading found nothing).
final class StringsTableCache: @unchecked Sendable {
  /// Guards `tables` and `loads`.
  private let lock = NSLock()
  private var tables: [String: [String: String]] = [:]
  private var loads = 0
  private let load: @Sendable (String) -> [String: String]

  /// Creates an empty cache that fills itself with `load`.
  init(load: @escaping @Sendable (String) -> [String: String]) {
    self.load = load
  }

  /// The table for `language`, loading it on first use.
  func table(for language: String) -> [String: String] {
    lock.withLock {
      if let table = tables[language] { return table }
      let table = load(language)
      loads += 1
      tables[language] = table
      return table
    }
  }

  /// How many times the cache has called its loader.
  var loadCount: Int { lock.withLock { loads } }
}
