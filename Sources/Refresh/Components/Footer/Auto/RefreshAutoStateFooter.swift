import Foundation

/// An automatic footer with a title per state, which loads when its title is tapped:
/// MJRefresh's `MJRefreshAutoStateFooter`.
@MainActor
open class RefreshAutoStateFooter: RefreshAutoFooter {
  /// The label showing the state's title; tapping it while idle loads.
  public let stateLabel = Label.refreshLabel()

  /// The space between the title and the spinner or animation beside it, in points (25).
  public var labelLeftInset: CGFloat = 25

  /// Whether the title is hidden while refreshing (only the spinner shows).
  public var isRefreshingTitleHidden = false {
    didSet { updateStateLabel() }
  }

  private var titles = StateTitles()

  open override func prepare() {
    super.prepare()
    addSubview(stateLabel)
    stateLabel.onTap = { [weak self] _ in
      guard let self, self.state == .idle else { return }
      self.beginRefreshing()
    }
    titles.setDefault(.autoFooterIdle, for: .idle)
    titles.setDefault(.autoFooterRefreshing, for: .refreshing)
    titles.setDefault(.autoFooterRefreshing, for: .willRefresh)
    titles.setDefault(.autoFooterNoMoreData, for: .noMoreData)
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
    stateLabel.text = isRefreshingTitleHidden && isRefreshing ? nil : titles.title(for: state)
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
