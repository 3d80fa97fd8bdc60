import Foundation

/// One touch's way through nested scroll models: the ones under it, the one it drags once that
/// is decided, and the axis it is locked to.
///
/// A touch starts with every enabled scroll model under it, innermost first. With one, that one
/// takes the touch at once. With several, the touch first moves past the window's slop, and its
/// larger component picks the axis: the innermost scroll model that can scroll along it takes
/// the drag, and keeps it to the end. So in a horizontal pager of vertical lists a horizontal
/// drag pages the pager, and a vertical one scrolls (or pulls) the list under the finger.
@MainActor
struct TouchRoute {
  /// An axis of movement.
  enum Axis {
    case horizontal
    case vertical
  }

  /// Whether a touch is in progress.
  private(set) var isActive = false
  /// Where the touch went down, in window coordinates.
  private(set) var start = CGPoint.zero
  /// The enabled scroll models under the touch-down, innermost first; emptied once one drags.
  private(set) var candidates: [ScrollModel] = []
  /// The scroll model the touch drags, once decided.
  private(set) var dragged: ScrollModel?
  /// The axis a directional lock keeps the drag on, once decided.
  private(set) var lockedAxis: Axis?
  /// The touch's recent positions, in window coordinates.
  var sampler = VelocitySampler()
  /// The drag shared with the dragged scroll model's parent, when it is one
  /// (``NestedScrolling/collapsingParent``).
  var shared: SharedDrag?

  /// A vertical drag that the dragged scroll model shares with the one around it.
  struct SharedDrag {
    /// The scroll model around the dragged one.
    let parent: ScrollModel
    /// Where each one's gesture began, in its own frame coordinates.
    let innerStartPoint: CGPoint
    let parentStartPoint: CGPoint
    /// Each one's vertical offset when the drag began.
    let innerStartOffset: CGFloat
    let parentStartOffset: CGFloat
    /// The dragged scroll model's raw vertical offset (before its rubber band).
    var innerOffset: CGFloat
    /// The parent's vertical offset.
    var parentOffset: CGFloat
    /// The finger's last vertical position, in window coordinates.
    var lastY: CGFloat
  }

  /// A touch at `start` over `candidates` (innermost first, not empty).
  init(start: CGPoint, over candidates: [ScrollModel]) {
    isActive = true
    self.start = start
    self.candidates = candidates
  }

  /// No touch.
  init() {}

  /// Whether the touch at `point` has moved past `slop` from where it went down.
  func hasMovedPast(_ slop: CGFloat, at point: CGPoint) -> Bool {
    max(abs(point.x - start.x), abs(point.y - start.y)) >= slop
  }

  /// The axis the movement from the touch-down to `point` favours: horizontal only when it
  /// moved farther across than down.
  func axis(at point: CGPoint) -> Axis {
    abs(point.x - start.x) > abs(point.y - start.y) ? .horizontal : .vertical
  }

  /// The candidate a drag along `axis` belongs to: the innermost that can scroll along it, or
  /// the innermost of all when none can (its content then stays, or rubber-bands if it always
  /// bounces).
  func owner(along axis: Axis) -> ScrollModel? {
    candidates.first {
      axis == .horizontal ? $0.canScrollHorizontally : $0.canScrollVertically
    } ?? candidates.first
  }

  /// The scroll model around `scroll` among the candidates that scrolls vertically, if any.
  func verticalParent(of scroll: ScrollModel) -> ScrollModel? {
    guard let index = candidates.firstIndex(where: { $0 === scroll }) else { return nil }
    return candidates[(index + 1)...].first { $0.canScrollVertically }
  }

  /// Records that `scroll` drags from now on.
  mutating func begin(_ scroll: ScrollModel) {
    dragged = scroll
    candidates = []
  }

  /// Locks the drag to `axis`.
  mutating func lock(to axis: Axis) {
    lockedAxis = axis
  }

  /// `point` with the locked-out axis held where the touch went down.
  func locked(_ point: CGPoint) -> CGPoint {
    switch lockedAxis {
    case .horizontal: CGPoint(x: point.x, y: start.y)
    case .vertical: CGPoint(x: start.x, y: point.y)
    case nil: point
    }
  }

  /// `velocity` without its locked-out component.
  func locked(velocity: CGPoint) -> CGPoint {
    switch lockedAxis {
    case .horizontal: CGPoint(x: velocity.x, y: 0)
    case .vertical: CGPoint(x: 0, y: velocity.y)
    case nil: velocity
    }
  }
}
