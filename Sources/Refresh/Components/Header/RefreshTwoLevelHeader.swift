import Foundation
import Observing

/// A header with a second floor: pulled far enough, it opens a view over the whole screen
/// instead of refreshing (Taobao's "second floor", SmartRefreshLayout's `TwoLevelHeader`).
///
/// It is a ``RefreshNormalHeader`` and refreshes as one when released between its height and
/// ``secondFloorTriggerDistance`` (1.9 times its height unless set, SmartRefreshLayout's floor
/// rate). Pulled past that distance, it says "Release to open" (localized) in place of "Release
/// to refresh"; released there it opens ``secondFloorView``:
///
/// - the view covers the scroll model's whole visible area, and the content moves down out of
///   sight: the header adds the scroll model's height to the top inset and scrolls to
///   `-(orig.top + height)` over the slow duration;
/// - scrolling stops (``ScrollModel/isScrollEnabled`` is off while it is open);
/// - ``isSecondFloorOpen`` becomes `true` and ``onOpenSecondFloor`` runs, at once.
///
/// ``closeSecondFloor()`` gives the inset back and scrolls to the top, at rest and idle;
/// ``openSecondFloor()`` opens it from code.
///
/// ```swift
/// let header = RefreshTwoLevelHeader { feed.reload() }
/// header.secondFloorView.addSubview(promotionView)
/// header.onOpenSecondFloor = { analytics.log("second floor") }
/// scroll.header = header
/// // Later, from the second floor's close button:
/// header.closeSecondFloor()
/// ```
@MainActor
open class RefreshTwoLevelHeader: RefreshNormalHeader {
  /// SmartRefreshLayout's floor rate: the second floor opens past 1.9 times the header's height.
  public static let defaultSecondFloorRate: CGFloat = 1.9

  /// How far the content must be pulled past its top to open the second floor on release, in
  /// points; `nil`, the default, means ``defaultSecondFloorRate`` times the header's height
  /// (102.6 points for the 54-point header).
  ///
  /// A negative, NaN or infinite distance is refused: the previous value stays. A distance no
  /// longer than the trigger distance opens the floor on any release that would refresh.
  public var secondFloorTriggerDistance: CGFloat? {
    didSet {
      if let distance = secondFloorTriggerDistance, !(distance >= 0 && distance.isFinite) {
        secondFloorTriggerDistance = oldValue
      }
    }
  }

  /// The distance that opens the second floor: ``secondFloorTriggerDistance`` or its default.
  public var effectiveSecondFloorTriggerDistance: CGFloat {
    secondFloorTriggerDistance ?? frame.height * RefreshTwoLevelHeader.defaultSecondFloorRate
  }

  /// The view shown over the visible area while the second floor is open; hidden otherwise.
  ///
  /// Fill it with your own subviews, or replace it. It is laid out to the scroll model's
  /// size, above the content's top.
  public var secondFloorView = View() {
    didSet {
      guard secondFloorView !== oldValue else { return }
      oldValue.removeFromSuperview()
      installSecondFloorView()
    }
  }

  /// The title shown once releasing would open the second floor; `nil`, the default, is the
  /// localized "Release to open".
  public var secondFloorTitle: String? {
    didSet { shownTitleDidChange() }
  }

  /// Whether the second floor is open.
  @Observed public private(set) var isSecondFloorOpen = false

  /// Whether the pull is past ``effectiveSecondFloorTriggerDistance``: releasing now opens the
  /// second floor.
  @Observed public private(set) var isSecondFloorArmed = false

  /// Called when the second floor opens, by a release or by ``openSecondFloor()``.
  public var onOpenSecondFloor: (() -> Void)?

  /// The height the open floor adds to the top inset (the scroll model's height when it
  /// opened).
  private var openHeight: CGFloat = 0
  private var scrollWasEnabled = true
  /// Counts openings, so that a late close animation does not hide a floor opened again.
  private var openings = 0

  open override func prepare() {
    super.prepare()
    installSecondFloorView()
  }

  private func installSecondFloorView() {
    secondFloorView.isHidden = !isSecondFloorOpen
    addSubview(secondFloorView)
    placeSecondFloor()
  }

  open override func placeSubviews() {
    super.placeSubviews()
    placeSecondFloor()
  }

  /// Lays the floor over the area the scroll model shows when it is open: from
  /// `-(orig.top + height)` to `-orig.top` in the scroll model's coordinates.
  private func placeSecondFloor() {
    guard let scrollView else { return }
    let height = isSecondFloorOpen ? openHeight : scrollView.frame.height
    let top = originalInset(in: scrollView).top
    secondFloorView.frame = CGRect(
      x: 0, y: -(top + height) - frame.minY, width: frame.width, height: height)
  }

  open override var heldContribution: EdgeInsets? {
    isSecondFloorOpen ? EdgeInsets(top: openHeight) : nil
  }

  /// "Release to open" (or ``secondFloorTitle``) once releasing would open the second floor.
  open override func shownTitle(for title: String?) -> String? {
    guard isSecondFloorArmed else { return super.shownTitle(for: title) }
    return secondFloorTitle ?? RefreshConfig.default.localized(.twoLevelHeaderSecondFloor)
  }

  open override func languageDidChange() {
    super.languageDidChange()
    shownTitleDidChange()
  }

  // MARK: Following the pull

  open override func scrollDidChangeOffset(
    _ change: ObservedChange<CGPoint>?, in scrollView: ScrollModel
  ) {
    // While the floor is open the content does not pull the header.
    guard !isSecondFloorOpen else {
      scrollViewContentOffsetDidChange(change)
      return
    }
    super.scrollDidChangeOffset(change, in: scrollView)
    updateArming(in: scrollView)
  }

  open override func scrollDidChangePanState(
    _ change: ObservedChange<PanState>?, in scrollView: ScrollModel
  ) {
    if isSecondFloorOpen {
      scrollViewPanStateDidChange(change)
      return
    }
    if isSecondFloorArmed, state == .pulling, !scrollView.isDragging {
      // Released past the second floor's distance: open it instead of refreshing.
      openSecondFloor()
      scrollViewPanStateDidChange(change)
      return
    }
    super.scrollDidChangePanState(change, in: scrollView)
  }

  /// Arms the second floor while a drag holds the header pulling past its distance.
  private func updateArming(in scrollView: ScrollModel) {
    var armed = false
    if state == .pulling, scrollView.isDragging {
      let distance = pullGeometry(along: .top, in: scrollView).distance
      let pulled = maximumPullDistance.map { min(distance, $0) } ?? distance
      armed = pulled > effectiveSecondFloorTriggerDistance
    }
    setArmed(armed)
  }

  private func setArmed(_ armed: Bool) {
    guard armed != isSecondFloorArmed else { return }
    isSecondFloorArmed = armed
    shownTitleDidChange()
  }

  /// Leaving the pulling state disarms the floor; beginning to refresh while the floor is open
  /// closes it at once (the refresh then shows the header).
  ///
  /// Overrides must call `super`.
  open override func stateDidChange(from oldState: RefreshState) {
    if state != .pulling { setArmed(false) }
    if isRefreshing, isSecondFloorOpen { dismissSecondFloor() }
    super.stateDidChange(from: oldState)
  }

  // MARK: Opening and closing

  /// Opens the second floor: the content moves down out of sight over the slow duration,
  /// ``secondFloorView`` covers the visible area, scrolling stops, ``isSecondFloorOpen``
  /// becomes `true` and ``onOpenSecondFloor`` runs.
  ///
  /// Does nothing while the header is refreshing, when the floor is already open, or when the
  /// header is not attached to a scroll model. A drag in progress is cancelled.
  public func openSecondFloor() {
    guard !isSecondFloorOpen, !isRefreshing, let scrollView else { return }
    setArmed(false)
    send(.pulled(armed: false))
    openings += 1
    openHeight = scrollView.frame.height
    isSecondFloorOpen = true
    scrollWasEnabled = scrollView.isScrollEnabled
    scrollView.isScrollEnabled = false
    scrollView.stopScrolling()
    placeSecondFloor()
    secondFloorView.isHidden = false
    let top = originalInset(in: scrollView).top
    let height = openHeight
    View.animate(withDuration: slowAnimationDuration) {
      self.insetContribution = EdgeInsets(top: height)
      scrollView.contentOffset.y = -(top + height)
    }
    onOpenSecondFloor?()
  }

  /// Closes the second floor: the content scrolls back to the top, at rest and idle.
  ///
  /// The header gives its inset back and the content scrolls to the top over the slow
  /// duration; scrolling works again at once. The floor view hides when the content is back.
  ///
  /// Does nothing when the floor is not open.
  public func closeSecondFloor() {
    guard isSecondFloorOpen, let scrollView else { return }
    dismissSecondFloor()
    let opening = openings
    let refresh = currentRefresh
    let top = originalInset(in: scrollView).top
    secondFloorView.isHidden = false
    View.animate(withDuration: slowAnimationDuration) {
      self.insetContribution = .zero
      scrollView.contentOffset.y = -top
    } completion: { [weak self] _ in
      // Not once the floor opened again, nor once the header left the scroll model meanwhile.
      guard let self, !self.isSecondFloorOpen, self.openings == opening,
        self.machine.isOfCurrentAttachment(refresh)
      else { return }
      self.secondFloorView.isHidden = true
      if !self.isRefreshing { self.settlePullingPercent() }
    }
  }

  /// Marks the floor closed and lets the scroll model scroll again; the inset is the caller's
  /// to give back.
  private func dismissSecondFloor() {
    guard isSecondFloorOpen else { return }
    isSecondFloorOpen = false
    secondFloorView.isHidden = true
    scrollView?.isScrollEnabled = scrollWasEnabled
  }

  /// Leaving the scroll model closes the floor at once (the inset goes with the header).
  ///
  /// Overrides must call `super`.
  open override func willMove(toSuperview newSuperview: View?) {
    if newSuperview !== superview { dismissSecondFloor() }
    super.willMove(toSuperview: newSuperview)
  }
}
