import Foundation

/// A back footer with an arrow and a spinner: MJRefresh's `MJRefreshBackNormalFooter`.
///
/// The arrow points up while idle ("pull up") and down once releasing would load.
@MainActor
open class RefreshBackNormalFooter: RefreshBackStateFooter {
  private lazy var indicator = ArrowAndSpinner(in: self)

  /// The arrow.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while loading.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    addPart(indicator)
  }
}
