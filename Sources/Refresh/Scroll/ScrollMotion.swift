/// One axis of a scroll view moving on its own after the finger lifts, as a function of time.
///
/// The motion is planned once, at creation, from closed-form ``ScrollPhysics`` formulas; sampling
/// it never integrates step by step. ``state(at:)`` is therefore a pure function of the elapsed
/// time: any frame rate, or a single jump straight to the end, sees exactly the same trajectory.
///
/// The plan has up to two phases:
/// - **Glide.** Starting inside the valid range, the offset decelerates exponentially. If it
///   would stop in range, it comes to rest exactly at `start + restingDistance(velocity:)` once
///   less than ``ScrollPhysics/restDistanceThreshold`` remains (a stop less than that threshold
///   past an edge rests on the edge). If it would leave the range, the instant it reaches the
///   edge is solved exactly and the glide ends there.
/// - **Bounce.** From that instant (or immediately, when starting outside the range) a spring
///   whose rest position is the edge takes over with the current velocity: the content overshoots
///   past the edge and settles back onto it exactly. Without bouncing, the motion instead stops
///   dead at the edge.
///
/// ```swift
/// let motion = ScrollMotion(position: 0, velocity: 1000, minimum: 0, maximum: 2000)
/// motion.state(at: 0.1).position  // ≈ 90.6
/// motion.restingPosition  // ≈ 499.5, reached after `motion.duration` seconds
/// ```
///
/// Inputs are sanitized rather than trusted: a non-finite bound leaves that side unbounded, a
/// maximum below the minimum is raised to the minimum, a non-finite velocity counts as 0, and a
/// non-finite position yields a motion already at rest at a finite position (see
/// ``init(position:velocity:minimum:maximum:bounces:physics:)``). Finite inputs are assumed to be
/// of sensible magnitude (nowhere near `Double`'s overflow limit).
public struct ScrollMotion: Sendable, Equatable {
  /// The position and velocity of a ``ScrollMotion`` at one instant.
  public struct Sample: Sendable, Equatable {
    /// The offset, in points.
    public var position: Double

    /// The rate of change of ``position``, in points per second; 0 once finished.
    public var velocity: Double

    /// Whether the motion has come to rest; ``position`` is then exactly
    /// ``ScrollMotion/restingPosition``.
    public var isFinished: Bool

    /// Creates a sample from its parts.
    ///
    /// - Parameters:
    ///   - position: The offset, in points.
    ///   - velocity: The velocity, in points per second.
    ///   - isFinished: Whether the motion is at rest.
    public init(position: Double, velocity: Double, isFinished: Bool) {
      self.position = position
      self.velocity = velocity
      self.isFinished = isFinished
    }
  }

  /// The sanitized start position, in points.
  public let startPosition: Double

  /// The sanitized start velocity, in points per second; positive toward larger offsets.
  public let startVelocity: Double

  /// The sanitized range of valid offsets the motion rests in; its bounds may be infinite.
  public let range: ClosedRange<Double>

  /// Whether the motion may overshoot an edge and spring back, rather than stop dead on it.
  public let bounces: Bool

  /// The constants the motion was planned with.
  public let physics: ScrollPhysics

  /// The time, in seconds after the start, from which the motion is at rest; always finite.
  public let duration: Double

  /// The position the motion ends at; always inside ``range``.
  public let restingPosition: Double

  /// The time at which the glide hands over to the spring, or ends (then equal to `duration`).
  private let glideDuration: Double

  /// The spring's start displacement from `restingPosition`, in points.
  private let springDisplacement: Double

  /// The spring's start velocity, in points per second.
  private let springVelocity: Double

  /// Plans the motion of an offset released at `position` with `velocity`.
  ///
  /// ```swift
  /// // Released 80 pt above the top while pulling down to refresh: springs back to 0.
  /// let motion = ScrollMotion(position: -80, velocity: 0, minimum: 0, maximum: 1200)
  /// ```
  ///
  /// - Parameters:
  ///   - position: The offset at release, in points. If it is not finite, the motion starts and
  ///     stays at rest on the bound it points at (`maximum` for +∞, `minimum` for -∞ and NaN),
  ///     falling back to the other bound, then to 0, when that bound is unbounded.
  ///   - velocity: The velocity at release, in points per second, positive toward larger offsets.
  ///     A non-finite velocity counts as 0.
  ///   - minimum: The smallest valid offset. A non-finite value means unbounded below.
  ///   - maximum: The largest valid offset. A non-finite value means unbounded above; a value
  ///     below `minimum` is treated as `minimum`.
  ///   - bounces: Whether the motion may overshoot an edge and spring back. If `false`, the motion
  ///     stops dead on an edge it reaches, and a start outside the range is clamped onto the
  ///     nearest edge at once.
  ///   - physics: The constants to plan with.
  public init(
    position: Double,
    velocity: Double,
    minimum: Double,
    maximum: Double,
    bounces: Bool = true,
    physics: ScrollPhysics = ScrollPhysics()
  ) {
    let lower = minimum.isFinite ? minimum : -.infinity
    let upper = maximum.isFinite ? Swift.max(lower, maximum) : .infinity
    range = lower...upper
    self.bounces = bounces
    self.physics = physics

    guard position.isFinite else {
      let preferred = position == .infinity ? [upper, lower] : [lower, upper]
      startPosition = preferred.first(where: \.isFinite) ?? 0
      startVelocity = 0
      (glideDuration, springDisplacement, springVelocity) = (0, 0, 0)
      (duration, restingPosition) = (0, startPosition)
      return
    }
    startPosition = position
    startVelocity = velocity.isFinite ? velocity : 0

    if !range.contains(position) {
      // Released outside the range: spring back to the nearer edge, or clamp onto it at once.
      let edge = position < lower ? lower : upper
      glideDuration = 0
      springDisplacement = position - edge
      springVelocity = startVelocity
      restingPosition = edge
      if bounces {
        duration = physics.springSettlingDuration(
          initialDisplacement: springDisplacement, initialVelocity: springVelocity)
      } else {
        duration = 0
      }
      return
    }

    let asymptote = position + physics.restingDistance(velocity: startVelocity)
    let edge = startVelocity > 0 ? upper : lower
    // How far past the edge the glide would end; negative when it ends in range.
    let excess = startVelocity > 0 ? asymptote - upper : lower - asymptote
    guard excess >= physics.restDistanceThreshold else {
      // The glide rests before reaching an edge (or within half a point past it: then it rests
      // on the edge itself, so the resting position is always in range).
      glideDuration = physics.decelerationDuration(velocity: startVelocity)
      (springDisplacement, springVelocity) = (0, 0)
      (duration, restingPosition) = (glideDuration, Swift.min(Swift.max(asymptote, lower), upper))
      return
    }
    // The glide reaches the edge when exactly `excess` of its distance is left; its speed is then
    // proportional to that distance: |v| = |λ| * excess.
    glideDuration = physics.decelerationTime(velocity: startVelocity, remainingDistance: excess)
    let speedAtEdge = -physics.decelerationExponent * excess
    springDisplacement = 0
    springVelocity = bounces ? (startVelocity > 0 ? speedAtEdge : -speedAtEdge) : 0
    restingPosition = edge
    duration =
      glideDuration
      + physics.springSettlingDuration(initialDisplacement: 0, initialVelocity: springVelocity)
  }

  /// Plans the motion of an offset released at `position` with `velocity` inside `range`.
  ///
  /// Equivalent to ``init(position:velocity:minimum:maximum:bounces:physics:)`` with the bounds
  /// of `range`.
  ///
  /// - Parameters:
  ///   - position: The offset at release, in points.
  ///   - velocity: The velocity at release, in points per second.
  ///   - range: The valid offsets.
  ///   - bounces: Whether the motion may overshoot an edge and spring back.
  ///   - physics: The constants to plan with.
  public init(
    position: Double,
    velocity: Double,
    range: ClosedRange<Double>,
    bounces: Bool = true,
    physics: ScrollPhysics = ScrollPhysics()
  ) {
    self.init(
      position: position, velocity: velocity, minimum: range.lowerBound,
      maximum: range.upperBound, bounces: bounces, physics: physics)
  }

  /// Returns the position and velocity `elapsed` seconds after the release.
  ///
  /// Pure and frame-rate independent: the result depends on `elapsed` alone.
  ///
  /// ```swift
  /// var elapsed = 0.0
  /// var sample = motion.state(at: elapsed)
  /// while !sample.isFinished {
  ///   elapsed += 1.0 / 120
  ///   sample = motion.state(at: elapsed)
  /// }
  /// ```
  ///
  /// - Parameter elapsed: Seconds since the release. Negative or NaN counts as 0; any value from
  ///   ``duration`` on, including infinity, gives the finished state.
  /// - Returns: The state at that instant; finished, at ``restingPosition`` with zero velocity,
  ///   once `elapsed >= duration`.
  public func state(at elapsed: Double) -> Sample {
    let time = elapsed > 0 ? elapsed : 0
    guard time < duration else {
      return Sample(position: restingPosition, velocity: 0, isFinished: true)
    }
    if time < glideDuration {
      return Sample(
        position: startPosition
          + physics.decelerationDisplacement(velocity: startVelocity, elapsed: time),
        velocity: physics.decelerationVelocity(velocity: startVelocity, elapsed: time),
        isFinished: false)
    }
    let spring = physics.springState(springDisplacement, springVelocity, at: time - glideDuration)
    return Sample(
      position: restingPosition + spring.displacement, velocity: spring.velocity,
      isFinished: false)
  }
}

extension ScrollMotion {
  /// The velocity a motion replanned at `elapsed` toward new edges should start with.
  ///
  /// Its current velocity, except while the spring returns to the edge it overshot and the new
  /// range contains the position: that return has nothing left to reach, so it stops (0).
  ///
  /// - Parameters:
  ///   - sample: The motion's state at `elapsed`, as ``state(at:)`` gives it.
  ///   - elapsed: Seconds since the release.
  ///   - newRange: The valid offsets the new plan rests in.
  /// - Returns: The velocity to plan with, in points per second.
  func velocityToCarry(
    from sample: Sample, at elapsed: Double, into newRange: ClosedRange<Double>
  ) -> Double {
    let time = elapsed > 0 ? elapsed : 0
    let isSpringing = !sample.isFinished && time >= glideDuration
    guard isSpringing, newRange.contains(sample.position) else { return sample.velocity }
    let isReturning = (restingPosition - sample.position) * sample.velocity > 0
    return isReturning ? 0 : sample.velocity
  }
}
