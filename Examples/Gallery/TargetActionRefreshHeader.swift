import Foundation
import Refresh

/// A 50-point pull-down header that reports each refresh as a "value changed" event to its
/// targets, as a `UIControl` does.
///
/// It is what seeds 000 (`JSRefresh`) and 004 (`RefreshControl`) describe: a control placed
/// above a table, whose states are *normal*, *pulling* and *refreshing*. Its subclasses
/// ``JSRefreshControl`` and ``ValueChangedRefreshControl`` only choose titles and colours; the
/// behaviour lives here and in the ``RefreshHeader`` it extends:
///
/// - while the finger is down, the state is ``RefreshState/pulling`` once the offset is past
///   `-(height + inset.top)`, and back to ``RefreshState/idle`` (normal) before it;
/// - released while pulling, it refreshes: the header's contribution adds its height to the top
///   of ``ScrollModel/adjustedContentInset`` (your `contentInset` is never touched), and
///   ``sendValueChanged()`` calls every target and ``onValueChanged``, once per refresh;
/// - ``RefreshComponent/endRefreshing()`` takes the height back over 0.25 s, as the seeds do.
///
/// The arrow turns over to point up (a half turn, over 0.25 s) when releasing would refresh,
/// and gives way to a spinner while refreshing; the title label sits to the right of them. Set
/// ``isIndicatorHidden`` to show the title alone, centred.
///
/// ```swift
/// let control = ValueChangedRefreshControl()
/// control.addTarget(feedController, action: FeedController.reload)
/// scroll.header = control
/// // FeedController.reload calls control.endRefreshing() when the data is in.
/// ```
///
/// The header keeps its last update time in memory (it never shows it), so the gallery leaves
/// `UserDefaults` alone; set ``RefreshHeader/lastUpdatedTimeStore`` to keep it elsewhere.
@MainActor
open class TargetActionRefreshHeader: RefreshStateHeader {
  /// The control's height, 50 points, as in both seeds.
  public static let controlHeight: CGFloat = 50

  /// How far left of the middle the arrow and the spinner are centred, 35 points (seed 004).
  public static let indicatorOffset: CGFloat = 35

  /// The arrow's rotation while pulling: a half turn, so that it points up.
  public static let pullingRotation: CGFloat = .pi

  /// The arrow, pointing down while normal and up while pulling.
  public let arrowView = ImageView(image: .arrow)

  /// The spinner shown, in place of the arrow, while refreshing.
  public let loadingView = ActivityIndicatorView()

  /// Whether the arrow and the spinner are left out, and the title centred alone.
  public var isIndicatorHidden = false {
    didSet {
      guard isIndicatorHidden != oldValue else { return }
      showIndicator(for: state, from: state)
      setNeedsLayout()
    }
  }

  /// Called when refreshing begins, after the targets.
  public var onValueChanged: (() -> Void)?

  private var actions: [TargetAction] = []

  /// The targets added with ``addTarget(_:action:)`` that are still alive, in the order they
  /// were added.
  public var allTargets: [AnyObject] {
    actions.compactMap(\.target)
  }

  /// Adds a target whose method is called when refreshing begins (`UIControl.addTarget` for
  /// `.valueChanged`).
  ///
  /// The target is held weakly; a target that is gone is skipped and forgotten. Adding the same
  /// target twice calls it twice.
  ///
  /// ```swift
  /// control.addTarget(self, action: FeedController.reload)
  /// ```
  ///
  /// - Parameters:
  ///   - target: The object whose method is called.
  ///   - action: The method, as `Type.method`.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void
  ) {
    actions.append(
      TargetAction(target: target) { object in
        guard let target = object as? Target else { return }
        action(target)()
      })
  }

  /// Removes every action of a target.
  ///
  /// - Parameter target: A target added with ``addTarget(_:action:)``.
  public func removeTarget(_ target: AnyObject) {
    actions.removeAll { $0.target == nil || $0.target === target }
  }

  /// Calls every live target's method, in the order they were added, then ``onValueChanged``
  /// (`sendActions(for: .valueChanged)`).
  ///
  /// The header sends it by itself each time it begins refreshing, from a pull or from
  /// ``RefreshComponent/beginRefreshing()``; call it yourself only to simulate one.
  public func sendValueChanged() {
    actions.removeAll { $0.target == nil }
    for action in actions {
      guard let target = action.target else { continue }
      action.send(target)
    }
    onValueChanged?()
  }

  open override func prepare() {
    super.prepare()
    frame.size.height = Self.controlHeight
    // Both seeds hide the header again over 0.25 s.
    slowAnimationDuration = fastAnimationDuration
    lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    lastUpdatedTimeLabel.isHidden = true
    stateLabel.isBold = false
    addSubview(arrowView)
    addSubview(loadingView)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    if isIndicatorHidden {
      stateLabel.textAlignment = .center
      stateLabel.frame = bounds
      return
    }
    let center = CGPoint(x: frame.width / 2 - Self.indicatorOffset, y: frame.height / 2)
    arrowView.center = center
    loadingView.center = center
    let titleX = arrowView.frame.maxX
    stateLabel.textAlignment = .left
    stateLabel.frame = CGRect(
      x: titleX, y: 0, width: max(0, frame.width - titleX), height: frame.height)
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    showIndicator(for: state, from: oldState)
    // Last: a target may end refreshing at once, which the hierarchy allows.
    if state == .refreshing { sendValueChanged() }
  }

  /// Shows the arrow, turned for the state, or the spinner.
  private func showIndicator(for state: RefreshState, from oldState: RefreshState) {
    guard !isIndicatorHidden else {
      arrowView.isHidden = true
      loadingView.stopAnimating()
      return
    }
    switch state {
    case .idle:
      loadingView.stopAnimating()
      arrowView.isHidden = false
      if oldState == .refreshing || oldState == .willRefresh {
        // The arrow was hidden: it comes back pointing down, without turning.
        arrowView.transform = .identity
      } else {
        View.animate(withDuration: fastAnimationDuration) {
          self.arrowView.transform = .identity
        }
      }
    case .pulling:
      loadingView.stopAnimating()
      arrowView.isHidden = false
      View.animate(withDuration: fastAnimationDuration) {
        self.arrowView.transform = Transform(rotationAngle: Self.pullingRotation)
      }
    case .refreshing, .willRefresh:
      arrowView.isHidden = true
      loadingView.startAnimating()
    case .noMoreData, .failed:
      arrowView.isHidden = true
      loadingView.stopAnimating()
    }
  }
}

/// A weakly held target and the call that sends it the action.
private struct TargetAction {
  weak var target: AnyObject?
  let send: @MainActor (AnyObject) -> Void
}
