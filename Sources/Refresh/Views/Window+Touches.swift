import Foundation

extension Window {
  /// A finger goes down at `point` (in window coordinates), over the scroll models there.
  ///
  /// Touches that enter here are routed as UIKit routes pans between nested `UIScrollView`s.
  /// Over a lone scroll model, the drag begins at once (``ScrollModel/beginDragging(at:)``).
  /// Over nested ones, nothing moves until the touch has gone ``touchSlop`` points: then the
  /// axis it moved farther along decides, and the innermost scroll model that can scroll along
  /// that axis takes the whole drag. In a horizontal pager of vertical lists, a horizontal drag
  /// pages the pager and leaves the lists where they were; a vertical one scrolls, or pulls, the
  /// list under the finger alone, so that list's header refreshes and no other.
  ///
  /// ```swift
  /// window.touchBegan(at: CGPoint(x: 300, y: 300))
  /// window.touchMoved(to: CGPoint(x: 200, y: 300))  // the pager follows the finger
  /// window.touchEnded(at: CGPoint(x: 200, y: 300))  // and comes to rest on a page
  /// ```
  ///
  /// A touch already in progress ends first, where this one goes down. Scroll models whose
  /// ``ScrollModel/isScrollEnabled`` is `false` take no touch; a non-finite point is refused.
  ///
  /// - Parameter point: Where the finger went down, in window coordinates.
  public func touchBegan(at point: CGPoint) {
    guard point.isFinite else { return }
    if touch.isActive { touchEnded(at: point) }
    let candidates = scrollModels(at: point)
    guard !candidates.isEmpty else { return }
    touch = TouchRoute(start: point, over: candidates)
    touch.sampler.record(point, at: clock.now)
    if candidates.count == 1 { beginDragging(candidates[0]) }
  }

  /// The finger moves to `point`: the scroll model the touch drags follows it, once decided
  /// (see ``touchBegan(at:)``).
  ///
  /// A scroll model with ``ScrollModel/isDirectionalLockEnabled`` whose content scrolls both
  /// ways follows along one axis only, the one the touch's first movement past ``touchSlop``
  /// favours. Ignored without a touch in progress, and for a non-finite point.
  ///
  /// - Parameter point: The finger's position, in window coordinates.
  public func touchMoved(to point: CGPoint) {
    guard touch.isActive, point.isFinite else { return }
    touch.sampler.record(point, at: clock.now)
    if touch.dragged == nil {
      let axis = touch.axis(at: point)
      guard touch.hasMovedPast(touchSlop, at: point), let owner = touch.owner(along: axis) else {
        return
      }
      let parent =
        axis == .vertical && owner.nestedScrolling == .collapsingParent
        ? touch.verticalParent(of: owner) : nil
      beginDragging(owner)
      if let parent { beginSharing(with: parent) }
    }
    guard let scroll = touch.dragged else { return }
    if let shared = touch.shared {
      moveShared(shared, of: scroll, to: point)
      return
    }
    if scroll.isDirectionalLockEnabled, touch.lockedAxis == nil,
      scroll.canScrollHorizontally, scroll.canScrollVertically
    {
      guard touch.hasMovedPast(touchSlop, at: point) else { return }
      touch.lock(to: touch.axis(at: point))
    }
    scroll.drag(to: position(of: touch.locked(point), in: scroll))
  }

  /// The finger lifts at `point`: the drag ends with the finger's recent velocity (see
  /// ``ScrollModel/endDragging(velocity:)``), and the touch is over.
  ///
  /// A touch that never moved past the slop over nested scroll models moved nothing, and ends
  /// nothing. Ignored without a touch in progress.
  ///
  /// - Parameter point: Where the finger lifted, in window coordinates; a non-finite point
  ///   counts as the last one the touch reported.
  public func touchEnded(at point: CGPoint) {
    guard touch.isActive else { return }
    guard touch.dragged != nil else {
      touch = TouchRoute()
      return
    }
    let last = point.isFinite ? point : touch.sampler.lastPoint ?? touch.start
    // The release is a sample too, so a finger that held still before it has no velocity.
    if touch.sampler.lastPoint != last {
      touchMoved(to: last)
    } else {
      touch.sampler.record(last, at: clock.now)
    }
    let ended = touch
    touch = TouchRoute()
    guard let scroll = ended.dragged else { return }
    let velocity = ended.locked(velocity: ended.sampler.velocity)
    guard let shared = ended.shared else {
      scroll.endDragging(velocity: velocity)
      return
    }
    // The fling goes to one of the two, and what it has left at its end to the other.
    let parent = shared.parent
    let parentMinimum = parent.minimumContentOffset.y
    let parentRange = parentMinimum...max(parentMinimum, parent.maximumContentOffset.y)
    let innerMinimum = scroll.minimumContentOffset.y
    let vertical = CGPoint(x: 0, y: velocity.y)
    // The finger's velocity is positive downward; the content's toward the end.
    switch NestedScrolling.fling(
      -velocity.y, inner: (shared.innerOffset, innerMinimum),
      parent: (shared.parentOffset, parentRange))
    {
    case .inner:
      parent.endDragging(velocity: .zero)
      scroll.endDragging(velocity: vertical)
    case .innerThenParent:
      parent.endDragging(velocity: .zero)
      scroll.endDragging(velocity: vertical)
      scroll.handOff(at: innerMinimum, to: parent, thenStoppingAt: parentRange.lowerBound)
    case .parent:
      parent.endDragging(velocity: vertical)
      parent.handOff(at: parentRange.lowerBound, to: nil, thenStoppingAt: nil)
      scroll.endDragging(velocity: .zero)
    case .parentThenInner:
      parent.endDragging(velocity: vertical)
      parent.handOff(at: parentRange.upperBound, to: scroll, thenStoppingAt: nil)
      scroll.endDragging(velocity: .zero)
    }
  }

  /// The touch is taken away (UIKit's `touchesCancelled`): the drag ends without velocity, so
  /// the content comes to rest where it is (on the nearest page, when paging), and the touch is
  /// over.
  public func touchCancelled() {
    guard touch.isActive else { return }
    let ended = touch
    touch = TouchRoute()
    ended.shared?.parent.endDragging(velocity: .zero)
    ended.dragged?.endDragging(velocity: .zero)
  }

  /// The scroll model the touch in progress drags; `nil` when there is no touch, or while a
  /// touch over nested scroll models has not moved past the slop.
  public var draggedScrollModel: ScrollModel? { touch.dragged }

  /// The enabled scroll models under a point, innermost first: the ones a touch there may drag.
  ///
  /// - Parameter point: A point in window coordinates.
  /// - Returns: The scroll models, from the deepest under the point to the outermost.
  public func scrollModels(at point: CGPoint) -> [ScrollModel] {
    var found: [ScrollModel] = []
    var view = hitTest(point)
    while let current = view {
      if let scroll = current as? ScrollModel, scroll.isScrollEnabled { found.append(scroll) }
      view = current.superview
    }
    return found
  }

  /// Makes `scroll` the one the touch drags, from where the touch went down.
  private func beginDragging(_ scroll: ScrollModel) {
    touch.begin(scroll)
    scroll.beginDragging(at: position(of: touch.start, in: scroll))
  }

  /// Makes the dragged scroll model share the drag with `parent`
  /// (``NestedScrolling/collapsingParent``): both hold a gesture from where the touch went down.
  private func beginSharing(with parent: ScrollModel) {
    guard let inner = touch.dragged else { return }
    let parentStart = position(of: touch.start, in: parent)
    parent.beginDragging(at: parentStart)
    touch.shared = TouchRoute.SharedDrag(
      parent: parent,
      innerStartPoint: position(of: touch.start, in: inner), parentStartPoint: parentStart,
      innerStartOffset: inner.contentOffset.y, parentStartOffset: parent.contentOffset.y,
      innerOffset: inner.contentOffset.y, parentOffset: parent.contentOffset.y,
      lastY: touch.start.y)
  }

  /// Moves a shared drag's finger to `point`: the movement since the last one is split between
  /// `inner` and its parent (``NestedScrolling/split(_:inner:parent:)``), and each follows its
  /// part as a drag of its own.
  private func moveShared(_ drag: TouchRoute.SharedDrag, of inner: ScrollModel, to point: CGPoint) {
    var drag = drag
    let parent = drag.parent
    let (innerOffset, parentOffset) = NestedScrolling.split(
      drag.lastY - point.y,
      inner: (drag.innerOffset, inner.minimumContentOffset.y),
      parent: (
        drag.parentOffset, parent.minimumContentOffset.y...parent.maximumContentOffset.y
      ))
    drag.innerOffset = innerOffset
    drag.parentOffset = parentOffset
    drag.lastY = point.y
    touch.shared = drag
    // Each drags to the point whose translation from its start gives its own offset.
    parent.drag(
      to: CGPoint(
        x: drag.parentStartPoint.x,
        y: drag.parentStartPoint.y - (parentOffset - drag.parentStartOffset)))
    inner.drag(
      to: CGPoint(
        x: drag.innerStartPoint.x,
        y: drag.innerStartPoint.y - (innerOffset - drag.innerStartOffset)))
  }

  /// A window point in a scroll model's frame coordinates (its frame's origin at zero), which
  /// do not move with its content.
  private func position(of point: CGPoint, in scroll: ScrollModel) -> CGPoint {
    let origin = scroll.superview.map { $0.convert(scroll.frame.origin, to: nil) } ?? .zero
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }
}
