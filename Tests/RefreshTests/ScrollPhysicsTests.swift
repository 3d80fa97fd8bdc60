import Foundation
import Refresh
import TestSupport
import Testing

@Suite("ScrollPhysics")
struct ScrollPhysicsTests {
  let physics = ScrollPhysics()

  // MARK: Rubber band

  @Test("Rubber band matches the published worked values for d = 960")
  func rubberBandWorkedValues() {
    #expect(abs(physics.rubberBandDistance(forOvershoot: 10, dimension: 960) - 5.47) < 0.005)
    #expect(abs(physics.rubberBandDistance(forOvershoot: 100, dimension: 960) - 52.02) < 0.005)
  }

  @Test(
    "Rubber band distance for more overshoots and viewport sizes",
    arguments: [
      (10.0, 960.0, 5.4687), (50, 960, 26.7342), (200, 960, 98.6916), (1000, 960, 349.6689),
      (10, 667, 5.4550), (100, 667, 50.8102), (1000, 667, 301.4380), (100, 375, 47.9651),
    ] as [(Double, Double, Double)])
  func rubberBandTable(overshoot: Double, dimension: Double, expected: Double) {
    let distance = physics.rubberBandDistance(forOvershoot: overshoot, dimension: dimension)
    #expect(abs(distance - expected) < 0.0001)
  }

  @Test(
    "The rubber band's slope is its derivative",
    arguments: [0.0, 10, 100, 960, 5_000], [375.0, 667, 960])
  func rubberBandSlope(overshoot: Double, dimension: Double) {
    let slope = physics.rubberBandSlope(forOvershoot: overshoot, dimension: dimension)
    let u = overshoot * 0.55 / dimension
    #expect(abs(slope - (overshoot > 0 ? 0.55 / ((1 + u) * (1 + u)) : 1)) < 1e-12)
    guard overshoot > 0 else { return }
    // The same as a difference quotient of the distance.
    let step = 1e-4
    let quotient =
      (physics.rubberBandDistance(forOvershoot: overshoot + step, dimension: dimension)
        - physics.rubberBandDistance(forOvershoot: overshoot - step, dimension: dimension))
      / (2 * step)
    #expect(abs(slope - quotient) < 1e-6)
  }

  @Test func rubberBandSlopeOfBadInput() {
    #expect(physics.rubberBandSlope(forOvershoot: -5, dimension: 960) == 1)
    #expect(physics.rubberBandSlope(forOvershoot: .nan, dimension: 960) == 1)
    #expect(physics.rubberBandSlope(forOvershoot: 10, dimension: 0) == 0)
    #expect(physics.rubberBandSlope(forOvershoot: .infinity, dimension: 960) == 0)
    #expect(abs(physics.rubberBandSlope(forOvershoot: 960, dimension: 960) - 0.55 / 2.4025) < 1e-12)
  }

  @Test(
    "Overshoot is the exact inverse of the rubber band",
    arguments: [0.001, 1, 10, 100, 1_000, 100_000], [320.0, 667, 960])
  func rubberBandRoundTrip(overshoot: Double, dimension: Double) {
    let banded = physics.rubberBandDistance(forOvershoot: overshoot, dimension: dimension)
    let recovered = physics.overshoot(forRubberBandDistance: banded, dimension: dimension)
    #expect(abs(recovered - overshoot) <= 1e-9 * overshoot)
  }

  @Test(
    "The rubber band undoes the overshoot for any distance below the dimension",
    arguments: [0.001, 0.25, 0.5, 0.9, 0.999], [320.0, 667, 960])
  func overshootRoundTrip(fraction: Double, dimension: Double) {
    let distance = fraction * dimension
    let overshoot = physics.overshoot(forRubberBandDistance: distance, dimension: dimension)
    let banded = physics.rubberBandDistance(forOvershoot: overshoot, dimension: dimension)
    #expect(abs(banded - distance) <= 1e-9 * distance)
  }

  @Test("Rubber band is increasing, starts at slope c, and stays below c * x and d")
  func rubberBandShape() {
    let dimension = 667.0
    var previous = 0.0
    for step in 1...2_000 {
      let overshoot = Double(step) * Double(step) / 10
      let distance = physics.rubberBandDistance(forOvershoot: overshoot, dimension: dimension)
      #expect(distance > previous)
      #expect(distance < dimension)
      #expect(distance < 0.55 * overshoot)
      previous = distance
    }
    let tiny = physics.rubberBandDistance(forOvershoot: 1e-6, dimension: dimension)
    #expect(abs(tiny / 1e-6 - 0.55) < 1e-9)
  }

  @Test("Degenerate rubber band inputs give documented, finite results")
  func rubberBandDegenerateInputs() {
    #expect(physics.rubberBandDistance(forOvershoot: 0, dimension: 960) == 0)
    #expect(physics.rubberBandDistance(forOvershoot: -10, dimension: 960) == 0)
    #expect(physics.rubberBandDistance(forOvershoot: .nan, dimension: 960) == 0)
    #expect(physics.rubberBandDistance(forOvershoot: .infinity, dimension: 960) == 960)
    for dimension in [0, -960, Double.nan, .infinity, -.infinity] {
      #expect(physics.rubberBandDistance(forOvershoot: 100, dimension: dimension) == 0)
      #expect(physics.overshoot(forRubberBandDistance: 10, dimension: dimension) == 0)
    }
    #expect(physics.overshoot(forRubberBandDistance: 0, dimension: 960) == 0)
    #expect(physics.overshoot(forRubberBandDistance: -5, dimension: 960) == 0)
    #expect(physics.overshoot(forRubberBandDistance: .nan, dimension: 960) == 0)
    #expect(physics.overshoot(forRubberBandDistance: 960, dimension: 960) == .infinity)
    #expect(physics.overshoot(forRubberBandDistance: 2_000, dimension: 960) == .infinity)
  }

  @Test(
    "Offsets inside the range map 1:1",
    arguments: [-64.0, -63.5, 0, 250, 999.75, 1_000])
  func rubberBandedOffsetInside(offset: Double) {
    #expect(physics.rubberBandedOffset(offset, in: -64...1_000, dimension: 960) == offset)
  }

  @Test("Offsets past either edge are rubber-banded from that edge")
  func rubberBandedOffsetOutside() {
    let range = -64.0...1_000
    let below = physics.rubberBandedOffset(-164, in: range, dimension: 960)
    #expect(abs(below - (-64 - 52.0197)) < 0.0001)
    let above = physics.rubberBandedOffset(1_010, in: range, dimension: 960)
    #expect(abs(above - 1_005.4687) < 0.0001)
    // Continuous at the edges.
    #expect(abs(physics.rubberBandedOffset(-64.000_001, in: range, dimension: 960) + 64) < 1e-6)
    #expect(
      abs(physics.rubberBandedOffset(1_000.000_001, in: range, dimension: 960) - 1_000) < 1e-6)
    // Zero-length range.
    #expect(abs(physics.rubberBandedOffset(-100, in: 0...0, dimension: 960) + 52.0197) < 0.0001)
  }

  @Test("Degenerate offsets and dimensions are clamped or limited, never NaN")
  func rubberBandedOffsetDegenerate() {
    let range = 0.0...500
    #expect(physics.rubberBandedOffset(-100, in: range, dimension: 0) == 0)
    #expect(physics.rubberBandedOffset(600, in: range, dimension: -1) == 500)
    #expect(physics.rubberBandedOffset(600, in: range, dimension: .nan) == 500)
    #expect(physics.rubberBandedOffset(.nan, in: range, dimension: 960) == 0)
    #expect(physics.rubberBandedOffset(-.infinity, in: range, dimension: 960) == -960)
    #expect(physics.rubberBandedOffset(.infinity, in: range, dimension: 960) == 1_460)
  }

  // MARK: Deceleration

  @Test("DecelerationRate presets carry UIKit's values and behave as values")
  func decelerationRatePresets() {
    #expect(DecelerationRate.normal.rawValue == 0.998)
    #expect(DecelerationRate.fast.rawValue == 0.99)
    #expect(DecelerationRate(rawValue: 0.998) == .normal)
    #expect(Set([DecelerationRate.normal, .fast, DecelerationRate(rawValue: 0.99)]).count == 2)
    #expect(ScrollPhysics().decelerationRate == .normal)
  }

  @Test("Normal rate: 1000 pt/s coasts 499.5 pt, 90.6 pt of it in the first 100 ms")
  func normalRateFigures() {
    #expect(abs(physics.restingDistance(velocity: 1_000) - 499.5) < 0.005)
    #expect(abs(physics.decelerationDisplacement(velocity: 1_000, elapsed: 0.1) - 90.6) < 0.05)
    #expect(abs(physics.decelerationDisplacement(velocity: 1_000, elapsed: 0.1) - 90.6259) < 1e-4)
    #expect(abs(physics.decelerationVelocity(velocity: 1_000, elapsed: 0.1) - 818.5668) < 1e-4)
    #expect(abs(physics.decelerationVelocity(velocity: 1_000, elapsed: 1) - 135.0645) < 1e-4)
    #expect(abs(physics.decelerationDuration(velocity: 1_000) - 3.4499) < 1e-4)
  }

  @Test("Fast rate: 1000 pt/s coasts 99.5 pt, 63.08 pt of it in the first 100 ms")
  func fastRateFigures() {
    let fast = ScrollPhysics(decelerationRate: .fast)
    #expect(abs(fast.restingDistance(velocity: 1_000) - 99.4992) < 1e-4)
    #expect(abs(fast.restingDistance(velocity: -2_000) + 198.9983) < 1e-4)
    #expect(abs(fast.decelerationDisplacement(velocity: 1_000, elapsed: 0.1) - 63.0793) < 1e-4)
    #expect(abs(fast.decelerationVelocity(velocity: 1_000, elapsed: 0.1) - 366.0323) < 1e-4)
  }

  @Test(
    "Velocity keeps exactly the rate per millisecond, and displacement integrates it",
    arguments: [DecelerationRate.normal, .fast], [0.0, 0.05, 0.5, 2])
  func decelerationConsistency(rate: DecelerationRate, time: Double) {
    let physics = ScrollPhysics(decelerationRate: rate)
    let now = physics.decelerationVelocity(velocity: -1_500, elapsed: time)
    let later = physics.decelerationVelocity(velocity: -1_500, elapsed: time + 0.001)
    #expect(abs(later / now - rate.rawValue) < 1e-12)
    let h = 1e-5
    let slope =
      (physics.decelerationDisplacement(velocity: -1_500, elapsed: time + h)
        - physics.decelerationDisplacement(velocity: -1_500, elapsed: max(0, time - h)))
      / (time + h - max(0, time - h))
    #expect(abs(slope - now) < 1e-3 * 1_500)
  }

  @Test("Deceleration limits and degenerate inputs")
  func decelerationDegenerateInputs() {
    #expect(physics.decelerationDisplacement(velocity: 800, elapsed: 0) == 0)
    #expect(physics.decelerationDisplacement(velocity: 800, elapsed: -1) == 0)
    #expect(physics.decelerationDisplacement(velocity: 800, elapsed: .nan) == 0)
    #expect(
      physics.decelerationDisplacement(velocity: 800, elapsed: .infinity)
        == physics.restingDistance(velocity: 800))
    #expect(physics.decelerationVelocity(velocity: 800, elapsed: .infinity) == 0)
    #expect(physics.decelerationVelocity(velocity: 800, elapsed: .nan) == 800)
    for velocity in [Double.nan, .infinity, -.infinity] {
      #expect(physics.restingDistance(velocity: velocity) == 0)
      #expect(physics.decelerationDisplacement(velocity: velocity, elapsed: 1) == 0)
      #expect(physics.decelerationVelocity(velocity: velocity, elapsed: 1) == 0)
      #expect(physics.decelerationDuration(velocity: velocity) == 0)
    }
    #expect(physics.restingDistance(velocity: -1_000) == -physics.restingDistance(velocity: 1_000))
    // A glide with less than half a point to go is already at rest.
    #expect(physics.decelerationDuration(velocity: 0.9) == 0)
  }

  @Test("A glide has exactly the rest threshold left when its duration elapses")
  func decelerationDurationMeetsThreshold() {
    for velocity in [-5_000.0, 3, 1_000, 12_345] {
      let duration = physics.decelerationDuration(velocity: velocity)
      let left =
        physics.restingDistance(velocity: velocity)
        - physics.decelerationDisplacement(velocity: velocity, elapsed: duration)
      #expect(abs(abs(left) - 0.5) < 1e-9)
    }
  }

  // MARK: Spring

  @Test("Default spring has ω = 10 rad/s")
  func springFrequency() {
    #expect(physics.springAngularFrequency == 10)
    #expect(ScrollPhysics(springStiffness: 400, springMass: 4).springAngularFrequency == 10)
  }

  @Test(
    "Critically damped closed form values",
    arguments: [
      // (x0, v0, t, x, v) from x(t) = (x0 + (v0 + 10 x0) t) e^(-10 t) and its derivative.
      (100.0, 0.0, 0.1, 200 / M_E, -1_000 / M_E),
      (100, 0, 0.5, 4.042_768, -33.689_735),
      (0, 1_000, 0.1, 100 / M_E, 0),
      (0, 1_000, 0.2, 27.067_057, -135.335_283),
      (-50, 400, 0.05, -33.359_186, 272.938_797),
      (-50, 400, 0.3, -3.982_965, 34.850_948),
    ] as [(Double, Double, Double, Double, Double)])
  func criticallyDampedValues(x0: Double, v0: Double, time: Double, x: Double, v: Double) {
    let displacement = physics.springDisplacement(
      initialDisplacement: x0, initialVelocity: v0, elapsed: time)
    let velocity = physics.springVelocity(
      initialDisplacement: x0, initialVelocity: v0, elapsed: time)
    #expect(abs(displacement - x) < 1e-5)
    #expect(abs(velocity - v) < 1e-5)
  }

  @Test(
    "Every damping regime starts at its initial state and solves m x'' + c x' + k x = 0",
    arguments: [0.2, 0.7, 0.999_999, 1, 1.000_001, 1.5, 4])
  func springSolvesTheEquationOfMotion(dampingRatio: Double) {
    let spring = ScrollPhysics(
      springStiffness: 150, springMass: 1.5, springDampingRatio: dampingRatio)
    let (x0, v0) = (-120.0, 900.0)
    func x(_ t: Double) -> Double {
      spring.springDisplacement(initialDisplacement: x0, initialVelocity: v0, elapsed: t)
    }
    func v(_ t: Double) -> Double {
      spring.springVelocity(initialDisplacement: x0, initialVelocity: v0, elapsed: t)
    }
    #expect(abs(x(0) - x0) < 1e-9)
    #expect(abs(v(0) - v0) < 1e-9)
    let damping = 2 * dampingRatio * (150 * 1.5).squareRoot()
    let h = 1e-5
    for t in [0.05, 0.2, 0.6, 1.3] {
      let slope = (x(t + h) - x(t - h)) / (2 * h)
      let acceleration = (v(t + h) - v(t - h)) / (2 * h)
      #expect(abs(slope - v(t)) < 1e-4 * 900)
      #expect(abs(1.5 * acceleration + damping * v(t) + 150 * x(t)) < 1e-3 * 150 * 120)
    }
  }

  @Test(
    "A critically damped spring released from rest never crosses its target",
    arguments: [-100.0, 100])
  func criticallyDampedFromRestDoesNotOvershoot(x0: Double) {
    var previous = abs(x0)
    for millisecond in 1...3_000 {
      let x = physics.springDisplacement(
        initialDisplacement: x0, initialVelocity: 0, elapsed: Double(millisecond) / 1_000)
      #expect(x.sign == x0.sign)
      #expect(abs(x) <= previous)
      previous = abs(x)
    }
  }

  @Test("Settling time is the first instant within 0.5 pt and under 1 pt/s")
  func springSettlingTime() {
    let duration = physics.springSettlingDuration(initialDisplacement: 100, initialVelocity: 0)
    #expect(abs(duration - 0.9118) < 1e-3)
    let x = physics.springDisplacement(
      initialDisplacement: 100, initialVelocity: 0, elapsed: duration)
    let v = physics.springVelocity(initialDisplacement: 100, initialVelocity: 0, elapsed: duration)
    #expect(abs(x) < 0.5)
    #expect(abs(v) < 1)
    let earlier = physics.springVelocity(
      initialDisplacement: 100, initialVelocity: 0, elapsed: duration - 1e-6)
    #expect(abs(earlier) >= 1)
    #expect(physics.springSettlingDuration(initialDisplacement: 0.3, initialVelocity: -0.5) == 0)
  }

  @Test(
    "Springs of every damping regime settle at a finite time, within the thresholds",
    arguments: [0.1, 0.5, 1, 2, 10], [(0.0, 5_000.0), (-300, 0), (40, -8_000), (1e6, 1e6)])
  func springSettlesForAnyDamping(dampingRatio: Double, start: (Double, Double)) {
    let spring = ScrollPhysics(springDampingRatio: dampingRatio)
    let duration = spring.springSettlingDuration(
      initialDisplacement: start.0, initialVelocity: start.1)
    #expect(duration.isFinite && duration > 0)
    let x = spring.springDisplacement(
      initialDisplacement: start.0, initialVelocity: start.1, elapsed: duration)
    let v = spring.springVelocity(
      initialDisplacement: start.0, initialVelocity: start.1, elapsed: duration)
    #expect(abs(x) < 0.5)
    #expect(abs(v) < 1)
  }

  @Test("Spring limits and degenerate inputs")
  func springDegenerateInputs() {
    for bad in [Double.nan, .infinity, -.infinity] {
      #expect(
        physics.springDisplacement(initialDisplacement: bad, initialVelocity: 0, elapsed: 1) == 0)
      #expect(physics.springVelocity(initialDisplacement: 0, initialVelocity: bad, elapsed: 1) == 0)
      #expect(physics.springSettlingDuration(initialDisplacement: bad, initialVelocity: bad) == 0)
    }
    #expect(
      physics.springDisplacement(initialDisplacement: 50, initialVelocity: 10, elapsed: .infinity)
        == 0)
    #expect(
      physics.springVelocity(initialDisplacement: 50, initialVelocity: 10, elapsed: .infinity) == 0)
    #expect(
      physics.springDisplacement(initialDisplacement: 50, initialVelocity: 10, elapsed: -3) == 50)
    #expect(
      physics.springVelocity(initialDisplacement: 50, initialVelocity: 10, elapsed: .nan) == 10)
  }

  // MARK: Configuration

  @Test("Custom constants are stored and compared")
  func configuration() {
    let custom = ScrollPhysics(
      rubberBandCoefficient: 0.4, decelerationRate: .fast, springStiffness: 250, springMass: 2,
      springDampingRatio: 0.8, restDistanceThreshold: 0.25, restSpeedThreshold: 2)
    #expect(custom.rubberBandCoefficient == 0.4)
    #expect(custom.decelerationRate == .fast)
    #expect(custom.springStiffness == 250)
    #expect(custom.springMass == 2)
    #expect(custom.springDampingRatio == 0.8)
    #expect(custom.restDistanceThreshold == 0.25)
    #expect(custom.restSpeedThreshold == 2)
    #expect(custom != ScrollPhysics())
    #expect(ScrollPhysics() == ScrollPhysics(rubberBandCoefficient: 0.55, springStiffness: 100))
    // A softer band shows less of the same pull.
    #expect(
      custom.rubberBandDistance(forOvershoot: 100, dimension: 960)
        < physics.rubberBandDistance(forOvershoot: 100, dimension: 960))
  }

  @Test("Invalid constants trap")
  func invalidConfigurationTraps() async {
    await #expect(processExitsWith: .failure) { _ = ScrollPhysics(rubberBandCoefficient: 0) }
    // The rate's interval is open at both ends.
    await #expect(processExitsWith: .failure) {
      _ = ScrollPhysics(decelerationRate: DecelerationRate(rawValue: 1))
    }
    await #expect(processExitsWith: .failure) {
      _ = ScrollPhysics(decelerationRate: DecelerationRate(rawValue: 0))
    }
    #expect(
      ScrollPhysics(decelerationRate: DecelerationRate(rawValue: 0.001)).decelerationRate.rawValue
        == 0.001)
    await #expect(processExitsWith: .failure) { _ = ScrollPhysics(springDampingRatio: .nan) }
  }

  /// The default spring comes to rest for good at its settling time, to within 10 ns.
  ///
  /// Not a moment before it, and at every 0.1 ms for two seconds after. Seeded releases, far from the
  /// target and near the thresholds (where a spring can be at rest for a moment as it swings
  /// past its turn, and leave it).
  @Test func theDefaultSpringSettlesForGood() {
    func isSettled(_ x0: Double, _ v0: Double, _ t: Double) -> Bool {
      abs(physics.springDisplacement(initialDisplacement: x0, initialVelocity: v0, elapsed: t))
        < physics.restDistanceThreshold
        && abs(physics.springVelocity(initialDisplacement: x0, initialVelocity: v0, elapsed: t))
          < physics.restSpeedThreshold
    }
    var random = SplitMix64(seed: 36)
    var briefRests = 0
    for release in 0..<200 {
      let scale = release.isMultiple(of: 2) ? 1.0 : 1e-3
      let x0 = Double.random(in: -2_000...2_000, using: &random) * scale
      let v0 = Double.random(in: -20_000...20_000, using: &random) * scale / 2
      let duration = physics.springSettlingDuration(initialDisplacement: x0, initialVelocity: v0)
      guard duration > 0 else { continue }
      #expect(!isSettled(x0, v0, duration - 1e-8), "\(x0), \(v0)")
      var time = duration
      while time < duration + 2 {
        #expect(isSettled(x0, v0, time), "\(x0), \(v0) moved at \(time) after \(duration)")
        time += 1e-4
      }
      if stride(from: 0, to: duration, by: 1e-4).contains(where: { isSettled(x0, v0, $0) }) {
        briefRests += 1
      }
    }
    // The seeds include releases that rest for a moment before they rest for good.
    #expect(briefRests > 0)
  }
}
