// The members of MJRefresh 3.7.9's components whose Swift spelling differs here
// (MJRefreshComponent.h, MJRefreshFooter.h): unavailable, with a fix-it to the name that takes
// their place. Members spelled alike (`beginRefreshing()`, `endRefreshingWithNoMoreData()`,
// `isAutomaticallyChangeAlpha`, ...) need nothing.

extension RefreshComponent {
  /// MJRefresh's `beginRefreshing(completionBlock:)`; here ``beginRefreshing(completion:)``.
  ///
  /// - Parameter completionBlock: Called once refreshing has begun.
  @available(*, unavailable, renamed: "beginRefreshing(completion:)")
  public func beginRefreshing(completionBlock: @escaping () -> Void) {
    beginRefreshing(completion: completionBlock)
  }

  /// MJRefresh's `endRefreshing(completionBlock:)`; here ``endRefreshing(completion:)``.
  ///
  /// - Parameter completionBlock: Called once the component is hidden.
  @available(*, unavailable, renamed: "endRefreshing(completion:)")
  public func endRefreshing(completionBlock: @escaping () -> Void) {
    endRefreshing(completion: completionBlock)
  }

  /// MJRefresh's `isAutoChangeAlpha` (deprecated there); here ``isAutomaticallyChangeAlpha``.
  @available(*, unavailable, renamed: "isAutomaticallyChangeAlpha")
  public var isAutoChangeAlpha: Bool {
    get { isAutomaticallyChangeAlpha }
    set { isAutomaticallyChangeAlpha = newValue }
  }

  /// MJRefresh's `endRefreshingAnimateCompletionBlock` (deprecated there); here
  /// ``endRefreshingAnimationBeginAction``.
  @available(*, unavailable, renamed: "endRefreshingAnimationBeginAction")
  public var endRefreshingAnimateCompletionBlock: (() -> Void)? {
    get { endRefreshingAnimationBeginAction }
    set { endRefreshingAnimationBeginAction = newValue }
  }
}

extension RefreshFooter {
  /// MJRefresh's `noticeNoMoreData()` (deprecated there); here
  /// ``endRefreshingWithNoMoreData()``.
  @available(*, unavailable, renamed: "endRefreshingWithNoMoreData()")
  public func noticeNoMoreData() {
    endRefreshingWithNoMoreData()
  }
}
