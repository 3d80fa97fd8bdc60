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
    didSet { automaticTrigger.remainingTriggers = autoTriggerTimes }
  }

  /// The trigger it shares with the automatic header, at the bottom.
  private let automaticTrigger = AutomaticTrigger(at: .bottom, autoTriggerTimes: 1)

  open override func prepare() {
    super.prepare()
    automaticTrigger.remainingTriggers = autoTriggerTimes
  }

  /// Hiding the footer gives back its inset (and stops a load); showing it takes the inset again.
  ///
  /// Overrides must call `super`.
  open override var isHidden: Bool {
    didSet {
      guard isHidden != oldValue else { return }
      if isHidden, isRefreshing { state = .idle }
      automaticTrigger.updateContribution(of: self)
      if !isHidden, let scrollView { placeBelowContent(of: scrollView) }
    }
  }

  open override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    automaticTrigger.componentWillMove()
    guard let scroll = newSuperview as? ScrollModel else { return }
    automaticTrigger.updateContribution(of: self)
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
      automaticTrigger.checkContribution(contribution, of: self)
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
    automaticTrigger.extentDidChange(of: self)
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
    automaticTrigger.offsetDidChange(change, of: self, in: scrollView)
    super.scrollDidChangeOffset(change, in: scrollView)
  }

  open override func scrollDidChangePanState(
    _ change: ObservedChange<PanState>?, in scrollView: ScrollModel
  ) {
    automaticTrigger.panStateDidChange(of: self, in: scrollView)
    super.scrollDidChangePanState(change, in: scrollView)
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    automaticTrigger.stateDidChange(of: self, from: oldState)
  }
}

extension RefreshAutoFooter: AutomaticallyRefreshing {}
