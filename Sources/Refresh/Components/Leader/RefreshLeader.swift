import Foundation
import Observing

/// A control that appears when horizontal content is pulled past its left end: the mirror of
/// ``RefreshTrailer``, which MJRefresh lacks (refresh from the left, as PullToRefreshKit offers).
///
/// It is the header's pull on the x axis (the leading edge of the shared pull geometry), with
/// the trailer's width and thresholds on the other side: with `orig` the scroll model's inset
/// without its contribution and `w` its width (60 points), it sits at
/// `x = -w - ignoredScrollViewContentInsetLeft`, appears at `happenOffsetX = -orig.left`, has
/// ``RefreshComponent/pullingPercent`` `(happenOffsetX - offsetX) / w`, is pulling once
/// `offsetX < happenOffsetX - w` while dragging, and refreshing adds `w` to the left inset and
/// scrolls to `-(orig.left + w)`.
///
/// ```swift
/// scroll.leader = RefreshNormalLeader { gallery.reload() }
/// ```
@MainActor
open class RefreshLeader: RefreshComponent {
  /// The leader's width, 60 points: MJRefresh's trailer width, mirrored.
  public static let defaultWidth: CGFloat = 60

  /// A left inset of the scroll model that the leader ignores when placing itself.
  public var ignoredScrollViewContentInsetLeft: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetLeft }

  open override func prepare() {
    super.prepare()
    pullEdge = .leading
    autoresizingMask = .flexibleHeight
    frame.size.width = RefreshLeader.defaultWidth
  }

  open override func willMove(toSuperview newSuperview: View?) {
    let width = frame.width
    super.willMove(toSuperview: newSuperview)
    guard let scroll = newSuperview as? ScrollModel else { return }
    // A leader keeps its own width and bounces horizontally, not vertically.
    frame.size.width = width
    frame.origin = CGPoint(x: -width - ignoredScrollViewContentInsetLeft, y: 0)
    frame.size.height = scroll.frame.height
    scroll.alwaysBounceVertical = false
    scroll.alwaysBounceHorizontal = true
  }

  open override func placeSubviews() {
    super.placeSubviews()
    // x = -w - ignoredLeft, which needs no scroll model (``PullGeometry``'s leading edge).
    frame.origin.x = -frame.width - ignoredScrollViewContentInsetLeft
    if let scrollView { frame.size.height = scrollView.frame.height }
  }

  /// The offset at which the leader just starts to appear: `-orig.left`.
  var happenOffsetX: CGFloat {
    scrollView.map { pullGeometry(along: .leading, in: $0).happenOffset } ?? 0
  }

  /// Ends refreshing and shows that there is nothing more to see.
  public func endRefreshingWithNoMoreData() {
    enterNoMoreData()
  }

  /// Leaves ``RefreshState/noMoreData``.
  public func resetNoMoreData() {
    leaveNoMoreData()
  }
}
