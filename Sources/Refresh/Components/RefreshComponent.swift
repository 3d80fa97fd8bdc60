import Foundation
import Observing

/// The base of every refresh control: MJRefresh's `MJRefreshComponent`.
///
/// A component is a view that you attach to a ``ScrollModel`` (through ``ScrollModel/header``,
/// ``ScrollModel/footer`` or ``ScrollModel/trailer``). It watches the scroll model's
/// `contentOffset`, `contentSize` and `panState` through `Observing`, moves between the
/// ``RefreshState``s, and calls your refreshing action:
///
/// ```swift
/// scroll.header = RefreshNormalHeader {
///   model.reload { scroll.header?.endRefreshing() }
/// }
/// ```
///
/// To write your own component, subclass one of the concrete classes and override the hooks:
/// ``prepare()`` (set up once), ``placeSubviews()`` (lay out), the three `scrollView…DidChange`
/// hooks, ``stateDidChange(from:)`` and ``i18nDidChange()``. Every hook must call `super`.
///
/// Unlike MJRefresh, ``endRefreshing()`` changes the state at once (``isRefreshing`` is `false`
/// when it returns), and components never write the scroll model's `contentInset`: they add
/// their own contribution to its `adjustedContentInset`, so yours is never overwritten.
@MainActor
open class RefreshComponent: View {
  // MARK: State

  /// The current state.
  ///
  /// Components move between states by themselves; setting it directly forces a state (for a
  /// custom component, say) and runs ``stateDidChange(from:)``. Assigning the current state
  /// again does nothing and notifies nobody (MJRefresh's `MJRefreshCheckState`).
  @Observed(validate: acceptNewState)
  public var state: RefreshState = .idle {
    didSet {
      // A refused assignment (the same state) still runs `didSet`: nothing changed.
      guard state != oldValue else { return }
      stateChangeDepth += 1
      stateDidChange(from: oldValue)
      stateChangeDepth -= 1
      if stateChangeDepth == 0 { runPendingCallbacks() }
    }
  }

  /// Whether the component is refreshing or about to (``RefreshState/refreshing`` or
  /// ``RefreshState/willRefresh``).
  public var isRefreshing: Bool {
    state == .refreshing || state == .willRefresh
  }

  /// How far the component has been pulled into view: 0 when hidden, 1 when fully shown.
  ///
  /// Pulling further gives values above 1.
  ///
  /// Subclasses may override it to follow the pull (call `super`), as MJRefresh's custom
  /// components override `setPullingPercent:`.
  @Observed open var pullingPercent: CGFloat = 0 {
    didSet {
      pullFollower?.follow(pullingPercent: pullingPercent, in: state)
      guard !isRefreshing, isAutomaticallyChangeAlpha else { return }
      alpha = pullingPercent
    }
  }

  // Read by the `pullingPercent` setter on every offset change of a pull. Main-actor confined,
  // and no access to it calls out while it is held (`didSet` runs after the store), so the
  // dynamic exclusivity check is turned off.

  /// Whether the opacity follows ``pullingPercent`` (the component fades in as it is pulled):
  /// MJRefresh's `automaticallyChangeAlpha` (`isAutomaticallyChangeAlpha` in Swift).
  @exclusivity(unchecked)
  public var isAutomaticallyChangeAlpha = false {
    didSet {
      guard !isRefreshing else { return }
      alpha = isAutomaticallyChangeAlpha ? pullingPercent : 1
    }
  }

  /// When a pull begins refreshing: on release past the threshold (the default), or as soon as
  /// the threshold is crossed.
  public var triggerMode: RefreshTriggerMode = .onRelease

  // MARK: Callbacks

  /// Called when refreshing begins (after the component is shown): MJRefresh's `refreshingBlock`.
  ///
  /// Call ``endRefreshing()`` when your work is done.
  public var refreshingBlock: (() -> Void)?

  /// An asynchronous refreshing block: refreshing ends by itself when it returns.
  ///
  /// The task is cancelled if refreshing is ended by other means or the component is removed
  /// from its scroll model.
  public var asyncRefreshingBlock: (@MainActor () async -> Void)?

  /// Called after the refreshing callback (MJRefresh's `beginRefreshingCompletionBlock`).
  public var beginRefreshingCompletionBlock: (() -> Void)?

  /// Called when the animation that ends refreshing has finished (MJRefresh's
  /// `endRefreshingCompletionBlock`).
  public var endRefreshingCompletionBlock: (() -> Void)?

  /// Called as the animation that ends refreshing begins (MJRefresh's
  /// `endRefreshingAnimationBeginAction`).
  public var endRefreshingAnimationBeginAction: (() -> Void)?

  /// Called when the component becomes armed: pulled far enough that releasing refreshes (a
  /// place for haptic feedback on devices).
  public var onArmed: (() -> Void)?

  /// The object whose method is called when refreshing begins (see
  /// ``init(refreshingTarget:refreshingAction:)``); held weakly, so `nil` once it is gone.
  public private(set) weak var refreshingTarget: AnyObject?

  /// Calls the target's method on the target it is given.
  private var refreshingTargetAction: ((AnyObject) -> Void)?
  private var refreshingTask: Task<Void, Never>?
  private var pendingCallbacks: [() -> Void] = []
  private var stateChangeDepth = 0

  /// Counts entries into refreshing, so that a late animation completion can tell whether its
  /// refresh is still the current one.
  private(set) var refreshGeneration = 0

  // MARK: Durations

  /// The duration of quick animations; ``RefreshConfig/fastAnimationDuration`` (0.25 s) unless
  /// set.
  public var fastAnimationDuration = RefreshConfig.default.fastAnimationDuration

  /// The duration of slow animations; ``RefreshConfig/slowAnimationDuration`` (0.4 s) unless set.
  public var slowAnimationDuration = RefreshConfig.default.slowAnimationDuration

  /// Turns off the component's animations: both durations become 0.
  ///
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setAnimationDisabled() -> Self {
    fastAnimationDuration = 0
    slowAnimationDuration = 0
    return self
  }

  // MARK: The scroll model

  /// The scroll model the component is attached to.
  public private(set) weak var scrollView: ScrollModel?

  /// The scroll model's insets without this component's own contribution: the insets when this
  /// component is not refreshing.
  public var scrollViewOriginalInset: EdgeInsets {
    guard let scrollView else { return .zero }
    return originalInset(in: scrollView)
  }

  /// ``scrollViewOriginalInset`` for a scroll model already at hand (one weak load less).
  func originalInset(in scroll: ScrollModel) -> EdgeInsets {
    scroll.adjustedContentInset - scroll.insetContribution(for: self)
  }

  /// This component's current contribution to the scroll model's adjusted insets.
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

  // MARK: The pull, for the subclasses

  /// The edge the component is pulled at (header, back footer, trailer), or `nil` for one that
  /// is not pulled into view (the automatic footer, a component written on this class).
  ///
  /// With an edge, the base hooks do the whole pull of ``PullGeometry``.
  var pullEdge: PullEdge?

  /// The inset along the edge that the component ignores when placing itself (the header's
  /// `ignoredScrollViewContentInsetTop` and its kin).
  var ignoredEdgeInset: CGFloat { 0 }

  /// Follows the offset while refreshing; only the header does (MJRefresh's section-header fix).
  func followOffsetWhileRefreshing(_ scroll: ScrollModel) {}

  #if DEBUG
    /// The invariant check of a component that is not pulled, given its contribution; the
    /// automatic footer overrides it (see `_checkInvariants()`).
    func _checkOwnInvariants(contribution: EdgeInsets) {}
  #endif

  /// Ends the refresh of a component that shows no pull (the automatic footer): the end action,
  /// then the end at once.
  func endRefreshInPlace(from oldState: RefreshState) {
    endRefreshingAnimationBeginAction?()
    finishEndRefreshing(generation: refreshGeneration)
  }

  /// Called when the component's extent along its pull changed (a gif grew to its frames): a
  /// component that adds insets while attached (the automatic footer) updates them.
  func extentDidChange() {}

  /// Whether a pulled component keeps its refreshing inset after the refresh ended (the header
  /// while it holds a result).
  var isHoldingRefreshInset: Bool { false }

  /// Called as a pulled component begins showing itself for a refresh (the header drops a
  /// result it still holds).
  func willShowForRefreshing() {}

  /// Hides a pulled component whose refresh ended; the header overrides it to record the
  /// update time and to hold a result.
  func hideRefreshedComponent() {
    hideAfterRefreshing(generation: refreshGeneration)
  }

  // MARK: Parts, for the variants

  /// The parts that make the component's look, in the order they were added.
  private(set) var parts: [any RefreshComponentPart] = []

  /// The frames that follow ``pullingPercent`` (the Gif variants'), if any.
  private(set) var pullFollower: StateImages?

  /// Adds a part; it follows the component's state, layout and language from now on.
  func addPart(_ part: any RefreshComponentPart) {
    parts.append(part)
    if let frames = part as? StateImages, !frames.showsOnlyWhileRefreshing { pullFollower = frames }
  }

  /// The text an indicator sits beside, or `nil` to center the indicator (the state variants
  /// override it).
  ///
  /// - Parameter forFrames: Whether the indicator is a gif's frames (MJRefresh's gif header
  ///   keeps them beside the time label when the state label alone is hidden; its arrow does
  ///   not).
  func textBesideIndicator(forFrames: Bool) -> TextBesideIndicator? { nil }

  /// Where an arrow or spinner is centered horizontally when the component decides it (the
  /// trailer), or `nil` to place it beside ``textBesideIndicator(forFrames:)``.
  var indicatorCenterX: CGFloat? { nil }

  private var languageToken: ObservationToken?

  // MARK: Creating

  /// Creates a component; ``prepare()`` runs, then the state is ``RefreshState/idle``.
  ///
  /// - Parameter frame: The initial frame; components size themselves in ``prepare()`` and
  ///   position themselves in ``placeSubviews()``.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    prepare()
    languageToken = RefreshConfig.default.observe(\.localizationRevision) { [weak self] _, _ in
      self?.i18nDidChange()
    }
  }

  /// Creates a component that calls a closure when it refreshes.
  ///
  /// - Parameter refreshingBlock: Called when refreshing begins.
  public convenience init(refreshingBlock: @escaping () -> Void) {
    self.init(frame: .zero)
    self.refreshingBlock = refreshingBlock
  }

  /// Creates a component whose refreshing is asynchronous work; refreshing ends when it returns.
  ///
  /// ```swift
  /// scroll.header = RefreshNormalHeader(asyncRefreshingBlock: {
  ///   await feed.reload()
  /// })
  /// ```
  ///
  /// - Parameter asyncRefreshingBlock: The work to do while refreshing.
  public convenience init(asyncRefreshingBlock: @escaping @MainActor () async -> Void) {
    self.init(frame: .zero)
    self.asyncRefreshingBlock = asyncRefreshingBlock
  }

  /// Creates a component that calls a method of a target when it refreshes: MJRefresh's
  /// target–action form, with its labels.
  ///
  /// The target is held weakly.
  ///
  /// ```swift
  /// scroll.header = RefreshNormalHeader(
  ///   refreshingTarget: self, refreshingAction: FeedController.loadNewData)
  /// ```
  ///
  /// - Parameters:
  ///   - target: The object whose method is called.
  ///   - action: The method, as `Type.method`.
  public convenience init<Target: AnyObject>(
    refreshingTarget target: Target, refreshingAction action: @escaping (Target) -> () -> Void
  ) {
    self.init(frame: .zero)
    setRefreshingTarget(target, refreshingAction: action)
  }

  /// Sets the target and method called when refreshing begins; the target is held weakly.
  ///
  /// - Parameters:
  ///   - target: The object whose method is called.
  ///   - action: The method, as `Type.method`.
  public func setRefreshingTarget<Target: AnyObject>(
    _ target: Target, refreshingAction action: @escaping (Target) -> () -> Void
  ) {
    refreshingTarget = target
    refreshingTargetAction = { object in
      guard let target = object as? Target else { return }
      action(target)()
    }
  }

  // MARK: Hooks

  /// Sets the component up, once, at creation: its height, subviews, default titles.
  ///
  /// Call `super` first.
  open func prepare() {
    backgroundColor = nil
    // As wide as the scroll model, whatever its width becomes (MJRefresh's components are
    // flexible along their edge; the trailer is flexible in height instead).
    autoresizingMask = .flexibleWidth
  }

  /// Lays out the component and its subviews; runs on every layout pass.
  ///
  /// Call `super` first.
  open func placeSubviews() {
    for part in parts { part.place(in: self) }
  }

  /// Called when the scroll model's content offset changes while the component is visible and
  /// interactive, after the built-in component has followed it.
  ///
  /// Call `super` first.
  ///
  /// - Parameter change: The change, with the old and new offsets.
  open func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {}

  /// Called when the scroll model's content size changes (even while the component is hidden), and
  /// once when the component is attached (with `nil`), after the built-in component has placed
  /// itself.
  ///
  /// Call `super` first.
  ///
  /// - Parameter change: The change, with the old and new sizes, or `nil` when attaching.
  open func scrollViewContentSizeDidChange(_ change: ObservedChange<CGSize>?) {}

  /// Called when the scroll model's pan state changes while the component is visible and
  /// interactive, after the built-in component has reacted to it.
  ///
  /// Call `super` first.
  ///
  /// - Parameter change: The change, with the old and new pan states.
  open func scrollViewPanStateDidChange(_ change: ObservedChange<PanState>?) {}

  // MARK: What the built-in components do with the scroll model's changes

  /// Follows a new content offset, then calls the hook; `scroll` is the model that changed, so
  /// the hot path loads no weak reference.
  func scrollDidChangeOffset(_ change: ObservedChange<CGPoint>?, in scroll: ScrollModel) {
    if let pullEdge { followOffset(along: pullEdge, in: scroll) }
    scrollViewContentOffsetDidChange(change)
  }

  /// Places the component for a new content size, then calls the hook.
  func scrollDidChangeContentSize(_ change: ObservedChange<CGSize>?, in scroll: ScrollModel) {
    if let pullEdge, pullEdge != .top { placeAlongEdge(pullEdge, in: scroll) }
    scrollViewContentSizeDidChange(change)
  }

  /// Reacts to a new pan state (a release while pulling refreshes), then calls the hook.
  func scrollDidChangePanState(_ change: ObservedChange<PanState>?, in scroll: ScrollModel) {
    if pullEdge != nil { refreshIfReleasedWhilePulling(in: scroll) }
    scrollViewPanStateDidChange(change)
  }

  /// Whether offset and pan changes reach the component: only while it is visible and
  /// interactive (content size changes always do).
  private var followsScrolling: Bool {
    isUserInteractionEnabled && !isHidden
  }

  /// Runs ``scrollDidChangeContentSize(_:in:)`` without a change: on attaching, and when an
  /// ignored inset changes.
  func contentSizeNeedsPlacing() {
    guard let scrollView else { return }
    scrollDidChangeContentSize(nil, in: scrollView)
  }

  /// Called after ``state`` changed; react to the new state here.
  ///
  /// Call `super` first.
  ///
  /// - Parameter oldState: The previous state.
  open func stateDidChange(from oldState: RefreshState) {
    if state == .pulling { onArmed?() }
    setNeedsLayout()
    if let pullEdge { pullStateDidChange(along: pullEdge, from: oldState) }
    for part in parts { part.show(state, from: oldState, in: self) }
  }

  /// Called when ``RefreshConfig/languageCode``, ``RefreshConfig/i18nBundle`` or
  /// ``RefreshConfig/i18nFilename`` changes; update your titles.
  ///
  /// Call `super` first: the built-in titles are updated and the subviews laid out again in it.
  open func i18nDidChange() {
    languageDidChange()
    for part in parts { part.languageDidChange(in: self) }
    placeSubviews()
  }

  /// Updates the built-in localized texts that are not parts (the header's time label) before
  /// the component lays itself out again for the new language.
  func languageDidChange() {}

  // MARK: Refreshing

  /// Begins refreshing: shows the component and calls the refreshing action.
  ///
  /// When the component is not on screen yet, it enters ``RefreshState/willRefresh`` and
  /// refreshes once it is displayed.
  public func beginRefreshing() {
    View.animate(withDuration: fastAnimationDuration) { self.alpha = 1 }
    pullingPercent = 1
    if window != nil {
      state = .refreshing
    } else if state != .refreshing {
      state = .willRefresh
      setNeedsDisplay()
    }
  }

  /// Begins refreshing and calls `completion` after the refreshing callback.
  ///
  /// - Parameter completion: Called once refreshing has begun and the callback ran.
  public func beginRefreshing(completion: @escaping () -> Void) {
    beginRefreshingCompletionBlock = completion
    beginRefreshing()
  }

  /// Ends refreshing: the state is ``RefreshState/idle`` when this returns, and the component
  /// hides with an animation.
  ///
  /// Calling it when the component is not refreshing does nothing; in particular it does not
  /// undo ``RefreshState/noMoreData``.
  public func endRefreshing() {
    guard isRefreshing else { return }
    cancelRefreshingTask()
    state = .idle
  }

  /// Ends refreshing (cancelling an asynchronous action) and enters ``RefreshState/noMoreData``:
  /// the footers' and the trailer's `endRefreshingWithNoMoreData()`.
  func enterNoMoreData() {
    cancelRefreshingTask()
    state = .noMoreData
  }

  /// Leaves ``RefreshState/noMoreData`` for idle; does nothing in any other state.
  func leaveNoMoreData() {
    guard state == .noMoreData else { return }
    state = .idle
  }

  /// Cancels the asynchronous refreshing action, if one is running.
  func cancelRefreshingTask() {
    refreshingTask?.cancel()
    refreshingTask = nil
  }

  /// Ends refreshing and calls `completion` when the hiding animation has finished.
  ///
  /// - Parameter completion: Called after the end animation.
  public func endRefreshing(completion: @escaping () -> Void) {
    endRefreshingCompletionBlock = completion
    endRefreshing()
  }

  /// Enters refreshing: records a new generation and returns it.
  func beginRefreshGeneration() -> Int {
    refreshGeneration += 1
    return refreshGeneration
  }

  /// Calls the refreshing callbacks, once the state change in progress (if any) has completed,
  /// provided refresh `generation` is still the current one.
  ///
  /// Subclasses call it when the component has been shown; it runs the block, the target's
  /// method, the asynchronous block (which ends refreshing when it returns), then
  /// ``beginRefreshingCompletionBlock``.
  ///
  /// - Parameter generation: The refresh the callback belongs to (see ``refreshGeneration``).
  func executeRefreshingCallback(generation: Int) {
    let run = { [weak self] in
      guard let self, self.state == .refreshing, self.refreshGeneration == generation else {
        return
      }
      self.refreshingBlock?()
      if let target = self.refreshingTarget { self.refreshingTargetAction?(target) }
      if let block = self.asyncRefreshingBlock {
        self.refreshingTask = Task { @MainActor [weak self] in
          await block()
          guard let self, !Task.isCancelled, self.refreshGeneration == generation else { return }
          self.refreshingTask = nil
          self.endRefreshing()
        }
      }
      self.beginRefreshingCompletionBlock?()
    }
    if stateChangeDepth > 0 {
      pendingCallbacks.append(run)
    } else {
      run()
    }
  }

  /// Runs the refreshing callbacks now: MJRefresh's `executeRefreshingCallback`.
  ///
  /// The block runs, then the target's method, the asynchronous block and
  /// ``beginRefreshingCompletionBlock``.
  ///
  /// The built-in components call it once they are shown. A component written directly on
  /// `RefreshComponent` (MJRefresh's DIY examples) sets ``state`` to
  /// ``RefreshState/refreshing`` and calls it:
  ///
  /// ```swift
  /// override func stateDidChange(from oldState: RefreshState) {
  ///   super.stateDidChange(from: oldState)
  ///   if state == .refreshing { executeRefreshingCallback() }
  /// }
  /// ```
  ///
  /// It does nothing unless the component is refreshing; called while the state is changing,
  /// it runs once the change is complete.
  public func executeRefreshingCallback() {
    executeRefreshingCallback(generation: refreshGeneration)
  }

  private func runPendingCallbacks() {
    while !pendingCallbacks.isEmpty {
      pendingCallbacks.removeFirst()()
    }
  }

  /// Calls the end callbacks after an end animation, when refresh `generation` has not been
  /// superseded by a new one.
  func finishEndRefreshing(generation: Int) {
    if refreshGeneration == generation, !isRefreshing {
      pullingPercent = 0
    }
    endRefreshingCompletionBlock?()
  }

  // MARK: Attaching

  /// Attaches to a scroll model (or detaches, for `nil` or a view that is not a scroll model).
  ///
  /// Overrides must call `super`.
  ///
  /// - Parameter newSuperview: The future superview.
  open override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    guard newSuperview == nil || newSuperview is ScrollModel else { return }
    detach()
    guard let scroll = newSuperview as? ScrollModel else { return }
    frame.size.width = scroll.frame.width
    frame.origin.x = -scroll.adjustedContentInset.left
    scrollView = scroll
    scroll.alwaysBounceVertical = true
    attachObservers(to: scroll)
    scrollDidChangeContentSize(nil, in: scroll)
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
  /// contribution, a running refresh (its action is cancelled, no callback follows).
  private func detach() {
    // Without its scroll model, the observations went away with it.
    guard let scroll = scrollView else { return }
    let tokens = scroll.componentObservations.removeValue(forKey: ObjectIdentifier(self)) ?? []
    for token in tokens { token.invalidate() }
    scroll.removeInsetContribution(for: self)
    scrollView = nil
    refreshingTask?.cancel()
    refreshingTask = nil
    if isRefreshing {
      refreshGeneration += 1
      pendingCallbacks = []
      state = .idle
    } else if state == .pulling {
      // Armed by a pull on the scroll model it leaves: no later release may trigger it.
      state = .idle
    }
    if state == .idle { pullingPercent = 0 }
  }

  /// Places the subviews, then lets UIKit-style layout continue.
  ///
  /// Overrides must call `super`.
  open override func layoutSubviews() {
    placeSubviews()
    super.layoutSubviews()
  }

  /// Turns ``RefreshState/willRefresh`` into refreshing once the window's display pass has drawn
  /// the component, as MJRefresh's `drawRect:` does.
  ///
  /// Only the window's own display pass (its frame on the clock) gets here: drawing a window
  /// into a terminal or SVG canvas calls ``View/draw(in:)``, which changes no state.
  override func displayIfNeeded(in canvas: Canvas) {
    let isDue = needsDisplay && !isHidden
    super.displayIfNeeded(in: canvas)
    if isDue, state == .willRefresh, window != nil {
      state = .refreshing
    }
  }
}

/// Refuses to assign a component's current state again.
private func acceptNewState(_ current: RefreshState, _ proposed: RefreshState) -> RefreshState? {
  current == proposed ? nil : proposed
}
