import Foundation

extension ScrollModel {
  /// A finger touches the content at `point` (in the scroll model's frame coordinates): the pan
  /// begins, and any deceleration stops.
  ///
  /// - Parameter point: Where the finger went down; non-finite points are refused, and so is
  ///   every point while ``isScrollEnabled`` is `false`.
  public func beginDragging(at point: CGPoint) {
    guard point.isFinite, isScrollEnabled else { return }
    gesture?.wheelRelease?.cancel()
    stopScrolling()
    gesture = GestureState(startOffset: contentOffset, startPoint: point)
    recordSample(point)
    panState = .began
  }

  /// The finger moves to `point`: the content follows 1:1, rubber-banded past the edges as a
  /// function of the whole translation since ``beginDragging(at:)``.
  ///
  /// Ignored (no state changes) when no drag is in progress or the point is not finite.
  ///
  /// - Parameter point: The finger's position, in the scroll model's frame coordinates.
  public func drag(to point: CGPoint) {
    guard let gesture, point.isFinite else { return }
    recordSample(point)
    let raw = CGPoint(
      x: gesture.startOffset.x - (point.x - gesture.startPoint.x),
      y: gesture.startOffset.y - (point.y - gesture.startPoint.y))
    if panState != .changed { panState = .changed }
    contentOffset = draggedOffset(for: raw, start: gesture.startOffset)
  }

  /// The finger lifts with a velocity; the content decelerates and springs back on the window's
  /// clock.
  ///
  /// The velocity is in points per second, as a pan recognizer reports it: positive downward, so
  /// an upward fling scrolls toward larger offsets. Released past an edge, the content carries
  /// the velocity it had there, the finger's times the rubber band's slope
  /// (``ScrollPhysics/rubberBandSlope(forOvershoot:dimension:)``), and none when a pull limit (a
  /// component's `maximumPullDistance`) holds it.
  ///
  /// With ``isPagingEnabled``, the content comes to rest on a page instead (see
  /// ``pagingTarget(from:velocity:)``), carried there by the bounce-back spring.
  ///
  /// The pan state becomes `.ended` after the motion is planned, so observers of the pan (a
  /// refresh header beginning to refresh, say) may take over the offset. Ignored when no drag is
  /// in progress. Without a window there is no clock: the content comes to rest at once at the
  /// nearest valid offset (the page it would reach, when paging). A non-finite velocity counts as
  /// zero.
  ///
  /// - Parameter velocity: The finger's velocity.
  public func endDragging(velocity: CGPoint) {
    guard let ended = gesture else { return }
    gesture?.wheelRelease?.cancel()
    gesture = nil
    // Past an edge the content moves slower than the finger (the band's slope there), and the
    // content's own speed is what it carries: a fling while pulled past the end overshoots a
    // little more, not the finger's whole speed's worth.
    let slope = rubberBandSlopes(at: ended)
    let scrollVelocity = CGPoint(
      x: velocity.x.isFinite ? -velocity.x * slope.x : 0,
      y: velocity.y.isFinite ? -velocity.y * slope.y : 0)
    startPhysics(velocity: scrollVelocity)
    panState = .ended
  }

  /// The finger lifts with the velocity it had over the last tenth of a second before its last
  /// move (``VelocitySampler/window``).
  public func endDragging() {
    endDragging(velocity: releaseVelocity())
  }

  /// Scrolls by a wheel or trackpad delta, in content points (positive `y` scrolls toward the
  /// end of the content).
  ///
  /// Consecutive deltas form one gesture, as a trackpad's do: the content follows (rubber-banded
  /// past the edges, so a wheel at the top pulls a header down), and once the wheel pauses for
  /// ``wheelReleaseDelay`` the gesture ends with the wheel's recent velocity, so the content
  /// glides on. Without a window, the delta is applied at once, clamped to the valid range.
  ///
  /// - Parameter delta: The scroll amount; non-finite deltas are refused, and so is every delta
  ///   while ``isScrollEnabled`` is `false`.
  public func scroll(by delta: CGPoint) {
    guard delta.isFinite, delta != .zero, isScrollEnabled else { return }
    guard let clock = window?.clock else {
      contentOffset = clampedOffset(
        CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
      return
    }
    if gesture?.wheelTranslation == nil {
      beginDragging(at: .zero)
      gesture?.wheelTranslation = .zero
    }
    guard var translation = gesture?.wheelTranslation else { return }
    translation.x -= delta.x
    translation.y -= delta.y
    gesture?.wheelTranslation = translation
    drag(to: translation)
    gesture?.wheelRelease?.cancel()
    gesture?.wheelRelease = clock.schedule(after: wheelReleaseDelay) { [weak self] in
      guard let self, self.gesture?.wheelTranslation != nil else { return }
      self.endDragging()
    }
  }

  /// Ends a drag in progress without a release: the pan is cancelled (``isScrollEnabled`` turned
  /// off), and the content comes back into its valid range with no velocity.
  func cancelGesture() {
    guard gesture != nil else { return }
    gesture?.wheelRelease?.cancel()
    gesture = nil
    startPhysics(velocity: .zero)
    panState = .cancelled
  }

  /// Moves the content to an offset, optionally animating it the way `UIScrollView` does (the
  /// offset itself moves frame by frame, over 0.3 seconds).
  ///
  /// - Parameters:
  ///   - offset: The new offset; non-finite offsets are refused.
  ///   - animated: Whether to scroll there over time (needs a window; without one, it jumps).
  public func setContentOffset(_ offset: CGPoint, animated: Bool) {
    guard offset.isFinite else { return }
    guard animated, let clock = window?.clock else {
      contentOffset = offset
      return
    }
    stopScrolling()
    let task = clock.addFrameHandler { [weak self] _ in self?.advanceMovement() }
    movement = Movement(
      kind: .animation(from: contentOffset, to: offset, duration: Self.animatedScrollDuration),
      start: clock.now,
      task: task)
  }

  /// How long ``setContentOffset(_:animated:)`` takes: 0.3 seconds, as `UIScrollView`'s.
  static let animatedScrollDuration: TimeInterval = 0.3

  /// Stops deceleration, springing back and animated scrolling where the content is now.
  public func stopScrolling() {
    guard let movement else { return }
    movement.task.cancel()
    self.movement = nil
    if isDecelerating { isDecelerating = false }
  }

  // MARK: - Internals

  private func recordSample(_ point: CGPoint) {
    guard let now = window?.clock.now else { return }
    gesture?.sampler.record(point, at: now)
  }

  /// The rubber band's slope on each axis where the finger of `gesture` is now: 1 inside the
  /// valid range.
  private func rubberBandSlopes(at gesture: GestureState) -> CGPoint {
    guard bounces, let point = gesture.sampler.lastPoint else { return CGPoint(x: 1, y: 1) }
    let raw = CGPoint(
      x: gesture.startOffset.x - (point.x - gesture.startPoint.x),
      y: gesture.startOffset.y - (point.y - gesture.startPoint.y))
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    func slope(
      _ raw: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat,
      _ sides: (low: KeyPath<EdgeInsets, CGFloat>, high: KeyPath<EdgeInsets, CGFloat>)
    ) -> CGFloat {
      let excess = raw < low ? low - raw : raw - max(low, high)
      // Held at a pull limit, the content no longer follows the finger: it carries nothing.
      let shown = physics.rubberBandDistance(forOvershoot: excess, dimension: dimension)
      if excess > 0, isAtPullLimit(shown, side: raw < low ? sides.low : sides.high) { return 0 }
      return physics.rubberBandSlope(forOvershoot: excess, dimension: dimension)
    }
    return CGPoint(
      x: slope(raw.x, minimum.x, maximum.x, bounds.width, (\.left, \.right)),
      y: slope(raw.y, minimum.y, maximum.y, bounds.height, (\.top, \.bottom)))
  }

  private func releaseVelocity() -> CGPoint {
    gesture?.sampler.velocity ?? .zero
  }

  private func draggedOffset(for raw: CGPoint, start: CGPoint) -> CGPoint {
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    func axis(_ raw: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat) -> CGFloat {
      bounces
        ? physics.rubberBandedOffset(raw, in: low...high, dimension: dimension)
        : min(max(raw, low), high)
    }
    return offsetWithinPullLimits(
      CGPoint(
        x: canScrollHorizontally ? axis(raw.x, minimum.x, maximum.x, bounds.width) : start.x,
        y: canScrollVertically ? axis(raw.y, minimum.y, maximum.y, bounds.height) : start.y))
  }

  private func motions(from position: CGPoint, velocity: CGPoint) -> (ScrollMotion, ScrollMotion) {
    if isPagingEnabled {
      return pagingMotions(
        from: position, velocity: velocity, to: pagingTarget(from: position, velocity: velocity))
    }
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    // An axis that cannot scroll gets no velocity, but still comes back into the valid range.
    let x = ScrollMotion(
      position: position.x, velocity: canScrollHorizontally ? velocity.x : 0,
      minimum: minimum.x, maximum: maximum.x, bounces: bounces, physics: physics)
    let y = ScrollMotion(
      position: position.y, velocity: canScrollVertically ? velocity.y : 0,
      minimum: minimum.y, maximum: maximum.y, bounces: bounces, physics: physics)
    return (x, y)
  }

  private func startPhysics(velocity: CGPoint) {
    stopScrolling()
    guard let clock = window?.clock else {
      contentOffset =
        isPagingEnabled
        ? pagingTarget(from: contentOffset, velocity: velocity) : clampedOffset(contentOffset)
      return
    }
    let (x, y) = motions(from: contentOffset, velocity: velocity)
    guard x.duration > 0 || y.duration > 0 else {
      setOffsetByItself(CGPoint(x: x.restingPosition, y: y.restingPosition))
      return
    }
    let task = clock.addFrameHandler { [weak self] _ in self?.advanceMovement() }
    movement = Movement(kind: .physics(x: x, y: y), start: clock.now, task: task)
    isDecelerating = true
  }

  /// Plans the running deceleration again from where it is, toward the current edges.
  ///
  /// A glide keeps its speed. A spring heading back to the edge it overshot stops where it is
  /// once the new edges take it in (content that grew under it, a page loaded): its speed was
  /// only ever the way back, and carried on it would glide far toward the other end.
  func replanMovement() {
    guard let movement, let now = window?.clock.now else { return }
    switch movement.kind {
    case .physics(let x, let y):
      let elapsed = now - movement.start
      let sampleX = x.state(at: elapsed)
      let sampleY = y.state(at: elapsed)
      let position = CGPoint(x: sampleX.position, y: sampleY.position)
      let minimum = minimumContentOffset
      let maximum = maximumContentOffset
      let velocity = CGPoint(
        x: x.velocityToCarry(
          from: sampleX, at: elapsed, into: minimum.x...max(minimum.x, maximum.x)),
        y: y.velocityToCarry(
          from: sampleY, at: elapsed, into: minimum.y...max(minimum.y, maximum.y)))
      // A page keeps its target, moved into the new range; its spring's speed is no fling.
      let (newX, newY) =
        isPagingEnabled
        ? pagingMotions(
          from: position, velocity: velocity,
          to: clampedOffset(CGPoint(x: x.restingPosition, y: y.restingPosition)))
        : motions(from: position, velocity: velocity)
      movement.kind = .physics(x: newX, y: newY)
      movement.start = now
    case .animation(let from, let to, let duration):
      movement.kind = .animation(from: from, to: clampedOffset(to), duration: duration)
    }
  }

  private func advanceMovement() {
    guard let movement, let now = window?.clock.now else {
      stopScrolling()
      return
    }
    let elapsed = now - movement.start
    switch movement.kind {
    case .physics(let x, let y):
      let sampleX = x.state(at: FrameClock.elapsed(elapsed, reaching: x.duration))
      let sampleY = y.state(at: FrameClock.elapsed(elapsed, reaching: y.duration))
      if let handoff = movement.handoff, (sampleY.position - handoff.edge) * handoff.direction >= 0
      {
        // The glide reached the end of its part of a shared fling: it stops there, and the
        // other scroll model glides on with the speed this frame has.
        setOffsetByItself(CGPoint(x: sampleX.position, y: handoff.edge))
        stopScrolling()
        if let next = handoff.next, sampleY.velocity * handoff.direction > 0 {
          next.glide(velocity: sampleY.velocity, stoppingAt: handoff.nextStop)
        }
        return
      }
      setOffsetByItself(CGPoint(x: sampleX.position, y: sampleY.position))
      if sampleX.isFinished && sampleY.isFinished { stopScrolling() }
    case .animation(let from, let to, let duration):
      let elapsed = FrameClock.elapsed(elapsed, reaching: duration)
      let fraction = duration > 0 ? min(elapsed / duration, 1) : 1
      let eased = CGFloat(AnimationCurve.easeInOut(fraction))
      // The last frame lands on the target itself, not on what the solved curve rounds to.
      setOffsetByItself(fraction >= 1 ? to : from.interpolated(to: to, fraction: eased))
      if fraction >= 1 { stopScrolling() }
    }
  }

  /// Starts a vertical glide with a content velocity (points per second, positive toward the
  /// end), as a release does, stopping at `stop` if given: the part of a shared drag's fling
  /// (``NestedScrolling``) that one scroll model hands to the other.
  func glide(velocity: CGFloat, stoppingAt stop: CGFloat?) {
    startPhysics(velocity: CGPoint(x: 0, y: velocity))
    if let stop { handOff(at: stop, to: nil, thenStoppingAt: nil) }
  }

  /// Makes the glide under way stop at vertical offset `edge`, if it reaches it.
  ///
  /// The speed it has there goes to `next` (``glide(velocity:stoppingAt:)``). Does nothing when
  /// nothing glides, or the content is at `edge` already.
  func handOff(at edge: CGFloat, to next: ScrollModel?, thenStoppingAt nextStop: CGFloat?) {
    guard let movement, case .physics = movement.kind, edge != contentOffset.y else { return }
    movement.handoff = FlingHandoff(
      edge: edge, direction: edge > contentOffset.y ? 1 : -1, next: next, nextStop: nextStop)
  }

  /// Moves the content as part of the glide, spring or animation under way, which goes on.
  func setOffsetByItself(_ offset: CGPoint) {
    isMovingByItself = true
    // A glide or spring past an edge is held at the pull limit there.
    contentOffset = offsetWithinPullLimits(offset)
    isMovingByItself = false
  }
}
