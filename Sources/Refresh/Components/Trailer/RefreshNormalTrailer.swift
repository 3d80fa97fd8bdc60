import Foundation

/// A trailer with an arrow beside its title: MJRefresh's `MJRefreshNormalTrailer`.
///
/// The arrow points left while idle ("keep sliding") and right once releasing would trigger.
@MainActor
open class RefreshNormalTrailer: RefreshStateTrailer {
  private var indicator: ArrowAndSpinner!

  /// The arrow.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    indicator = ArrowAndSpinner(
      in: self, idleRotation: .pi / 2, pullingRotation: 0.000001 - .pi / 2)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    let centerX = stateLabel.isHidden ? frame.width * 0.5 : stateLabel.frame.minX - 14
    indicator.place(center: CGPoint(x: centerX, y: frame.height * 0.5))
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    indicator.show(
      state, from: oldState, fast: fastAnimationDuration, slow: slowAnimationDuration,
      isStillIdle: { [weak self] in self?.state == .idle })
  }
}
