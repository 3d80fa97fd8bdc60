import Foundation

/// A back footer with a title per state: MJRefresh's `MJRefreshBackStateFooter`.
@MainActor
open class RefreshBackStateFooter: RefreshBackFooter {
  /// The label showing the state's title.
  public let stateLabel = Label.refreshLabel()

  /// The space between the title and the arrow or animation beside it, in points (25).
  public var labelLeftInset: CGFloat = 25

  private var titles = StateTitles()

  open override func prepare() {
    super.prepare()
    addSubview(stateLabel)
    titles.setDefault(.backFooterIdle, for: .idle)
    titles.setDefault(.backFooterPulling, for: .pulling)
    titles.setDefault(.backFooterRefreshing, for: .refreshing)
    titles.setDefault(.backFooterRefreshing, for: .willRefresh)
    titles.setDefault(.backFooterNoMoreData, for: .noMoreData)
    updateStateLabel()
  }

  /// Sets the title shown in a state; it is kept when the language changes.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` to return to the localized default.
  ///   - state: The state it belongs to.
  public func setTitle(_ title: String?, for state: RefreshState) {
    titles.setCustom(title, for: state)
    updateStateLabel()
  }

  /// The title shown in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its title, or `nil`.
  public func title(for state: RefreshState) -> String? {
    titles.title(for: state)
  }

  private func updateStateLabel() {
    stateLabel.text = titles.title(for: state)
    setNeedsLayout()
  }

  open override func placeSubviews() {
    super.placeSubviews()
    stateLabel.frame = bounds
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    updateStateLabel()
  }

  open override func i18nDidChange() {
    updateStateLabel()
    super.i18nDidChange()
  }
}
