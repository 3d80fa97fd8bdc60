import Foundation

/// The state label of the State variants, with its per-state titles: the localized defaults,
/// unless the user set their own.
@MainActor
final class StateTitleLabel: RefreshComponentPart {
  /// How the label is laid out.
  enum Layout {
    /// It fills the component (the footers).
    case fill
    /// A column at the right edge, as narrow as the title's widest character, read top to
    /// bottom (the trailer).
    case trailingColumn
    /// The same column at the left edge (the leader, the trailer's mirror).
    case leadingColumn
    /// The component lays it out itself (the header, with its time label).
    case byComponent
  }

  /// The label.
  let label: Label
  // Read on every state change. Main-actor confined, and no access to it calls out while it
  // is held, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var titles = StateTitles()
  private let layout: Layout

  /// Adds the label to a component, with the default titles of its kind.
  ///
  /// - Parameters:
  ///   - label: The label, owned by the component (its `stateLabel`).
  ///   - component: The component it belongs to; the label becomes its subview.
  ///   - defaults: The localized title of each state that has one.
  ///   - layout: How the label is laid out.
  init(
    _ label: Label, in component: RefreshComponent, defaults: [RefreshState: RefreshText],
    layout: Layout
  ) {
    self.label = label
    self.layout = layout
    // The trailer's title reads top to bottom, one character per line.
    if layout == .trailingColumn || layout == .leadingColumn { label.numberOfLines = 0 }
    for (state, text) in defaults { titles.setDefault(text, for: state) }
    component.keepColor(of: label, \.textColor, on: \.textColor)
    component.addSubview(label)
    label.text = component.shownTitle(for: titles.title(for: component.state))
  }

  /// The automatic components' label: it fills the component and begins a refresh when tapped
  /// while idle or after a failure (MJRefresh's `stateLabelClick`, with the retry).
  ///
  /// - Parameters:
  ///   - label: The label, owned by the component (its `stateLabel`).
  ///   - component: The component it belongs to; the label becomes its subview.
  ///   - defaults: The localized title of each state that has one.
  static func loadingOnTap(
    _ label: Label, in component: RefreshComponent, defaults: [RefreshState: RefreshText]
  ) -> StateTitleLabel {
    let titles = StateTitleLabel(label, in: component, defaults: defaults, layout: .fill)
    label.onTap = { [weak component] _ in
      guard let component, component.state == .idle || component.state == .failed else { return }
      component.beginRefreshing()
    }
    return titles
  }

  /// Sets the user's title of a state (`nil` returns to the default) and shows it if current.
  ///
  /// - Returns: The component, for the components' chaining `setTitle(_:for:)`.
  @discardableResult
  func setTitle<Component: RefreshComponent>(
    _ title: String?, for state: RefreshState, in component: Component
  ) -> Component {
    titles.setCustom(title, for: state)
    update(in: component)
    return component
  }

  /// The label's text as an indicator's neighbour, `gap` points away; `nil` while it is hidden.
  func textBeside(gap: CGFloat) -> TextBesideIndicator? {
    label.isHidden ? nil : TextBesideIndicator(width: label.textWidth, gap: gap)
  }

  /// The title of a state.
  func title(for state: RefreshState) -> String? {
    titles.title(for: state)
  }

  /// Shows the current state's title (and asks for layout when it changed); a failure shows
  /// its message in place of the failed title, when it has one.
  func update(in component: RefreshComponent) {
    let state = component.state
    let title =
      state == .failed
      ? component.failureMessage ?? titles.title(for: state) : titles.title(for: state)
    let text = component.shownTitle(for: title)
    guard !label.text.isSameText(as: text) else { return }
    label.text = text
    component.setNeedsLayout()
  }

  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent) {
    update(in: component)
  }

  func languageDidChange(in component: RefreshComponent) {
    update(in: component)
  }

  func place(in component: RefreshComponent) {
    switch layout {
    case .fill:
      label.frame = component.bounds
    case .trailingColumn, .leadingColumn:
      let widest = (label.text ?? "").map(TextMetrics.cellWidth(of:)).max() ?? 1
      let width = TextMetrics.cellWidth * CGFloat(max(1, widest))
      // 8 points from the outer edge: room for the arrow on the side of the content.
      let x = layout == .leadingColumn ? 8 : component.frame.width - width - 8
      label.frame = CGRect(x: x, y: 0, width: width, height: component.frame.height)
    case .byComponent:
      break
    }
  }
}

extension StateTitleLabel {
  /// The header's titles (MJRefresh's `MJRefreshStateHeader`).
  static let headerTitles: [RefreshState: RefreshText] = [
    .idle: .headerIdle, .pulling: .headerPulling, .refreshing: .headerRefreshing,
    .willRefresh: .headerRefreshing, .failed: .headerFailed,
  ]

  /// The back footer's titles (MJRefresh's `MJRefreshBackStateFooter`).
  static let backFooterTitles: [RefreshState: RefreshText] = [
    .idle: .backFooterIdle, .pulling: .backFooterPulling, .refreshing: .backFooterRefreshing,
    .willRefresh: .backFooterRefreshing, .noMoreData: .backFooterNoMoreData,
    .failed: .backFooterFailed,
  ]

  /// The automatic footer's titles (MJRefresh's `MJRefreshAutoStateFooter`).
  static let autoFooterTitles: [RefreshState: RefreshText] = [
    .idle: .autoFooterIdle, .refreshing: .autoFooterRefreshing,
    .willRefresh: .autoFooterRefreshing, .noMoreData: .autoFooterNoMoreData,
    .failed: .autoFooterFailed,
  ]

  /// The automatic header's titles (the automatic footer's, mirrored).
  static let autoHeaderTitles: [RefreshState: RefreshText] = [
    .idle: .autoHeaderIdle, .refreshing: .autoHeaderRefreshing,
    .willRefresh: .autoHeaderRefreshing, .noMoreData: .autoHeaderNoMoreData,
    .failed: .autoHeaderFailed,
  ]

  /// The leader's titles (ours: MJRefresh has no leader); it refreshes, so it says so.
  static let leaderTitles: [RefreshState: RefreshText] = [
    .idle: .leaderIdle, .pulling: .leaderPulling, .refreshing: .leaderRefreshing,
    .willRefresh: .leaderRefreshing, .failed: .leaderFailed,
  ]

  /// The trailer's titles (MJRefresh's `MJRefreshStateTrailer`).
  static let trailerTitles: [RefreshState: RefreshText] = [
    .idle: .trailerIdle, .pulling: .trailerPulling, .refreshing: .trailerPulling,
    .willRefresh: .trailerPulling, .failed: .trailerFailed,
  ]
}
