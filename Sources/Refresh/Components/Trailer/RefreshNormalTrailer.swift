import Foundation

/// A trailer with an arrow beside its title: MJRefresh's `MJRefreshNormalTrailer`.
///
/// The arrow points left while idle ("keep sliding") and right once releasing would trigger.
@MainActor
open class RefreshNormalTrailer: RefreshStateTrailer {
  private lazy var indicator = ArrowAndSpinner(in: self)

  /// The arrow.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    addPart(indicator)
  }
}
