/// The states of a refresh component, as MJRefresh names them.
public enum RefreshState: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// At rest, waiting for a pull.
  case idle = 1
  /// Pulled past the threshold: releasing now begins refreshing.
  case pulling
  /// Refreshing: the refreshing callback has run or is about to.
  case refreshing
  /// Asked to refresh before it was on screen; it refreshes once it is displayed.
  case willRefresh
  /// All data is loaded (footers and trailers): pulls no longer load.
  case noMoreData
  /// The last refresh or load failed (``RefreshComponent/endRefreshingWithFailure(_:)``): not
  /// refreshing, showing the failure until it is retried (the header hides after
  /// ``RefreshHeader/resultHoldDuration`` and returns to idle).
  case failed

  /// The state's name.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .pulling: "pulling"
    case .refreshing: "refreshing"
    case .willRefresh: "willRefresh"
    case .noMoreData: "noMoreData"
    case .failed: "failed"
    }
  }
}

/// When a pull begins refreshing.
public enum RefreshTriggerMode: Hashable, Sendable {
  /// When the finger lifts past the threshold (MJRefresh's and UIKit's behaviour).
  case onRelease
  /// As soon as the pull crosses the threshold, finger still down (Flutter's behaviour).
  case onThreshold
}
