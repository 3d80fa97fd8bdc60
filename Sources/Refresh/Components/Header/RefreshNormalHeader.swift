import Foundation

/// The familiar header: an arrow that turns when releasing would refresh, a spinner while
/// refreshing, and the state and time labels: MJRefresh's `MJRefreshNormalHeader`.
///
/// ```swift
/// scroll.header = RefreshNormalHeader(refreshingBlock: { reload() })
/// ```
open class RefreshNormalHeader: RefreshStateHeader, ArrowAndSpinnerComponent {
  /// The arrow and the spinner, beside the titles.
  public let indicatorPart = ArrowAndSpinnerPart()

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
