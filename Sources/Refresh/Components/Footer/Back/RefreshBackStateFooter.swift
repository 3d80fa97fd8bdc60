import Foundation

/// A back footer with a title per state: MJRefresh's `MJRefreshBackStateFooter`.
@MainActor
open class RefreshBackStateFooter: RefreshBackFooter {
  /// The label showing the state's title.
  public let stateLabel = Label.refreshLabel()

  /// The space between the title and the arrow or animation beside it, in points (25).
  public var labelLeftInset: CGFloat = 25

  private lazy var titles = StateTitleLabel(
    stateLabel, in: self, defaults: StateTitleLabel.backFooterTitles, layout: .fill)

  open override func prepare() {
    super.prepare()
    addPart(titles)
  }

  /// Sets the title shown in a state; it is kept when the language changes.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` to return to the localized default.
  ///   - state: The state it belongs to.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setTitle(_ title: String?, for state: RefreshState) -> Self {
    titles.setTitle(title, for: state, in: self)
  }

  /// The title shown in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its title, or `nil`.
  public func title(for state: RefreshState) -> String? {
    titles.title(for: state)
  }

  override func textBesideIndicator(forFrames: Bool) -> TextBesideIndicator? {
    titles.textBeside(gap: labelLeftInset)
  }
}
