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
