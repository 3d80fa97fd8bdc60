import Foundation
import Observing

/// The state title: a label with a title per state, the localized defaults unless you set your
/// own (MJRefresh's `stateLabel` and `setTitle:forState:`).
///
/// Every State, Normal and Gif variant has one (its ``StateTitledComponent/stateTitlePart``);
/// add one to a component of your own to show the same titles:
///
/// ```swift
/// final class PlainHeader: RefreshHeader {
///   let title = StateTitlePart(defaults: .header)
///
///   override func prepare() {
///     super.prepare()
///     addPart(title)
///     title.setTitle("Let go to refresh", for: .pulling)
///   }
/// }
/// ```
///
/// The label shows the component's ``RefreshComponent/shownTitle(for:)`` of the state's title:
/// the title itself, a failure's message after ``RefreshComponent/endRefreshingWithFailure(_:)``,
/// a header's held result (``RefreshHeader/endRefreshing(result:)``). It is laid out by
/// ``Layout-swift.enum``.
@MainActor
public final class StateTitlePart: TextPart {
  /// How the label is laid out.
  public enum Layout: Sendable {
    /// It fills the component (the footers, the automatic header).
    case fill
    /// A column at the right edge, as narrow as the title's widest character, read top to
    /// bottom (the trailer).
    case trailingColumn
    /// The same column at the left edge (the leader, the trailer's mirror).
    case leadingColumn
    /// The component lays it out itself (the header, with its last update time below it).
    case byComponent
  }

  /// The localized default titles of a kind of component, by state.
  public struct DefaultTitles: Sendable {
    /// The text of each state that has a default.
    public var texts: [RefreshState: RefreshText]

    /// Default titles from localized texts.
    ///
    /// - Parameter texts: The text of each state that has a default.
    public init(_ texts: [RefreshState: RefreshText]) {
      self.texts = texts
    }

    /// The titles of a kind of component: `willRefresh`, the moment before a refresh begins,
    /// shows the `refreshing` text, and a state given no text has no default.
    private init(
      idle: RefreshText, pulling: RefreshText? = nil, refreshing: RefreshText,
      noMoreData: RefreshText? = nil, failed: RefreshText
    ) {
      var texts: [RefreshState: RefreshText] = [
        .idle: idle, .refreshing: refreshing, .willRefresh: refreshing, .failed: failed,
      ]
      texts[.pulling] = pulling
      texts[.noMoreData] = noMoreData
      self.init(texts)
    }

    /// The header's titles (MJRefresh's `MJRefreshStateHeader`).
    public static let header = DefaultTitles(
      idle: .headerIdle, pulling: .headerPulling, refreshing: .headerRefreshing,
      failed: .headerFailed)

    /// The back footer's titles (MJRefresh's `MJRefreshBackStateFooter`).
    public static let backFooter = DefaultTitles(
      idle: .backFooterIdle, pulling: .backFooterPulling, refreshing: .backFooterRefreshing,
      noMoreData: .backFooterNoMoreData, failed: .backFooterFailed)

    /// The automatic footer's titles (MJRefresh's `MJRefreshAutoStateFooter`).
    public static let autoFooter = DefaultTitles(
      idle: .autoFooterIdle, refreshing: .autoFooterRefreshing,
      noMoreData: .autoFooterNoMoreData, failed: .autoFooterFailed)

    /// The automatic header's titles (the automatic footer's, mirrored).
    public static let autoHeader = DefaultTitles(
      idle: .autoHeaderIdle, refreshing: .autoHeaderRefreshing,
      noMoreData: .autoHeaderNoMoreData, failed: .autoHeaderFailed)

    /// The leader's titles (ours: MJRefresh has no leader); it refreshes, so it says so.
    public static let leader = DefaultTitles(
      idle: .leaderIdle, pulling: .leaderPulling, refreshing: .leaderRefreshing,
      failed: .leaderFailed)

    /// The trailer's titles (MJRefresh's `MJRefreshStateTrailer`, which shows its pulling text
    /// while refreshing).
    public static let trailer = DefaultTitles(
      idle: .trailerIdle, pulling: .trailerPulling, refreshing: .trailerPulling,
      failed: .trailerFailed)
  }

  /// The label, styled as MJRefresh's (bold 14, centered, in ``RefreshConfig/textColor``).
  public let label = Label.refreshLabel()

  /// How the label is laid out.
  public let layout: Layout

  /// Whether tapping the title while the component is idle (or failed) begins refreshing:
  /// MJRefresh's automatic footer's `stateLabelClick`, with the retry.
  public let loadsOnTap: Bool

  /// MJRefresh's `labelLeftInset`, 25 points.
  public static let defaultLabelLeftInset: CGFloat = 25

  /// The space between the text and an indicator beside it, in points: MJRefresh's
  /// `labelLeftInset`, 25 (20 beside frames: ``StateImagesPart/labelLeftInset``).
  public var labelLeftInset = StateTitlePart.defaultLabelLeftInset {
    didSet { component?.setNeedsLayout() }
  }

  /// Whether the title is hidden while refreshing, the indicator alone showing (centered):
  /// MJRefresh's `refreshingTitleHidden`.
  public var isHiddenWhileRefreshing = false {
    didSet {
      guard let component else { return }
      update(in: component)
    }
  }

  // Read on every state change. Main-actor confined, and no access to it calls out while it
  // is held, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var titles = StateTitles()

  /// The component the part belongs to.
  private weak var component: RefreshComponent?

  /// Keeps the label on ``RefreshConfig/textColor`` until the app sets a color of its own.
  private var colorToken: ObservationToken?

  /// Creates a state title.
  ///
  /// - Parameters:
  ///   - defaults: The localized title of each state that has one.
  ///   - layout: How the label is laid out; ``Layout-swift.enum/fill`` by default.
  ///   - loadsOnTap: Whether a tap on the title while idle or failed begins refreshing.
  public init(defaults: DefaultTitles, layout: Layout = .fill, loadsOnTap: Bool = false) {
    self.layout = layout
    self.loadsOnTap = loadsOnTap
    for (state, text) in defaults.texts { titles.setDefault(text, for: state) }
    // A vertical title reads top to bottom, one character per line.
    if layout == .trailingColumn || layout == .leadingColumn { label.numberOfLines = 0 }
  }

  /// Sets the title shown in a state, and shows it if that is the component's state; it is
  /// kept when the language changes.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` to return to the localized default.
  ///   - state: The state it belongs to.
  public func setTitle(_ title: String?, for state: RefreshState) {
    titles.setCustom(title, for: state)
    guard let component else { return }
    update(in: component)
  }

  /// The title of a state: yours, or the localized default in the current language.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its title, or `nil` when it has none.
  public func title(for state: RefreshState) -> String? {
    titles.title(for: state)
  }

  /// Adds the part's views to `component` (taking it from another component first) and shows
  /// its state.
  public func didAttach(to component: RefreshComponent) {
    if let owner = self.component, owner !== component { owner.removePart(self) }
    self.component = component
    colorToken = RefreshConfig.default.keep(label, \.textColor, on: \.textColor)
    component.addSubview(label)
    if loadsOnTap {
      label.onTap = { [weak component] _ in
        guard let component, component.state == .idle || component.state == .failed else {
          return
        }
        component.beginRefreshing()
      }
    }
    update(in: component)
  }

  /// Takes the part's views away from `component`.
  public func willDetach(from component: RefreshComponent) {
    label.removeFromSuperview()
    label.onTap = nil
    colorToken = nil
    self.component = nil
  }

  /// Shows the current state's title (and asks for layout when it changed); a failure shows
  /// its message in place of the failed title, when it has one.
  public func update(in component: RefreshComponent) {
    let state = component.state
    let title =
      state == .failed
      ? component.failureMessage ?? titles.title(for: state) : titles.title(for: state)
    let text =
      isHiddenWhileRefreshing && component.isRefreshing ? nil : component.shownTitle(for: title)
    guard !label.text.isSameText(as: text) else { return }
    label.text = text
    component.setNeedsLayout()
  }

  /// Shows the title of the new state.
  public func show(
    _ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent
  ) {
    update(in: component)
  }

  /// Lays the label out as ``layout`` says.
  public func place(in component: RefreshComponent) {
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

  /// Where an indicator's center lies beside a vertical title: 14 points toward the content
  /// (left of a trailer's, right of a leader's), or the middle while the title is hidden;
  /// `nil` for the other layouts, whose indicator sits beside the text.
  func indicatorCenterX(in component: RefreshComponent) -> CGFloat? {
    switch layout {
    case .trailingColumn: label.isHidden ? component.frame.width * 0.5 : label.frame.minX - 14
    case .leadingColumn: label.isHidden ? component.frame.width * 0.5 : label.frame.maxX + 14
    case .fill, .byComponent: nil
    }
  }
}
