import Foundation
import Observing

/// The arrow and spinner of the Normal variants.
///
/// The arrow turns over the fast duration between its idle and pulling directions, and gives way
/// to the spinner while refreshing, and to the failure mark after a failure. The automatic
/// footer has the spinner alone.
@MainActor
final class ArrowAndSpinner: RefreshComponentPart {
  let arrowView = ImageView(image: .arrow)
  /// Shown where the arrow was while the component is ``RefreshState/failed``.
  let failureView = ImageView(image: .failureMark)
  let loadingView: ActivityIndicatorView
  /// Whether there is an arrow (and a failure mark) beside the spinner: not for a spinner
  /// alone.
  private let hasArrow: Bool
  /// Keep the arrow's tint on the configuration's tint, or on the title's own color.
  private var tintTokens: [ObservationToken] = []

  /// Adds an arrow and a spinner to a pulled component; the arrow points away from the content
  /// while idle and toward it once releasing would refresh.
  ///
  /// - Parameter component: The component; both become its subviews.
  init(in component: RefreshComponent) {
    hasArrow = true
    loadingView = ActivityIndicatorView()
    arrowView.transform = Transform(rotationAngle: Self.rotations(in: component).idle)
    failureView.isHidden = true
    component.addSubview(arrowView)
    component.addSubview(failureView)
    component.addSubview(loadingView)
    component.keepColor(of: loadingView, \.color, on: \.tintColor)
    // The arrow takes the configuration's tint, or its title's color when the app gave the
    // title one of its own (MJRefresh sets the arrow's tint to the label's color).
    let config = RefreshConfig.default
    let title = component.parts.lazy.compactMap { ($0 as? StateTitleLabel)?.label }.first
    let update = { [weak arrowView, weak failureView, weak title] in
      let titleColor = title?.textColor ?? config.textColor
      let tint = titleColor == config.textColor ? config.tintColor : titleColor
      arrowView?.tintColor = tint
      failureView?.tintColor = tint
    }
    update()
    tintTokens = [
      config.observe(\.tintColor) { _, _ in update() },
      config.observe(\.textColor) { _, _ in update() },
    ]
    if let title { tintTokens.append(title.observe(\.textColor) { _, _ in update() }) }
  }

  /// The arrow's rotations at the component's edge on screen, in radians: a trailer's arrow
  /// is a leader's in a right-to-left layout, where it sits at the left end.
  ///
  /// The image points down unrotated. A half turn is written `0.000001 - .pi`, a hair short, so
  /// that the arrow turns back the way it came (MJRefresh's `0.000001 - M_PI`).
  private static func rotations(in component: RefreshComponent) -> (
    idle: CGFloat, pulling: CGFloat
  ) {
    switch component.pullEdgeOnScreen ?? .top {
    case .top: (0, 0.000001 - .pi)  // down, then up
    case .bottom: (0.000001 - .pi, 0)  // up, then down
    case .leading: (-.pi / 2, .pi / 2 - 0.000001)  // right, then left
    case .trailing: (.pi / 2, 0.000001 - .pi / 2)  // left, then right
    }
  }

  /// Adds a spinner alone (the automatic footer's), which spins while refreshing.
  ///
  /// - Parameters:
  ///   - loadingView: The spinner, owned by the component.
  ///   - component: The component; the spinner becomes its subview.
  init(spinner loadingView: ActivityIndicatorView, in component: RefreshComponent) {
    hasArrow = false
    self.loadingView = loadingView
    component.addSubview(loadingView)
    component.keepColor(of: loadingView, \.color, on: \.tintColor)
  }

  /// Centers the arrow and the spinner left of the component's text (right of it in a
  /// right-to-left layout), or in the middle without one.
  func place(in component: RefreshComponent) {
    let size = component.frame.size
    let direction = component.effectiveUserInterfaceLayoutDirection
    let centerX =
      component.textBesideIndicator(forFrames: false)?
      .indicatorCenterX(inWidth: size.width, direction: direction)
      ?? size.width * 0.5
    let center = CGPoint(x: component.indicatorCenterX ?? centerX, y: size.height * 0.5)
    if hasArrow {
      arrowView.frame = frame(of: arrowView.intrinsicContentSize, at: center)
      failureView.frame = frame(of: failureView.intrinsicContentSize, at: center)
    }
    loadingView.frame = frame(of: loadingView.intrinsicContentSize, at: center)
  }

  /// Whether `component` is a header holding the result of its last refresh ("Updated 20
  /// items"): the arrow stays hidden meanwhile, as SmartRefreshLayout's classic header hides
  /// its arrow when it finishes, for it would invite a pull beside the news of the last one.
  private static func isHoldingResult(_ component: RefreshComponent) -> Bool {
    (component as? RefreshHeader)?.resultText != nil
  }

  /// Hides the arrow while a header holds a result, and shows it again when the hold ends,
  /// unless the spinner still shows (refreshing, or fading out: its fade ends by showing the
  /// arrow).
  func resultDidChange(in component: RefreshComponent) {
    guard hasArrow, !loadingView.isAnimating else { return }
    arrowView.isHidden = Self.isHoldingResult(component)
  }

  private func frame(of size: CGSize, at center: CGPoint) -> CGRect {
    CGRect(
      x: center.x - size.width / 2, y: center.y - size.height / 2,
      width: size.width, height: size.height)
  }

  /// Shows the state: an arrow turned toward the pull, or the spinner.
  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent) {
    failureView.isHidden = state != .failed || !hasArrow
    guard hasArrow else {
      if component.isRefreshing {
        loadingView.startAnimating()
      } else {
        loadingView.stopAnimating()
      }
      return
    }
    let rotations = Self.rotations(in: component)
    switch state {
    case .idle where oldState == .refreshing:
      arrowView.transform = Transform(rotationAngle: rotations.idle)
      View.animate(withDuration: component.slowAnimationDuration) {
        self.loadingView.alpha = 0
      } completion: { [weak self, weak component] _ in
        // A new refresh may have begun meanwhile.
        guard let self, let component, component.state == .idle else { return }
        self.loadingView.alpha = 1
        self.loadingView.stopAnimating()
        self.arrowView.isHidden = Self.isHoldingResult(component)
      }
    case .idle, .pulling:
      loadingView.stopAnimating()
      arrowView.isHidden = state == .idle && Self.isHoldingResult(component)
      let angle = state == .idle ? rotations.idle : rotations.pulling
      View.animate(withDuration: component.fastAnimationDuration) {
        self.arrowView.transform = Transform(rotationAngle: angle)
      }
    case .refreshing, .willRefresh:
      loadingView.alpha = 1
      loadingView.startAnimating()
      arrowView.isHidden = true
    case .noMoreData, .failed:
      arrowView.isHidden = true
      loadingView.stopAnimating()
    }
  }
}
