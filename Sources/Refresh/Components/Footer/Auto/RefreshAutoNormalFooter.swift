import Foundation

/// An automatic footer with a spinner while loading: MJRefresh's `MJRefreshAutoNormalFooter`.
@MainActor
open class RefreshAutoNormalFooter: RefreshAutoStateFooter {
  /// The spinner shown while loading.
  public let loadingView = ActivityIndicatorView()

  open override func prepare() {
    super.prepare()
    addSubview(loadingView)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    var centerX = frame.width * 0.5
    if !isRefreshingTitleHidden {
      centerX -= stateLabel.textWidth * 0.5 + labelLeftInset
    }
    let size = loadingView.intrinsicContentSize
    loadingView.frame = CGRect(
      x: centerX - size.width / 2, y: frame.height * 0.5 - size.height / 2,
      width: size.width, height: size.height)
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    if isRefreshing {
      loadingView.startAnimating()
    } else {
      loadingView.stopAnimating()
    }
  }
}
