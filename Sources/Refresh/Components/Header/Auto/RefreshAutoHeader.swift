import Foundation
import Observing

/// A header that loads by itself as the top of the content comes into view: the automatic
/// footer mirrored at the top, for chat lists that load older messages (MJRefresh has none).
///
/// It sits above the content (`y = -h - ignoredScrollViewContentInsetTop`) and adds its height
/// `h` (44 points, the footer's) to the top inset while attached and visible. With `inset` the
/// scroll model's adjusted inset (its own height included), it begins refreshing by itself:
///
/// - when the content is taller than the viewport, as the offset shrinks past
///   `-inset.top + h - h * triggerAutomaticallyRefreshPercent` (the top of the content, and
///   then all of the header, in view);
/// - when the finger lifts at or past the top, `offsetY <= -inset.top`.
///
/// It never loads more than ``autoTriggerTimes`` times per drag and the glide after it (once,
/// by default), so scrolling up through a slow network does not load twice. After a failure
/// (``RefreshComponent/endRefreshingWithFailure(_:)``) it stays ``RefreshState/failed``, its
/// height still above the content, and loads again only when tapped, asked, or reached by a
/// drag that began after the failure: no retry loop while the network is down.
///
/// On a ``ListView``, insert the older rows with ``ListView/insertRows(at:)``: the rows on
/// screen stay where they are, even at the top, and the older rows are above them.
///
/// ```swift
/// list.header = RefreshAutoNormalHeader {
///   history.loadOlder { count in
///     list.insertRows(at: Array(0..<count))
///     list.header?.endRefreshing()
///   }
/// }
/// ```
///
/// It holds no result: ``RefreshHeader/endRefreshing(result:)`` ends at once, as
/// ``RefreshComponent/endRefreshing()`` does, and it records no last update time.
@MainActor
open class RefreshAutoHeader: RefreshHeader {
  /// The automatic header's height, 44 points: MJRefresh's footer height, as the header is the
  /// automatic footer mirrored.
  public static let defaultAutoHeight: CGFloat = 44

  /// Whether the header loads by itself as it comes into view (`true`), or only when tapped or
  /// asked: the automatic footer's `isAutomaticallyRefresh`.
  public var isAutomaticallyRefresh = true

  /// How much of the header must be visible before it loads, 1 meaning all of it (the
  /// automatic footer's `triggerAutomaticallyRefreshPercent`).
  ///
  /// ``RefreshComponent/triggerDistance``, when set, replaces `h` times this percent.
  public var triggerAutomaticallyRefreshPercent: CGFloat = 1

  /// How many times the header may load by itself per drag (and the glide after it); -1 means
  /// without limit.
  public var autoTriggerTimes = 1 {
    didSet { remainingTriggers = autoTriggerTimes }
  }

  private var remainingTriggers = 1
  private var hasContribution = false
  /// Whether scrolling to the top retries a failed load: only in a drag that began after the
  /// failure, so that a network that is down cannot make one drag loop.
  private var retriesByScrolling = false

  open override func prepare() {
    super.prepare()
    // It loads by itself: no pull to follow.
    pullEdge = nil
    frame.size.height = RefreshAutoHeader.defaultAutoHeight
    remainingTriggers = autoTriggerTimes
  }

  open override var tunedEdge: PullEdge? { .top }

  /// Hiding the header gives back its inset (and stops a load); showing it takes the inset
  /// again.
  ///
  /// Overrides must call `super`.
  open override var isHidden: Bool {
    didSet {
      guard isHidden != oldValue else { return }
      if isHidden, isRefreshing { state = .idle }
      updateContribution()
    }
  }

  open override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    hasContribution = false
    guard newSuperview is ScrollModel else { return }
    updateContribution()
  }

  #if DEBUG
    /// Its height at the top while attached and shown, nothing while hidden, whatever the state.
    override func _checkOwnInvariants(contribution: EdgeInsets) {
      super._checkOwnInvariants(contribution: contribution)
      let expected = isHidden ? EdgeInsets.zero : EdgeInsets(top: frame.height)
      precondition(
        contribution == expected, "\(self): contributes \(contribution), not \(expected)")
    }
  #endif

  /// Its inset follows its new height.
  open override func extentDidChange() {
    super.extentDidChange()
    if hasContribution { insetContribution = EdgeInsets(top: frame.height) }
  }

  /// A load ends where the header is: no result is held.
  open override func endRefreshInPlace(from oldState: RefreshState) {
    resultText = nil
    super.endRefreshInPlace(from: oldState)
  }

  private func updateContribution() {
    let wanted = !isHidden && scrollView != nil
    guard wanted != hasContribution else { return }
    hasContribution = wanted
    insetContribution = wanted ? EdgeInsets(top: frame.height) : .zero
  }

  open override func scrollDidChangeOffset(
    _ change: ObservedChange<CGPoint>?, in scrollView: ScrollModel
  ) {
    triggerIfAtTheTop(change, in: scrollView)
    super.scrollDidChangeOffset(change, in: scrollView)
  }

  open override func scrollDidChangePanState(
    _ change: ObservedChange<PanState>?, in scrollView: ScrollModel
  ) {
    followPan(of: scrollView)
    super.scrollDidChangePanState(change, in: scrollView)
  }

  /// The offset at or above which, moving up, the header loads:
  /// `-inset.top + h - (triggerDistance ?? h * triggerAutomaticallyRefreshPercent)`.
  func triggerOffset(in scrollView: ScrollModel) -> CGFloat {
    let height = frame.height
    let shown = triggerDistance ?? height * triggerAutomaticallyRefreshPercent
    return -scrollView.adjustedContentInset.top + height - shown
  }

  /// Whether the header may load by itself now: idle, or failed and in a new drag.
  private var loadsByItself: Bool {
    state == .idle || (state == .failed && retriesByScrolling)
  }

  /// Loads by itself when the offset, shrinking, reaches the trigger line.
  private func triggerIfAtTheTop(_ change: ObservedChange<CGPoint>?, in scrollView: ScrollModel) {
    guard loadsByItself, isAutomaticallyRefresh, scrollView.contentSize.height > 0 else {
      return
    }
    // Content taller than the viewport (the footer's test, mirrored).
    let inset = scrollView.adjustedContentInset
    guard inset.bottom + scrollView.contentSize.height > scrollView.frame.height else { return }
    guard scrollView.contentOffset.y <= triggerOffset(in: scrollView) else { return }
    // Only while the content moves toward the top: not when it springs back after a release.
    if let old = change?.oldValue, let new = change?.newValue, new.y >= old.y { return }
    triggerAutomatically(byDrag: scrollView.isDragging || scrollView.isDecelerating)
  }

  /// A new drag renews the budget (and lets a failed load retry); a release at or past the top
  /// loads.
  private func followPan(of scrollView: ScrollModel) {
    guard state == .idle || state == .failed else { return }
    switch scrollView.panState {
    case .began:
      remainingTriggers = autoTriggerTimes
      retriesByScrolling = state == .failed
    case .ended where !loadsByItself:
      break
    case .ended:
      // Short or tall content alike: at the top, or pulled down past it.
      if scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top {
        triggerAutomatically(byDrag: true)
      }
    default:
      break
    }
  }

  /// Begins refreshing by itself, if this drag's budget allows (scrolling no finger started is
  /// not limited, as with the automatic footer).
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

  /// Ends loading and shows that everything is loaded (the oldest message is on screen): the
  /// state becomes ``RefreshState/noMoreData`` and the header no longer loads, until
  /// ``resetNoMoreData()``.
  ///
  /// Works from any state; a later stray ``RefreshComponent/endRefreshing()`` does not undo it.
  public func endRefreshingWithNoMoreData() {
    enterNoMoreData()
  }

  /// Leaves ``RefreshState/noMoreData``: the header is idle and loads again.
  public func resetNoMoreData() {
    leaveNoMoreData()
  }
}
