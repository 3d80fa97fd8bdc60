import Foundation
import Observing

/// Attaching to a scroll model: observing it, forwarding its changes, and what the component
/// adds to its insets.
extension RefreshComponent {
  /// The scroll model's insets without this component's own contribution: the insets when this
  /// component is not refreshing.
  public var scrollViewOriginalInset: EdgeInsets {
    guard let scrollView else { return .zero }
    return originalInset(in: scrollView)
  }

  /// ``scrollViewOriginalInset`` for a scroll model already at hand (one weak load less).
  ///
  /// - Parameter scroll: The scroll model the component is attached to.
  /// - Returns: Its adjusted insets without this component's contribution.
  public func originalInset(in scroll: ScrollModel) -> EdgeInsets {
    scroll.adjustedContentInset - scroll.insetContribution(for: self)
  }

  /// This component's current contribution to the scroll model's adjusted insets.
  ///
  /// Setting it replaces the contribution (``EdgeInsets/zero`` removes it); it does nothing
  /// while the component is not attached.
  public var insetContribution: EdgeInsets {
    get { scrollView?.insetContribution(for: self) ?? .zero }
    set {
      guard let scrollView else { return }
      if newValue == .zero {
        scrollView.removeInsetContribution(for: self)
      } else {
        scrollView.setInsetContribution(newValue, for: self)
      }
    }
  }

  /// Runs ``scrollDidChangeContentSize(_:in:)`` without a change: on attaching, and when an
  /// ignored inset changes.
  public func contentSizeNeedsPlacing() {
    guard let scrollView else { return }
    scrollDidChangeContentSize(nil, in: scrollView)
  }

  /// Takes the scroll model's width, observes it and places the component.
  func attach(to scroll: ScrollModel) {
    frame.size.width = scroll.frame.width
    frame.origin.x = -scroll.adjustedContentInset.left
    scrollView = scroll
    scroll.alwaysBounceVertical = true
    attachObservers(to: scroll)
    pullLimitDidChange()
    scrollDidChangeContentSize(nil, in: scroll)
  }

  /// Whether offset and pan changes reach the component: only while it is visible and
  /// interactive (content size changes always do).
  private var followsScrolling: Bool {
    isUserInteractionEnabled && !isHidden
  }

  private func attachObservers(to scroll: ScrollModel) {
    // The handlers hold the component strongly, and the scroll model, not the component, holds
    // their tokens (a component holding them would make a cycle that outlives its scroll
    // model). Detaching invalidates and drops them; a scroll model that goes away takes them
    // along. A handler may run while an earlier one detaches the component (a footer whose block
    // removes it): the delivery holds the handler, and so the component, until its call
    // returns, and skips the handlers invalidated meanwhile. Holding it strongly spares every
    // change a weak load and a release, which for a view (weakly referenced by its subviews, so
    // counted in a side table) are the dearest part of following a pull.
    scroll.componentObservations[ObjectIdentifier(self)] = [
      scroll.observe(\.contentOffset, options: [.old, .new]) { [self] scroll, change in
        guard followsScrolling else { return }
        scrollDidChangeOffset(change, in: scroll)
      },
      scroll.observe(\.contentSize, options: [.old, .new]) { [self] scroll, change in
        guard isUserInteractionEnabled else { return }
        scrollDidChangeContentSize(change, in: scroll)
      },
      scroll.observe(\.panState, options: [.old, .new]) { [self] scroll, change in
        guard followsScrolling else { return }
        scrollDidChangePanState(change, in: scroll)
      },
    ]
  }

  /// Stops observing the scroll model and gives back everything taken from it: its inset
  /// contribution, its pull limit, a running refresh (its action is cancelled, no callback follows).
  func detach() {
    // Without its scroll model, the observations went away with it.
    guard let scroll = scrollView else { return }
    let tokens = scroll.componentObservations.removeValue(forKey: ObjectIdentifier(self)) ?? []
    for token in tokens { token.invalidate() }
    scroll.removeInsetContribution(for: self)
    scroll.removePullLimits(for: self)
    scrollView = nil
    endLifecycleOnDetach()
  }
}
