import Foundation

/// A trailer with an arrow beside its title: MJRefresh's `MJRefreshNormalTrailer`.
///
/// The arrow points left while idle ("keep sliding") and right once releasing would trigger.
open class RefreshNormalTrailer: RefreshStateTrailer, ArrowAndSpinnerComponent {
  /// The arrow and the spinner, between the title and the content.
  public let indicatorPart = ArrowAndSpinnerPart()

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
