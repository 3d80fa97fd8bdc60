import Foundation

/// MJRefresh's chaining methods, as its README writes them in Swift: each sets one thing and
/// returns the component.
///
/// ```swift
/// RefreshNormalHeader { reload() }
///   .autoChangeTransparency(true)
///   .afterEndingAction { print("hidden") }
///   .link(to: scroll)
/// ```
extension RefreshComponent {
  /// Attaches the component to a scroll model: a header as its ``ScrollModel/header``, a footer
  /// as its ``ScrollModel/footer``, a trailer as its ``ScrollModel/trailer``, a leader as its
  /// ``ScrollModel/leader`` (replacing the one there), any other component as a subview behind
  /// the content.
  ///
  /// - Parameter scrollView: The scroll model.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func link(to scrollView: ScrollModel) -> Self {
    switch self {
    case let header as RefreshHeader: scrollView.header = header
    case let footer as RefreshFooter: scrollView.footer = footer
    case let trailer as RefreshTrailer: scrollView.trailer = trailer
    case let leader as RefreshLeader: scrollView.leader = leader
    default: if superview !== scrollView { scrollView.insertSubview(self, at: 0) }
    }
    return self
  }

  /// Sets ``isAutomaticallyChangeAlpha``: whether the component fades in as it is pulled.
  ///
  /// - Parameter isAutoChange: Whether the opacity follows ``pullingPercent``.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func autoChangeTransparency(_ isAutoChange: Bool) -> Self {
    chained { $0.isAutomaticallyChangeAlpha = isAutoChange }
  }

  /// Sets ``beginRefreshingCompletionBlock``: what runs after the refreshing callback.
  ///
  /// - Parameter action: Called once refreshing has begun and the callback ran.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func afterBeginningAction(_ action: @escaping () -> Void) -> Self {
    chained { $0.beginRefreshingCompletionBlock = action }
  }

  /// Sets ``endRefreshingAnimationBeginAction``: what runs as the end animation begins.
  ///
  /// - Parameter action: Called when the component starts to hide.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func endingAnimationBeginningAction(_ action: @escaping () -> Void) -> Self {
    chained { $0.endRefreshingAnimationBeginAction = action }
  }

  /// Sets ``endRefreshingCompletionBlock``: what runs when the end animation has finished.
  ///
  /// - Parameter action: Called after the component has hidden.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func afterEndingAction(_ action: @escaping () -> Void) -> Self {
    chained { $0.endRefreshingCompletionBlock = action }
  }

  /// Applies a change to the component and returns it.
  private func chained(_ change: (Self) -> Void) -> Self {
    change(self)
    return self
  }
}
