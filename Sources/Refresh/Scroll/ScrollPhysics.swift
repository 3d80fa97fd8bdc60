import Foundation

/// The closed-form formulas behind a scroll view's feel: rubber banding, deceleration and bounce.
///
/// All quantities are `Double`s in points and seconds; velocities are in points per second and
/// positive toward larger offsets. Every method is a pure function of its arguments, so callers
/// can evaluate any instant directly instead of integrating frame by frame.
///
/// The methods are total: a non-finite velocity or displacement counts as 0, a negative or NaN
/// elapsed time counts as 0, and an infinite elapsed time yields the limit (the motion at rest).
/// Invalid *configuration* (for example a negative stiffness) is a programmer error and traps in
/// the initializer.
///
/// ```swift
/// let physics = ScrollPhysics()
/// physics.rubberBandDistance(forOvershoot: 100, dimension: 960)  // ≈ 52.02
/// physics.restingDistance(velocity: 1000)  // ≈ 499.5
/// ```
public struct ScrollPhysics: Sendable, Equatable {
  /// The rubber band stiffness `c` in `b(x) = (1 - 1 / (x * c / d + 1)) * d`; 0.55 by default.
  ///
  /// The formula and the 0.55 constant are Grant Paul's ("chpwn") published approximation of
  /// UIScrollView's rubber banding.
  public let rubberBandCoefficient: Double

  /// How fast a glide loses speed; ``DecelerationRate/normal`` by default.
  public let decelerationRate: DecelerationRate

  /// The stiffness `k` of the bounce-back spring; 100 by default.
  public let springStiffness: Double

  /// The mass `m` attached to the bounce-back spring; 1 by default.
  public let springMass: Double

  /// The damping ratio `ζ` of the bounce-back spring; 1 (critically damped, no wobble) by default.
  ///
  /// Values below 1 oscillate around the target, values above 1 creep toward it more slowly.
  public let springDampingRatio: Double

  /// The distance, in points, under which motion counts as at rest; 0.5 by default.
  ///
  /// Half a point is one pixel on a 2x screen, so snapping onto the exact target is invisible. A
  /// glide rests once its remaining distance is below this value; a spring rests once its distance
  /// to the target is below it *and* its speed is below ``restSpeedThreshold``.
  public let restDistanceThreshold: Double

  /// The speed, in points per second, under which a spring may count as at rest; 1 by default.
  ///
  /// With the normal rate a glide whose remaining distance is 0.5 pt moves at
  /// `0.5 * 1000 * |ln 0.998|`, about 1.0 pt/s, so 1 pt/s puts springs and glides to rest under
  /// the same criterion. It is also far below anything visible: 1 pt/s is 0.017 pt per 60 Hz frame,
  /// and a critically damped spring at that speed could travel at most `1 / (ω e)`, about 0.04 pt
  /// with the default spring, before stopping on its own. The speed check keeps a spring that
  /// merely *passes* the target from being frozen mid-flight.
  public let restSpeedThreshold: Double

  /// The release speed, in points per second, from which a paging scroll view
  /// (``ScrollModel/isPagingEnabled``) turns to the next page in the fling's direction instead of
  /// the nearest one; 400 by default.
  ///
  /// UIKit does not publish its threshold; 400 is Android's `ViewPager` minimum fling velocity
  /// (`MIN_FLING_VELOCITY = 400` density-independent pixels per second, a point's equivalent).
  public let pagingFlingSpeed: Double

  /// Creates a set of physics constants; the defaults reproduce UIScrollView's feel.
  ///
  /// - Parameters:
  ///   - rubberBandCoefficient: The rubber band constant `c`; positive and finite.
  ///   - decelerationRate: The per-millisecond velocity factor; strictly between 0 and 1.
  ///   - springStiffness: The spring stiffness `k`; positive and finite.
  ///   - springMass: The mass `m` on the spring; positive and finite.
  ///   - springDampingRatio: The damping ratio `ζ`; positive and finite.
  ///   - restDistanceThreshold: The distance, in points, that counts as at rest; positive, finite.
  ///   - restSpeedThreshold: The speed, in points per second, that counts as at rest; positive,
  ///     finite.
  ///   - pagingFlingSpeed: The release speed, in points per second, from which paging turns to
  ///     the next page; positive and finite.
  /// - Precondition: Every argument is in the range given above.
  public init(
    rubberBandCoefficient: Double = 0.55,
    decelerationRate: DecelerationRate = .normal,
    springStiffness: Double = 100,
    springMass: Double = 1,
    springDampingRatio: Double = 1,
    restDistanceThreshold: Double = 0.5,
    restSpeedThreshold: Double = 1,
    pagingFlingSpeed: Double = 400
  ) {
    func isPositiveAndFinite(_ value: Double) -> Bool { value > 0 && value.isFinite }
    precondition(isPositiveAndFinite(rubberBandCoefficient), "Invalid rubber band coefficient")
    precondition(
      decelerationRate.rawValue > 0 && decelerationRate.rawValue < 1,
      "The deceleration rate must lie strictly between 0 and 1")
    precondition(isPositiveAndFinite(springStiffness), "Invalid spring stiffness")
    precondition(isPositiveAndFinite(springMass), "Invalid spring mass")
    precondition(isPositiveAndFinite(springDampingRatio), "Invalid spring damping ratio")
    precondition(isPositiveAndFinite(restDistanceThreshold), "Invalid rest distance threshold")
    precondition(isPositiveAndFinite(restSpeedThreshold), "Invalid rest speed threshold")
    precondition(isPositiveAndFinite(pagingFlingSpeed), "Invalid paging fling speed")
    self.rubberBandCoefficient = rubberBandCoefficient
    self.decelerationRate = decelerationRate
    self.springStiffness = springStiffness
    self.springMass = springMass
    self.springDampingRatio = springDampingRatio
    self.restDistanceThreshold = restDistanceThreshold
    self.restSpeedThreshold = restSpeedThreshold
    self.pagingFlingSpeed = pagingFlingSpeed
  }
}

// MARK: - Rubber band

extension ScrollPhysics {
  /// Returns how far content is displayed past an edge when it is dragged `overshoot` points past.
  ///
  /// Computes `b(x) = (1 - 1 / (x * c / d + 1)) * d`: close to `c * x` for small pulls, then
  /// stiffening, approaching but never reaching `d`. For `d = 960`, pulls of 10 and 100 pt show as
  /// about 5.47 and 52.02 pt.
  ///
  /// - Parameters:
  ///   - overshoot: The raw distance past the edge, `x`. Zero, negative or NaN values give 0, and
  ///     infinity gives `dimension`.
  ///   - dimension: The viewport extent along the axis, `d` (height for vertical scrolling). A
  ///     value that is not positive and finite allows no overshoot: the result is 0.
  /// - Returns: The displayed distance past the edge, from 0 up to (never beyond) `dimension`.
  public func rubberBandDistance(forOvershoot overshoot: Double, dimension: Double) -> Double {
    guard dimension > 0, dimension.isFinite, overshoot > 0 else { return 0 }
    // (1 - 1 / (u + 1)) * d rewritten as d * u / (1 + u), which avoids cancellation for small u.
    let u = overshoot * rubberBandCoefficient / dimension
    return u.isFinite ? dimension * u / (1 + u) : dimension
  }

  /// Returns how fast the displayed distance past an edge changes per point of raw overshoot:
  /// the slope of ``rubberBandDistance(forOvershoot:dimension:)``.
  ///
  /// Computes `b'(x) = c / (x * c / d + 1)²`: `c` at the edge, falling toward 0 as the band
  /// stiffens. A finger moving at `v` past an edge moves the content at `b'(x) * v`; that, not
  /// the finger's speed, is what the content carries when it is let go there.
  ///
  /// ```swift
  /// let physics = ScrollPhysics()
  /// physics.rubberBandSlope(forOvershoot: 0, dimension: 960)  // 0.55
  /// physics.rubberBandSlope(forOvershoot: 960, dimension: 960)  // ≈ 0.229
  /// ```
  ///
  /// - Parameters:
  ///   - overshoot: The raw distance past the edge, `x`. Zero, negative or NaN values give 1:
  ///     inside the range the content follows the finger exactly.
  ///   - dimension: The viewport extent along the axis, `d`. A value that is not positive and
  ///     finite allows no overshoot: the slope past the edge is 0.
  /// - Returns: The slope, from 0 up to 1.
  public func rubberBandSlope(forOvershoot overshoot: Double, dimension: Double) -> Double {
    guard overshoot > 0 else { return 1 }
    guard dimension > 0, dimension.isFinite else { return 0 }
    let u = overshoot * rubberBandCoefficient / dimension
    guard u.isFinite else { return 0 }
    return rubberBandCoefficient / ((1 + u) * (1 + u))
  }

  /// Returns the raw overshoot that rubber-bands to `distance`; the exact inverse of
  /// ``rubberBandDistance(forOvershoot:dimension:)``.
  ///
  /// Useful when a drag starts while content is already displayed past an edge.
  ///
  /// ```swift
  /// let physics = ScrollPhysics()
  /// physics.overshoot(forRubberBandDistance: 52.02, dimension: 960)  // ≈ 100
  /// ```
  ///
  /// - Parameters:
  ///   - distance: The displayed distance past the edge. Zero, negative or NaN values give 0.
  ///   - dimension: The viewport extent along the axis. A value that is not positive and finite
  ///     gives 0.
  /// - Returns: The overshoot `x` with `b(x) == distance`; infinity when `distance >= dimension`,
  ///   which no finite overshoot reaches.
  public func overshoot(forRubberBandDistance distance: Double, dimension: Double) -> Double {
    guard dimension > 0, dimension.isFinite, distance > 0 else { return 0 }
    guard distance < dimension else { return .infinity }
    return distance / (dimension - distance) * dimension / rubberBandCoefficient
  }

  /// Maps an unconstrained offset, such as one following the finger, to the offset to display.
  ///
  /// Inside `range` the mapping is the identity; past either bound the excess is rubber-banded
  /// with ``rubberBandDistance(forOvershoot:dimension:)``.
  ///
  /// ```swift
  /// let physics = ScrollPhysics()
  /// physics.rubberBandedOffset(-100, in: 0...500, dimension: 960)  // ≈ -52.02
  /// physics.rubberBandedOffset(250, in: 0...500, dimension: 960)  // 250
  /// ```
  ///
  /// - Parameters:
  ///   - offset: The unconstrained offset. NaN maps to `range.lowerBound`; an infinite offset maps
  ///     to the bound it points past, displaced by `dimension`.
  ///   - range: The offsets that need no rubber banding, `minOffset...maxOffset`.
  ///   - dimension: The viewport extent along the axis. If it is not positive and finite, no
  ///     overshoot is allowed and the result is `offset` clamped to `range`.
  /// - Returns: The offset to display.
  public func rubberBandedOffset(
    _ offset: Double, in range: ClosedRange<Double>, dimension: Double
  ) -> Double {
    if offset < range.lowerBound {
      let excess = range.lowerBound - offset
      return range.lowerBound - rubberBandDistance(forOvershoot: excess, dimension: dimension)
    }
    if offset > range.upperBound {
      let excess = offset - range.upperBound
      return range.upperBound + rubberBandDistance(forOvershoot: excess, dimension: dimension)
    }
    return offset.isNaN ? range.lowerBound : offset
  }
}

// MARK: - Deceleration

extension ScrollPhysics {
  /// The exponent `1000 * ln(rate)` (negative, per second): a glide's speed is `v0 * e^(λt)`.
  var decelerationExponent: Double { 1000 * log(decelerationRate.rawValue) }

  /// Returns the velocity of a glide `elapsed` seconds after it started at `velocity`.
  ///
  /// Computes `v(t) = v0 * r^(1000 * t)`, with `r` the ``decelerationRate``.
  ///
  /// - Parameters:
  ///   - velocity: The initial velocity `v0`, in points per second; non-finite values count as 0.
  ///   - elapsed: The time since the release, in seconds; negative or NaN counts as 0.
  /// - Returns: The current velocity, in points per second.
  public func decelerationVelocity(velocity: Double, elapsed: Double) -> Double {
    velocity.finiteOrZero * exp(decelerationExponent * elapsed.clampedTime)
  }

  /// Returns how far a glide has travelled `elapsed` seconds after it started at `velocity`.
  ///
  /// Computes the integral of the velocity, `v0 * (r^(1000 t) - 1) / (1000 ln r)`. With the
  /// normal rate, a 1000 pt/s fling covers about 90.6 pt in its first 100 ms.
  ///
  /// - Parameters:
  ///   - velocity: The initial velocity, in points per second; non-finite values count as 0.
  ///   - elapsed: The time since the release, in seconds; negative or NaN counts as 0, infinity
  ///     gives ``restingDistance(velocity:)``.
  /// - Returns: The signed distance travelled, in points.
  public func decelerationDisplacement(velocity: Double, elapsed: Double) -> Double {
    let exponent = decelerationExponent
    return velocity.finiteOrZero * expm1(exponent * elapsed.clampedTime) / exponent
  }

  /// Returns the total distance a glide starting at `velocity` would cover if left alone.
  ///
  /// Computes the limit `-v0 / (1000 ln r)`: about 499.5 pt for 1000 pt/s at the normal rate and
  /// 99.5 pt at the fast rate.
  ///
  /// - Parameter velocity: The initial velocity, in points per second; non-finite values count
  ///   as 0.
  /// - Returns: The signed distance to the resting position, in points.
  public func restingDistance(velocity: Double) -> Double {
    -velocity.finiteOrZero / decelerationExponent
  }

  /// Returns the time a glide starting at `velocity` takes to come within
  /// ``restDistanceThreshold`` of its resting position.
  ///
  /// - Parameter velocity: The initial velocity, in points per second; non-finite values count
  ///   as 0.
  /// - Returns: The duration in seconds; 0 when the glide starts already that close to rest.
  public func decelerationDuration(velocity: Double) -> Double {
    decelerationTime(velocity: velocity, remainingDistance: restDistanceThreshold)
  }

  /// The time at which a glide starting at `velocity` has `remainingDistance` left to go.
  func decelerationTime(velocity: Double, remainingDistance: Double) -> Double {
    let total = abs(restingDistance(velocity: velocity))
    guard total > remainingDistance else { return 0 }
    // The remaining distance decays like the velocity: total * e^(λt) == remainingDistance.
    return log(remainingDistance / total) / decelerationExponent
  }
}

// MARK: - Spring

extension ScrollPhysics {
  /// The undamped angular frequency `ω = √(k / m)` of the bounce-back spring, in radians per
  /// second; 10 with the defaults.
  public var springAngularFrequency: Double { (springStiffness / springMass).squareRoot() }

  /// Returns the spring's displacement from its target `elapsed` seconds after a release.
  ///
  /// For the default critically damped spring this is `x(t) = (x0 + (v0 + ω x0) t) e^(-ω t)`;
  /// other damping ratios use the matching under- or overdamped closed form.
  ///
  /// ```swift
  /// let physics = ScrollPhysics()
  /// physics.springDisplacement(initialDisplacement: 100, initialVelocity: 0, elapsed: 0.1)
  /// // 200 / e ≈ 73.58
  /// ```
  ///
  /// - Parameters:
  ///   - initialDisplacement: The start position minus the target, `x0`, in points.
  ///   - initialVelocity: The start velocity `v0`, in points per second.
  ///   - elapsed: The time since the release, in seconds; negative or NaN counts as 0, infinity
  ///     gives 0.
  /// - Returns: The position minus the target, in points. Non-finite inputs count as 0.
  public func springDisplacement(
    initialDisplacement: Double, initialVelocity: Double, elapsed: Double
  ) -> Double {
    springState(initialDisplacement, initialVelocity, at: elapsed).displacement
  }

  /// Returns the spring's velocity `elapsed` seconds after a release: the derivative of
  /// ``springDisplacement(initialDisplacement:initialVelocity:elapsed:)``.
  ///
  /// For the default critically damped spring this is `v(t) = (v0 - ω (v0 + ω x0) t) e^(-ω t)`.
  ///
  /// - Parameters:
  ///   - initialDisplacement: The start position minus the target, in points.
  ///   - initialVelocity: The start velocity, in points per second.
  ///   - elapsed: The time since the release, in seconds; negative or NaN counts as 0, infinity
  ///     gives 0.
  /// - Returns: The velocity, in points per second. Non-finite inputs count as 0.
  public func springVelocity(
    initialDisplacement: Double, initialVelocity: Double, elapsed: Double
  ) -> Double {
    springState(initialDisplacement, initialVelocity, at: elapsed).velocity
  }

  /// Returns the time at which the spring comes to rest.
  ///
  /// At rest means closer to the target than ``restDistanceThreshold`` and slower than
  /// ``restSpeedThreshold``; from then on callers snap exactly onto the target. For the default
  /// critically damped spring it is the instant from which the spring stays at rest (released
  /// near the target, a spring can be at rest for a moment as it swings past its turn, and
  /// leave it); for another damping, the first instant at rest that a scan of an eighth of its
  /// fastest time constant finds. For example a
  /// default spring released 100 pt away with no velocity settles after about 0.91 s.
  ///
  /// - Parameters:
  ///   - initialDisplacement: The start position minus the target, in points.
  ///   - initialVelocity: The start velocity, in points per second.
  /// - Returns: The settling time in seconds: 0 if the spring starts at rest, always finite.
  public func springSettlingDuration(
    initialDisplacement: Double, initialVelocity: Double
  ) -> Double {
    func isSettled(_ time: Double) -> Bool {
      let state = springState(initialDisplacement, initialVelocity, at: time)
      return abs(state.displacement) < restDistanceThreshold
        && abs(state.velocity) < restSpeedThreshold
    }
    guard !isSettled(0) else { return 0 }
    let omega = springAngularFrequency
    let zeta = springDampingRatio
    let fastestRate = zeta > 1 ? omega * (zeta + (zeta * zeta - 1).squareRoot()) : omega
    let step = 1 / (8 * fastestRate)
    var unsettled = 0.0
    var settled = step
    if zeta == 1 {
      // A critically damped spring's displacement and velocity are each `(a + b t) e^(-ω t)`,
      // which shrinks in size past its one extremum: past both, a settled spring stays so.
      // Gallop from there to a settled instant, or walk back from there while it is settled.
      let calm = criticalSpringMonotonicTime(x0: initialDisplacement, v0: initialVelocity)
      if isSettled(calm) {
        (unsettled, settled) = (max(0, calm - step), calm)
        while unsettled > 0, isSettled(unsettled) {
          (unsettled, settled) = (max(0, unsettled - step), unsettled)
        }
      } else {
        (unsettled, settled) = (calm, calm + step)
        var stepBudget = 2_000
        while stepBudget > 0, !isSettled(settled) {
          (unsettled, settled) = (settled, settled + 2 * (settled - unsettled))
          stepBudget -= 1
        }
      }
    } else {
      // Scan forward in steps of an eighth of the fastest time constant (stretching to 1/64 of
      // the elapsed time, so long settles stay cheap). The step budget only runs out for inputs
      // so large that the closed form overflows.
      var stepBudget = 10_000
      while stepBudget > 0, !isSettled(settled) {
        unsettled = settled
        settled += max(step, settled / 64)
        stepBudget -= 1
      }
    }
    // Bisect the step in which it settles, to 10 ns: far finer than a frame (the clock counts
    // time no finer than 1.4 ns).
    for _ in 0..<64 {
      let middle = (unsettled + settled) / 2
      guard unsettled < middle, middle < settled, settled - unsettled > 1e-8 else { break }
      if isSettled(middle) { settled = middle } else { unsettled = middle }
    }
    return settled
  }

  /// The time after which a critically damped spring's displacement and velocity only shrink
  /// in size: the later of their extrema (each is `(a + b t) e^(-ω t)`, whose extremum lies at
  /// `1/ω - a/b`), or 0.
  private func criticalSpringMonotonicTime(x0: Double, v0: Double) -> Double {
    let omega = springAngularFrequency
    let x0 = x0.finiteOrZero
    let v0 = v0.finiteOrZero
    let slope = v0 + omega * x0
    func extremum(_ a: Double, _ b: Double) -> Double {
      b == 0 ? 0 : 1 / omega - a / b
    }
    let time = max(0, extremum(x0, slope), extremum(v0, -omega * slope))
    return time.isFinite ? time : .infinity
  }

  /// The spring's displacement and velocity at `elapsed`, from the closed-form solution of
  /// `m x'' + 2 ζ √(k m) x' + k x = 0`.
  func springState(
    _ displacement: Double, _ velocity: Double, at elapsed: Double
  ) -> (displacement: Double, velocity: Double) {
    let x0 = displacement.finiteOrZero
    let v0 = velocity.finiteOrZero
    let t = elapsed.clampedTime
    guard t.isFinite else { return (0, 0) }
    let omega = springAngularFrequency
    let zeta = springDampingRatio
    if zeta < 1 {
      // Underdamped: a decaying oscillation at the damped frequency ω √(1 - ζ²).
      let decayRate = zeta * omega
      let frequency = omega * (1 - zeta * zeta).squareRoot()
      let decay = exp(-decayRate * t)
      let cosine = cos(frequency * t)
      let sine = sin(frequency * t)
      return (
        decay * (x0 * cosine + (v0 + decayRate * x0) / frequency * sine),
        decay * (v0 * cosine - (omega * omega * x0 + decayRate * v0) / frequency * sine)
      )
    } else if zeta == 1 {
      // Critically damped: the fastest return that never crosses the target from rest.
      let slope = v0 + omega * x0
      let decay = exp(-omega * t)
      return ((x0 + slope * t) * decay, (v0 - omega * slope * t) * decay)
    } else {
      // Overdamped: two real decaying exponentials; `slowRate * fastRate == ω²`.
      let root = (zeta * zeta - 1).squareRoot()
      let slowRate = -omega / (zeta + root)
      let fastRate = -omega * (zeta + root)
      let fastPart = (slowRate * x0 - v0) / (slowRate - fastRate)
      let slowPart = x0 - fastPart
      let slowDecay = exp(slowRate * t)
      let fastDecay = exp(fastRate * t)
      return (
        slowPart * slowDecay + fastPart * fastDecay,
        slowRate * slowPart * slowDecay + fastRate * fastPart * fastDecay
      )
    }
  }
}

extension Double {
  /// The value itself if finite, otherwise 0.
  fileprivate var finiteOrZero: Double { isFinite ? self : 0 }

  /// The value as an elapsed time: negative and NaN become 0, infinity stays.
  fileprivate var clampedTime: Double { self > 0 ? self : 0 }
}
