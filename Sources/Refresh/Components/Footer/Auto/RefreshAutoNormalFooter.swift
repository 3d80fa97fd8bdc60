import Foundation

/// An automatic footer with a spinner while loading: MJRefresh's `MJRefreshAutoNormalFooter`.
open class RefreshAutoNormalFooter: RefreshAutoStateFooter, SpinnerComponent {
  /// The spinner, beside the title while loading.
  public let indicatorPart = ArrowAndSpinnerPart(showsArrow: false)

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
