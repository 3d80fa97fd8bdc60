import Foundation
import Observing

/// A control that appears when horizontal content is pulled past its right end: MJRefresh's
/// `MJRefreshTrailer` (for "slide to see details").
///
/// It is the back footer's logic on the x axis (the trailing edge of the shared pull
/// geometry): with `orig` the scroll model's inset without its contribution and `w` its width
/// (60 points), it sits at `x = max(contentWidth, frame.width - orig.left - orig.right)`, appears at
/// `happenOffsetX = deltaW > 0 ? deltaW - orig.left : -orig.left`, is pulling once
/// `offsetX > happenOffsetX + w` while dragging, and refreshing adds `w` (and `-deltaW` when the
/// content is narrower than the viewport) to the right inset.
///
/// ## Right to left
///
/// The trailer sits at the trailing end, as UIKit's trailing edge: in a right-to-left layout
/// (the scroll model's ``View/effectiveUserInterfaceLayoutDirection``, from its own
/// ``View/semanticContentAttribute``, a superview's, or an Arabic or Hebrew language) that is the
/// left end, where it takes the leader's formulas: it sits at `x = -w - ignored`, appears at
/// `-orig.left`, is pulling once `offsetX < -orig.left - w`, and refreshing adds `w` to the left
/// inset and scrolls to `-(orig.left + w)`. Its arrow points right, then left. A change of
/// direction moves it to the other end at the next layout pass (with its pull limit, and its
/// inset if it is refreshing; a pull in progress disarms).
///
/// ```swift
/// scroll.semanticContentAttribute = .forceRightToLeft
/// scroll.trailer = RefreshNormalTrailer { albums.showAll() }  // at the left end
/// ```
@MainActor
open class RefreshTrailer: RefreshComponent, NoMoreDataComponent {
  /// MJRefresh's trailer width, 60 points.
  public static let defaultWidth: CGFloat = 60

  /// An inset of the scroll model that the trailer ignores when placing itself: MJRefresh's
  /// name, the right inset, or the left one in a right-to-left layout (the end the trailer sits
  /// at).
  public var ignoredScrollViewContentInsetRight: CGFloat = 0 {
    didSet { contentSizeNeedsPlacing() }
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetRight }

  override class var pulledEdge: PullEdge? { .trailing }

  /// How much the content overflows the viewport horizontally (negative when narrower).
  var widthForContentBreakView: CGFloat { pullGeometry(along: .trailing)?.overflow ?? 0 }

  /// The offset at which the trailer just starts to appear, at the end it sits at.
  var happenOffsetX: CGFloat { pullGeometry(along: .trailing)?.happenOffset ?? 0 }
}
