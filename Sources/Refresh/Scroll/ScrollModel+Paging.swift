import Foundation

extension ScrollModel {
  /// The offset a release comes to rest on when ``isPagingEnabled`` is set: a page, that is a
  /// multiple of the bounds size along each axis, moved into the valid range.
  ///
  /// Along each axis (its page being the bounds' width or height):
  /// - A release slower than ``ScrollPhysics/pagingFlingSpeed`` rests on the nearest page.
  /// - A fling rests on the next page in its direction: the first page boundary ahead of the
  ///   offset, an offset within ``ScrollPhysics/restDistanceThreshold`` of a page counting as on
  ///   it (so a fling from a page turns one page).
  /// - The page is clamped to ``minimumContentOffset`` ... ``maximumContentOffset``: content that
  ///   is not a whole number of pages long rests on its end, and a release past an edge returns
  ///   to the edge.
  ///
  /// An axis the content cannot scroll along ignores the velocity; an axis whose bounds size is
  /// zero has no pages and keeps the offset, clamped.
  ///
  /// ```swift
  /// // 480-point pages; released at 250 pt: slowly, the nearest page; flung back, the previous.
  /// scroll.pagingTarget(from: CGPoint(x: 0, y: 250), velocity: .zero)  // (0, 480)
  /// scroll.pagingTarget(from: CGPoint(x: 0, y: 250), velocity: CGPoint(x: 0, y: -800))  // (0, 0)
  /// ```
  ///
  /// - Parameters:
  ///   - offset: The offset at release; non-finite coordinates count as 0.
  ///   - velocity: The content's velocity, in points per second, positive toward larger offsets
  ///     (the opposite sign of the finger's velocity that ``endDragging(velocity:)`` takes);
  ///     non-finite values count as 0.
  /// - Returns: The page offset, inside the valid range.
  public func pagingTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    return CGPoint(
      x: page(
        from: offset.x, velocity: canScrollHorizontally ? velocity.x : 0, size: bounds.width,
        in: minimum.x...maximum.x),
      y: page(
        from: offset.y, velocity: canScrollVertically ? velocity.y : 0, size: bounds.height,
        in: minimum.y...maximum.y))
  }

  /// The motions that carry the content from a release to a page: the bounce-back spring of
  /// ``physics`` along each axis, from the release's position and velocity.
  ///
  /// The velocity toward the page is limited to `ω × distance` (ω the spring's
  /// ``ScrollPhysics/springAngularFrequency``), the fastest start from which the default
  /// critically damped spring arrives without passing the page, as UIKit's pages do not
  /// overshoot; velocity away from the page is kept (and dropped when the content does not
  /// bounce), so the spring turns it round. Planned in closed form, the motion is the same at
  /// any frame rate.
  func pagingMotions(from position: CGPoint, velocity: CGPoint, to target: CGPoint) -> (
    ScrollMotion, ScrollMotion
  ) {
    (
      pagingMotion(from: position.x, velocity: velocity.x, to: target.x),
      pagingMotion(from: position.y, velocity: velocity.y, to: target.y)
    )
  }

  private func pagingMotion(from position: CGFloat, velocity: CGFloat, to target: CGFloat)
    -> ScrollMotion
  {
    let distance = target - position
    let limit = physics.springAngularFrequency * abs(distance)
    let startVelocity: CGFloat
    if velocity * distance >= 0 {
      startVelocity = min(max(velocity, -limit), limit)
    } else {
      startVelocity = bounces ? velocity : 0
    }
    // A range of one offset: the motion is the spring from the release onto it.
    return ScrollMotion(
      position: position, velocity: startVelocity, range: target...target, physics: physics)
  }

  /// One axis of ``pagingTarget(from:velocity:)``.
  private func page(
    from offset: CGFloat, velocity: CGFloat, size: CGFloat, in range: ClosedRange<CGFloat>
  ) -> CGFloat {
    let offset = offset.isFinite ? offset : 0
    let velocity = velocity.isFinite ? velocity : 0
    guard size > 0, size.isFinite else {
      return min(max(offset, range.lowerBound), range.upperBound)
    }
    let tolerance = physics.restDistanceThreshold
    let index: CGFloat
    if velocity >= physics.pagingFlingSpeed {
      index = ((offset + tolerance) / size).rounded(.down) + 1
    } else if velocity <= -physics.pagingFlingSpeed {
      index = ((offset - tolerance) / size).rounded(.up) - 1
    } else {
      index = (offset / size).rounded()
    }
    return min(max(index * size, range.lowerBound), range.upperBound)
  }
}
