import Foundation

/// The life of a refresh: the component tells its `RefreshStateMachine` what happened and
/// does what the machine answers.
extension RefreshComponent {
  /// Counts entries into refreshing, so that a late animation completion can tell whether its
  /// refresh is still the current one.
  ///
  /// Read it when an animation that belongs to the current refresh begins, and hand it to
  /// ``finishEndRefreshing(generation:)`` or ``hideAfterRefreshing(generation:)`` when the
  /// animation is over.
  public var refreshGeneration: Int { machine.generation }

  /// Counts the component in or out of its scroll model's refreshing components before a
  /// new state is stored, so that the observers of ``state`` already see the count of the state
  /// they are told about (``isBlockedByAnotherRefresh``).
  func stateWillBeAssigned(_ newState: RefreshState) {
    let willRefresh = newState == .refreshing || newState == .willRefresh
    // Cheap tests first: most changes (idle and pulling, on a pull) leave the count alone. The
    // observed `state` refuses what the table does not allow, and then nothing changes.
    guard willRefresh != machine.isRefreshing, RefreshStateMachine.allows(machine.state, newState),
      let scroll = scrollView
    else { return }
    scroll.attachedComponents?.refreshingWillChange(of: self, to: newState)
  }

  /// Runs the hooks of a new state (the observed ``state`` accepted it), then the refreshing
  /// callbacks that waited for the change to complete.
  func stateWasAssigned() {
    // A refused assignment (the same state) still runs `didSet`: nothing changed.
    guard case .runStateDidChange(let oldState) = machine.stateDidChange(to: state) else {
      return
    }
    stateDidChange(from: oldState)
    for generation in machine.stateChangeDidComplete() {
      runRefreshingCallbacks(ofGeneration: generation)
    }
  }

  /// Enters refreshing: records a new generation and returns it.
  ///
  /// A component at an edge of its own calls it as it begins showing itself for a refresh, and
  /// hands the generation to ``executeRefreshingCallback(generation:)`` once it is shown.
  ///
  /// - Returns: The new refresh's generation.
  public func beginRefreshGeneration() -> Int {
    machine.refreshDidBegin()
  }

  /// Calls the refreshing callbacks, once the state change in progress (if any) has completed,
  /// provided refresh `generation` is still the current one.
  ///
  /// Components call it when they have been shown; it runs the block, the target's method, the
  /// asynchronous block (which ends refreshing when it returns), then
  /// ``beginRefreshingCompletionBlock``.
  ///
  /// - Parameter generation: The refresh the callback belongs to (see ``refreshGeneration``).
  public func executeRefreshingCallback(generation: Int) {
    guard machine.callbacksRequested(generation: generation) == .run else { return }
    runCallbacks(ofGeneration: generation)
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

  /// Runs the callbacks of a refresh that waited for a state change, if it is still current.
  private func runRefreshingCallbacks(ofGeneration generation: Int) {
    guard machine.isCallbackCurrent(generation: generation) else { return }
    runCallbacks(ofGeneration: generation)
  }

  private func runCallbacks(ofGeneration generation: Int) {
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
        guard let self, !Task.isCancelled, self.refreshGeneration == generation else { return }
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

  /// Calls the end callbacks after an end animation; when refresh `generation` has not been
  /// superseded by a new one, the component is back at rest (``pullingPercent`` is 0), or, when
  /// a finger pulls it into view meanwhile, follows that pull as the finger's next move would.
  ///
  /// Does nothing for a refresh begun before the component last left a scroll model: its end
  /// was over with the removal (no callbacks after removal).
  ///
  /// - Parameter generation: The refresh whose end finished (see ``refreshGeneration``).
  public func finishEndRefreshing(generation: Int) {
    guard machine.isOfCurrentAttachment(generation: generation) else { return }
    if machine.isEndCurrent(generation: generation) { settlePullingPercent() }
    endRefreshingCompletionBlock?()
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

  /// Ends what the component's scroll model started, as it leaves it: an asynchronous action is
  /// cancelled, a refresh in progress ends without callbacks, an armed pull is disarmed.
  func endLifecycleOnDetach() {
    cancelRefreshingTask()
    if machine.detach() == .becomeIdle {
      machine.isEndingByRemoval = true
      state = .idle
      machine.isEndingByRemoval = false
    }
    if state == .idle { pullingPercent = 0 }
  }
}
