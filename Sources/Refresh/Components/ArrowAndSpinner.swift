import Foundation

/// The arrow and spinner of the "normal" components: the arrow turns over the fast duration
/// between its idle and pulling directions, and gives way to the spinner while refreshing.
@MainActor
final class ArrowAndSpinner {
  let arrowView = ImageView(image: .arrow)
  let loadingView = ActivityIndicatorView()
  /// The arrow's rotation while idle and while pulling, in radians.
  let idleRotation: CGFloat
  let pullingRotation: CGFloat

  init(in container: View, idleRotation: CGFloat, pullingRotation: CGFloat) {
    self.idleRotation = idleRotation
    self.pullingRotation = pullingRotation
    arrowView.transform = Transform(rotationAngle: idleRotation)
    container.addSubview(arrowView)
    container.addSubview(loadingView)
  }

  /// Centers both at a point.
  func place(center: CGPoint) {
    let arrowSize = arrowView.intrinsicContentSize
    arrowView.frame = CGRect(
      x: center.x - arrowSize.width / 2, y: center.y - arrowSize.height / 2,
      width: arrowSize.width, height: arrowSize.height)
    let spinnerSize = loadingView.intrinsicContentSize
    loadingView.frame = CGRect(
      x: center.x - spinnerSize.width / 2, y: center.y - spinnerSize.height / 2,
      width: spinnerSize.width, height: spinnerSize.height)
  }

  /// Shows the state: an arrow turned toward the pull, or the spinner.
  func show(
    _ state: RefreshState, from oldState: RefreshState, fast: TimeInterval, slow: TimeInterval,
    isStillIdle: @escaping () -> Bool
  ) {
    switch state {
    case .idle where oldState == .refreshing:
      arrowView.transform = Transform(rotationAngle: idleRotation)
      View.animate(withDuration: slow) {
        self.loadingView.alpha = 0
      } completion: { [weak self] _ in
        // A new refresh may have begun meanwhile.
        guard let self, isStillIdle() else { return }
        self.loadingView.alpha = 1
        self.loadingView.stopAnimating()
        self.arrowView.isHidden = false
      }
    case .idle:
      loadingView.stopAnimating()
      arrowView.isHidden = false
      View.animate(withDuration: fast) {
        self.arrowView.transform = Transform(rotationAngle: self.idleRotation)
      }
    case .pulling:
      loadingView.stopAnimating()
      arrowView.isHidden = false
      View.animate(withDuration: fast) {
        self.arrowView.transform = Transform(rotationAngle: self.pullingRotation)
      }
    case .refreshing, .willRefresh:
      loadingView.alpha = 1
      loadingView.startAnimating()
      arrowView.isHidden = true
    case .noMoreData:
      arrowView.isHidden = true
      loadingView.stopAnimating()
    }
  }
}
