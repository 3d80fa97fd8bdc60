// Names this package used before it took MJRefresh's Swift spellings (CHANGELOG, "Renamed").
// They keep working, deprecated, for one release, with a fix-it to the new name; they will be
// removed in the release after. Nothing in the package uses them.

extension RefreshComponent {
  /// The former name of ``isAutomaticallyChangeAlpha``.
  @available(*, deprecated, renamed: "isAutomaticallyChangeAlpha")
  public var automaticallyChangeAlpha: Bool {
    get { isAutomaticallyChangeAlpha }
    set { isAutomaticallyChangeAlpha = newValue }
  }

  /// The former name of ``asyncRefreshingBlock``.
  @available(*, deprecated, renamed: "asyncRefreshingBlock")
  public var refreshingAction: (@MainActor () async throws -> Void)? {
    get { asyncRefreshingBlock }
    set { asyncRefreshingBlock = newValue }
  }

  /// The former name of ``init(asyncRefreshingBlock:)``.
  ///
  /// - Parameter refreshingAction: The work to do while refreshing.
  @available(*, deprecated, renamed: "init(asyncRefreshingBlock:)")
  public convenience init(refreshingAction: @escaping @MainActor () async -> Void) {
    self.init(asyncRefreshingBlock: refreshingAction)
  }

  /// The former name of ``init(refreshingTarget:refreshingAction:)``.
  ///
  /// - Parameters:
  ///   - target: The object whose method is called, held weakly.
  ///   - action: The method, as `Type.method`.
  @available(*, deprecated, renamed: "init(refreshingTarget:refreshingAction:)")
  public convenience init<Target: AnyObject>(
    refreshingTarget target: Target, action: @escaping (Target) -> () -> Void
  ) {
    self.init(refreshingTarget: target, refreshingAction: action)
  }
}

// Generations, the integers the hooks of a custom component handed around before the state
// machine issued tickets (issue 36): they keep working, deprecated, through the ticket's count.
extension RefreshComponent {
  /// The count of refreshes that ``currentRefresh`` replaces.
  @available(*, deprecated, renamed: "currentRefresh")
  public var refreshGeneration: Int { currentRefresh.generation }

  /// Formerly entered refreshing and counted it; the state machine does both now, as the
  /// component enters ``RefreshState/refreshing``, and this reads the refresh it began.
  ///
  /// - Returns: The current refresh's count.
  @available(*, deprecated, message: "the state machine begins refreshes; read currentRefresh")
  public func beginRefreshGeneration() -> Int { currentRefresh.generation }

  /// The former spelling of ``finishEndRefreshing(_:)``.
  ///
  /// - Parameter generation: A count read from ``refreshGeneration``.
  @available(*, deprecated, renamed: "finishEndRefreshing(_:)")
  public func finishEndRefreshing(generation: Int) {
    finishEndRefreshing(RefreshTicket(generation: generation))
  }

  /// The former spelling of ``hideAfterRefreshing(_:)``.
  ///
  /// - Parameter generation: A count read from ``refreshGeneration``.
  @available(*, deprecated, renamed: "hideAfterRefreshing(_:)")
  public func hideAfterRefreshing(generation: Int) {
    hideAfterRefreshing(RefreshTicket(generation: generation))
  }

  /// The former spelling of ``executeRefreshingCallback(for:)``.
  ///
  /// - Parameter generation: A count read from ``refreshGeneration``.
  @available(*, deprecated, renamed: "executeRefreshingCallback(for:)")
  public func executeRefreshingCallback(generation: Int) {
    executeRefreshingCallback(for: RefreshTicket(generation: generation))
  }
}

extension RefreshAutoFooter {
  /// The former name of ``isAutomaticallyRefresh``.
  @available(*, deprecated, renamed: "isAutomaticallyRefresh")
  public var automaticallyRefresh: Bool {
    get { isAutomaticallyRefresh }
    set { isAutomaticallyRefresh = newValue }
  }
}
