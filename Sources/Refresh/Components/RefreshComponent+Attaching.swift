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
    scroll.insets(excluding: self)
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
  ///
  /// Read as stored (unreported, and past the class's `isHidden` override, which only observes
  /// it): every offset change of the scroll model asks.
  private var followsScrolling: Bool {
    untrackedIsUserInteractionEnabled && !untrackedIsHidden
  }

  /// Joins the scroll model's attached components, which observe it for all of them (see
  /// `AttachedComponents`).
  private func attachObservers(to scroll: ScrollModel) {
    let attached = scroll.attachedComponents ?? AttachedComponents()
    scroll.attachedComponents = attached
    attached.attach(self, to: scroll)
  }

  /// The scroll model's offset changed: follows it while visible and interactive.
  func scrollOffsetWasObserved(_ change: ObservedChange<CGPoint>?, in scroll: ScrollModel) {
    guard followsScrolling else { return }
    scrollDidChangeOffset(change, in: scroll)
  }

  /// The scroll model's content inset changed: a visible, interactive component follows the
  /// offset again, so that a pull's percent and state match the new edge at once rather than
  /// at the next offset change (MJRefresh observes only the offset, and waits for it).
  func scrollInsetWasChanged(in scroll: ScrollModel) {
    guard followsScrolling, let pullEdge else { return }
    followOffset(along: pullEdge, in: scroll)
  }

  /// The scroll model's content size changed: places the component while interactive.
  func scrollSizeWasObserved(_ change: ObservedChange<CGSize>, in scroll: ScrollModel) {
    guard isUserInteractionEnabled else { return }
    scrollDidChangeContentSize(change, in: scroll)
  }

  /// The scroll model's pan state changed: reacts while visible and interactive.
  func scrollPanStateWasObserved(_ change: ObservedChange<PanState>, in scroll: ScrollModel) {
    guard followsScrolling else { return }
    scrollDidChangePanState(change, in: scroll)
  }

  /// Stops observing the scroll model and gives back everything taken from it: its inset
  /// contribution, its pull limit, a running refresh (its action is cancelled, no callback follows).
  func detach() {
    // Without its scroll model, the observations went away with it.
    guard let scroll = scrollView else { return }
    if let attached = scroll.attachedComponents {
      attached.detach(self)
      if attached.isEmpty { scroll.attachedComponents = nil }
    }
    endPlayedPull(leaving: scroll)
    scroll.removeInsetContribution(for: self)
    scroll.removePullLimits(for: self)
    scrollView = nil
    endLifecycleOnDetach()
  }
}
