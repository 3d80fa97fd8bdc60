/// The state of a scroll model's pan gesture: `UIGestureRecognizer.State`, as MJRefresh observes
/// it on `panGestureRecognizer.state`.
public enum PanState: Hashable, Sendable, CustomStringConvertible {
  /// No touch.
  case possible
  /// A finger went down and started to move the content.
  case began
  /// The finger moved.
  case changed
  /// The finger lifted.
  case ended
  /// The gesture was interrupted.
  case cancelled
  /// The gesture was not recognized.
  case failed

  /// The name of the state.
  public var description: String {
    switch self {
    case .possible: "possible"
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    }
  }
}
