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
open class RefreshAutoFooter: RefreshFooter {
  /// Whether the footer loads by itself as it comes into view (`true`), or only when tapped or
  /// asked: MJRefresh's `automaticallyRefresh` (`isAutomaticallyRefresh` in Swift).
  public var isAutomaticallyRefresh = true

  /// How much of the footer must be visible before it loads, 1 meaning all of it (MJRefresh's
  /// `triggerAutomaticallyRefreshPercent`).
  ///
  /// ``RefreshComponent/triggerDistance``, when set, replaces `h` times this percent.
  public var triggerAutomaticallyRefreshPercent: CGFloat = 1

  open override var tunedEdge: PullEdge? { .bottom }

  /// How many times the footer may load by itself per drag (and the glide after it); -1 means
  /// without limit.
  public var autoTriggerTimes = 1 {
    didSet { remainingTriggers = autoTriggerTimes }
  }

  private var remainingTriggers = 1
  private var hasContribution = false
  /// Whether scrolling to the end retries a failed load: only in a drag that began after the
  /// failure, so that a network that is down cannot make one drag loop.
  private var retriesByScrolling = false

  open override func prepare() {
    super.prepare()
    remainingTriggers = autoTriggerTimes
  }

  /// Hiding the footer gives back its inset (and stops a load); showing it takes the inset again.
  ///
  /// Overrides must call `super`.
  open override var isHidden: Bool {
    didSet {
      guard isHidden != oldValue else { return }
      if isHidden, isRefreshing { state = .idle }
      updateContribution()
      if !isHidden, let scrollView { placeBelowContent(of: scrollView) }
    }
  }

  open override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    hasContribution = false
    guard let scroll = newSuperview as? ScrollModel else { return }
    updateContribution()
    placeBelowContent(of: scroll)
  }

  /// Puts the footer at the content's end: `y = contentHeight + ignoredScrollViewContentInsetBottom`.
  private func placeBelowContent(of scroll: ScrollModel) {
    frame.origin.y = scroll.contentSize.height + ignoredScrollViewContentInsetBottom
  }

  #if DEBUG
    /// Its height at the bottom while attached and shown, nothing while hidden, whatever the
    /// state.
    override func _checkOwnInvariants(contribution: EdgeInsets) {
      super._checkOwnInvariants(contribution: contribution)
      let expected = isHidden ? EdgeInsets.zero : EdgeInsets(bottom: frame.height)
      precondition(
        contribution == expected, "\(self): contributes \(contribution), not \(expected)")
    }
  #endif

  /// With paging, a load that ends scrolls the content back up by the bottom inset over the
  /// slow duration, so that the page rests where it was (MJRefresh's auto footer); the end
  /// completion runs when it is there.
  open override func endRefreshInPlace(from oldState: RefreshState) {
    guard oldState == .refreshing, let scrollView, scrollView.isPagingEnabled else {
      super.endRefreshInPlace(from: oldState)
      return
    }
    let generation = refreshGeneration
    let bottom = scrollView.adjustedContentInset.bottom
    endRefreshingAnimationBeginAction?()
    View.animate(withDuration: slowAnimationDuration) {
      scrollView.contentOffset.y -= bottom
    } completion: { [weak self] _ in
      self?.finishEndRefreshing(generation: generation)
    }
  }

  /// Its inset follows its new height.
  open override func extentDidChange() {
    super.extentDidChange()
    if hasContribution { insetContribution = EdgeInsets(bottom: frame.height) }
  }

  private func updateContribution() {
    let wanted = !isHidden && scrollView != nil
    guard wanted != hasContribution else { return }
    hasContribution = wanted
    insetContribution = wanted ? EdgeInsets(bottom: frame.height) : .zero
  }

  open override func scrollDidChangeContentSize(
    _ change: ObservedChange<CGSize>?, in scrollView: ScrollModel
  ) {
    placeBelowContent(of: scrollView)
    super.scrollDidChangeContentSize(change, in: scrollView)
  }

  open override func scrollDidChangeOffset(
    _ change: ObservedChange<CGPoint>?, in scrollView: ScrollModel
  ) {
    triggerIfAtTheEnd(change, in: scrollView)
    super.scrollDidChangeOffset(change, in: scrollView)
  }

  open override func scrollDidChangePanState(
    _ change: ObservedChange<PanState>?, in scrollView: ScrollModel
  ) {
    followPan(of: scrollView)
    super.scrollDidChangePanState(change, in: scrollView)
  }

  /// Whether the footer may load by itself now: idle, or failed and in a new drag.
  private var loadsByItself: Bool {
    state == .idle || (state == .failed && retriesByScrolling)
  }

  /// Loads by itself when the offset, growing, reaches the trigger line.
  private func triggerIfAtTheEnd(_ change: ObservedChange<CGPoint>?, in scrollView: ScrollModel) {
    guard loadsByItself, isAutomaticallyRefresh, frame.minY != 0 else { return }
    let inset = scrollView.adjustedContentInset
    let contentHeight = scrollView.contentSize.height
    let frameHeight = scrollView.frame.height
    guard inset.top + contentHeight > frameHeight else { return }
    let height = frame.height
    let shown = triggerDistance ?? height * triggerAutomaticallyRefreshPercent
    let trigger = contentHeight - frameHeight + shown + inset.bottom - height
    guard scrollView.contentOffset.y >= trigger else { return }
    // Only while the content moves toward the end: not when it springs back after a release.
    if let old = change?.oldValue, let new = change?.newValue, new.y <= old.y { return }
    triggerAutomatically(byDrag: scrollView.isDragging || scrollView.isDecelerating)
  }

  /// A new drag renews the budget (and lets a failed load retry); a release at the end loads.
  private func followPan(of scrollView: ScrollModel) {
    guard state == .idle || state == .failed else { return }
    switch scrollView.panState {
    case .began:
      remainingTriggers = autoTriggerTimes
      retriesByScrolling = state == .failed
    case .ended where !loadsByItself:
      break
    case .ended:
      let inset = scrollView.adjustedContentInset
      let contentHeight = scrollView.contentSize.height
      let frameHeight = scrollView.frame.height
      let offsetY = scrollView.contentOffset.y
      let atEnd =
        inset.top + contentHeight <= frameHeight
        ? offsetY >= -inset.top  // short content: any upward pull
        : offsetY >= contentHeight + inset.bottom - frameHeight  // tall content: at the bottom
      if atEnd { triggerAutomatically(byDrag: true) }
    default:
      break
    }
  }

  /// Begins refreshing by itself, if this drag's budget allows.
  ///
  /// The budget counts the loads of one drag and the glide that follows it; scrolling that no
  /// finger started (an animated scroll to the end, say) is not limited, as in MJRefresh.
  ///
  /// - Parameter byDrag: Whether a finger caused it: the drag, its release or its glide.
  private func triggerAutomatically(byDrag: Bool) {
    // Blocked by another refresh: the budget stays for when it is over.
    guard !isBlockedByAnotherRefresh else { return }
    if byDrag {
      guard remainingTriggers != 0 else { return }
      if remainingTriggers > 0 { remainingTriggers -= 1 }
    }
    beginRefreshing()
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .refreshing:
      executeRefreshingCallback(generation: beginRefreshGeneration())
    case .idle, .noMoreData:
      endRefresh(from: oldState)
    case .failed:
      retriesByScrolling = false
      endRefresh(from: oldState)
    default:
      break
    }
  }
}
