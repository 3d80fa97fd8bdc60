import Foundation
import Testing

@testable import Refresh

/// The stores of the last update time: the `UserDefaults` one keeps its dates across launches,
/// reads back what it wrote at once, and sees what other code stores.
@Suite("Last update time stores")
struct LastUpdatedTimeStoreTests {
  /// A suite of its own for each test, so that runs and tests leave each other alone.
  static func suiteName(_ test: String) -> String {
    "swift-refresh-tests.\(test).\(ProcessInfo.processInfo.processIdentifier)"
  }

  /// A date written by one process is read by the next, as MJRefresh's `NSUserDefaults` keeps
  /// it: on Linux, `UserDefaults` writes its file only when synchronized, and a date merely set
  /// was gone with the process.
  @Test func aDateOutlivesTheProcess() async throws {
    // The child processes are handed nothing: the suite is named here and there alike.
    let suite = "swift-refresh-tests.launches"
    UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite)
    defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    await #expect(processExitsWith: .success) {
      UserDefaultsLastUpdatedTimeStore(suiteName: "swift-refresh-tests.launches")
        .setDate(Date(), forKey: "launch")
    }
    // The next launch reads it, through the store and through the defaults.
    await #expect(processExitsWith: .success) {
      let store = UserDefaultsLastUpdatedTimeStore(suiteName: "swift-refresh-tests.launches")
      let defaults = UserDefaults(suiteName: "swift-refresh-tests.launches")
      guard let date = store.date(forKey: "launch"),
        defaults?.object(forKey: "launch") as? Date == date, date <= Date()
      else { exit(1) }
    }
  }

  /// What the store wrote reads back at once, before it reaches the defaults; afterwards the
  /// defaults answer, so a date other code stores there shows.
  @Test func writesReadBackAtOnceAndOtherCodeIsSeen() throws {
    let suite = Self.suiteName("reads")
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let store = UserDefaultsLastUpdatedTimeStore(suiteName: suite)
    #expect(store.date(forKey: "key") == nil)
    let first = Date(timeIntervalSince1970: 1_000)
    store.setDate(first, forKey: "key")
    #expect(store.date(forKey: "key") == first)
    LastUpdatedTimeWriter.shared.flush()
    #expect(defaults.object(forKey: "key") as? Date == first)
    let other = Date(timeIntervalSince1970: 2_000)
    defaults.set(other, forKey: "key")
    #expect(store.date(forKey: "key") == other)
    // Another store on the same suite sees the same dates; one on another suite does not.
    #expect(UserDefaultsLastUpdatedTimeStore(suiteName: suite).date(forKey: "key") == other)
    #expect(
      UserDefaultsLastUpdatedTimeStore(suiteName: Self.suiteName("elsewhere"))
        .date(forKey: "key") == nil)
  }

  /// Writes from many threads at once all land, the last one of each key winning.
  @Test func concurrentWritesLand() async throws {
    let suite = Self.suiteName("threads")
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<8 {
        group.addTask {
          let store = UserDefaultsLastUpdatedTimeStore(suiteName: suite)
          for step in 0..<100 {
            store.setDate(Date(timeIntervalSince1970: Double(step)), forKey: "key\(thread)")
          }
        }
      }
    }
    LastUpdatedTimeWriter.shared.flush()
    for thread in 0..<8 {
      #expect(defaults.object(forKey: "key\(thread)") as? Date == Date(timeIntervalSince1970: 99))
    }
  }
}
