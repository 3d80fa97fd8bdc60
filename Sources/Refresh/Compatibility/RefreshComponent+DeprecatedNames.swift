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

extension RefreshAutoFooter {
  /// The former name of ``isAutomaticallyRefresh``.
  @available(*, deprecated, renamed: "isAutomaticallyRefresh")
  public var automaticallyRefresh: Bool {
    get { isAutomaticallyRefresh }
    set { isAutomaticallyRefresh = newValue }
  }
}
