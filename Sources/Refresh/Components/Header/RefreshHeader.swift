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
/// - ending records the update time and hides the extra inset over the slow duration (after
///   holding a result, with ``endRefreshing(result:)``);
/// - failing (``RefreshComponent/endRefreshingWithFailure(_:)``) holds the inset while the
///   failure shows, for ``resultHoldDuration``, then hides and returns to idle, recording
///   nothing; a pull meanwhile refreshes again.
@MainActor
open class RefreshHeader: RefreshComponent {
  /// MJRefresh's header height, 54 points.
  public static let defaultHeight: CGFloat = 54

  /// The key under which the last update time is stored.
  ///
  /// Setting it reads the date stored under the new key (setting it again to the same key
  /// reads the store again, MJRefresh's way to show a date stored by other code).
  public var lastUpdatedTimeKey = RefreshHeader.defaultLastUpdatedTimeKey {
    didSet { readLastUpdatedTime() }
  }

  /// The store's key unless one is set: MJRefresh's own `MJRefreshHeaderLastUpdatedTimeKey`, so
  /// that an app migrated from MJRefresh keeps its users' last update dates.
  public static let defaultLastUpdatedTimeKey = "MJRefreshHeaderLastUpdatedTimeKey"

  /// Where the last update time is kept; `UserDefaults.standard` unless one is set.
  public var lastUpdatedTimeStore: LastUpdatedTimeStore = UserDefaultsLastUpdatedTimeStore() {
    didSet { readLastUpdatedTime() }
  }

  /// The time of the last refresh under ``lastUpdatedTimeKey``.
  ///
  /// The header reads ``lastUpdatedTimeStore`` once and keeps the date: when it is created,
  /// when it moves to a scroll model, when its key or store is set, and again after any header
  /// recorded a refresh (at its next state change, or when this property is read), so that
  /// headers sharing a key show each other's refreshes as MJRefresh's do (which read the
  /// defaults on every state change). It writes the store when a refresh ends. A date that
  /// other code stores shows when the header next moves to a scroll model or its key is set.
  public var lastUpdatedTime: Date? {
    if readRecordings != Self.recordings { readLastUpdatedTime(notifying: false) }
    return storedLastUpdatedTime
  }

  // The three below are read on every state change. Main-actor confined plain values, read or
  // written whole with no call out in between, so no access to them can overlap another: the
  // dynamic exclusivity checks are turned off.

  /// The date last read from (or written to) the store.
  @exclusivity(unchecked) private var storedLastUpdatedTime: Date?

  /// ``recordings`` when the store was last read; -1 before the first read.
  @exclusivity(unchecked) private var readRecordings = -1

  /// How many refreshes all headers recorded.
  ///
  /// A header that read its store before the last recording reads it again, as another header
  /// may have recorded under its key. One counter
  /// for all keys keeps the hot path to one comparison; a header reads again only after a
  /// refresh ended somewhere.
  @exclusivity(unchecked) private static var recordings = 0

  /// Reads the stored date and, when asked, shows it.
  private func readLastUpdatedTime(notifying: Bool = true) {
    readRecordings = Self.recordings
    storedLastUpdatedTime = lastUpdatedTimeStore.date(forKey: lastUpdatedTimeKey)
    if notifying { lastUpdatedTimeDidChange() }
  }

  /// Writes the time of a refresh that ended, and keeps it.
  private func recordLastUpdatedTime(_ date: Date) {
    lastUpdatedTimeStore.setDate(date, forKey: lastUpdatedTimeKey)
    Self.recordings &+= 1
    readRecordings = Self.recordings
    storedLastUpdatedTime = date
    lastUpdatedTimeDidChange()
  }

  /// The current date; the last update time and expiry are measured against it (replace it in
  /// tests).
  ///
  /// Read on every state change. Main-actor confined and read or written whole (the closure is
  /// called after the read is over), so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) public var currentDate: () -> Date = { Date() } {
    didSet { lastUpdatedTimeDidChange() }
  }

  /// A top inset of the scroll model that the header ignores when placing itself.
  public var ignoredScrollViewContentInsetTop: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  /// How long ``endRefreshing(result:)`` keeps the result visible before the header hides.
  public var resultHoldDuration: TimeInterval = 1

  /// The result shown after the last refresh, while it is held (see ``endRefreshing(result:)``).
  @Observed public internal(set) var resultText: String? {
    didSet {
      guard resultText != oldValue else { return }
      resultTextDidChange()
      // A result is news a sighted user reads on the header ("Updated 20 items").
      if let resultText { postAccessibility(.announcement, resultText) }
    }
  }

  override var isHoldingResult: Bool { resultText != nil }

  /// A held result is what the header reads as, whether or not a state label shows it.
  override var spokenTitle: String? { resultText ?? super.spokenTitle }

  /// The held result, if any, in place of the state's title.
  open override func shownTitle(for title: String?) -> String? {
    resultText ?? super.shownTitle(for: title)
  }

  /// Tells the parts that ``resultText`` changed: the state title shows it in place of the
  /// title, the arrow hides while it is held.
  ///
  /// A method rather than an observation of the header by itself: an observer on the header
  /// would put every property it publishes (``RefreshComponent/pullingPercent`` on each offset,
  /// above all) on the notifying path.
  private func resultTextDidChange() {
    partsNeedUpdate()
  }

  private var resultHold: ClockTask?

  override class var pulledEdge: PullEdge? { .top }

  open override func prepare() {
    super.prepare()
    frame.size.height = RefreshHeader.defaultHeight
  }

  open override func placeSubviews() {
    super.placeSubviews()
    // y = -h - ignoredTop, which needs no scroll model (``PullGeometry``'s top edge).
    frame.origin.y = -frame.height - ignoredScrollViewContentInsetTop
  }

  /// Called when the last update time may read differently (its key, store or clock changed, a
  /// refresh was recorded): a ``LastUpdatedTimePart`` shows it again.
  private func lastUpdatedTimeDidChange() {
    part(ofType: LastUpdatedTimePart.self)?.update(in: self)
  }

  /// Reads the store again when the header moves to a scroll model: a date stored meanwhile
  /// (by other code, or by a header sharing the key) shows.
  ///
  /// Leaving ends a result or a failure still shown (see ``endRefreshing(result:)``), with no
  /// callback.
  ///
  /// Overrides must call `super`.
  ///
  /// - Parameter newSuperview: The future superview.
  open override func willMove(toSuperview newSuperview: View?) {
    // Leaving ends a result or a failure still held, with no callback, as a removal ends a
    // refresh: added again, the header holds nothing.
    if newSuperview !== superview, let hold = resultHold {
      hold.cancel()
      resultHold = nil
      resultText = nil
    }
    super.willMove(toSuperview: newSuperview)
    if newSuperview is ScrollModel { readLastUpdatedTime() }
  }

  open override var ignoredEdgeInset: CGFloat { ignoredScrollViewContentInsetTop }

  /// While refreshing, the extra top inset follows the offset, clamped to `0...height`, so that
  /// content scrolled up is not held below an empty header.
  open override func followOffsetWhileRefreshing(_ scrollView: ScrollModel) {
    guard window != nil, resultHold == nil else { return }
    let original = originalInset(in: scrollView).top
    let extra = min(max(-scrollView.contentOffset.y - original, 0), frame.height)
    if abs(scrollView.insetContribution(for: self).top - extra) > .ulpOfOne {
      scrollView.setInsetContribution(EdgeInsets(top: extra), for: self)
    }
  }

  /// Records the update time, then hides at once or, with a result to show, after
  /// ``resultHoldDuration``.
  open override func hideRefreshedComponent() {
    recordLastUpdatedTime(currentDate())
    guard resultText != nil, let clock = window?.clock, resultHoldDuration > 0 else {
      super.hideRefreshedComponent()
      return
    }
    let refresh = currentRefresh
    resultHold = clock.schedule(after: resultHoldDuration) { [weak self] in
      self?.resultHold = nil
      self?.resultText = nil
      self?.hideAfterRefreshing(refresh)
    }
  }

  /// Holds the header's place while the failure shows, for ``resultHoldDuration``, then hides
  /// and returns to idle; the update time is not recorded (the data is not fresh).
  ///
  /// A header without a window shows nothing and has no clock: it hides at once and stays
  /// failed until it refreshes again.
  open override func hideFailedComponent() {
    guard let clock = window?.clock else {
      super.hideFailedComponent()
      return
    }
    let refresh = currentRefresh
    resultHold = clock.schedule(after: max(resultHoldDuration, 0)) { [weak self] in
      guard let self else { return }
      self.resultHold = nil
      self.send(.dismissFailure)
      self.hideAfterRefreshing(refresh)
    }
  }

  open override var isHoldingRefreshInset: Bool { resultHold != nil }

  /// A new refresh cancels a result still held from the last one.
  open override func willShowForRefreshing() {
    super.willShowForRefreshing()
    resultHold?.cancel()
    resultHold = nil
    resultText = nil
  }

  /// Ends refreshing and keeps the header in view, showing a result such as "Updated 20 items",
  /// for ``resultHoldDuration`` before it hides.
  ///
  /// The state is ``RefreshState/idle`` when this returns, as with
  /// ``RefreshComponent/endRefreshing()``; the header stays in view, showing `result` in place
  /// of its title, while the hold lasts. Beginning to refresh again meanwhile cancels the hold.
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
  /// - Returns: Whether refreshing began (`false` as well while another component refreshes,
  ///   see ``RefreshComponent/isBlockedByAnotherRefresh``).
  @discardableResult
  public func beginRefreshingIfExpired(after interval: TimeInterval) -> Bool {
    guard !isRefreshing, !isBlockedByAnotherRefresh else { return false }
    if let last = lastUpdatedTime, currentDate().timeIntervalSince(last) < interval {
      return false
    }
    beginRefreshing()
    return true
  }
}
