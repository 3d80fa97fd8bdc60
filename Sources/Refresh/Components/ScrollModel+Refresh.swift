/// The refresh components attached to a scroll model: MJRefresh's `UIScrollView+MJRefresh`
/// category (`mj_header`, `mj_footer`, `mj_trailer`), and the ``leader`` that MJRefresh lacks.
///
/// Setting one removes the previous one and inserts the new one at the back of the subviews:
///
/// ```swift
/// scroll.header = RefreshNormalHeader { reload() }
/// scroll.footer = RefreshBackNormalFooter { loadMore() }
/// ```
extension ScrollModel {
  /// The pull-down-to-refresh control above the content.
  public var header: RefreshHeader? {
    get { component() }
    set { replaceComponent(newValue) }
  }

  /// The load-more control below the content.
  public var footer: RefreshFooter? {
    get { component() }
    set { replaceComponent(newValue) }
  }

  /// The control past the right end of horizontal content.
  public var trailer: RefreshTrailer? {
    get { component() }
    set { replaceComponent(newValue) }
  }

  /// The control past the left end of horizontal content (the trailer's mirror).
  public var leader: RefreshLeader? {
    get { component() }
    set { replaceComponent(newValue) }
  }

  /// The first subview of a kind of component, if any.
  private func component<Component: RefreshComponent>() -> Component? {
    subviews.lazy.compactMap { $0 as? Component }.first
  }

  /// Puts `component` in the place of the subview of its kind.
  private func replaceComponent<Component: RefreshComponent>(_ component: Component?) {
    let current: Component? = self.component()
    guard current !== component else { return }
    current?.removeFromSuperview()
    if let component { insertSubview(component, at: 0) }
  }
}

/// The actions a screen-reader user has in place of a pull.
extension ScrollModel {
  /// "Refresh" and "Load more", for the components that can begin now (see
  /// ``ScrollModel/accessibilityCustomActions``).
  var refreshActions: [AccessibilityAction] {
    let refreshing: RefreshComponent? =
      header.flatMap { $0 is RefreshAutoHeader ? nil : $0 } ?? leader
    let loading: [RefreshComponent] = [footer, header as? RefreshAutoHeader].compactMap { $0 }
    var actions: [AccessibilityAction] = []
    if let refreshing, Self.canBeginFromAnAction(refreshing) {
      actions.append(Self.action(.refreshAction, for: refreshing))
    }
    for component in loading where Self.canBeginFromAnAction(component) {
      actions.append(Self.action(.loadMoreAction, for: component))
    }
    return actions
  }

  private static func canBeginFromAnAction(_ component: RefreshComponent) -> Bool {
    (component.state == .idle || component.state == .failed) && !component.isHidden
      && component.isUserInteractionEnabled && !component.isBlockedByAnotherRefresh
  }

  private static func action(_ name: RefreshText, for component: RefreshComponent)
    -> AccessibilityAction
  {
    var action = AccessibilityAction(name: RefreshConfig.default.localized(name)) {
      [weak component] in
      component?.beginRefreshingByPulling() ?? false
    }
    action.isComponentAction = true
    return action
  }
}
