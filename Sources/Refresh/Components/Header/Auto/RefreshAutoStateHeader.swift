import Foundation

/// An automatic header with a title per state, which loads when its title is tapped: the
/// automatic state footer mirrored at the top.
@MainActor
open class RefreshAutoStateHeader: RefreshAutoHeader {
  /// The label showing the state's title; tapping it while idle loads, and after a failure
  /// retries.
  public let stateLabel = Label.refreshLabel()

  /// The space between the title and the spinner beside it, in points (25).
  public var labelLeftInset: CGFloat = 25

  /// Whether the title is hidden while refreshing (only the spinner shows).
  public var isRefreshingTitleHidden = false {
    didSet { titles.update(in: self) }
  }

  private var titles: StateTitleLabel!

  /// The spinner sits beside the title, unless the title is hidden while refreshing: then it is
  /// centered.
  override func textBesideIndicator(forFrames: Bool) -> TextBesideIndicator? {
    isRefreshingTitleHidden
      ? nil : TextBesideIndicator(width: stateLabel.textWidth, gap: labelLeftInset)
  }

  /// No title while refreshing when ``isRefreshingTitleHidden`` says so.
  override func shownTitle(for title: consuming String?) -> String? {
    isRefreshingTitleHidden && isRefreshing ? nil : title
  }

  open override func prepare() {
    super.prepare()
    titles = .loadingOnTap(stateLabel, in: self, defaults: StateTitleLabel.autoHeaderTitles)
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
}
