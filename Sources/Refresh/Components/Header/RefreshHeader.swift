import Foundation
import Observing

/// A pull-down-to-refresh control: MJRefresh's `MJRefreshHeader`.
///
/// It sits above the content (`y = -height`), and its geometry follows MJRefresh 3.7.9, with
/// `orig` the scroll model's inset without this header's contribution and `h` its height
/// (54 points):
///
/// - it appears at `happenOffsetY = -orig.top`, and the pulling threshold is
///   `happenOffsetY - h`; ``RefreshComponent/pullingPercent`` is `(happenOffsetY - offsetY) / h`;
/// - while dragging it is ``RefreshState/pulling`` beyond the threshold and idle before it;
///   released while pulling, it begins refreshing, on the pan's end itself;
/// - refreshing adds `h` to the top inset and scrolls to `-(orig.top + h)` over the fast
///   duration, then calls back; while refreshing the extra top inset follows the offset,
///   clamped to `0...h` (MJRefresh's section-header fix);
/// - ending hides the extra inset over the slow duration and records the update time.
@MainActor
open class RefreshHeader: RefreshComponent {
  /// MJRefresh's header height, 54 points.
  public static let defaultHeight: CGFloat = 54

  /// The key under which the last update time is stored.
  public var lastUpdatedTimeKey = RefreshHeader.defaultLastUpdatedTimeKey {
    didSet { lastUpdatedTimeKeyDidChange() }
  }

  /// The store's key unless one is set: stable across launches.
  public static let defaultLastUpdatedTimeKey = "RefreshHeaderLastUpdatedTime"

  /// Where the last update time is kept; `UserDefaults.standard` unless one is set.
  public var lastUpdatedTimeStore: LastUpdatedTimeStore = UserDefaultsLastUpdatedTimeStore() {
    didSet { lastUpdatedTimeKeyDidChange() }
  }

  /// The time of the last refresh, from ``lastUpdatedTimeStore``.
  public var lastUpdatedTime: Date? {
    lastUpdatedTimeStore.date(forKey: lastUpdatedTimeKey)
  }

  /// The current date; the last update time and expiry are measured against it (replace it in
  /// tests).
  public var currentDate: () -> Date = { Date() } {
    didSet { lastUpdatedTimeKeyDidChange() }
  }

  /// A top inset of the scroll model that the header ignores when placing itself.
  public var ignoredScrollViewContentInsetTop: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  /// How long ``endRefreshing(result:)`` keeps the result visible before the header hides.
  public var resultHoldDuration: TimeInterval = 1

  /// The result shown after the last refresh, while it is held (see ``endRefreshing(result:)``).
  @Observed public private(set) var resultText: String?

  private var resultHold: ClockTask?

  open override func prepare() {
    super.prepare()
    frame.size.height = RefreshHeader.defaultHeight
  }

  open override func placeSubviews() {
    super.placeSubviews()
    frame.origin.y = -frame.height - ignoredScrollViewContentInsetTop
  }

  /// Called when the last update time's key or store changed; the state header shows it.
  func lastUpdatedTimeKeyDidChange() {}

  open override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
    super.scrollViewContentOffsetDidChange(change)
    guard let scrollView else { return }
    let height = frame.height
    guard height > 0 else { return }
    if state == .refreshing {
      followOffsetWhileRefreshing(scrollView)
      return
    }
    // It starts to appear at happenOffsetY = -orig.top and arms past happenOffsetY - height.
    let happenOffsetY = -originalInset(in: scrollView).top
    let distance = happenOffsetY - scrollView.contentOffset.y
    guard distance >= 0 else { return }
    followPull(distance: distance, extent: height, isDragging: scrollView.isDragging)
  }

  open override func scrollViewPanStateDidChange(_ change: ObservedChange<PanState>?) {
    super.scrollViewPanStateDidChange(change)
    refreshIfReleasedWhilePulling()
  }

  /// While refreshing, the extra top inset follows the offset, clamped to `0...height`, so that
  /// content scrolled up is not held below an empty header.
  private func followOffsetWhileRefreshing(_ scrollView: ScrollModel) {
    guard window != nil, resultHold == nil else { return }
    let original = originalInset(in: scrollView).top
    let extra = min(max(-scrollView.contentOffset.y - original, 0), frame.height)
    if abs(scrollView.insetContribution(for: self).top - extra) > .ulpOfOne {
      scrollView.setInsetContribution(EdgeInsets(top: extra), for: self)
    }
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .idle where oldState == .refreshing:
      lastUpdatedTimeStore.setDate(currentDate(), forKey: lastUpdatedTimeKey)
      lastUpdatedTimeKeyDidChange()
      if resultText != nil, let clock = window?.clock, resultHoldDuration > 0 {
        let generation = refreshGeneration
        resultHold = clock.schedule(after: resultHoldDuration) { [weak self] in
          self?.resultHold = nil
          self?.resultText = nil
          self?.hideAfterRefreshing(generation: generation)
        }
      } else {
        hideAfterRefreshing(generation: refreshGeneration)
      }
    case .idle where oldState == .willRefresh:
      // Ended before it was ever shown: nothing to hide.
      endRefreshingCompletionBlock?()
    case .refreshing:
      resultHold?.cancel()
      resultHold = nil
      resultText = nil
      // The top inset becomes orig.top + h, and the offset -(orig.top + h).
      showForRefreshing(
        contribution: { [unowned self] _ in EdgeInsets(top: frame.height) },
        offset: { [unowned self] scroll in
          scroll.contentOffset.y = -(originalInset(in: scroll).top + frame.height)
        })
    default:
      break
    }
  }

  /// Ends refreshing and shows a result (e.g.
  ///
  /// "Updated 20 items") for ``resultHoldDuration`` before the header hides.
  ///
  /// The state is ``RefreshState/idle`` when this returns, as with ``RefreshComponent/endRefreshing()``; the
  /// header stays in view, showing `result`, while the hold lasts. Beginning to refresh again
  /// meanwhile cancels the hold.
  ///
  /// - Parameter result: The text to show, or `nil` to hide at once.
  public func endRefreshing(result: String?) {
    guard isRefreshing else { return }
    resultText = result
    endRefreshing()
  }

  /// Begins refreshing if the last refresh is older than `interval` (or there was none).
  ///
  /// - Parameter interval: The age, in seconds, after which the content counts as expired.
  /// - Returns: Whether refreshing began.
  @discardableResult
  public func beginRefreshingIfExpired(after interval: TimeInterval) -> Bool {
    guard !isRefreshing else { return false }
    if let last = lastUpdatedTime, currentDate().timeIntervalSince(last) < interval {
      return false
    }
    beginRefreshing()
    return true
  }
}
