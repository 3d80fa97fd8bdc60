import Foundation

/// A component with a state title (a ``StateTitlePart``): the State, Normal and Gif variants of
/// every kind, MJRefresh's `MJRefreshStateHeader`, `MJRefreshBackStateFooter`,
/// `MJRefreshAutoStateFooter` and `MJRefreshStateTrailer` and their subclasses.
///
/// Conform a component of your own and return the part it added, to give it the same API:
///
/// ```swift
/// final class NoticeHeader: RefreshHeader, StateTitledComponent {
///   let stateTitlePart = StateTitlePart(defaults: .header)
///
///   override func prepare() {
///     super.prepare()
///     addPart(stateTitlePart)
///   }
/// }
///
/// let header = NoticeHeader { reload() }
/// header.setTitle("Pull to see what's new", for: .idle)
/// ```
@MainActor
public protocol StateTitledComponent: RefreshComponent {
  /// The component's state title, which it added as a part.
  var stateTitlePart: StateTitlePart { get }
}

extension StateTitledComponent {
  /// The label showing the state's title (or a failure's message, or a header's held result).
  public var stateLabel: Label { stateTitlePart.label }

  /// Whether the title is hidden while refreshing, the spinner or frames alone showing,
  /// centered: MJRefresh's `refreshingTitleHidden` (`isRefreshingTitleHidden` in Swift).
  public var isRefreshingTitleHidden: Bool {
    get { stateTitlePart.isHiddenWhileRefreshing }
    set { stateTitlePart.isHiddenWhileRefreshing = newValue }
  }

  /// Sets the title shown in a state; it is kept when the language changes.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` to return to the localized default.
  ///   - state: The state it belongs to.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setTitle(_ title: String?, for state: RefreshState) -> Self {
    stateTitlePart.setTitle(title, for: state)
    return self
  }

  /// The title shown in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its title, or `nil`.
  public func title(for state: RefreshState) -> String? {
    stateTitlePart.title(for: state)
  }

  /// The space between the title and the arrow or animation beside it, in points: 25, or 20
  /// on the Gif variants (MJRefresh's `labelLeftInset`).
  public var labelLeftInset: CGFloat {
    get { stateTitlePart.labelLeftInset }
    set { stateTitlePart.labelLeftInset = newValue }
  }
}
