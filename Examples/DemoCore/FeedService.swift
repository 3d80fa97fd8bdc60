import Foundation
import Refresh

/// The demo's simulated server: it answers refreshes and page loads after a delay on the
/// window's clock, as a network would, from a ``FeedModel``.
///
/// Its answers through ``fetchNewPosts(_:)`` and ``fetchNextPage(_:)`` may be failures: the
/// next one after ``failsNextRequest`` is set, and, with a ``failureRate`` above 0, now and then
/// by themselves, decided by a seeded generator, so a session fails at the same requests on
/// every run.
///
/// ```swift
/// let service = FeedService(clock: clock)
/// service.refresh { count in header.endRefreshing(result: "\(count) new posts") }
/// clock.advance(by: service.refreshDelay)  // the answer arrives
/// ```
@MainActor
public final class FeedService {
  /// The posts the server has sent so far.
  public private(set) var feed: FeedModel
  /// How long a refresh takes to answer, in seconds.
  public var refreshDelay: TimeInterval = 1.2
  /// How long a page takes to arrive, in seconds.
  public var loadDelay: TimeInterval = 0.8

  /// Whether the next request answered through ``fetchNewPosts(_:)`` or
  /// ``fetchNextPage(_:)`` fails; it is cleared by that request.
  public var failsNextRequest = false
  /// The share of those requests that fail by themselves, from 0 (never, the default) to 1
  /// (always); values outside are clamped when used.
  public var failureRate: Double = 0

  private let clock: FrameClock
  private var pending: [ClockTask] = []
  private var dice: FailureDice

  /// Creates a service on a clock.
  ///
  /// - Parameters:
  ///   - clock: The clock the delays run on.
  ///   - feed: The posts.
  ///   - failureSeed: The seed of the generator that decides which requests fail by
  ///     themselves (with a ``failureRate`` above 0).
  public init(clock: FrameClock, feed: FeedModel = FeedModel(), failureSeed: UInt64 = 2026) {
    self.clock = clock
    self.feed = feed
    dice = FailureDice(seed: failureSeed)
  }

  /// Asks for newer posts; after ``refreshDelay`` they are at the top of ``feed``, or the
  /// request failed and the feed is as it was.
  ///
  /// - Parameter answer: Called with the number of new posts, or the failure.
  public func fetchNewPosts(_ answer: @escaping @MainActor (Result<Int, FeedFailure>) -> Void) {
    let fails = rollFailure()
    self.answer(after: refreshDelay) { service in
      answer(fails ? .failure(FeedFailure()) : .success(service.feed.refresh()))
    }
  }

  /// Asks for the next page; after ``loadDelay`` it is at the end of ``feed``, or the request
  /// failed and the feed is as it was.
  ///
  /// - Parameter answer: Called with whether more pages remain, or the failure.
  public func fetchNextPage(_ answer: @escaping @MainActor (Result<Bool, FeedFailure>) -> Void) {
    let fails = rollFailure()
    self.answer(after: loadDelay) { service in
      guard !fails else { return answer(.failure(FeedFailure())) }
      service.feed.loadNextPage()
      answer(.success(service.feed.hasMorePages))
    }
  }

  /// Whether the request being made fails: the one asked for, or one in ``failureRate``.
  private func rollFailure() -> Bool {
    let roll = dice.next()
    if failsNextRequest {
      failsNextRequest = false
      return true
    }
    return roll < min(max(failureRate, 0), 1)
  }

  /// Asks for newer posts; after ``refreshDelay`` they are at the top of ``feed``.
  ///
  /// This form never fails.
  ///
  /// - Parameter completion: Called with the number of new posts (0 when there were none).
  public func refresh(completion: @escaping @MainActor (Int) -> Void) {
    answer(after: refreshDelay) { service in
      completion(service.feed.refresh())
    }
  }

  /// Asks for the next page; after ``loadDelay`` it is at the end of ``feed``.
  ///
  /// This form never fails.
  ///
  /// - Parameter completion: Called with whether more pages remain.
  public func loadNextPage(completion: @escaping @MainActor (_ hasMorePages: Bool) -> Void) {
    answer(after: loadDelay) { service in
      service.feed.loadNextPage()
      completion(service.feed.hasMorePages)
    }
  }

  /// Drops the requests not answered yet: their completions never run.
  public func cancelPendingRequests() {
    for task in pending { task.cancel() }
    pending = []
  }

  private func answer(after delay: TimeInterval, _ work: @escaping @MainActor (FeedService) -> Void)
  {
    pending.removeAll { $0.isCancelled }
    pending.append(
      clock.schedule(after: delay) { [weak self] in
        if let self { work(self) }
      })
  }
}

/// A request of the simulated server that failed.
public struct FeedFailure: Error, Equatable, Sendable {
  /// Creates a failure.
  public init() {}
}

/// The seeded generator that decides which requests fail: SplitMix64 (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", 2014), as a number in `0..<1`.
struct FailureDice {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next number, in `0..<1`.
  mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    // The top 53 bits, as a fraction of 2^53.
    return Double(z >> 11) / Double(UInt64(1) << 53)
  }
}
