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
@MainActor
open class RefreshTrailer: RefreshComponent {
  /// MJRefresh's trailer width, 60 points.
  public static let defaultWidth: CGFloat = 60

  /// A right inset of the scroll model that the trailer ignores when placing itself.
  public var ignoredScrollViewContentInsetRight: CGFloat = 0 {
    didSet { contentSizeNeedsPlacing() }
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetRight }

  open override func prepare() {
    super.prepare()
    pullEdge = .trailing
    autoresizingMask = .flexibleHeight
    frame.size.width = RefreshTrailer.defaultWidth
  }

  open override func willMove(toSuperview newSuperview: View?) {
    let width = frame.width
    super.willMove(toSuperview: newSuperview)
    guard let scroll = newSuperview as? ScrollModel else { return }
    // A trailer keeps its own width and bounces horizontally, not vertically.
    frame.size.width = width
    frame.origin.y = 0
    frame.size.height = scroll.frame.height
    scroll.alwaysBounceVertical = false
    scroll.alwaysBounceHorizontal = true
  }

  open override func placeSubviews() {
    super.placeSubviews()
    if let scrollView { frame.size.height = scrollView.frame.height }
  }

  /// How much the content overflows the viewport horizontally (negative when narrower).
  var widthForContentBreakView: CGFloat {
    scrollView.map { pullGeometry(along: .trailing, in: $0).overflow } ?? 0
  }

  /// The offset at which the trailer just starts to appear.
  var happenOffsetX: CGFloat {
    scrollView.map { pullGeometry(along: .trailing, in: $0).happenOffset } ?? 0
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
