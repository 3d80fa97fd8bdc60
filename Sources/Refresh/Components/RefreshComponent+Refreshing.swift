import Foundation

/// What an app calls: creating a component with its action, beginning and ending a refresh.
extension RefreshComponent {
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
  /// A thrown error ends refreshing with a failure (see ``asyncRefreshingBlock``).
  ///
  /// - Parameter asyncRefreshingBlock: The work to do while refreshing.
  public convenience init(asyncRefreshingBlock: @escaping @MainActor () async throws -> Void) {
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

  /// Turns off the component's animations: both durations become 0.
  ///
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setAnimationDisabled() -> Self {
    fastAnimationDuration = 0
    slowAnimationDuration = 0
    return self
  }

  /// Begins refreshing: shows the component and calls the refreshing action.
  ///
  /// When the component is not on screen yet, it enters ``RefreshState/willRefresh`` and
  /// refreshes once it is displayed.
  ///
  /// Refresh and load never run at once unless the scroll model
  /// ``ScrollModel/allowsSimultaneousRefreshing``: while another component of the same scroll
  /// model is refreshing (or waiting to, ``isRefreshing``), this does nothing
  /// (``isBlockedByAnotherRefresh``). A blocked component follows a pull (its
  /// ``pullingPercent``) but does not arm: it stays idle (or failed), so its title keeps
  /// saying "Pull down to refresh" rather than promising a refresh that will not come, and a
  /// component already armed when the other began returns to idle at the next offset change
  /// or at the release, never stuck armed. An automatic footer or header that reaches its
  /// trigger line while blocked keeps its budget of loads for the drag, and loads if the drag
  /// goes on past the line once the other refresh has ended.
  public func beginRefreshing() {
    guard !isBlockedByAnotherRefresh else {
      send(.pulled(armed: false))
      return
    }
    View.animate(withDuration: fastAnimationDuration) { self.alpha = 1 }
    pullingPercent = 1
    send(.begin(onScreen: window != nil))
  }

  /// Whether another component of the scroll model is refreshing (or waiting to), so that this
  /// one may not begin: always `false` when the scroll model
  /// ``ScrollModel/allowsSimultaneousRefreshing`` or the component is not attached.
  public var isBlockedByAnotherRefresh: Bool {
    guard let scrollView else { return false }
    return isBlockedByAnotherRefresh(in: scrollView)
  }

  /// ``isBlockedByAnotherRefresh`` on the scroll model at hand (one weak load less on a pull).
  ///
  /// The scroll model counts its refreshing components as their states change, so this reads
  /// a number instead of walking the components.
  func isBlockedByAnotherRefresh(in scroll: ScrollModel) -> Bool {
    // The count first: nothing refreshes on almost every offset change of a pull.
    guard let attached = scroll.attachedComponents, attached.refreshingCount > 0 else {
      return false
    }
    let own = isRefreshing && attached.contains(self) ? 1 : 0
    return attached.refreshingCount - own > 0 && !scroll.allowsSimultaneousRefreshing
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
    send(.end(.success))
  }

  /// Ends refreshing with a failure: the state is ``RefreshState/failed`` when this returns,
  /// and the component shows `message` (or its localized failed title) with no spinner.
  ///
  /// What follows depends on the kind, as MJRefresh would have it:
  /// - a header holds its place for ``RefreshHeader/resultHoldDuration``, then hides and
  ///   returns to idle; the last update time is not recorded (the data is not fresh), and a
  ///   pull while the failure shows refreshes again;
  /// - an automatic footer keeps its place and does not load again by itself, not even as the
  ///   drag that reached the end goes on: a tap on it, a new drag that reaches the end or
  ///   ``beginRefreshing()`` retries; an automatic header does the same at the top;
  /// - a back footer, a trailer and a leader give their inset back and stay failed until a pull
  ///   past the threshold retries.
  ///
  /// An asynchronous action still running is cancelled. Calling it when the component is not
  /// refreshing does nothing.
  ///
  /// ```swift
  /// scroll.footer = RefreshAutoNormalFooter {
  ///   feed.loadNextPage { result in
  ///     switch result {
  ///     case .success: scroll.footer?.endRefreshing()
  ///     case .failure: scroll.footer?.endRefreshingWithFailure()
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter message: The text to show in place of the failed title, or `nil` for the
  ///   title (``RefreshText/headerFailed`` and its kin unless set with `setTitle(_:for:)`).
  public func endRefreshingWithFailure(_ message: String? = nil) {
    guard isRefreshing else { return }
    failureMessage = message
    send(.end(.failure))
  }

  /// Calls off the refresh in progress: its asynchronous work is cancelled, and the component
  /// returns to ``RefreshState/idle`` (the state when this returns) as if the refresh had not
  /// happened.
  ///
  /// A pulled component gives its inset back over the slow duration, as an end does; an
  /// automatic one stays where it is. Unlike ``endRefreshing()``, nothing that a finished
  /// refresh does follows: no last update time is recorded, no result shows, and neither
  /// ``endRefreshingAnimationBeginAction`` nor ``endRefreshingCompletionBlock`` is called for
  /// this refresh. The task of ``asyncRefreshingBlock`` is cancelled (it sees
  /// `Task.isCancelled`, and a `CancellationError` from the calls that check), and what it
  /// does afterwards ends nothing.
  ///
  /// ```swift
  /// scroll.header = RefreshNormalHeader(asyncRefreshingBlock: {
  ///   try await feed.reload()  // throws CancellationError once cancelled
  /// })
  /// // The user left the screen:
  /// scroll.header?.cancelRefreshing()
  /// ```
  ///
  /// Calling it when the component is not refreshing does nothing.
  public func cancelRefreshing() {
    send(.end(.cancelled))
  }

  /// Ends refreshing and calls `completion` when the hiding animation has finished.
  ///
  /// - Parameter completion: Called after the end animation.
  public func endRefreshing(completion: @escaping () -> Void) {
    endRefreshingCompletionBlock = completion
    endRefreshing()
  }

  /// Ends refreshing (cancelling an asynchronous action) and enters ``RefreshState/noMoreData``,
  /// from any state: the footers' and the trailer's `endRefreshingWithNoMoreData()`.
  func enterNoMoreData() {
    send(.end(.noMoreData))
  }

  /// Leaves ``RefreshState/noMoreData`` for idle; does nothing in any other state.
  func leaveNoMoreData() {
    send(.resetNoMoreData)
  }
}
