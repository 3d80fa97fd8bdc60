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
    get { subviews.lazy.compactMap { $0 as? RefreshHeader }.first }
    set { replaceComponent(of: RefreshHeader.self, with: newValue) }
  }

  /// The load-more control below the content.
  public var footer: RefreshFooter? {
    get { subviews.lazy.compactMap { $0 as? RefreshFooter }.first }
    set { replaceComponent(of: RefreshFooter.self, with: newValue) }
  }

  /// The control past the right end of horizontal content.
  public var trailer: RefreshTrailer? {
    get { subviews.lazy.compactMap { $0 as? RefreshTrailer }.first }
    set { replaceComponent(of: RefreshTrailer.self, with: newValue) }
  }

  /// The control past the left end of horizontal content (the trailer's mirror).
  public var leader: RefreshLeader? {
    get { subviews.lazy.compactMap { $0 as? RefreshLeader }.first }
    set { replaceComponent(of: RefreshLeader.self, with: newValue) }
  }

  private func replaceComponent<Component: RefreshComponent>(
    of kind: Component.Type, with component: Component?
  ) {
    let current = subviews.lazy.compactMap { $0 as? Component }.first
    guard current !== component else { return }
    current?.removeFromSuperview()
    if let component { insertSubview(component, at: 0) }
  }
}
