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
///
/// ## Right to left
///
/// The leader sits at the leading end, as UIKit's leading edge: in a right-to-left layout (the
/// scroll model's ``View/effectiveUserInterfaceLayoutDirection``) that is the right end, where
/// it takes the trailer's formulas: it sits at `x = max(contentWidth, frame.width - orig.left -
/// orig.right)`, appears at `deltaW > 0 ? deltaW - orig.left : -orig.left`, is pulling once
/// `offsetX > happenOffsetX + w`, and refreshing adds `w` (and `-deltaW` for narrow content)
/// to the right inset. Its arrow points left, then right. A change of direction moves it to the
/// other end at the next layout pass (with its pull limit, and its inset if it is refreshing; a
/// pull in progress disarms).
@MainActor
open class RefreshLeader: RefreshComponent, NoMoreDataComponent {
  /// The leader's width, 60 points: MJRefresh's trailer width, mirrored.
  public static let defaultWidth = RefreshTrailer.defaultWidth

  /// An inset of the scroll model that the leader ignores when placing itself: the left inset,
  /// or the right one in a right-to-left layout (the end the leader sits at).
  public var ignoredScrollViewContentInsetLeft: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetLeft }

  override class var pulledEdge: PullEdge? { .leading }

  /// The offset at which the leader just starts to appear: `-orig.left`, or the trailer's
  /// formula in a right-to-left layout.
  var happenOffsetX: CGFloat { pullGeometry(along: .leading)?.happenOffset ?? 0 }
}
