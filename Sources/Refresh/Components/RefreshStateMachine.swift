/// The bookkeeping of a component's refreshes, as a value: its state, which refresh is the
/// current one (the generation), the refreshing callbacks waiting for a state change to
/// complete, and how deeply state changes are nested.
///
/// ``RefreshComponent`` owns one and tells it what happens (an event); the machine updates
/// itself and answers with what the component must do (an action). It calls nothing and holds
/// no closures, so every rule of the bookkeeping reads here, in one place, and can be tested
/// without a scroll model.
///
/// The legal transitions are ``allows(_:_:)``: the component refuses an assignment of
/// ``RefreshComponent/state`` that the table does not allow, and the machine traps on one, so
/// no path of the component's own can take an illegal step unnoticed.
struct RefreshStateMachine: Sendable {
  /// The state the component is in.
  private(set) var state: RefreshState = .idle

  /// Counts entries into refreshing and detachments, so that a late animation completion or
  /// asynchronous action can tell whether its refresh is still the current one.
  private(set) var generation = 0

  /// The generation the component's current attachment began with: a refresh older than it
  /// belongs to a scroll model the component has left.
  private(set) var attachmentGeneration = 0

  /// How many state changes are in progress: a `stateDidChange(from:)` hook that changes the
  /// state again nests a change inside the first.
  private(set) var depth = 0

  /// Whether the state change in progress is the one a removal makes (see ``detach()``).
  ///
  /// The refresh it ends calls nothing, not even its end completion. The component sets it
  /// and clears it around that change.
  var isEndingByRemoval = false

  /// The refreshes whose callbacks were asked for during a state change, by generation; they
  /// run once the outermost change completes.
  private var pendingCallbacks: [Int] = []

  /// Whether the state is refreshing or about to refresh.
  var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

  // MARK: The table

  /// The states each state may change to, one bit per state (see ``bit(_:)``); any other
  /// change is a bug (or, for an assignment from outside, refused).
  ///
  /// Idle may become anything (a custom component forces states from rest); a refresh ends in
  /// idle, no more data or a failure; a refresh that waits for the screen begins or ends; from
  /// no more data the component loads again or is reset; and a failed one retries (a pull arms
  /// it again), gives up its failure for idle or learns there is no more data.
  ///
  /// A switch over bit masks: every state change asks twice (the assignment's validation and
  /// the machine's precondition), and a table of sets cost a lazy initialization check and two
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

  // MARK: Events

  /// What the component does after its observed state accepted a value.
  enum StateChangeAction: Equatable {
    /// Nothing changed (the same state was assigned again).
    case none
    /// Run the `stateDidChange(from:)` hooks, then report ``stateChangeDidComplete()``.
    case runStateDidChange(from: RefreshState)
  }

  /// The component's state became `newState`.
  ///
  /// - Precondition: The change is one of the table's.
  mutating func stateDidChange(to newState: RefreshState) -> StateChangeAction {
    guard newState != state else { return .none }
    precondition(
      Self.allows(state, newState), "illegal refresh state change: \(state) → \(newState)")
    let oldState = state
    state = newState
    depth += 1
    return .runStateDidChange(from: oldState)
  }

  /// The hooks of a state change returned.
  ///
  /// - Returns: The refreshes whose callbacks run now, in the order they were asked for: those
  ///   that waited for the outermost change, none while an outer change is still in progress.
  mutating func stateChangeDidComplete() -> [Int] {
    precondition(depth > 0, "a state change completed that never began")
    depth -= 1
    guard depth == 0, !pendingCallbacks.isEmpty else { return [] }
    defer { pendingCallbacks = [] }
    return pendingCallbacks
  }

  /// The component entered refreshing and shows itself.
  ///
  /// - Returns: The new refresh's generation, for the callbacks and completions that belong to it.
  mutating func refreshDidBegin() -> Int {
    generation += 1
    return generation
  }

  /// What the component does with a request to run a refresh's callbacks.
  enum CallbackAction: Equatable {
    /// Run them now.
    case run
    /// A state change is in progress: they run when it completes.
    case wait
    /// The refresh is over or superseded: run nothing.
    case drop
  }

  /// The refreshing callbacks of refresh `generation` are asked for (its component is shown).
  mutating func callbacksRequested(generation: Int) -> CallbackAction {
    guard depth == 0 else {
      pendingCallbacks.append(generation)
      return .wait
    }
    return isCallbackCurrent(generation: generation) ? .run : .drop
  }

  /// Whether the callbacks of refresh `generation` may still run: it is the current refresh and
  /// the component is refreshing.
  func isCallbackCurrent(generation: Int) -> Bool {
    state == .refreshing && generation == self.generation
  }

  /// Whether the end of refresh `generation` still concerns the component (it returns to rest,
  /// `pullingPercent = 0`): no newer refresh began and none is in progress.
  func isEndCurrent(generation: Int) -> Bool {
    generation == self.generation && !isRefreshing
  }

  /// Whether refresh `generation` began on the scroll model the component is attached to now
  /// (or before any attachment): the end of one begun before the component left its scroll
  /// model is over with the removal, and calls nothing.
  func isOfCurrentAttachment(generation: Int) -> Bool {
    generation >= attachmentGeneration
  }

  /// What the component does when it leaves its scroll model.
  enum DetachAction: Equatable {
    /// Keep the state (idle, no more data).
    case keepState
    /// Become idle: the refresh in progress is over and its callbacks never run, or the arming
    /// pull or the failure shown belonged to the scroll model it leaves.
    case becomeIdle
  }

  /// The component leaves its scroll model: a refresh in progress, or one still ending, is
  /// superseded (a late completion of it finds an older attachment) and its waiting callbacks
  /// are dropped.
  mutating func detach() -> DetachAction {
    generation += 1
    attachmentGeneration = generation
    if isRefreshing {
      pendingCallbacks = []
      return .becomeIdle
    }
    return state == .pulling || state == .failed ? .becomeIdle : .keepState
  }
}
