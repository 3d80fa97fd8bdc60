import Foundation

/// A back footer with an arrow and a spinner: MJRefresh's `MJRefreshBackNormalFooter`.
///
/// The arrow points up while idle ("pull up") and down once releasing would load.
open class RefreshBackNormalFooter: RefreshBackStateFooter, ArrowAndSpinnerComponent {
  /// The arrow and the spinner, beside the title.
  public let indicatorPart = ArrowAndSpinnerPart()

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
