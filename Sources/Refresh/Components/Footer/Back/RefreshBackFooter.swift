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
    let offsetY = scrollView.contentOffset.y
    let happen = happenOffsetY(in: scrollView)
    guard offsetY > happen else { return }
    let percent = (offsetY - happen) / height
    if state == .noMoreData {
      pullingPercent = percent
      return
    }
    if scrollView.isDragging {
      pullingPercent = percent
      let threshold = happen + height
      if state == .idle, offsetY > threshold {
        if triggerMode == .onThreshold {
          beginRefreshing()
        } else {
          state = .pulling
        }
      } else if state == .pulling, offsetY <= threshold {
        state = .idle
      }
    } else if state == .pulling {
      beginRefreshing()
    } else if percent < 1 {
      pullingPercent = percent
    }
  }

  open override func scrollViewPanStateDidChange(_ change: ObservedChange<PanState>?) {
    super.scrollViewPanStateDidChange(change)
    guard let scrollView, !scrollView.isDragging, state == .pulling else { return }
    beginRefreshing()
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .idle, .noMoreData:
      if oldState == .refreshing {
        hideAfterRefreshing(generation: refreshGeneration)
      } else if oldState == .willRefresh {
        endRefreshingCompletionBlock?()
      }
    case .refreshing:
      showForRefreshing()
    default:
      break
    }
  }

  private func showForRefreshing() {
    let generation = beginRefreshGeneration()
    guard let scrollView else { return }
    View.animate(withDuration: fastAnimationDuration) {
      let overflow = self.heightForContentBreakView
      var extra = self.frame.height
      if overflow < 0 { extra -= overflow }
      self.insetContribution = EdgeInsets(bottom: extra)
      scrollView.contentOffset.y = self.happenOffsetY + self.frame.height
    } completion: { [weak self] _ in
      self?.executeRefreshingCallback(generation: generation)
    }
  }

  private func hideAfterRefreshing(generation: Int) {
    guard scrollView != nil else { return }
    endRefreshingAnimationBeginAction?()
    View.animate(withDuration: slowAnimationDuration) {
      self.insetContribution = .zero
      if self.automaticallyChangeAlpha { self.alpha = 0 }
    } completion: { [weak self] _ in
      self?.finishEndRefreshing(generation: generation)
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
