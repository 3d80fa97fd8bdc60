import Foundation

/// A back footer with an arrow and a spinner: MJRefresh's `MJRefreshBackNormalFooter`.
///
/// The arrow points up while idle ("pull up") and down once releasing would load.
@MainActor
open class RefreshBackNormalFooter: RefreshBackStateFooter {
  private var indicator: ArrowAndSpinner!

  /// The arrow.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while loading.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    indicator = ArrowAndSpinner(in: self, idleRotation: 0.000001 - .pi, pullingRotation: 0)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    var centerX = frame.width * 0.5
    if !stateLabel.isHidden {
      centerX -= labelLeftInset + stateLabel.textWidth * 0.5
    }
    indicator.place(center: CGPoint(x: centerX, y: frame.height * 0.5))
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    indicator.show(
      state, from: oldState, fast: fastAnimationDuration, slow: slowAnimationDuration,
      isStillIdle: { [weak self] in self?.state == .idle })
  }
}
