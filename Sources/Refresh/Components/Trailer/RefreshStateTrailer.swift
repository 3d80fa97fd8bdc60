import Foundation

/// A trailer with a vertical title per state: MJRefresh's `MJRefreshStateTrailer`.
@MainActor
open class RefreshStateTrailer: RefreshTrailer {
  /// The label showing the state's title, one character per line.
  public let stateLabel = Label.refreshLabel()

  private var titles = StateTitles()

  open override func prepare() {
    super.prepare()
    stateLabel.numberOfLines = 0
    addSubview(stateLabel)
    titles.setDefault(.trailerIdle, for: .idle)
    titles.setDefault(.trailerPulling, for: .pulling)
    titles.setDefault(.trailerPulling, for: .refreshing)
    titles.setDefault(.trailerPulling, for: .willRefresh)
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
    // As narrow as the title's widest character: the title reads top to bottom.
    let widest = (stateLabel.text ?? "").map(TextMetrics.cellWidth(of:)).max() ?? 1
    let width = TextMetrics.cellWidth * CGFloat(max(1, widest))
    stateLabel.frame = CGRect(
      x: frame.width - width - 8, y: 0, width: width, height: frame.height)
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
