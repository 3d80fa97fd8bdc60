import Foundation
import Observing

/// A footer that appears when the content is pulled past its end and springs back: MJRefresh's
/// `MJRefreshBackFooter`.
///
/// With `orig` the scroll model's inset without this footer's contribution and `h` its height:
///
/// - `deltaH = contentSize.height - (frame.height - orig.bottom - orig.top)` is how much the
///   content overflows the viewport;
/// - it sits at `y = max(contentHeight, frame.height - orig.top - orig.bottom)` and appears at
///   `happenOffsetY = deltaH > 0 ? deltaH - orig.top : -orig.top`;
/// - while dragging it is pulling once `offsetY > happenOffsetY + h`; released while pulling,
///   it begins refreshing;
/// - refreshing adds `h + orig.bottom` to the bottom inset (and `-deltaH` more when the content is
///   shorter than the viewport) and scrolls to `happenOffsetY + h`.
@MainActor
open class RefreshBackFooter: RefreshFooter {
  open override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    if newSuperview != nil { scrollViewContentSizeDidChange(nil) }
  }

  open override func scrollViewContentSizeDidChange(_ change: ObservedChange<CGSize>?) {
    super.scrollViewContentSizeDidChange(change)
    guard let scrollView else { return }
    let original = scrollViewOriginalInset
    let contentHeight = scrollView.contentSize.height + ignoredScrollViewContentInsetBottom
    let scrollHeight =
      scrollView.frame.height - original.top - original.bottom + ignoredScrollViewContentInsetBottom
    frame.origin.y = max(contentHeight, scrollHeight)
  }

  open override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
    super.scrollViewContentOffsetDidChange(change)
    guard let scrollView, state != .refreshing else { return }
    let height = frame.height
    guard height > 0 else { return }
    let distance = scrollView.contentOffset.y - happenOffsetY(in: scrollView)
    guard distance > 0 else { return }
    followPull(distance: distance, extent: height, isDragging: scrollView.isDragging)
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
      // The bottom inset gains h (and the missing height when the content is short), and the
      // offset becomes happenOffsetY + h.
      showForRefreshing(
        contribution: { [unowned self] scroll in
          let overflow = heightForContentBreakView(in: scroll)
          return EdgeInsets(bottom: frame.height - min(overflow, 0))
        },
        offset: { [unowned self] scroll in
          scroll.contentOffset.y = happenOffsetY(in: scroll) + frame.height
        })
    default:
      break
    }
  }

  /// How much the content overflows the viewport (negative when it is shorter).
  var heightForContentBreakView: CGFloat {
    scrollView.map(heightForContentBreakView(in:)) ?? 0
  }

  /// The offset at which the footer just starts to appear.
  var happenOffsetY: CGFloat {
    scrollView.map(happenOffsetY(in:)) ?? 0
  }

  private func heightForContentBreakView(in scroll: ScrollModel) -> CGFloat {
    let original = originalInset(in: scroll)
    return scroll.contentSize.height - (scroll.frame.height - original.bottom - original.top)
  }

  private func happenOffsetY(in scroll: ScrollModel) -> CGFloat {
    let overflow = heightForContentBreakView(in: scroll)
    let top = originalInset(in: scroll).top
    return overflow > 0 ? overflow - top : -top
  }
}
