import Foundation

/// The familiar header: an arrow that turns when releasing would refresh, a spinner while
/// refreshing, and the state and time labels: MJRefresh's `MJRefreshNormalHeader`.
///
/// ```swift
/// scroll.header = RefreshNormalHeader(refreshingBlock: { reload() })
/// ```
@MainActor
open class RefreshNormalHeader: RefreshStateHeader {
  private var indicator: ArrowAndSpinner!

  /// The arrow, pointing down while idle and up while pulling.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    indicator = ArrowAndSpinner(in: self, idleRotation: 0, pullingRotation: 0.000001 - .pi)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    var centerX = frame.width * 0.5
    if !stateLabel.isHidden {
      centerX -= widestTextWidth / 2 + labelLeftInset
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
