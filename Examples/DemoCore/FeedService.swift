import Foundation
import Refresh

/// The demo's simulated server: it answers refreshes and page loads after a delay on the
/// window's clock, as a network would, from a ``FeedModel``.
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

  private let clock: FrameClock
  private var pending: [ClockTask] = []

  /// Creates a service on a clock.
  ///
  /// - Parameters:
  ///   - clock: The clock the delays run on.
  ///   - feed: The posts.
  public init(clock: FrameClock, feed: FeedModel = FeedModel()) {
    self.clock = clock
    self.feed = feed
  }

  /// Asks for newer posts; after ``refreshDelay`` they are at the top of ``feed``.
  ///
  /// - Parameter completion: Called with the number of new posts (0 when there were none).
  public func refresh(completion: @escaping @MainActor (Int) -> Void) {
    answer(after: refreshDelay) { service in
      completion(service.feed.refresh())
    }
  }

  /// Asks for the next page; after ``loadDelay`` it is at the end of ``feed``.
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
