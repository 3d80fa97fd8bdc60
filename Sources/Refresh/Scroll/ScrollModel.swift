import Foundation
import Observing

/// The headless `UIScrollView`: content offset, content size, insets and a pan gesture, with
/// UIKit's scroll physics.
///
/// Drive it in one of two ways. **Raw**, exactly as UIKit's KVO would report a gesture (this is
/// how MJRefresh's formulas are specified):
///
/// ```swift
/// scroll.panState = .began
/// scroll.contentOffset = CGPoint(x: 0, y: -130)
/// scroll.panState = .ended
/// ```
///
/// Or with **gestures and physics**: ``beginDragging(at:)``, ``drag(to:)``,
/// ``endDragging(velocity:)`` and the wheel's ``scroll(by:)``. Past an edge the finger's movement
/// is rubber-banded; after release the content decelerates and springs back, on the window's
/// clock.
///
/// The insets that apply are ``adjustedContentInset``: the ``contentInset`` you set plus the
/// contributions of attached components (a refreshing header adds its height). Components never
/// write `contentInset`. When the adjusted inset changes while no finger is down, the offset is
/// brought back into the valid range, animated along with the change that caused it.
///
/// Bad input is refused: a non-finite offset, size or inset leaves the previous value in place
/// (and notifies nobody); a negative content size is clamped to zero.
@MainActor
open class ScrollModel: View {
  /// The actions set on the scroll model, after "Refresh" and "Load more" for the components
  /// that can begin now: attached, shown, interactive, idle or failed, and not held back by
  /// another refresh (``RefreshComponent/isBlockedByAnotherRefresh``).
  ///
  /// The header or, without one, the leader refreshes; the footer, or an automatic header,
  /// loads more. Each plays the pull a sighted user would make
  /// (``RefreshComponent/beginRefreshingByPulling()``), so the component announces "Release to
  /// refresh" and "Loading..." as it does then. The names are localized
  /// (``RefreshText/refreshAction``, ``RefreshText/loadMoreAction``).
  ///
  /// ```swift
  /// list.accessibilityCustomActions.map(\.name)  // ["Refresh", "Load more"]
  /// ```
  ///
  /// Setting it sets the scroll model's own actions; the components' are left out of what is
  /// stored, so appending to it keeps one "Refresh".
  open override var accessibilityCustomActions: [AccessibilityAction] {
    get { refreshActions + super.accessibilityCustomActions }
    // The components' own are made anew on every read, from their states.
    set { super.accessibilityCustomActions = newValue.filter { !$0.isComponentAction } }
  }

  /// The point of the content at the top left of the bounds.
  ///
  /// Assigning it stops deceleration and animated scrolling, as in UIKit. Non-finite values are
  /// refused.
  @Observed(validate: acceptFinitePoint)
  public var contentOffset: CGPoint = .zero {
    didSet { contentOffsetDidChange(from: oldValue) }
  }

  /// The size of the content.
  ///
  /// Negative dimensions are clamped to zero; non-finite values are refused.
  @Observed(validate: acceptContentSize)
  public var contentSize: CGSize = .zero {
    didSet { validRangeDidChange() }
  }

  /// The insets the user sets around the content.
  ///
  /// Non-finite insets are refused.
  @Observed(validate: acceptFiniteInsets)
  public var contentInset: EdgeInsets = .zero {
    didSet {
      updateAdjustedContentInset()
      // The edges where pulls begin moved: a pull follows at once, not at the next offset.
      attachedComponents?.contentInsetDidChange(in: self)
    }
  }

  /// The insets that apply: ``contentInset`` plus every registered contribution.
  @Observed public private(set) var adjustedContentInset: EdgeInsets = .zero

  /// The state of the pan gesture.
  ///
  /// Setting `.began` stops deceleration, as a finger touching the content does.
  @Observed public var panState: PanState = .possible {
    didSet {
      if panState == .began { stopScrolling() }
      scrollActivityDidChange()
    }
  }

  /// Whether the content moves with a finger: the pan has begun or changed.
  ///
  /// Observable: `scroll.observe(\.isDragging)` follows ``panState``.
  public var isDragging: Bool {
    panState == .began || panState == .changed
  }

  /// The geometry the attached components read on every offset change, as stored and
  /// unreported (see `Observed._untrackedValue`): the offset, the content size and whether a
  /// finger drags.
  var untrackedContentOffset: CGPoint { _contentOffset._untrackedValue }
  var untrackedContentSize: CGSize { _contentSize._untrackedValue }
  var isDraggingUntracked: Bool {
    let panState = _panState._untrackedValue
    return panState == .began || panState == .changed
  }

  /// Whether the content moves on its own after a release (decelerating or springing back).
  @Observed public internal(set) var isDecelerating = false

  /// Whether the content can be pulled past its edges (rubber band) and springs back.
  public var bounces = true

  /// Whether fingers, the wheel and the trackpad scroll the content
  /// (`UIScrollView.isScrollEnabled`); `true` by default.
  ///
  /// While it is `false`, ``beginDragging(at:)``, ``drag(to:)`` and ``scroll(by:)`` are ignored;
  /// turning it off during a drag cancels the drag (the pan state becomes `.cancelled`) and the
  /// content comes back into its valid range. Code still moves the content
  /// (``setContentOffset(_:animated:)``, `contentOffset`), and raw driving still reports pans.
  public var isScrollEnabled = true {
    didSet {
      if !isScrollEnabled, oldValue { cancelGesture() }
    }
  }

  /// Whether vertical bouncing happens even when the content is shorter than the bounds.
  public var alwaysBounceVertical = false

  /// Whether horizontal bouncing happens even when the content is narrower than the bounds.
  public var alwaysBounceHorizontal = false

  /// Whether a release comes to rest on a page: a multiple of the bounds size along each axis
  /// (`UIScrollView.isPagingEnabled`); `false` by default.
  ///
  /// A slow release goes to the nearest page, a fling (at least
  /// ``ScrollPhysics/pagingFlingSpeed``) to the next page in its direction; the content gets
  /// there on the bounce-back spring. See ``endDragging(velocity:)``.
  ///
  /// ```swift
  /// scroll.isPagingEnabled = true
  /// scroll.beginDragging(at: CGPoint(x: 160, y: 400))
  /// scroll.drag(to: CGPoint(x: 160, y: 150))  // offset 250 of 480-point pages
  /// scroll.endDragging(velocity: .zero)  // springs to 480, the nearest page
  /// ```
  public var isPagingEnabled = false

  /// Whether a touch that enters at the window (``Window/touchBegan(at:)``) moves the content
  /// along one axis only, the one its first movement past ``Window/touchSlop`` favours
  /// (`UIScrollView.isDirectionalLockEnabled`); `false` by default.
  ///
  /// It matters only for content that scrolls both ways. Calls of ``drag(to:)`` made directly
  /// are not locked.
  public var isDirectionalLockEnabled = false

  /// How a vertical drag that enters at the window shares its movement with the vertical scroll
  /// model around this one; ``NestedScrolling/independent`` by default (see
  /// ``NestedScrolling/collapsingParent`` for the collapsing banner's rules).
  public var nestedScrolling = NestedScrolling.independent

  /// The constants of the rubber band, deceleration, spring and paging.
  public var physics = ScrollPhysics()

  /// How long the wheel must pause before ``scroll(by:)`` counts as released, in seconds.
  public var wheelReleaseDelay: TimeInterval = 0.15

  /// Whether the refresh components attached to the scroll model may refresh at the same time;
  /// `false`, the default, means one at a time: while a header refreshes the footers do not
  /// load, and the other way round.
  ///
  /// Set it to `true` for MJRefresh's behaviour, where each component refreshes on its own.
  /// What a component shows while another one refreshes is described at
  /// ``RefreshComponent/beginRefreshing()``.
  ///
  /// ```swift
  /// scroll.allowsSimultaneousRefreshing = true  // pull to refresh while a page loads
  /// ```
  public var allowsSimultaneousRefreshing = false

  /// Whether the vertical scroll indicator shows while the content scrolls
  /// (`UIScrollView.showsVerticalScrollIndicator`); `true` by default.
  ///
  /// A thumb at the right edge (the left one in a right-to-left layout), shown while the content
  /// moves and hidden ``ScrollIndicator/hideDelay`` after it comes to rest; never when the
  /// content fits. See ``verticalScrollIndicatorFrame``.
  public var showsVerticalScrollIndicator = true {
    didSet { setNeedsDisplay() }
  }

  /// Whether the horizontal scroll indicator, at the bottom edge, shows while the content
  /// scrolls (`UIScrollView.showsHorizontalScrollIndicator`); `true` by default.
  public var showsHorizontalScrollIndicator = true {
    didSet { setNeedsDisplay() }
  }

  /// How far the vertical indicator's track lies inside the bounds
  /// (`UIScrollView.verticalScrollIndicatorInsets`).
  ///
  /// `top` and `bottom` shorten the track, `right` (`left` in a right-to-left layout) moves it
  /// in. Non-finite insets are refused.
  ///
  /// ```swift
  /// list.verticalScrollIndicatorInsets = EdgeInsets(top: 18)  // below a title row
  /// ```
  public var verticalScrollIndicatorInsets: EdgeInsets = .zero {
    didSet {
      if !verticalScrollIndicatorInsets.isFinite { verticalScrollIndicatorInsets = oldValue }
      setNeedsDisplay()
    }
  }

  /// How far the horizontal indicator's track lies inside the bounds
  /// (`UIScrollView.horizontalScrollIndicatorInsets`).
  ///
  /// `left` and `right` shorten the track, `bottom` moves it up. Non-finite insets are refused.
  public var horizontalScrollIndicatorInsets: EdgeInsets = .zero {
    didSet {
      if !horizontalScrollIndicatorInsets.isFinite { horizontalScrollIndicatorInsets = oldValue }
      setNeedsDisplay()
    }
  }

  /// The indicators' color (`UIScrollView.indicatorStyle`): ``ScrollIndicatorStyle/default``, a
  /// gray that reads on light and dark surfaces.
  public var indicatorStyle: ScrollIndicatorStyle = .default {
    didSet { setNeedsDisplay() }
  }

  /// Whether the content moves (see `ScrollModel+ScrollIndicators.swift`), and until when the
  /// indicators show after it came to rest.
  var scrollIndicatorActivity = ScrollIndicatorActivity()

  // Main-actor confined state read on every offset change; none of it is accessed
  // re-entrantly, so dynamic exclusivity checks are turned off.
  @exclusivity(unchecked) private var insetContributions:
    [(owner: ObjectIdentifier, insets: EdgeInsets)] = []
  @exclusivity(unchecked) var pullLimits: [(owner: ObjectIdentifier, limits: EdgeInsets)] = []
  /// The smallest of ``pullLimits`` on each side, or `nil` when there are none (see
  /// `ScrollModel+PullLimits.swift`).
  @exclusivity(unchecked) var pullLimit: EdgeInsets?
  @exclusivity(unchecked) var gesture: GestureState?
  @exclusivity(unchecked) var movement: Movement? {
    didSet { scrollActivityDidChange() }
  }
  @exclusivity(unchecked) var isMovingByItself = false
  /// ``adjustedContentInset`` as last assigned (by `updateAdjustedContentInset()`, its one
  /// writer), read by ``insets(excluding:)`` on every offset change of a pull: the observed
  /// property's own storage is read with a dynamic exclusivity check, 66 instructions each.
  @exclusivity(unchecked) private var lastAdjustedInset = EdgeInsets.zero

  /// The refresh components attached to the scroll model and the observations they share
  /// (see `AttachedComponents`); `nil` until a component attaches.
  var attachedComponents: AttachedComponents?

  /// Creates a scroll model.
  ///
  /// - Parameter frame: Its rectangle in its superview.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  override func frameSizeDidChange() {
    super.frameSizeDidChange()
    validRangeDidChange()
  }

  /// Draws the scroll indicators in front of the content and the components.
  override func drawOverlay(in canvas: Canvas) {
    drawScrollIndicators(in: canvas)
  }

  /// The bounds origin of a scroll model is its content offset.
  open override var boundsOrigin: CGPoint { contentOffset }

  /// The content offset as shown on screen now (an animation block may be moving it).
  public var presentedContentOffset: CGPoint {
    presentedValue(of: .contentOffset, model: contentOffset)
  }

  /// The bounds origin as shown on screen: the presented content offset.
  open override var presentedBoundsOrigin: CGPoint { presentedContentOffset }

  // MARK: - Insets

  /// Sets the insets a component adds to ``adjustedContentInset``, replacing its previous ones.
  ///
  /// ```swift
  /// scroll.setInsetContribution(EdgeInsets(top: 54), for: header)
  /// ```
  ///
  /// - Parameters:
  ///   - insets: The insets to add; non-finite insets are refused.
  ///   - owner: The component they belong to (its identity is the key).
  public func setInsetContribution(_ insets: EdgeInsets, for owner: AnyObject) {
    guard insets.isFinite else { return }
    let key = ObjectIdentifier(owner)
    if let index = insetContributions.firstIndex(where: { $0.owner == key }) {
      insetContributions[index].insets = insets
    } else {
      insetContributions.append((key, insets))
    }
    updateAdjustedContentInset()
  }

  /// Removes a component's contribution to ``adjustedContentInset``.
  ///
  /// - Parameter owner: The component.
  public func removeInsetContribution(for owner: AnyObject) {
    let key = ObjectIdentifier(owner)
    guard insetContributions.contains(where: { $0.owner == key }) else { return }
    insetContributions.removeAll { $0.owner == key }
    updateAdjustedContentInset()
  }

  /// The insets a component currently adds (zero when it adds none).
  ///
  /// - Parameter owner: The component.
  /// - Returns: Its contribution.
  public func insetContribution(for owner: AnyObject) -> EdgeInsets {
    let key = ObjectIdentifier(owner)
    return insetContributions.first { $0.owner == key }?.insets ?? .zero
  }

  /// ``adjustedContentInset`` without what `owner` adds: the insets a component measures its
  /// pull from (MJRefresh's `scrollViewOriginalInset`).
  ///
  /// - Parameter owner: The component.
  /// - Returns: The adjusted insets minus its contribution.
  func insets(excluding owner: AnyObject) -> EdgeInsets {
    // No component adds anything while nobody refreshes: the common case of a pull.
    guard !insetContributions.isEmpty else { return lastAdjustedInset }
    return lastAdjustedInset - insetContribution(for: owner)
  }

  private func updateAdjustedContentInset() {
    let adjusted = insetContributions.reduce(contentInset) { $0 + $1.insets }
    guard adjusted != adjustedContentInset else { return }
    lastAdjustedInset = adjusted
    adjustedContentInset = adjusted
    validRangeDidChange()
  }

  /// Keeps the offset valid after the insets, the content size or the bounds changed: a running
  /// deceleration continues toward the new edges; at rest, the offset is clamped (animated when
  /// inside an animation block); under a finger, nothing moves until the release.
  func validRangeDidChange() {
    guard !isDragging else { return }
    if movement != nil {
      replanMovement()
      return
    }
    let clamped = clampedOffset(contentOffset)
    if clamped != contentOffset { contentOffset = clamped }
  }

  // MARK: - The valid range

  /// The smallest valid offset: the adjusted top and left insets scrolled into view.
  public var minimumContentOffset: CGPoint {
    CGPoint(x: -adjustedContentInset.left, y: -adjustedContentInset.top)
  }

  /// The largest valid offset: the end of the content and the bottom and right insets in view
  /// (never less than ``minimumContentOffset``).
  public var maximumContentOffset: CGPoint {
    let minimum = minimumContentOffset
    return CGPoint(
      x: max(minimum.x, contentSize.width + adjustedContentInset.right - bounds.width),
      y: max(minimum.y, contentSize.height + adjustedContentInset.bottom - bounds.height))
  }

  /// Whether a drag can move the content vertically: it is taller than the bounds with its
  /// insets, or ``alwaysBounceVertical`` is set.
  public var canScrollVertically: Bool {
    alwaysBounceVertical || contentSize.height + adjustedContentInset.vertical > bounds.height
  }

  /// Whether a drag can move the content horizontally.
  public var canScrollHorizontally: Bool {
    alwaysBounceHorizontal || contentSize.width + adjustedContentInset.horizontal > bounds.width
  }

  /// The nearest valid offset to `offset`.
  ///
  /// - Parameter offset: Any offset.
  /// - Returns: `offset` clamped to ``minimumContentOffset`` ... ``maximumContentOffset``.
  public func clampedOffset(_ offset: CGPoint) -> CGPoint {
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    return CGPoint(
      x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
  }

  private func contentOffsetDidChange(from oldValue: CGPoint) {
    // A refused (non-finite) assignment still runs `didSet`, with the offset unchanged.
    guard contentOffset != oldValue else { return }
    if pullLimit != nil, correctOffsetPastPullLimits(from: oldValue) { return }
    recordAnimation(of: .contentOffset, from: oldValue, to: contentOffset)
    if !isMovingByItself, movement != nil {
      stopScrolling()
    }
  }
}

private func acceptFinitePoint(_ current: CGPoint, _ proposed: CGPoint) -> CGPoint? {
  proposed.isFinite ? proposed : nil
}

private func acceptContentSize(_ current: CGSize, _ proposed: CGSize) -> CGSize? {
  guard proposed.isFinite else { return nil }
  return CGSize(width: max(0, proposed.width), height: max(0, proposed.height))
}

private func acceptFiniteInsets(_ current: EdgeInsets, _ proposed: EdgeInsets) -> EdgeInsets? {
  proposed.isFinite ? proposed : nil
}
