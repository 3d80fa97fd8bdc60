import Foundation

/// An automatic footer with a spinner while loading: MJRefresh's `MJRefreshAutoNormalFooter`.
@MainActor
open class RefreshAutoNormalFooter: RefreshAutoStateFooter {
  /// The spinner shown while loading.
  public let loadingView = ActivityIndicatorView()

  open override func prepare() {
    super.prepare()
    addPart(ArrowAndSpinner(spinner: loadingView, in: self))
  }
}
