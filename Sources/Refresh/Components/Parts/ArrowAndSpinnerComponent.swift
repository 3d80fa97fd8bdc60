import Foundation

/// A component with a spinner (an ``ArrowAndSpinnerPart``): the automatic Normal variants,
/// MJRefresh's `MJRefreshAutoNormalFooter`, and, with the arrow, every ``ArrowAndSpinnerComponent``.
@MainActor
public protocol SpinnerComponent: RefreshComponent {
  /// The component's spinner (and arrow), which it added as a part.
  var indicatorPart: ArrowAndSpinnerPart { get }
}

extension SpinnerComponent {
  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicatorPart.loadingView }
}

/// A component with an arrow and a spinner (an ``ArrowAndSpinnerPart``): the Normal variants,
/// MJRefresh's `MJRefreshNormalHeader`, `MJRefreshBackNormalFooter` and
/// `MJRefreshNormalTrailer`, and the leader.
@MainActor
public protocol ArrowAndSpinnerComponent: SpinnerComponent {}

extension ArrowAndSpinnerComponent {
  /// The arrow: away from the content while idle, toward it once releasing would refresh.
  public var arrowView: ImageView { indicatorPart.arrowView }
}
