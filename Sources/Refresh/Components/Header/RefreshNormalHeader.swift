import Foundation

/// The familiar header: an arrow that turns when releasing would refresh, a spinner while
/// refreshing, and the state and time labels: MJRefresh's `MJRefreshNormalHeader`.
///
/// ```swift
/// scroll.header = RefreshNormalHeader(refreshingBlock: { reload() })
/// ```
@MainActor
open class RefreshNormalHeader: RefreshStateHeader {
  private lazy var indicator = ArrowAndSpinner(in: self)

  /// The arrow, pointing down while idle and up while pulling.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    addPart(indicator)
  }

  override func resultTextDidChange() {
    super.resultTextDidChange()
    indicator.resultDidChange(in: self)
  }
}
