import Foundation
import Observing

/// A footer that stays under the content and loads when it comes into view: MJRefresh's
/// `MJRefreshAutoFooter`.
///
/// It adds its height to the bottom inset while attached and visible, and sits at
/// `y = contentSize.height + ignoredScrollViewContentInsetBottom`. It begins refreshing by itself:
///
/// - when the content is taller than the viewport, as the offset grows past
///   `contentHeight - frameHeight + h * triggerAutomaticallyRefreshPercent + insetBottom - h`;
/// - when the finger lifts: with short content after any upward pull, with tall content at the
///   bottom.
///
/// It never loads more than ``autoTriggerTimes`` times per drag and the glide after it (once,
/// by default), so a fast network cannot make it load twice for one pull, and short content
/// cannot make it loop. After a failure (``RefreshComponent/endRefreshingWithFailure(_:)``) it
/// stays ``RefreshState/failed`` and loads again only when tapped, asked, or reached by a drag
/// that began after the failure.
@MainActor
open class RefreshAutoFooter: RefreshFooter, AutomaticallyRefreshing {
  override class var automaticEdge: PullEdge? { .bottom }

  /// With paging, a load that ends scrolls the content back up by the bottom inset over the
  /// slow duration, so that the page rests where it was (MJRefresh's auto footer); the end
  /// completion runs when it is there.
  open override func endRefreshInPlace(from oldState: RefreshState) {
    guard oldState == .refreshing, let scrollView, scrollView.isPagingEnabled else {
      super.endRefreshInPlace(from: oldState)
      return
    }
    let refresh = currentRefresh
    let bottom = scrollView.adjustedContentInset.bottom
    endRefreshingAnimationBeginAction?()
    View.animate(withDuration: slowAnimationDuration) {
      scrollView.contentOffset.y -= bottom
    } completion: { [weak self] _ in
      self?.finishEndRefreshing(refresh)
    }
  }
}
