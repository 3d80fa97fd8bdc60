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
/// hooks, ``stateDidChange(from:)`` and ``i18nDidChange()``. Every hook must call `super`. A
/// component at an edge of its own overrides the pull hooks too (``pullEdge``,
/// ``ignoredEdgeInset``, ``hideRefreshedComponent()`` and their kin, see
/// <doc:WritingACustomComponent>).
///
/// Unlike MJRefresh, ``endRefreshing()`` changes the state at once (``isRefreshing`` is `false`
/// when it returns), and components never write the scroll model's `contentInset`: they add
/// their own contribution to its `adjustedContentInset`, so yours is never overwritten.
///
/// This file holds what the class stores and what subclasses override; the public calls are in
/// `RefreshComponent+Refreshing.swift`, the bookkeeping of a refresh in
/// `RefreshComponent+Lifecycle.swift` (on a `RefreshStateMachine`), and attaching to a scroll
/// model in `RefreshComponent+Attaching.swift`.
@MainActor
open class RefreshComponent: View {
  // MARK: State

  /// The current state.
  ///
  /// Components move between states by themselves: a state machine decides each change from
  /// what happens (a pull, a release, `beginRefreshing()`, `endRefreshing()`, a removal), and
  /// the component stores it here and runs ``stateDidChange(from:)``.
  ///
  /// Setting it yourself forces a state, for a component that drives itself (MJRefresh's DIY
  /// components), with the effects the same change has when the component makes it: entering
  /// ``RefreshState/refreshing`` shows a pulled component and calls back, leaving it hides the
  /// component. Assigning the current state again does nothing and notifies nobody (MJRefresh's
  /// `MJRefreshCheckState`); so does an assignment that no component could make, such as
  /// ``RefreshState/pulling`` while refreshing. The legal changes: idle may become any state;
  /// pulling becomes idle, refreshing, willRefresh or noMoreData; refreshing becomes idle,
  /// noMoreData or failed; willRefresh becomes refreshing, idle, noMoreData or failed;
  /// noMoreData becomes idle, refreshing or willRefresh; failed becomes any state.
  @Observed(validate: acceptNewState)
  public var state: RefreshState = .idle {
    willSet { stateWillBeStored(newValue) }
    didSet { stateWasStored(from: oldValue) }
  }

  /// ``state``, read as stored, unreported (see `Observed._untrackedValue`): for the pull,
  /// which reads it on every offset change.
  var untrackedState: RefreshState {
    _state._untrackedValue
  }

  /// The rules of the component's refreshes: it decides every change of ``state`` and what
  /// follows it (see `RefreshComponent+Lifecycle.swift`).
  ///
  /// Main-actor confined, and its methods call nothing (the machine answers with actions the
  /// component performs afterwards), so no access to it can overlap another: the dynamic
  /// exclusivity check, three on every state change, is turned off.
  @exclusivity(unchecked)
  var machine = RefreshStateMachine()

  /// The automatic trigger of a component that loads by itself as its end of the content comes
  /// into view (the automatic footer and header), or `nil`: made with the component, before
  /// ``prepare()``, for the kinds whose ``automaticEdge`` names an end.
  ///
  /// With one, the base class does the whole load: the inset its height adds while attached
  /// and shown, the trigger line, the budget of a drag, the end in place.
  private(set) var automaticTrigger: AutomaticTrigger?

  /// The edge at which components of this class are pulled (the header's top, the back
  /// footer's bottom, the leader's leading and the trailer's trailing end), or `nil`: the
  /// base class's ``prepare()`` sets ``pullEdge`` to it.
  class var pulledEdge: PullEdge? { nil }

  /// The end of the content at which components of this class load by themselves
  /// (``PullEdge/bottom`` for the automatic footer, ``PullEdge/top`` for the automatic
  /// header), or `nil` for a component that is pulled or drives itself.
  class var automaticEdge: PullEdge? { nil }

  /// Whether the component is refreshing or about to (``RefreshState/refreshing`` or
  /// ``RefreshState/willRefresh``).
  public var isRefreshing: Bool {
    state == .refreshing || state == .willRefresh
  }

  /// What the component reads as (`UIView.accessibilityLabel`): the label you set, or else
  /// the title it shows now (its state label's text, a header's held result).
  ///
  /// Read when asked, so it follows the title through state changes, titles set for the
  /// current state and languages; a label you set is kept until you set `nil`.
  open override var accessibilityLabel: String? {
    get { super.accessibilityLabel ?? spokenTitle }
    set { super.accessibilityLabel = newValue }
  }

  /// The text a ``StateTitlePart`` shows for the current state's title: the title itself
  /// unless the component says otherwise.
  ///
  /// A header shows its held result in place of the title (``RefreshHeader/endRefreshing(result:)``),
  /// the two-level header "Release to open" once releasing would open its second floor.
  /// Override it to show something else in some states (call `super` for the others):
  ///
  /// ```swift
  /// override func shownTitle(for title: String?) -> String? {
  ///   state == .refreshing ? "Loading \(feed.name)..." : super.shownTitle(for: title)
  /// }
  /// ```
  ///
  /// - Parameter title: The state's title: yours (`setTitle(_:for:)`), or the localized
  ///   default, or a failure's message.
  /// - Returns: The text to show, or `nil` for none.
  open func shownTitle(for title: String?) -> String? { title }

  /// Whether the component holds the result of its last refresh ("Updated 20 items").
  ///
  /// A header does after ``RefreshHeader/endRefreshing(result:)``, for the hold. Asked on
  /// every state change by an arrow, which hides meanwhile: a property of the class, not a
  /// cast.
  var isHoldingResult: Bool { false }

  /// What a refresh that ended without a result tells a screen reader user: the title shown
  /// again ("Tap or pull up to load more"); a header that shows when it last updated says that
  /// time instead ("Last update: Today 10:00"), which is what changed for a sighted user.
  var finishedAnnouncement: String? { shownTitle }

  /// The title ``accessibilityLabel`` reads when none is set: the state label's text while it
  /// shows (a header holding a result reads the result).
  var spokenTitle: String? { shownTitle }

  /// How far the component has been pulled into view: 0 when hidden, 1 when fully shown.
  ///
  /// Pulling further gives values above 1.
  ///
  /// Subclasses may override it to follow the pull (call `super`), as MJRefresh's custom
  /// components override `setPullingPercent:`.
  @Observed open var pullingPercent: CGFloat = 0 {
    didSet {
      for part in pullFollowers { part.follow(pullingPercent: pullingPercent, in: self) }
      // The flag first: it is off unless asked for, and `isRefreshing` reads the state.
      guard isAutomaticallyChangeAlpha, !isRefreshing else { return }
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

  // `triggerMode`, `triggerDistance` and `maximumPullDistance` are read on every offset change
  // of a pull. Main-actor confined plain values (an enum, optional numbers): no access to them
  // calls out while it is held (their `didSet`s run after the store, an in-place mutation of
  // one goes through a copy because the `didSet`s read `oldValue`), and an overlapping access
  // of a plain value could not free or confuse memory anyway, so the dynamic exclusivity
  // checks are turned off.

  /// When a pull begins refreshing: on release past the threshold (the default), or as soon as
  /// the threshold is crossed.
  @exclusivity(unchecked)
  public var triggerMode: RefreshTriggerMode = .onRelease

  /// How far past its edge the content must be pulled before the component arms (releasing
  /// then refreshes), in points; `nil`, the default, is MJRefresh's: the component's height
  /// (its width for a leader or a trailer).
  ///
  /// SmartRefreshLayout's trigger rate, Cupertino's `refreshTriggerPullDistance`, easy_refresh's
  /// `triggerOffset`. ``pullingPercent`` keeps MJRefresh's meaning: the pulled distance over the
  /// component's height, so it is above 1 once a longer trigger distance is passed and below 1
  /// when a shorter one is. A component that loads by itself (``RefreshAutoFooter``,
  /// ``RefreshAutoHeader``) loads once this much of it is in view, in place of its height times
  /// its `triggerAutomaticallyRefreshPercent`.
  ///
  /// ```swift
  /// header.triggerDistance = 80  // arms 80 points down, although it is 54 tall
  /// ```
  ///
  /// A negative, NaN or infinite distance is refused: the previous value stays.
  @exclusivity(unchecked)
  public var triggerDistance: CGFloat? {
    didSet {
      if let distance = triggerDistance, !(distance >= 0 && distance.isFinite) {
        triggerDistance = oldValue
      }
    }
  }

  /// The farthest past its edge the content can be pulled, in points, however far the finger
  /// goes; `nil`, the default, means no limit (MJRefresh's rubber band alone).
  ///
  /// SmartRefreshLayout's max drag rate, easy_refresh's `maxOverOffset`. The scroll model holds
  /// the content there: a drag is rubber-banded as usual and then stops at the limit, a fling
  /// past the edge is held there, an offset set beyond it is corrected. It counts from the edge
  /// of the scroll model's valid range: from where the component starts to appear, or, while a
  /// refreshing component adds its inset, from the refreshing component's far side.
  ///
  /// ```swift
  /// header.maximumPullDistance = 150  // the header never comes down more than 150 points
  /// ```
  ///
  /// A limit no longer than ``triggerDistance`` (or the height) means a pull can never arm the
  /// component; ``beginRefreshing()`` still works. A negative, NaN or infinite distance is
  /// refused: the previous value stays.
  @exclusivity(unchecked)
  public var maximumPullDistance: CGFloat? {
    didSet {
      if let distance = maximumPullDistance, !(distance >= 0 && distance.isFinite) {
        maximumPullDistance = oldValue
      }
      pullLimitDidChange()
    }
  }
  /// The message of the failure shown (``endRefreshingWithFailure(_:)``), or `nil` when the
  /// component is not ``RefreshState/failed`` or shows its failed title.
  ///
  /// Cleared on every state change. Main-actor confined, a plain value without observers, so
  /// no access to it can overlap another: the dynamic exclusivity check is turned off.
  @exclusivity(unchecked)
  public internal(set) var failureMessage: String?

  // MARK: Callbacks

  /// Called when refreshing begins (after the component is shown): MJRefresh's `refreshingBlock`.
  ///
  /// Call ``endRefreshing()`` when your work is done.
  public var refreshingBlock: (() -> Void)?

  /// An asynchronous refreshing block: refreshing ends by itself when it returns, and ends with
  /// a failure when it throws.
  ///
  /// A thrown error ends refreshing as ``endRefreshingWithFailure(_:)`` does; the failure shows
  /// the error's `errorDescription` when it is a `LocalizedError` that has one, the component's
  /// failed title otherwise. The task is cancelled if refreshing is ended by other means or the
  /// component is removed from its scroll model; a cancelled task ends nothing.
  ///
  /// ```swift
  /// scroll.footer = RefreshAutoNormalFooter(asyncRefreshingBlock: {
  ///   try await feed.loadNextPage()
  /// })
  /// ```
  public var asyncRefreshingBlock: (@MainActor () async throws -> Void)?

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
  ///
  /// Read on every state change. Main-actor confined and read or written whole (the closure is
  /// called after the read is over), so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked)
  public var onArmed: (() -> Void)?

  /// The object whose method is called when refreshing begins (see
  /// ``init(refreshingTarget:refreshingAction:)``); held weakly, so `nil` once it is gone.
  public internal(set) weak var refreshingTarget: AnyObject?

  /// Calls the target's method on the target it is given.
  var refreshingTargetAction: ((AnyObject) -> Void)?
  /// The played pull of `beginRefreshingByPulling()` under way, if any.
  var playedPull: ClockTask?
  /// The model's `Bool` the component keeps in step with (`bindRefreshing(to:_:)`), if any.
  var refreshBinding: RefreshBinding?

  /// The asynchronous refreshing action in progress, if any.
  var refreshingTask: Task<Void, Never>?

  // MARK: Durations

  // Read on every state change that animates (the arrow's turn). Main-actor confined plain
  // numbers, whose accesses call out to no other code, so the dynamic exclusivity checks are
  // turned off.

  /// The duration of quick animations; ``RefreshConfig/fastAnimationDuration`` (0.25 s) unless
  /// set.
  @exclusivity(unchecked) public var fastAnimationDuration = RefreshConfig.default
    .fastAnimationDuration

  /// The duration of slow animations; ``RefreshConfig/slowAnimationDuration`` (0.4 s) unless set.
  @exclusivity(unchecked) public var slowAnimationDuration = RefreshConfig.default
    .slowAnimationDuration

  /// Whether the component shows its states still (``RefreshConfig/reducesMotion``, as it was
  /// when the component was made, unless set): parts read it when the state changes.
  @exclusivity(unchecked) public var reducesMotion = RefreshConfig.default.reducesMotion

  // MARK: The scroll model

  /// The scroll model the component is attached to.
  public internal(set) weak var scrollView: ScrollModel?

  // MARK: Parts

  /// The parts that make the component's look, in the order they were added (see
  /// ``addPart(_:)``).
  ///
  /// Read (a copy iterated) on every state change, changed while the component is built: no
  /// access calls out while it holds the array, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked)
  public internal(set) var parts: [any RefreshComponentPart] = []

  /// The parts that follow ``pullingPercent`` (a gif's frames), told on every change of it.
  ///
  /// Read on every offset change of a pull: main-actor confined, and no access calls out while
  /// it holds the array, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked)
  var pullFollowers: [any RefreshComponentPart] = []

  /// The first ``StateTitlePart``, if any: what the component reads to assistive technology
  /// on every state change (see `shownTitle`) and places indicators beside, found without
  /// asking each part its type.
  ///
  /// Set only by ``addPart(_:)`` and ``removePart(_:)``, main-actor confined, and no access to
  /// it calls out while it is held, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) var titlePart: StateTitlePart?

  private var languageToken: ObservationToken?

  // MARK: Creating

  /// Creates a component; ``prepare()`` runs, then the state is ``RefreshState/idle``.
  ///
  /// - Parameter frame: The initial frame; components size themselves in ``prepare()`` and
  ///   position themselves in ``placeSubviews()``.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    automaticTrigger = Self.automaticEdge.map(AutomaticTrigger.init(at:))
    isAccessibilityElement = true
    prepare()
    languageToken = RefreshConfig.default.observe(\.localizationRevision) { [weak self] _, _ in
      self?.i18nDidChange()
    }
  }

  // MARK: Hooks

  /// Sets the component up, once, at creation: its height, subviews, default titles.
  ///
  /// Call `super` first.
  open func prepare() {
    backgroundColor = nil
    pullEdge = Self.pulledEdge
    if let edge = pullEdge, edge.isHorizontal {
      // A leader or a trailer: flexible in height, MJRefresh's trailer width.
      prepareHorizontalEdge(edge, width: RefreshTrailer.defaultWidth)
    } else {
      // As wide as the scroll model, whatever its width becomes (MJRefresh's components are
      // flexible along their edge).
      autoresizingMask = .flexibleWidth
    }
  }

  /// Lays out the component and its subviews; runs on every layout pass.
  ///
  /// Call `super` first.
  open func placeSubviews() {
    for part in parts { part.place(in: self) }
    if pullEdge?.isHorizontal == true { placeAtHorizontalEdge() }
  }

  /// Called when the scroll model's content offset changes while the component is visible and
  /// interactive, after the built-in component has followed it.
  ///
  /// The components of a scroll model are told in the order they attached, except that a
  /// refreshing one is told first: its inset may follow the offset (a header's does), and the
  /// others then measure from the inset it set for this offset.
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

  /// Called after ``state`` changed; react to the new state here.
  ///
  /// Call `super` first.
  ///
  /// - Parameter oldState: The previous state.
  open func stateDidChange(from oldState: RefreshState) {
    if state != .failed { failureMessage = nil }
    if state == .pulling { onArmed?() }
    setNeedsLayout()
    performTransitionEffect()
    for part in parts { part.show(state, from: oldState, in: self) }
    automaticTrigger?.stateDidChange(of: self)
    announceState(from: oldState)
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
  ///
  /// Call `super` first.
  open func languageDidChange() {}

  // MARK: Hooks of the scroll model's changes

  /// Follows a new content offset, then calls ``scrollViewContentOffsetDidChange(_:)``:
  /// a pulled component (one with a ``pullEdge``) follows the pull.
  ///
  /// `scroll` is the model that changed, so the hot path loads no weak reference. Override it
  /// to react before the public hook (the automatic footer loads here as the end comes into
  /// view); call `super`.
  ///
  /// - Parameters:
  ///   - change: The change, with the old and new offsets.
  ///   - scroll: The scroll model the component is attached to.
  open func scrollDidChangeOffset(_ change: ObservedChange<CGPoint>?, in scroll: ScrollModel) {
    if let pullEdge {
      followOffset(along: pullEdge, in: scroll)
    } else if let automaticTrigger {
      automaticTrigger.offsetDidChange(change, of: self, in: scroll)
    }
    scrollViewContentOffsetDidChange(change)
  }

  /// Places the component for a new content size, then calls
  /// ``scrollViewContentSizeDidChange(_:)``.
  ///
  /// Runs with `nil` when the component is attached and when an ignored inset changes.
  /// Override it to place a component that is not pulled; call `super`.
  ///
  /// - Parameters:
  ///   - change: The change, with the old and new sizes, or `nil`.
  ///   - scroll: The scroll model the component is attached to.
  open func scrollDidChangeContentSize(_ change: ObservedChange<CGSize>?, in scroll: ScrollModel) {
    if let pullEdge, pullEdge != .top { placeAlongEdge(pullEdge, in: scroll) }
    automaticTrigger?.place(self, in: scroll)
    scrollViewContentSizeDidChange(change)
  }

  /// Reacts to a new pan state (a release while pulling refreshes), then calls
  /// ``scrollViewPanStateDidChange(_:)``.
  ///
  /// Override it to react to drags before the public hook; call `super`.
  ///
  /// - Parameters:
  ///   - change: The change, with the old and new pan states.
  ///   - scroll: The scroll model the component is attached to.
  open func scrollDidChangePanState(_ change: ObservedChange<PanState>?, in scroll: ScrollModel) {
    if pullEdge != nil {
      refreshIfReleasedWhilePulling(in: scroll)
    } else if let automaticTrigger {
      automaticTrigger.panStateDidChange(of: self, in: scroll)
    }
    scrollViewPanStateDidChange(change)
  }

  // MARK: Hooks of a component at an edge

  // Read twice on every offset change of every attached component. Main-actor confined, a
  // plain enum with no observers or accessors that call out, so no access to it can overlap
  // another: the dynamic exclusivity check is turned off.

  /// The edge the component is pulled at (header, back footer, trailer), or `nil` for one that
  /// is not pulled into view (the automatic footer, a component written on this class).
  ///
  /// Set it in ``prepare()``. With an edge, the base class does the whole pull: it places the
  /// component along the edge, follows the offset into ``pullingPercent`` and
  /// ``RefreshState/pulling``, refreshes on release, adds the edge's inset while refreshing and
  /// gives it back at the end (the formulas are ``PullEdge``'s).
  @exclusivity(unchecked)
  open var pullEdge: PullEdge?

  /// The edge on screen a leader or trailer was last placed at, to notice a change of layout
  /// direction (see `RefreshComponent+HorizontalEdge.swift`); `nil` while detached.
  var placedPullEdge: PullEdge?

  /// The edge that ``maximumPullDistance`` limits: ``pullEdge``, or the end a component that
  /// loads by itself sits at (the automatic footer the bottom, the automatic header the top),
  /// unless overridden.
  open var tunedEdge: PullEdge? { pullEdge ?? automaticTrigger?.edge }

  /// The inset along the edge that the component ignores when placing itself (the header's
  /// `ignoredScrollViewContentInsetTop` and its kin); 0 unless overridden.
  open var ignoredEdgeInset: CGFloat { 0 }

  /// Follows the offset while refreshing.
  ///
  /// Does nothing unless overridden: the header lets its extra top inset follow the content
  /// (MJRefresh's section-header fix).
  ///
  /// Call `super`.
  ///
  /// - Parameter scroll: The scroll model the component is attached to.
  open func followOffsetWhileRefreshing(_ scroll: ScrollModel) {}

  /// Ends the refresh of a component that shows no pull (``pullEdge`` is `nil`, as for the
  /// automatic footer): runs ``endRefreshingAnimationBeginAction``, then finishes the end at
  /// once.
  ///
  /// Override it to animate the end (the automatic footer scrolls back a page); when it is
  /// over, call ``finishEndRefreshing(_:)`` with ``currentRefresh`` read when the end began.
  /// Without `super`, run the begin action yourself.
  ///
  /// - Parameter oldState: The state the refresh ended from.
  open func endRefreshInPlace(from oldState: RefreshState) {
    endRefreshingAnimationBeginAction?()
    finishEndRefreshing(currentRefresh)
  }

  /// Called when the component's extent along its pull changed (a gif grew to its frames): a
  /// component that adds insets while attached (the automatic footer) updates them.
  ///
  /// Call `super`.
  open func extentDidChange() {
    automaticTrigger?.extentDidChange(of: self)
  }

  /// Whether a pulled component keeps its refreshing inset although it is not refreshing.
  ///
  /// `false` unless overridden; the header keeps it while it holds a result. The invariant
  /// checks read it.
  open var isHoldingRefreshInset: Bool { false }

  /// The inset a pulled component holds while it is neither refreshing nor holding a result.
  ///
  /// `nil` (the default) when it holds none; the two-level header holds the scroll model's
  /// height while its second floor is open. The invariant checks expect exactly it.
  open var heldContribution: EdgeInsets? { nil }

  /// Called as a pulled component begins showing itself for a refresh, before its inset and
  /// offset change (the header drops a result it still holds).
  ///
  /// Call `super`.
  open func willShowForRefreshing() {}

  /// Hides a pulled component whose refresh failed: gives its inset back over the slow duration,
  /// as a refresh that ended does, and records nothing.
  ///
  /// The header overrides it to hold its place while the failure shows. Call `super` to hide
  /// now, or ``hideAfterRefreshing(_:)`` later with ``currentRefresh`` read here.
  open func hideFailedComponent() {
    hideAfterRefreshing(currentRefresh)
  }

  /// Hides a pulled component whose refresh ended: gives its inset back over the slow
  /// duration (``hideAfterRefreshing(_:)``).
  ///
  /// Override it to do something first or to hide later (the header records the update time
  /// and may hold a result); call `super` to hide now, or ``hideAfterRefreshing(_:)`` later
  /// with ``currentRefresh`` read here.
  open func hideRefreshedComponent() {
    hideAfterRefreshing(currentRefresh)
  }

  // MARK: Overrides of View

  /// Attaches to a scroll model (or detaches, for `nil` or a view that is not a scroll model).
  ///
  /// Overrides must call `super`.
  ///
  /// - Parameter newSuperview: The future superview.
  open override func willMove(toSuperview newSuperview: View?) {
    let ownWidth = frame.width
    super.willMove(toSuperview: newSuperview)
    if newSuperview == nil || newSuperview is ScrollModel {
      detach()
      if let scroll = newSuperview as? ScrollModel { attach(to: scroll) }
      // A leader or a trailer keeps its width and takes its end of the content.
      if pullEdge?.isHorizontal == true { moveToHorizontalEdge(of: newSuperview, width: ownWidth) }
    }
    // A component that loads by itself takes its inset on the new scroll model.
    automaticTrigger?.componentDidMove(self, to: newSuperview as? ScrollModel)
  }

  /// Hiding a component that loads by itself gives back its inset (and stops a load); showing
  /// it takes the inset again.
  ///
  /// Overrides must call `super`.
  open override var isHidden: Bool {
    didSet {
      guard isHidden != oldValue, let automaticTrigger else { return }
      automaticTrigger.visibilityDidChange(of: self)
    }
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
      send(.displayed)
    }
  }
}

/// Refuses to assign a component's current state again, or a state it may not change to (see
/// ``RefreshStateMachine/allows(_:_:)``).
private func acceptNewState(_ current: RefreshState, _ proposed: RefreshState) -> RefreshState? {
  RefreshStateMachine.allows(current, proposed) ? proposed : nil
}
