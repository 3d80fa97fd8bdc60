import Foundation
import Observing

/// The arrow and spinner of the Normal variants: MJRefresh's `arrowView` and `loadingView`.
///
/// The arrow points away from the content while idle and turns toward it (over the fast
/// duration) once releasing would refresh; it gives way to the spinner while refreshing, and to
/// a failure mark after a failure. Both sit beside the component's text
/// (``RefreshComponent/indicatorCenter()``). The automatic footer and header have the spinner
/// alone (``init(showsArrow:)`` with `false`).
///
/// ```swift
/// final class StarHeader: RefreshHeader {
///   let indicator = ArrowAndSpinnerPart()
///
///   override func prepare() {
///     super.prepare()
///     addPart(indicator)
///     indicator.arrowView.tintColor = .orange
///   }
/// }
/// ```
@MainActor
public final class ArrowAndSpinnerPart: RefreshComponentPart {
  /// The arrow, pointing away from the content while idle and toward it while pulling.
  public let arrowView = ImageView(image: .arrow)
  /// Shown where the arrow was while the component is ``RefreshState/failed``.
  public let failureView = ImageView(image: .failureMark)
  /// The spinner shown while refreshing.
  public let loadingView = ActivityIndicatorView()
  /// Whether there is an arrow (and a failure mark) beside the spinner: not for a spinner
  /// alone.
  public let showsArrow: Bool
  /// Keep the arrow's tint on the configuration's tint, or on the title's own color, and the
  /// spinner's on the configuration's.
  private var tintTokens: [ObservationToken] = []
  /// The component the part belongs to.
  private weak var component: RefreshComponent?

  /// Creates an arrow and a spinner, or a spinner alone.
  ///
  /// - Parameter showsArrow: Whether the arrow (and the failure mark) show beside the spinner;
  ///   `true` by default.
  public init(showsArrow: Bool = true) {
    self.showsArrow = showsArrow
    failureView.isHidden = true
  }

  /// Adds the part's views to `component` (taking it from another component first) and shows
  /// its state.
  public func didAttach(to component: RefreshComponent) {
    if let owner = self.component, owner !== component { owner.removePart(self) }
    self.component = component
    let config = RefreshConfig.default
    tintTokens = [config.keep(loadingView, \.color, on: \.tintColor)]
    component.addSubview(loadingView)
    guard showsArrow else { return }
    arrowView.transform = Transform(rotationAngle: Self.rotations(in: component).idle)
    component.addSubview(arrowView)
    component.addSubview(failureView)
    // The arrow takes the configuration's tint, or its title's color when the app gave the
    // title one of its own (MJRefresh sets the arrow's tint to the label's color).
    let title = component.part(ofType: StateTitlePart.self)?.label
    let update = { [weak arrowView, weak failureView, weak title] in
      let titleColor = title?.textColor ?? config.textColor
      let tint = titleColor == config.textColor ? config.tintColor : titleColor
      arrowView?.tintColor = tint
      failureView?.tintColor = tint
    }
    update()
    tintTokens += [
      config.observe(\.tintColor) { _, _ in update() },
      config.observe(\.textColor) { _, _ in update() },
    ]
    if let title { tintTokens.append(title.observe(\.textColor) { _, _ in update() }) }
    show(component.state, from: component.state, in: component)
  }

  /// Takes the part's views away from `component`.
  public func willDetach(from component: RefreshComponent) {
    for view in [arrowView, failureView, loadingView] { view.removeFromSuperview() }
    tintTokens = []
    self.component = nil
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

  /// Centers the arrow and the spinner left of the component's text (right of it in a
  /// right-to-left layout), or in the middle without one.
  public func place(in component: RefreshComponent) {
    let center = component.indicatorCenter()
    if showsArrow {
      arrowView.frame = frame(of: arrowView.intrinsicContentSize, at: center)
      failureView.frame = frame(of: failureView.intrinsicContentSize, at: center)
    }
    loadingView.frame = frame(of: loadingView.intrinsicContentSize, at: center)
  }

  /// Whether `component` is a header holding the result of its last refresh ("Updated 20
  /// items"): the arrow stays hidden meanwhile, as SmartRefreshLayout's classic header hides
  /// its arrow when it finishes, for it would invite a pull beside the news of the last one.
  private static func isHoldingResult(_ component: RefreshComponent) -> Bool {
    component.isHoldingResult
  }

  /// Hides the arrow while a header at rest holds a result, and shows it again when the hold
  /// ends, unless the spinner still shows (refreshing, or fading out: its fade ends by showing
  /// the arrow).
  public func update(in component: RefreshComponent) {
    guard showsArrow, component.state == .idle, !loadingView.isAnimating else { return }
    arrowView.isHidden = Self.isHoldingResult(component)
  }

  private func frame(of size: CGSize, at center: CGPoint) -> CGRect {
    CGRect(
      x: center.x - size.width / 2, y: center.y - size.height / 2,
      width: size.width, height: size.height)
  }

  /// Shows the state: an arrow turned toward the pull, or the spinner.
  public func show(
    _ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent
  ) {
    failureView.isHidden = state != .failed || !showsArrow
    loadingView.holdsStill = component.reducesMotion
    guard showsArrow else {
      if component.isRefreshing {
        loadingView.startAnimating()
      } else {
        loadingView.stopAnimating()
      }
      return
    }
    let rotations = Self.rotations(in: component)
    switch state {
    case .idle where oldState == .refreshing && component.reducesMotion:
      // Still: the spinner goes at once, without fading.
      arrowView.transform = Transform(rotationAngle: rotations.idle)
      loadingView.alpha = 1
      loadingView.stopAnimating()
      arrowView.isHidden = Self.isHoldingResult(component)
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
      if component.reducesMotion {
        arrowView.transform = Transform(rotationAngle: angle)
      } else {
        View.animate(withDuration: component.fastAnimationDuration) {
          self.arrowView.transform = Transform(rotationAngle: angle)
        }
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
