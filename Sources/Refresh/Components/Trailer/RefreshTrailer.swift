import Foundation
import Observing

/// A control that appears when horizontal content is pulled past its right end: MJRefresh's
/// `MJRefreshTrailer` (for "slide to see details").
///
/// It is the back footer's logic on the x axis: with `orig` the scroll model's inset without its
/// contribution and `w` its width (60 points), it sits at
/// `x = max(contentWidth, frame.width - orig.left - orig.right)`, appears at
/// `happenOffsetX = deltaW > 0 ? deltaW - orig.left : -orig.left`, is pulling once
/// `offsetX > happenOffsetX + w` while dragging, and refreshing adds `w` (and `-deltaW` when the
/// content is narrower than the viewport) to the right inset.
@MainActor
open class RefreshTrailer: RefreshComponent {
  /// MJRefresh's trailer width, 60 points.
  public static let defaultWidth: CGFloat = 60

  /// A right inset of the scroll model that the trailer ignores when placing itself.
  public var ignoredScrollViewContentInsetRight: CGFloat = 0 {
    didSet { scrollViewContentSizeDidChange(nil) }
  }

  open override func prepare() {
    super.prepare()
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
    scrollViewContentSizeDidChange(nil)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    if let scrollView { frame.size.height = scrollView.frame.height }
  }

  open override func scrollViewContentSizeDidChange(_ change: ObservedChange<CGSize>?) {
    super.scrollViewContentSizeDidChange(change)
    guard let scrollView else { return }
    let original = scrollViewOriginalInset
    let contentWidth = scrollView.contentSize.width + ignoredScrollViewContentInsetRight
    let scrollWidth =
      scrollView.frame.width - original.left - original.right + ignoredScrollViewContentInsetRight
    frame.origin.x = max(contentWidth, scrollWidth)
  }

  open override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
    super.scrollViewContentOffsetDidChange(change)
    guard let scrollView, state != .refreshing else { return }
    let width = frame.width
    guard width > 0 else { return }
    let distance = scrollView.contentOffset.x - happenOffsetX
    guard distance > 0 else { return }
    followPull(distance: distance, extent: width, isDragging: scrollView.isDragging)
  }

  open override func scrollViewPanStateDidChange(_ change: ObservedChange<PanState>?) {
    super.scrollViewPanStateDidChange(change)
    refreshIfReleasedWhilePulling()
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .idle, .noMoreData:
      didEndRefreshing(from: oldState)
    case .refreshing:
      // The right inset gains w (and the missing width when the content is narrow), and the
      // offset becomes happenOffsetX + w.
      showForRefreshing(
        contribution: { [unowned self] _ in
          EdgeInsets(right: frame.width - min(widthForContentBreakView, 0))
        },
        offset: { [unowned self] scroll in
          scroll.contentOffset.x = happenOffsetX + frame.width
        })
    default:
      break
    }
  }

  /// How much the content overflows the viewport horizontally (negative when narrower).
  var widthForContentBreakView: CGFloat {
    guard let scrollView else { return 0 }
    let original = scrollViewOriginalInset
    let visible = scrollView.frame.width - original.right - original.left
    return scrollView.contentSize.width - visible
  }

  /// The offset at which the trailer just starts to appear.
  var happenOffsetX: CGFloat {
    let overflow = widthForContentBreakView
    let left = scrollViewOriginalInset.left
    return overflow > 0 ? overflow - left : -left
  }

  /// Ends refreshing and shows that there is nothing more to see.
  public func endRefreshingWithNoMoreData() {
    cancelRefreshingTask()
    state = .noMoreData
  }

  /// Leaves ``RefreshState/noMoreData``.
  public func resetNoMoreData() {
    guard state == .noMoreData else { return }
    state = .idle
  }
}
