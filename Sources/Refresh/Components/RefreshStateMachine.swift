/// The rules of a component's refreshes, as a value: events in, actions out.
///
/// ``RefreshComponent`` tells its machine what happened (a ``Event``: a pull, a call to
/// `beginRefreshing()` or `endRefreshing()`, the window's display pass, the end of an
/// animation, a removal); the machine decides, from the table in ``transition(on:)``, whether the
/// state changes and what the component must do about it (an ``Action``), and the component
/// does it. The machine calls nothing and holds no closures, so every rule reads here, in one
/// place, and can be tested without a scroll model.
///
/// The machine keeps the state (``state``); the component's observed
/// ``RefreshComponent/state`` follows it, stored in one place only, where the component applies
/// a transition. An assignment of the public `state` setter (a component that drives itself, as
/// MJRefresh's DIY examples do) is an event too (``Event/assigned(_:)``), validated by the
/// same table of legal transitions (``allows(_:_:)``).
///
/// A refresh is identified by a ``RefreshTicket``: entering refreshing issues a new one, and so
/// does a removal, so that a late animation completion or asynchronous action can tell whether
/// its refresh is still the current one.
struct RefreshStateMachine: Sendable {
  /// The state the component is in.
  private(set) var state: RefreshState = .idle

  /// Counts entries into refreshing and removals (see ``RefreshTicket``).
  private(set) var generation = 0

  /// The generation the component's current attachment began with: a refresh older than it
  /// belongs to a scroll model the component has left.
  private(set) var attachmentGeneration = 0

  /// The transitions decided but not yet completed, innermost last: a `stateDidChange(from:)`
  /// hook that causes another change nests it in the first.
  private var inProgress: [Transition] = []

  /// Whether the innermost transition is being stored: decided, its state not yet stored by
  /// the component (see ``storedTransition()``).
  private var isStoring = false

  /// The refreshes whose callbacks were asked for during a transition; they run once the
  /// outermost transition completes.
  private var pendingCallbacks: [Int] = []

  /// The generation of the last refresh that was cancelled (``RefreshOutcome/cancelled``):
  /// the end of that one calls no completion.
  private var cancelledGeneration: Int?

  /// How many transitions are in progress.
  var depth: Int { inProgress.count }

  /// The effect of the innermost transition in progress, which the component's
  /// `stateDidChange(from:)` performs; ``Effect/none`` outside any transition.
  var currentEffect: Effect { inProgress.last?.effect ?? .none }

  /// Whether the state is refreshing or about to refresh.
  var isRefreshing: Bool { Self.isRefreshing(state) }

  /// The refresh in progress, or the last one.
  var ticket: RefreshTicket { RefreshTicket(generation: generation) }

  // MARK: Events and actions

  /// What happens to a component.
  enum Event: Equatable, Sendable {
    /// A drag moved the component: past its trigger distance (`armed`, releasing would
    /// refresh) or within it.
    case pulled(armed: Bool)
    /// Refreshing is asked for (`beginRefreshing()`, a release while armed, an automatic
    /// trigger); `onScreen` says whether the component has a window to show itself in.
    case begin(onScreen: Bool)
    /// The window's display pass drew a component waiting to refresh.
    case displayed
    /// The component is in view for refresh `ticket` (its show animation ended, or it shows
    /// no animation): the refreshing callbacks may run.
    case shown(RefreshTicket)
    /// Refreshing is ended, with an outcome (`endRefreshing()` and its kin).
    case end(RefreshOutcome)
    /// `resetNoMoreData()`: loading is possible again.
    case resetNoMoreData
    /// A failure shown for a while is over (the header's): back to rest.
    case dismissFailure
    /// The animation that ends refresh `ticket` finished.
    case hidden(RefreshTicket)
    /// The component left its scroll model.
    case detached
    /// The public `state` setter assigned a state (validated by ``allows(_:_:)``).
    case assigned(RefreshState)
  }

  /// What the component does after an event.
  enum Action: Equatable, Sendable {
    /// Nothing: the event changes nothing in this state.
    case none
    /// Store the transition's new state, run the `stateDidChange(from:)` hooks (which perform
    /// its ``Transition/effect``), then report ``transitionDidComplete()``.
    case transition(Transition)
    /// Run the refreshing callbacks of a refresh now.
    case runCallbacks(RefreshTicket)
    /// The end of a refresh finished: when `settles`, no newer refresh began, so the
    /// component comes to rest (`pullingPercent` 0, or the pull of a finger that holds it);
    /// then, when `completes` (the refresh was not cancelled), the end completion runs.
    case finishEnd(settles: Bool, completes: Bool = true)
  }

  /// A change of state and what the component must do about it.
  struct Transition: Equatable, Sendable {
    let from: RefreshState
    let to: RefreshState
    let effect: Effect
  }

  /// What a transition asks of the component beyond its new state (the hooks of the state,
  /// the parts, the announcement, always run).
  enum Effect: Equatable, Sendable {
    /// Nothing more (a pull arming or disarming, a reset, a removal ending a refresh).
    case none
    /// Refreshing began: show the component (the pulled kind animates into view, the
    /// automatic kind is in view already), then send ``Event/shown(_:)``.
    case beginRefresh(RefreshTicket)
    /// Waiting for the window's display pass (``RefreshState/willRefresh``): ask for it.
    case awaitDisplay
    /// The refresh ended: stop its asynchronous work, hide the component (or call the end
    /// completion at once if it was never shown), then send ``Event/hidden(_:)``.
    case endRefresh(RefreshTicket, RefreshOutcome, wasShown: Bool)
  }

  /// Tells the machine what happened.
  ///
  /// - Precondition: The event can happen in the current state: a display pass of a component
  ///   that is not waiting for one, or an illegal assignment, is a bug of the component's own
  ///   code (the setter refuses illegal assignments before they get here).
  mutating func handle(_ event: Event) -> Action {
    switch event {
    case .shown(let ticket):
      guard isCallbackCurrent(ticket) else { return .none }
      guard inProgress.isEmpty else {
        pendingCallbacks.append(ticket.generation)
        return .none
      }
      return .runCallbacks(ticket)
    case .hidden(let ticket):
      guard isOfCurrentAttachment(ticket) else { return .none }
      return .finishEnd(
        settles: ticket.generation == generation && !isRefreshing,
        completes: ticket.generation != cancelledGeneration)
    case .detached:
      generation &+= 1
      attachmentGeneration = generation
      let target = transition(on: event)
      if Self.isRefreshing(state) { pendingCallbacks = [] }
      return target.map { begin(to: $0, on: event) } ?? .none
    default:
      guard let target = transition(on: event) else { return .none }
      return begin(to: target, on: event)
    }
  }

  /// The state × event table: the state an event leads to from the current state, `nil` when
  /// it changes nothing.
  ///
  /// Idle and a failure arm when pulled past the threshold; an armed pull disarms when pulled
  /// back; refreshing begins from any state at rest (on screen at once, else once displayed);
  /// a refresh ends in idle, a failure or no more data (a cancelled one in idle); no more
  /// data is entered from any
  /// state and left only by a reset (a stray end keeps it); a failure stays until it is
  /// retried or dismissed; a removal ends a refresh, an armed pull and a failure, and keeps
  /// idle and no more data.
  func transition(on event: Event) -> RefreshState? {
    switch (state, event) {
    // Pulls.
    case (.idle, .pulled(armed: true)), (.failed, .pulled(armed: true)): return .pulling
    case (.pulling, .pulled(armed: false)): return .idle
    case (_, .pulled): return nil
    // Beginning.
    case (.idle, .begin(let onScreen)), (.pulling, .begin(let onScreen)),
      (.noMoreData, .begin(let onScreen)), (.failed, .begin(let onScreen)):
      return onScreen ? .refreshing : .willRefresh
    case (.willRefresh, .begin(onScreen: true)), (.willRefresh, .displayed): return .refreshing
    case (_, .begin): return nil
    case (_, .displayed): illegal(event)
    // Ending.
    case (.refreshing, .end(let outcome)), (.willRefresh, .end(let outcome)):
      return outcome.state
    case (.idle, .end(.noMoreData)), (.pulling, .end(.noMoreData)), (.failed, .end(.noMoreData)):
      return .noMoreData
    case (_, .end): return nil
    case (.noMoreData, .resetNoMoreData): return .idle
    case (_, .resetNoMoreData): return nil
    case (.failed, .dismissFailure): return .idle
    case (_, .dismissFailure): return nil
    // Leaving the scroll model.
    case (.idle, .detached), (.noMoreData, .detached): return nil
    case (_, .detached): return .idle
    // Assignments of the public setter.
    case (let current, .assigned(let proposed)):
      guard current != proposed else { return nil }
      guard Self.allows(current, proposed) else { illegal(event) }
      return proposed
    // Handled apart, in ``handle(_:)``: they change no state.
    case (_, .shown), (_, .hidden): return nil
    }
  }

  /// Stops on an event that the component's own code must never send in this state.
  private func illegal(_ event: Event) -> Never {
    preconditionFailure("refresh state machine: \(event) is illegal in state \(state)")
  }

  /// Enters a transition to `target`: the machine's state changes now, and the transition is
  /// in progress until ``transitionDidComplete()``.
  private mutating func begin(to target: RefreshState, on event: Event) -> Action {
    precondition(
      Self.allows(state, target), "refresh state machine: \(state) → \(target) on \(event)")
    let from = state
    let effect: Effect
    switch (Self.isRefreshing(from), Self.isRefreshing(target)) {
    case (false, true) where target == .refreshing, (true, true):
      // Into refreshing: from rest, or from waiting for the screen.
      generation &+= 1
      effect = .beginRefresh(RefreshTicket(generation: generation))
    case (false, true):
      effect = .awaitDisplay
    case (true, false) where event == .detached:
      // A removal ends the refresh with nothing: no end action, no completion.
      effect = .none
    case (true, false):
      let outcome: RefreshOutcome
      if case .end(let ended) = event { outcome = ended } else { outcome = RefreshOutcome(target) }
      if outcome == .cancelled { cancelledGeneration = generation }
      effect = .endRefresh(ticket, outcome, wasShown: from == .refreshing)
    case (false, false):
      effect = .none
    }
    state = target
    // A transition decided while the last one was being stored (an observer of the state,
    // told as it was stored, caused it) supersedes it: that one's hooks never run.
    if isStoring { inProgress.removeLast() }
    let transition = Transition(from: from, to: target, effect: effect)
    inProgress.append(transition)
    isStoring = true
    return .transition(transition)
  }

  /// The transition whose state the component has just stored, or `nil` when the stored value
  /// is no transition of the machine's: an assignment of the public setter, which the component
  /// then hands in as ``Event/assigned(_:)``.
  ///
  /// The component asks as its observed state takes a value (its `didSet`); the transition
  /// stays in progress until ``transitionDidComplete()``.
  mutating func storedTransition() -> Transition? {
    guard isStoring else { return nil }
    isStoring = false
    return inProgress.last
  }

  /// The hooks of the innermost transition returned.
  ///
  /// - Returns: The refreshes whose callbacks run now, in the order they were asked for:
  ///   those that waited for the outermost transition and are still current, none while an
  ///   outer transition is in progress.
  mutating func transitionDidComplete() -> [RefreshTicket] {
    precondition(!inProgress.isEmpty, "refresh state machine: a transition completed twice")
    inProgress.removeLast()
    guard inProgress.isEmpty, !pendingCallbacks.isEmpty else { return [] }
    defer { pendingCallbacks = [] }
    return pendingCallbacks.map(RefreshTicket.init(generation:)).filter(isCallbackCurrent)
  }

  // MARK: Questions

  /// Whether the callbacks of refresh `ticket` may still run: it is the current refresh and
  /// the component is refreshing.
  func isCallbackCurrent(_ ticket: RefreshTicket) -> Bool {
    state == .refreshing && ticket.generation == generation
  }

  /// Whether refresh `ticket` began on the scroll model the component is attached to now (or
  /// before any attachment): the end of one begun before the component left its scroll model
  /// is over with the removal, and calls nothing.
  func isOfCurrentAttachment(_ ticket: RefreshTicket) -> Bool {
    ticket.generation >= attachmentGeneration
  }

  private static func isRefreshing(_ state: RefreshState) -> Bool {
    state == .refreshing || state == .willRefresh
  }

  // MARK: The legal transitions

  /// The states each state may change to, one bit per state (see ``bit(_:)``): every target of
  /// ``transition(on:)`` is one of them, and an assignment of the public setter must be.
  ///
  /// Idle may become anything (a custom component forces states from rest); a refresh ends in
  /// idle, no more data or a failure; a refresh that waits for the screen begins or ends; from
  /// no more data the component loads again or is reset; and a failed one retries (a pull arms
  /// it again), gives up its failure for idle or learns there is no more data.
  ///
  /// A switch over bit masks: every assignment asks (the setter's validation and the
  /// transition's precondition), and a table of sets cost a lazy initialization check and two
  /// hashed lookups each time.
  @inline(__always)
  private static func successors(of state: RefreshState) -> UInt8 {
    switch state {
    case .idle:
      bit(.pulling) | bit(.refreshing) | bit(.willRefresh) | bit(.noMoreData) | bit(.failed)
    case .pulling: bit(.idle) | bit(.refreshing) | bit(.willRefresh) | bit(.noMoreData)
    case .refreshing: bit(.idle) | bit(.noMoreData) | bit(.failed)
    case .willRefresh: bit(.refreshing) | bit(.idle) | bit(.noMoreData) | bit(.failed)
    case .noMoreData: bit(.idle) | bit(.refreshing) | bit(.willRefresh)
    case .failed:
      bit(.idle) | bit(.pulling) | bit(.refreshing) | bit(.willRefresh) | bit(.noMoreData)
    }
  }

  /// The bit that stands for `state` in ``successors(of:)``.
  @inline(__always)
  private static func bit(_ state: RefreshState) -> UInt8 {
    1 << UInt8(truncatingIfNeeded: state.rawValue)
  }

  /// Whether a component may change from one state to another.
  ///
  /// - Parameters:
  ///   - from: The current state.
  ///   - to: The proposed state.
  /// - Returns: `true` for a transition of the table; `false` for any other, the same state
  ///   included.
  static func allows(_ from: RefreshState, _ to: RefreshState) -> Bool {
    successors(of: from) & bit(to) != 0
  }
}

/// How a refresh ended.
enum RefreshOutcome: Hashable, Sendable {
  /// The data came (`endRefreshing()`): the component returns to ``RefreshState/idle``.
  case success
  /// The refresh failed (`endRefreshingWithFailure(_:)`): ``RefreshState/failed``.
  case failure
  /// Everything is loaded (`endRefreshingWithNoMoreData()`): ``RefreshState/noMoreData``.
  case noMoreData
  /// The refresh was called off (`cancelRefreshing()`): ``RefreshState/idle``, with no update
  /// time, no result and no end callbacks.
  case cancelled

  /// The state a refresh that ends so enters.
  var state: RefreshState {
    switch self {
    case .success, .cancelled: .idle
    case .failure: .failed
    case .noMoreData: .noMoreData
    }
  }

  /// The outcome of a refresh that ended in `state` (idle for any state but a failure or no
  /// more data).
  init(_ state: RefreshState) {
    switch state {
    case .failed: self = .failure
    case .noMoreData: self = .noMoreData
    default: self = .success
    }
  }
}

/// Which refresh an animation, a delayed action or a callback belongs to.
///
/// A component issues a new ticket each time it enters refreshing (and when it leaves its
/// scroll model). A component of your own that ends a refresh later than the base class would
/// (it animates its own way out, say) reads ``RefreshComponent/currentRefresh`` when its
/// animation begins and hands it back when it is over:
///
/// ```swift
/// override func hideRefreshedComponent() {
///   let refresh = currentRefresh
///   View.animate(withDuration: 0.3) { self.alpha = 0 } completion: { _ in
///     self.hideAfterRefreshing(refresh)
///   }
/// }
/// ```
///
/// The component then leaves alone a refresh that was superseded meanwhile, and calls nothing
/// for one that its removal ended. Tickets are opaque: compare them, do not count on them.
public struct RefreshTicket: Hashable, Sendable {
  /// The machine's count of refreshes and removals when the ticket was issued.
  let generation: Int
}
