import Foundation

/// The content moving by itself: physics after a release, or an animated scroll.
///
/// A class, so that the setter's "is anything moving?" test reads a reference, not a copy of
/// two planned motions.
@MainActor
final class Movement {
  enum Kind {
    /// Deceleration and bounce, or, when paging, the spring to a page.
    case physics(x: ScrollMotion, y: ScrollMotion)
    case animation(from: CGPoint, to: CGPoint, duration: TimeInterval)
  }
  var kind: Kind
  var start: TimeInterval
  let task: ClockTask
  /// Where a glide of a shared drag's fling stops and gives its speed to the other scroll
  /// model (``NestedScrolling``), if it does.
  var handoff: FlingHandoff?

  init(kind: Kind, start: TimeInterval, task: ClockTask) {
    self.kind = kind
    self.start = start
    self.task = task
  }
}
