import Foundation

/// The life of a refresh: the component tells its `RefreshStateMachine` what happened and does
/// what the machine answers. This is the one place where the component's state is stored.
extension RefreshComponent {
  /// The refresh in progress, or the last one: the ticket an animation or a delayed action
  /// that belongs to it hands back when it is over (``hideAfterRefreshing(_:)``,
  /// ``finishEndRefreshing(_:)``).
  public var currentRefresh: RefreshTicket { machine.ticket }

  /// Tells the state machine what happened, and does what it answers.
  func send(_ event: RefreshStateMachine.Event) {
    switch machine.handle(event) {
    case .none:
      break
    case .transition(let transition):
      if case .endRefresh = transition.effect { cancelRefreshingTask() }
      // The one assignment of the stored state: the observed property tells its observers,
      // and its `didSet` runs the transition's hooks (`stateWasStored(from:)`).
      state = transition.to
    case .runCallbacks(let ticket):
      runCallbacks(of: ticket)
    case .finishEnd(let settles, let completes):
      if settles { settlePullingPercent() }
      if completes { endRefreshingCompletionBlock?() }
    }
  }

  /// Counts the component in or out of its scroll model's refreshing components before a new
  /// state is stored, so that the observers of ``state`` already see the count of the state
  /// they are told about (``isBlockedByAnotherRefresh``).
  func stateWillBeStored(_ newState: RefreshState) {
    let willRefresh = newState == .refreshing || newState == .willRefresh
    // Cheap tests first: most changes (idle and pulling, on a pull) leave the count alone. The
    // observed `state` refuses what the table does not allow, and then nothing changes.
    guard willRefresh != isRefreshing, RefreshStateMachine.allows(state, newState),
      let scroll = scrollView
    else { return }
    scroll.attachedComponents?.refreshingWillChange(of: self, to: newState)
  }

  /// Runs the hooks of the state just stored, then the refreshing callbacks that waited for
  /// the transition to complete.
  ///
  /// A state the machine did not decide was assigned through the public setter (the observed
  /// property accepted it: the table allows it): it is handed to the machine as an event, and
  /// has the effects the same change has when the component makes it.
  func stateWasStored(from oldState: RefreshState) {
    var transition = machine.storedTransition()
    if transition == nil {
      // A refused assignment (the same state, or an illegal one) still runs `didSet`.
      guard state != oldState,
        case .transition(let assigned) = machine.handle(.assigned(state))
      else { return }
      _ = machine.storedTransition()
      if case .endRefresh = assigned.effect { cancelRefreshingTask() }
      transition = assigned
    }
    guard let transition else { return }
    stateDidChange(from: transition.from)
    for ticket in machine.transitionDidComplete() {
      runCallbacks(of: ticket)
    }
  }

  /// Performs what the transition in progress asks beyond its state: shows a refresh that
  /// began, asks for the display pass a waiting one needs, ends a refresh that ended.
  ///
  /// The base class's ``stateDidChange(from:)`` calls it, so that a subclass's hook sees its
  /// effects after `super`, as before the machine drove the component.
  func performTransitionEffect() {
    switch machine.currentEffect {
    case .none: break
    case .beginRefresh(let ticket): showForRefresh(ticket)
    case .awaitDisplay: setNeedsDisplay()
    case .endRefresh(let ticket, let outcome, let wasShown):
      endRefresh(ticket, outcome: outcome, wasShown: wasShown)
    }
  }

  /// Calls the refreshing callbacks of refresh `ticket` once the transition in progress (if
  /// any) has completed, provided the refresh is still the current one.
  ///
  /// The built-in components call it when they are shown. A component written directly on
  /// `RefreshComponent` (MJRefresh's DIY examples) that shows itself with an animation of its
  /// own calls it at the end of the animation with the ticket read when it began.
  ///
  /// - Parameter ticket: The refresh the callbacks belong to (see ``currentRefresh``).
  public func executeRefreshingCallback(for ticket: RefreshTicket) {
    send(.shown(ticket))
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
    executeRefreshingCallback(for: currentRefresh)
  }

  private func runCallbacks(of ticket: RefreshTicket) {
    refreshingBlock?()
    if let target = refreshingTarget { refreshingTargetAction?(target) }
    if let block = asyncRefreshingBlock {
      refreshingTask = Task { @MainActor [weak self] in
        // `nil` when the work succeeded; the failure's message (if it has one) when it threw.
        let failure: String??
        do {
          try await block()
          failure = nil
        } catch {
          failure = .some((error as? any LocalizedError)?.errorDescription)
        }
        guard let self, !Task.isCancelled, self.currentRefresh == ticket else { return }
        self.refreshingTask = nil
        if let failure {
          self.endRefreshingWithFailure(failure)
        } else {
          self.endRefreshing()
        }
      }
    }
    beginRefreshingCompletionBlock?()
  }

  /// Calls the end callbacks after an end animation; when refresh `ticket` has not been
  /// superseded by a new one, the component is back at rest (``pullingPercent`` is 0), or, when
  /// a finger pulls it into view meanwhile, follows that pull as the finger's next move would.
  ///
  /// Does nothing for a refresh begun before the component last left a scroll model: its end
  /// was over with the removal (no callbacks after removal).
  ///
  /// - Parameter ticket: The refresh whose end finished (see ``currentRefresh``).
  public func finishEndRefreshing(_ ticket: RefreshTicket) {
    send(.hidden(ticket))
  }

  /// Sets ``pullingPercent`` as an animation that moved the component away leaves it: to its
  /// pull's, when a finger pulls the component into view meanwhile, or else to 0.
  ///
  /// MJRefresh sets 0 at the end of a hide, and a still finger then shows no pull until it
  /// moves; here the component follows the pull, as the finger's next move would.
  func settlePullingPercent() {
    if let scroll = scrollView, let edge = pullEdge, scroll.isDragging, isUserInteractionEnabled,
      !isHidden, pullGeometry(along: onScreen(edge), in: scroll).isPulledIntoView
    {
      followOffset(along: edge, in: scroll)
    } else {
      pullingPercent = 0
    }
  }

  /// Cancels the asynchronous refreshing action, if one is running.
  func cancelRefreshingTask() {
    refreshingTask?.cancel()
    refreshingTask = nil
  }

  /// Ends what the component's scroll model started, as it leaves it: an asynchronous action is
  /// cancelled, a refresh in progress ends without callbacks, an armed pull is disarmed, a
  /// failure shown is forgotten.
  func endLifecycleOnDetach() {
    cancelRefreshingTask()
    send(.detached)
    if state == .idle { pullingPercent = 0 }
  }
}
