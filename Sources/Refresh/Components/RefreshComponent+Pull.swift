import Foundation

/// The pull that MJRefresh repeats in its header, back footer and trailer, written once along
/// a ``PullEdge``: where the component sits, how far it is pulled, when it arms, what it adds to
/// the insets while refreshing, and how a refresh ends.
///
/// The functions here take the component's edge as it names it (``pullEdge``) and read it on
/// screen (``onScreen(_:)``): in a right-to-left layout the leading and trailing edges swap, so
/// a trailer sits, arms and adds its inset at the left end, a leader at the right end.
extension RefreshComponent {
  /// The geometry of this component on a scroll model, along an edge on screen (in
  /// left-to-right terms: see ``onScreen(_:)``).
  ///
  /// Always inlined, so that a caller computes only the measures it reads (a pull reads
  /// three of the seven): about 30 instructions per component per offset change.
  @inline(__always)
  func pullGeometry(along edge: PullEdge, in scroll: ScrollModel) -> PullGeometry {
    PullGeometry(
      edge: edge, extent: edge.extent(of: frame), original: originalInset(in: scroll), in: scroll)
  }

  /// The geometry along `edge` (named as the component names it, read on screen) on the scroll
  /// model the component is attached to, or `nil` when it is not attached.
  func pullGeometry(along edge: PullEdge) -> PullGeometry? {
    guard let scrollView else { return nil }
    return pullGeometry(along: onScreen(edge), in: scrollView)
  }

  /// The direction the component's horizontal edges follow: its own
  /// ``View/effectiveUserInterfaceLayoutDirection``, read through its scroll model while it is
  /// being attached (before it has a superview).
  var pullLayoutDirection: UserInterfaceLayoutDirection {
    switch semanticContentAttribute {
    case .forceLeftToRight: .leftToRight
    case .forceRightToLeft: .rightToLeft
    case .unspecified:
      (superview ?? scrollView)?.effectiveUserInterfaceLayoutDirection
        ?? View.defaultLayoutDirection
    }
  }

  /// An edge as it lies on screen, in left-to-right terms (``PullEdge/leading`` the left end,
  /// ``PullEdge/trailing`` the right end), which is how ``PullGeometry`` reads edges: in a
  /// right-to-left layout (UIKit's, where the trailing edge is the left one) leading and
  /// trailing swap; the top and the bottom stay.
  func onScreen(_ edge: PullEdge) -> PullEdge {
    guard edge.isHorizontal, pullLayoutDirection == .rightToLeft else { return edge }
    return edge == .leading ? .trailing : .leading
  }

  /// ``pullEdge`` on screen (``onScreen(_:)``), or `nil` for a component that is not pulled.
  var pullEdgeOnScreen: PullEdge? {
    // `if let`, not `Optional.map`: a main-actor method handed to a function that is not
    // main-actor isolated checks the executor at run time on every call (every state change of
    // a component with an arrow reads this).
    guard let pullEdge else { return nil }
    return onScreen(pullEdge)
  }

  /// Puts the component where its edge says, along the pull's axis.
  func placeAlongEdge(_ edge: PullEdge, in scroll: ScrollModel) {
    let edge = onScreen(edge)
    let position = pullGeometry(along: edge, in: scroll).position(ignoring: ignoredEdgeInset)
    if edge.isHorizontal {
      frame.origin.x = position
    } else {
      frame.origin.y = position
    }
  }

  /// Follows the content offset along the edge: while refreshing, the header's inset follows
  /// the content; otherwise the pull's distance decides the percent and the state.
  ///
  /// Always inlined: ``scrollDidChangeOffset(_:in:)`` calls it on every offset change.
  @inline(__always)
  func followOffset(along edge: PullEdge, in scroll: ScrollModel) {
    // The extent is the same on screen (leading and trailing only swap): read once. The
    // geometry and the state are read unreported here and in `followPull`, as often as the
    // offset changes (see `Observed._untrackedValue`).
    let extent = edge.extent(of: untrackedFrame)
    guard extent > 0 else { return }
    if untrackedState == .refreshing {
      followOffsetWhileRefreshing(scroll)
      return
    }
    let geometry = PullGeometry(
      edge: onScreen(edge), extent: extent, original: originalInset(in: scroll),
      untrackedIn: scroll)
    guard geometry.isPulledIntoView else { return }
    followPull(distance: geometry.distance, extent: extent, in: scroll)
  }

  /// Follows a pull: `distance` is how far past the point where the component starts to
  /// appear the content is pulled, `extent` the component's size along the pull.
  ///
  /// While dragging, the percent follows and the state turns ``RefreshState/pulling`` beyond
  /// the trigger distance (``triggerDistance``, or `extent`; refreshing begins instead with
  /// ``RefreshTriggerMode/onThreshold``) and idle again within it; after the release a pulling
  /// component begins refreshing, and an idle one keeps following as the content springs back.
  /// A distance past ``maximumPullDistance`` counts as that limit (the scroll model corrects
  /// such an offset at once).
  ///
  /// Always inlined into ``followOffset(along:in:)``, its one caller, on every offset change of
  /// a pull (and so into that one's callers).
  @inline(__always)
  func followPull(distance: CGFloat, extent: CGFloat, in scroll: ScrollModel) {
    var distance = distance
    if let limit = maximumPullDistance { distance = min(distance, limit) }
    let threshold = triggerDistance ?? extent
    let percent = distance / extent
    // The state read once before the percent is set and once after (its observers may change
    // it).
    let state = untrackedState
    if state == .noMoreData {
      pullingPercent = percent
      return
    }
    if scroll.isDraggingUntracked {
      pullingPercent = percent
      // A failure shows until a pull past the threshold arms the component again (the
      // machine's table); while another component refreshes, the pull does not arm (and
      // disarms).
      let armed = distance > threshold && !isBlockedByAnotherRefresh(in: scroll)
      let state = untrackedState
      if armed, triggerMode == .onThreshold {
        if state == .idle || state == .failed { beginRefreshing() }
      } else if armed != (state == .pulling) {
        // Only a pull that may arm or disarm is news to the machine: on most offset changes
        // the component stays as armed as it was, and the machine would answer nothing.
        send(.pulled(armed: armed))
      }
    } else if state == .pulling {
      beginRefreshing()
    } else if percent < 1 {
      pullingPercent = percent
    }
  }

  /// Registers ``maximumPullDistance`` with the scroll model along ``tunedEdge``, or removes it.
  func pullLimitDidChange() {
    guard let scrollView else { return }
    guard let edge = tunedEdge, let limit = maximumPullDistance else {
      scrollView.removePullLimits(for: self)
      return
    }
    var limits = EdgeInsets.noPullLimits
    switch onScreen(edge) {
    case .top: limits.top = limit
    case .leading: limits.left = limit
    case .bottom: limits.bottom = limit
    case .trailing: limits.right = limit
    }
    scrollView.setPullLimits(limits, for: self)
  }

  /// Begins refreshing if the finger lifted while the component was armed: on the pan's end
  /// itself, not on a later offset change.
  func refreshIfReleasedWhilePulling(in scroll: ScrollModel) {
    guard state == .pulling, !scroll.isDragging else { return }
    beginRefreshing()
  }

  /// Shows the component for refresh `ticket`, by its kind.
  ///
  /// A pulled component animates its edge's contribution to the insets and the offset that
  /// brings it into view, an automatic one is in view already; the refreshing callbacks
  /// follow. A component of neither kind (one written directly on this class) shows itself and
  /// calls ``executeRefreshingCallback()``.
  func showForRefresh(_ ticket: RefreshTicket) {
    if let edge = pullEdge {
      showForRefreshing(along: edge, ticket)
    } else if automaticTrigger != nil {
      send(.shown(ticket))
    }
  }

  /// Shows a pulled component for refreshing, over the fast duration; the refreshing callbacks
  /// run when it is in view.
  private func showForRefreshing(along edge: PullEdge, _ ticket: RefreshTicket) {
    willShowForRefreshing()
    guard let scrollView else { return }
    let edge = onScreen(edge)
    View.animate(withDuration: fastAnimationDuration) {
      let geometry = self.pullGeometry(along: edge, in: scrollView)
      self.insetContribution = geometry.refreshingContribution
      if edge.isHorizontal {
        scrollView.contentOffset.x = geometry.refreshingOffset
      } else {
        scrollView.contentOffset.y = geometry.refreshingOffset
      }
    } completion: { [weak self] _ in
      self?.send(.shown(ticket))
    }
  }

  /// Hides the component after refreshing: gives its insets back (and fades it, with
  /// ``isAutomaticallyChangeAlpha``) over the slow duration, then finishes the end.
  ///
  /// Does nothing once the component is detached or was detached since refresh `ticket` (no
  /// callbacks after removal), or is refreshing again. A component that holds its place for
  /// something else (``heldContribution``: the two-level header's open floor) keeps it, and its
  /// alpha: the end finishes at once.
  ///
  /// - Parameter ticket: The refresh that ended (see ``currentRefresh``).
  public func hideAfterRefreshing(_ ticket: RefreshTicket) {
    hide(after: ticket, announcingTheEnd: true)
  }

  /// Hides the component after refresh `ticket`, calling ``endRefreshingAnimationBeginAction``
  /// first when `announcingTheEnd` (not for a cancelled refresh).
  private func hide(after ticket: RefreshTicket, announcingTheEnd: Bool) {
    guard scrollView != nil, !isRefreshing, machine.isOfCurrentAttachment(ticket) else { return }
    if announcingTheEnd { endRefreshingAnimationBeginAction?() }
    guard heldContribution == nil else {
      finishEndRefreshing(ticket)
      return
    }
    View.animate(withDuration: slowAnimationDuration) {
      self.insetContribution = .zero
      if self.isAutomaticallyChangeAlpha { self.alpha = 0 }
    } completion: { [weak self] _ in
      self?.finishEndRefreshing(ticket)
    }
  }

  /// The one end of a refresh, for every kind of component (the state machine's
  /// ``RefreshStateMachine/Effect/endRefresh(_:_:wasShown:)``).
  ///
  /// A pulled component that was refreshing hides (``hideRefreshedComponent()``, or
  /// ``hideFailedComponent()`` after a failure); one whose refresh never showed calls the end
  /// completion at once. A component that shows no pull (the automatic footer) stays where it
  /// is (``endRefreshInPlace(from:)``). A cancelled refresh hides without the end action, the
  /// update time or a result. A refresh that a removal ends gets here not at all: no end
  /// action, no completion, no update time (the data did not come).
  func endRefresh(_ ticket: RefreshTicket, outcome: RefreshOutcome, wasShown: Bool) {
    if outcome == .cancelled {
      // Called off: a pulled component gives its inset back as an end does, and nothing
      // else happens (no update time, no result, no end callbacks: the machine's finish of a
      // cancelled refresh calls no completion).
      if pullEdge != nil, wasShown {
        hide(after: ticket, announcingTheEnd: false)
      } else {
        finishEndRefreshing(ticket)
      }
    } else if pullEdge == nil {
      endRefreshInPlace(from: wasShown ? .refreshing : .willRefresh)
    } else if outcome == .failure {
      hideFailedComponent()
    } else if wasShown {
      hideRefreshedComponent()
    } else {
      endRefreshingCompletionBlock?()
    }
  }
}
