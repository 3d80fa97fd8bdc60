import Foundation

/// A leader with a vertical title per state: the mirror of ``RefreshStateTrailer``.
///
/// Its title reads top to bottom at the left edge, the arrow between it and the content.
@MainActor
open class RefreshStateLeader: RefreshLeader {
  /// The label showing the state's title, one character per line.
  public let stateLabel = Label.refreshLabel()

  private lazy var titles = StateTitleLabel(
    stateLabel, in: self, defaults: StateTitleLabel.leaderTitles, layout: .leadingColumn)

  open override func prepare() {
    super.prepare()
    addPart(titles)
  }

  /// The arrow sits 14 points right of the vertical title (the trailer's gap, mirrored), or in
  /// the middle without it.
  override var indicatorCenterX: CGFloat? {
    stateLabel.isHidden ? frame.width * 0.5 : stateLabel.frame.maxX + 14
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
}
