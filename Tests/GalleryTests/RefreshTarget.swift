import Foundation

/// Counts calls, as a view controller's refresh action would.
@MainActor
final class RefreshTarget {
  var refreshes = 0
  var onRefresh: (() -> Void)?

  func refresh() {
    refreshes += 1
    onRefresh?()
  }
}
