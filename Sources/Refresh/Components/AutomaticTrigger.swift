import Foundation
import Observing

/// A component that loads by itself as its end of the content comes into view: the settings
/// MJRefresh's automatic footer has, on ``RefreshAutoFooter`` and ``RefreshAutoHeader``.
///
/// The two classes conform; write a component that loads by itself by subclassing one of
/// them (a class of your own that conforms directly has no end to load at, and traps when a
/// setting is used).
@MainActor
public protocol AutomaticallyRefreshing: RefreshComponent {}

extension AutomaticallyRefreshing {
  /// Whether the component loads by itself as it comes into view (`true`), or only when
  /// tapped or asked: MJRefresh's `automaticallyRefresh` (`isAutomaticallyRefresh` in Swift).
  public var isAutomaticallyRefresh: Bool {
    get { trigger.isAutomaticallyRefresh }
    set { trigger.isAutomaticallyRefresh = newValue }
  }

  /// How much of the component must be visible before it loads, 1 meaning all of it
  /// (MJRefresh's `triggerAutomaticallyRefreshPercent`).
  ///
  /// ``RefreshComponent/triggerDistance``, when set, replaces `h` times this percent.
  public var triggerAutomaticallyRefreshPercent: CGFloat {
    get { trigger.triggerAutomaticallyRefreshPercent }
    set { trigger.triggerAutomaticallyRefreshPercent = newValue }
  }

  /// How many times the component may load by itself per drag (and the glide after it).
  ///
  /// -1 means without limit; 1, the default, means a fast network cannot make it load twice
  /// for one pull.
  public var autoTriggerTimes: Int {
    get { trigger.autoTriggerTimes }
    set { trigger.autoTriggerTimes = newValue }
  }

  private var trigger: AutomaticTrigger {
    guard let automaticTrigger else {
      preconditionFailure(
        "\(Self.self) loads at no end of the content: subclass RefreshAutoFooter or RefreshAutoHeader"
      )
    }
    return automaticTrigger
  }
}

/// The automatic trigger, written once for both ends: MJRefresh's `MJRefreshAutoFooter` at the
/// bottom, and its mirror at the top for the automatic header.
///
/// With `h` the component's height, `shown` its ``RefreshComponent/triggerDistance`` or `h`
/// times its `triggerAutomaticallyRefreshPercent`, `inset` the scroll model's adjusted inset
/// (the component's own height included) and `content`, `viewport` the heights:
///
/// | | bottom (the footer, MJRefresh 3.7.9) | top (the header, mirrored) |
/// | --- | --- | --- |
/// | adds while attached and shown | `h` to the bottom inset | `h` to the top inset |
/// | tall content | `inset.top + content > viewport` | `inset.bottom + content > viewport` |
/// | loads as the offset, moving toward the end, passes | `content - viewport + shown + inset.bottom - h` | `-inset.top + h - shown` |
/// | loads on release at | short content: `offset >= -inset.top`; tall: `offset >= content + inset.bottom - viewport` | `offset <= -inset.top` |
///
/// It loads at most `autoTriggerTimes` times per drag and the glide after it; a new drag renews
/// the budget. After a failure it loads by scrolling only in a drag that began after the
/// failure, so that a network that is down cannot make one drag loop.
///
/// This is the automatic kind of component, one implementation for both ends: the component
/// holds it (``RefreshComponent/automaticTrigger``) and its base class hands it the scroll
/// model's changes, the component's moves, its visibility and its states.
@MainActor
final class AutomaticTrigger {
  /// The end of the content: ``PullEdge/bottom`` or ``PullEdge/top``.
  let edge: PullEdge

  /// Whether the component loads by itself (MJRefresh's `automaticallyRefresh`).
  var isAutomaticallyRefresh = true

  /// How much of the component must be visible before it loads, 1 meaning all of it
  /// (MJRefresh's `triggerAutomaticallyRefreshPercent`).
  var triggerAutomaticallyRefreshPercent: CGFloat = 1

  /// How many times the component may load by itself per drag; -1 means without limit.
  var autoTriggerTimes = 1 {
    didSet { remainingTriggers = autoTriggerTimes }
  }

  /// How many more times the component may load by itself in this drag (negative: no limit).
  private var remainingTriggers = 1

  /// Whether the component's height is in its scroll model's insets.
  private var hasContribution = false

  /// Whether scrolling to the end retries a failed load: only in a drag that began after the
  /// failure.
  private var retriesByScrolling = false

  /// Creates the trigger of a component at an end, with MJRefresh's settings (loads by itself,
  /// when all of it is in view, once per drag).
  ///
  /// - Parameter edge: ``PullEdge/bottom`` or ``PullEdge/top``.
  init(at edge: PullEdge) {
    self.edge = edge
  }

  // MARK: The inset

  /// The component's height at its end.
  private func contribution(of component: RefreshComponent) -> EdgeInsets {
    edge == .top
      ? EdgeInsets(top: component.frame.height) : EdgeInsets(bottom: component.frame.height)
  }

  /// Adds the height while the component is attached and shown, gives it back otherwise.
  func updateContribution(of component: RefreshComponent) {
    let wanted = !component.isHidden && component.scrollView != nil
    guard wanted != hasContribution else { return }
    hasContribution = wanted
    component.insetContribution = wanted ? contribution(of: component) : .zero
  }

  /// The component moved (its base class attached or detached it): the scroll model it left
  /// took its inset back; a new scroll model gets the inset, and a footer its place below the
  /// content.
  func componentDidMove(_ component: RefreshComponent, to scroll: ScrollModel?) {
    hasContribution = false
    guard let scroll else { return }
    updateContribution(of: component)
    place(component, in: scroll)
  }

  /// Puts a footer at the content's end: `y = contentHeight + ignoredScrollViewContentInsetBottom`
  /// (a header's place needs no scroll model: the header's layout sets it).
  func place(_ component: RefreshComponent, in scroll: ScrollModel) {
    guard edge == .bottom else { return }
    component.frame.origin.y = scroll.contentSize.height + component.ignoredEdgeInset
  }

  /// Hiding gives back the inset (and stops a load); showing takes it again.
  func visibilityDidChange(of component: RefreshComponent) {
    if component.isHidden { component.endRefreshing() }
    updateContribution(of: component)
    if !component.isHidden, let scroll = component.scrollView { place(component, in: scroll) }
  }

  /// Follows a new height.
  func extentDidChange(of component: RefreshComponent) {
    if hasContribution { component.insetContribution = contribution(of: component) }
  }

  #if DEBUG
    /// Its height at its end while attached and shown, nothing while hidden, whatever the
    /// state.
    func checkContribution(_ contribution: EdgeInsets, of component: RefreshComponent) {
      let expected = component.isHidden ? EdgeInsets.zero : self.contribution(of: component)
      precondition(
        contribution == expected, "\(component): contributes \(contribution), not \(expected)")
    }
  #endif

  // MARK: Loading by itself

  /// Whether the component may load by itself now: idle, or failed and in a new drag.
  private func loadsByItself(_ component: RefreshComponent) -> Bool {
    component.state == .idle || (component.state == .failed && retriesByScrolling)
  }

  /// The offset that, reached while moving toward the end, loads: the table's line.
  func triggerLine(of component: RefreshComponent, in scroll: ScrollModel) -> CGFloat {
    let height = component.frame.height
    let shown = component.triggerDistance ?? height * triggerAutomaticallyRefreshPercent
    let inset = scroll.adjustedContentInset
    switch edge {
    case .top: return -inset.top + height - shown
    default:
      return scroll.contentSize.height - scroll.frame.height + shown + inset.bottom - height
    }
  }

  /// Loads when the offset, moving toward the end, reaches the trigger line with tall content.
  func offsetDidChange(
    _ change: ObservedChange<CGPoint>?, of component: RefreshComponent,
    in scroll: ScrollModel
  ) {
    guard loadsByItself(component), isAutomaticallyRefresh else { return }
    let inset = scroll.adjustedContentInset
    let contentHeight = scroll.contentSize.height
    let offset = scroll.contentOffset.y
    switch edge {
    case .top:
      guard contentHeight > 0, inset.bottom + contentHeight > scroll.frame.height else { return }
    default:
      // Not placed yet (MJRefresh's `mj_y == 0`).
      guard component.frame.minY != 0, inset.top + contentHeight > scroll.frame.height else {
        return
      }
    }
    // Past the line, and only while the content moves toward the end (up the content for the
    // header, down it for the footer): not when it springs back after a release.
    let isAtTop = edge == .top
    let line = triggerLine(of: component, in: scroll)
    guard isAtTop ? offset <= line : offset >= line else { return }
    if let old = change?.oldValue?.y, let new = change?.newValue?.y,
      isAtTop ? new >= old : new <= old
    {
      return
    }
    trigger(component, byDrag: scroll.isDragging || scroll.isDecelerating)
  }

  /// A new drag renews the budget (and lets a failed load retry); a release at the end loads.
  func panStateDidChange(of component: RefreshComponent, in scroll: ScrollModel) {
    guard component.state == .idle || component.state == .failed else { return }
    switch scroll.panState {
    case .began:
      remainingTriggers = autoTriggerTimes
      retriesByScrolling = component.state == .failed
    case .ended where !loadsByItself(component):
      break
    case .ended:
      let inset = scroll.adjustedContentInset
      let offset = scroll.contentOffset.y
      let atEnd: Bool
      switch edge {
      case .top:
        // Short or tall content alike: at the top, or pulled down past it.
        atEnd = offset <= -inset.top
      default:
        let contentHeight = scroll.contentSize.height
        let frameHeight = scroll.frame.height
        atEnd =
          inset.top + contentHeight <= frameHeight
          ? offset >= -inset.top  // short content: any upward pull
          : offset >= contentHeight + inset.bottom - frameHeight  // tall content: at the bottom
      }
      if atEnd { trigger(component, byDrag: true) }
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
  private func trigger(_ component: RefreshComponent, byDrag: Bool) {
    // Blocked by another refresh: the budget stays for when it is over.
    guard !component.isBlockedByAnotherRefresh else { return }
    if byDrag {
      guard remainingTriggers != 0 else { return }
      if remainingTriggers > 0 { remainingTriggers -= 1 }
    }
    component.beginRefreshing()
  }

  /// A failure waits for a new drag before scrolling retries it.
  func stateDidChange(of component: RefreshComponent) {
    if component.state == .failed { retriesByScrolling = false }
  }
}
