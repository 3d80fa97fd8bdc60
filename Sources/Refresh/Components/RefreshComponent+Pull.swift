import Foundation

/// The pull logic that MJRefresh repeats in its header, back footer and trailer, on one axis:
/// how far the component has come into view decides its pulling percent and state.
extension RefreshComponent {
  /// Follows a pull: `distance` is how far past the point where the component starts to
  /// appear the content is pulled, `extent` the component's size along the pull.
  ///
  /// While dragging, the percent follows and the state turns ``RefreshState/pulling`` beyond
  /// `extent` (or refreshing begins, with ``RefreshTriggerMode/onThreshold``) and idle again
  /// within it; after the release a pulling component begins refreshing, and an idle one keeps
  /// following as the content springs back.
  func followPull(distance: CGFloat, extent: CGFloat, isDragging: Bool) {
    let percent = distance / extent
    if state == .noMoreData {
      pullingPercent = percent
      return
    }
    if isDragging {
      pullingPercent = percent
      if state == .idle, distance > extent {
        if triggerMode == .onThreshold {
          beginRefreshing()
        } else {
          state = .pulling
        }
      } else if state == .pulling, distance <= extent {
        state = .idle
      }
    } else if state == .pulling {
      beginRefreshing()
    } else if percent < 1 {
      pullingPercent = percent
    }
  }

  /// Begins refreshing if the finger lifted while the component was pulling: on the pan's end
  /// itself, not on a later offset change.
  func refreshIfReleasedWhilePulling() {
    guard let scrollView, !scrollView.isDragging, state == .pulling else { return }
    beginRefreshing()
  }

  /// Shows the component for refreshing: its contribution to the insets and the offset that
  /// brings it into view, over the fast duration; the refreshing callback follows.
  ///
  /// - Parameters:
  ///   - contribution: The insets to add while refreshing, worked out from the scroll model.
  ///   - offset: Moves the offset so that the component is in view.
  func showForRefreshing(
    contribution: @escaping (ScrollModel) -> EdgeInsets,
    offset: @escaping (ScrollModel) -> Void
  ) {
    let generation = beginRefreshGeneration()
    guard let scrollView else { return }
    View.animate(withDuration: fastAnimationDuration) {
      self.insetContribution = contribution(scrollView)
      offset(scrollView)
    } completion: { [weak self] _ in
      self?.executeRefreshingCallback(generation: generation)
    }
  }

  /// Hides the component after refreshing: gives its insets back (and fades it, with
  /// ``automaticallyChangeAlpha``) over the slow duration, then finishes the end.
  ///
  /// Does nothing once the component is detached (no callbacks after removal) or refreshing
  /// again.
  func hideAfterRefreshing(generation: Int) {
    guard scrollView != nil, !isRefreshing else { return }
    endRefreshingAnimationBeginAction?()
    View.animate(withDuration: slowAnimationDuration) {
      self.insetContribution = .zero
      if self.automaticallyChangeAlpha { self.alpha = 0 }
    } completion: { [weak self] _ in
      self?.finishEndRefreshing(generation: generation)
    }
  }

  /// The end of a refresh for components that hide: from refreshing, hide; from a refresh
  /// that never showed, call the end completion at once.
  func didEndRefreshing(from oldState: RefreshState) {
    if oldState == .refreshing {
      hideAfterRefreshing(generation: refreshGeneration)
    } else if oldState == .willRefresh {
      endRefreshingCompletionBlock?()
    }
  }
}
