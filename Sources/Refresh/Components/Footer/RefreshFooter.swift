import Foundation
import Observing

/// The base of the load-more controls below the content: MJRefresh's `MJRefreshFooter`.
///
/// Use one of its two families: ``RefreshAutoFooter`` (always visible under the content, loads
/// when it comes into view) or ``RefreshBackFooter`` (appears when the content is pulled past its
/// end and springs back, like a header at the bottom).
@MainActor
open class RefreshFooter: RefreshComponent, NoMoreDataComponent {
  /// MJRefresh's footer height, 44 points.
  public static let defaultHeight: CGFloat = 44

  /// A bottom inset of the scroll model that the footer ignores when placing itself.
  public var ignoredScrollViewContentInsetBottom: CGFloat = 0 {
    didSet { contentSizeNeedsPlacing() }
  }

  /// Whether the footer hides itself while its list has no rows: MJRefresh's
  /// `automaticallyHidden`; `false` by default.
  ///
  /// On a ``ListView``, every reload (``ListView/reloadData()``, ``ListView/insertRows(at:)``)
  /// sets ``View/isHidden`` to whether ``ListView/totalDataCount`` is 0: an empty list shows no
  /// "Tap or pull up to load more" below nothing, and the footer comes back with the first rows.
  /// A hidden footer gives its inset back, follows no pull, and an automatic footer that was
  /// loading stops (it is idle).
  ///
  /// Setting it to `true`, or attaching such a footer to a list, applies it at once. It decides
  /// `isHidden` at every reload, over a value you set yourself; setting it back to `false`
  /// leaves `isHidden` as it is. On a scroll model that is not a list it does nothing.
  ///
  /// ```swift
  /// list.footer = RefreshAutoNormalFooter { loadMore() }
  /// list.footer?.isAutomaticallyHidden = true
  /// ```
  public var isAutomaticallyHidden = false {
    didSet { hideIfListIsEmpty() }
  }

  /// Shows or hides the footer for a list's new number of rows, when it hides automatically.
  ///
  /// - Parameter totalDataCount: The number of rows the list has now.
  func listDidReload(totalDataCount: Int) {
    guard isAutomaticallyHidden else { return }
    isHidden = totalDataCount == 0
  }

  private func hideIfListIsEmpty() {
    guard isAutomaticallyHidden, let list = scrollView as? ListView else { return }
    listDidReload(totalDataCount: list.totalDataCount)
  }

  /// Hides an automatically hidden footer at once when it joins an empty list.
  ///
  /// Overrides must call `super`.
  open override func didMoveToSuperview() {
    super.didMoveToSuperview()
    hideIfListIsEmpty()
  }

  open override func prepare() {
    super.prepare()
    frame.size.height = RefreshFooter.defaultHeight
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetBottom }
}
