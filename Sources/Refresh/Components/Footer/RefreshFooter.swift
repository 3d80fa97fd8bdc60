import Foundation
import Observing

/// The base of the load-more controls below the content: MJRefresh's `MJRefreshFooter`.
///
/// Use one of its two families: ``RefreshAutoFooter`` (always visible under the content, loads
/// when it comes into view) or ``RefreshBackFooter`` (appears when the content is pulled past its
/// end and springs back, like a header at the bottom).
@MainActor
open class RefreshFooter: RefreshComponent {
  /// MJRefresh's footer height, 44 points.
  public static let defaultHeight: CGFloat = 44

  /// A bottom inset of the scroll model that the footer ignores when placing itself.
  public var ignoredScrollViewContentInsetBottom: CGFloat = 0 {
    didSet { contentSizeNeedsPlacing() }
  }

  open override func prepare() {
    super.prepare()
    frame.size.height = RefreshFooter.defaultHeight
  }

  /// Ends refreshing and shows that everything is loaded: the state becomes
  /// ``RefreshState/noMoreData`` and pulls no longer load, until ``resetNoMoreData()``.
  ///
  /// Works from any state; a later stray ``RefreshComponent/endRefreshing()`` does not undo it.
  public func endRefreshingWithNoMoreData() {
    enterNoMoreData()
  }

  /// Leaves ``RefreshState/noMoreData``: the footer is idle and loads again.
  public func resetNoMoreData() {
    leaveNoMoreData()
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetBottom }
}
