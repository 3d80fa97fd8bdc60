import Foundation
import Observing

/// The settings of a component that loads by itself, which ``AutomaticTrigger`` reads.
///
/// Such a component loads as its end of the content comes into view: the automatic footer at
/// the bottom, the automatic header at the top.
@MainActor
protocol AutomaticallyRefreshing: RefreshComponent {
  /// Whether it loads by itself (MJRefresh's `automaticallyRefresh`).
  var isAutomaticallyRefresh: Bool { get }
  /// How much of it must be visible before it loads, 1 meaning all of it.
  var triggerAutomaticallyRefreshPercent: CGFloat { get }
  /// How many times it may load by itself per drag; -1 means without limit.
  var autoTriggerTimes: Int { get }
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
@MainActor
final class AutomaticTrigger {
  /// The end of the content: ``PullEdge/bottom`` or ``PullEdge/top``.
  let edge: PullEdge

  /// How many more times the component may load by itself in this drag (negative: no limit).
  var remainingTriggers: Int

  /// Whether the component's height is in its scroll model's insets.
  private var hasContribution = false

  /// Whether scrolling to the end retries a failed load: only in a drag that began after the
  /// failure.
  private var retriesByScrolling = false

  /// Creates the trigger of a component at an end.
  ///
  /// - Parameters:
  ///   - edge: ``PullEdge/bottom`` or ``PullEdge/top``.
  ///   - autoTriggerTimes: The budget of a drag.
  init(at edge: PullEdge, autoTriggerTimes: Int) {
    self.edge = edge
    remainingTriggers = autoTriggerTimes
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

  /// Forgets the inset of the scroll model the component leaves (which took it back).
  func componentWillMove() {
    hasContribution = false
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
  func triggerLine(of component: some AutomaticallyRefreshing, in scroll: ScrollModel) -> CGFloat {
    let height = component.frame.height
    let shown = component.triggerDistance ?? height * component.triggerAutomaticallyRefreshPercent
    let inset = scroll.adjustedContentInset
    switch edge {
    case .top: return -inset.top + height - shown
    default:
      return scroll.contentSize.height - scroll.frame.height + shown + inset.bottom - height
    }
  }

  /// Loads when the offset, moving toward the end, reaches the trigger line with tall content.
  func offsetDidChange(
    _ change: ObservedChange<CGPoint>?, of component: some AutomaticallyRefreshing,
    in scroll: ScrollModel
  ) {
    guard loadsByItself(component), component.isAutomaticallyRefresh else { return }
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
  func panStateDidChange(of component: some AutomaticallyRefreshing, in scroll: ScrollModel) {
    guard component.state == .idle || component.state == .failed else { return }
    switch scroll.panState {
    case .began:
      remainingTriggers = component.autoTriggerTimes
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

  /// Refreshing calls back at once; idle, no more data and a failure end the load where the
  /// component is, and a failure waits for a new drag before scrolling retries it.
  func stateDidChange(of component: RefreshComponent, from oldState: RefreshState) {
    switch component.state {
    case .refreshing:
      component.executeRefreshingCallback(generation: component.beginRefreshGeneration())
    case .idle, .noMoreData:
      component.endRefresh(from: oldState)
    case .failed:
      retriesByScrolling = false
      component.endRefresh(from: oldState)
    default:
      break
    }
  }
}
