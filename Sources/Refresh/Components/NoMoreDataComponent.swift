import Foundation

/// A component that can run out of data to load: the footers, the leader, the trailer and the
/// automatic header, with MJRefresh's `endRefreshingWithNoMoreData` and `resetNoMoreData`.
///
/// ```swift
/// scroll.footer = RefreshAutoNormalFooter {
///   feed.loadNextPage { isLast in
///     if isLast {
///       scroll.footer?.endRefreshingWithNoMoreData()
///     } else {
///       scroll.footer?.endRefreshing()
///     }
///   }
/// }
/// ```
@MainActor
public protocol NoMoreDataComponent: RefreshComponent {}

extension NoMoreDataComponent {
  /// Ends refreshing (cancelling an asynchronous action) and shows that everything is loaded:
  /// the state becomes ``RefreshState/noMoreData`` and pulls no longer load, until
  /// ``resetNoMoreData()``.
  ///
  /// Works from any state; a later stray ``RefreshComponent/endRefreshing()`` does not undo it.
  public func endRefreshingWithNoMoreData() {
    enterNoMoreData()
  }

  /// Leaves ``RefreshState/noMoreData``: the component is idle and loads again; does nothing in
  /// any other state.
  public func resetNoMoreData() {
    leaveNoMoreData()
  }
}
