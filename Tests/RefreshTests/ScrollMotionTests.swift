import Foundation
import Refresh
import TestSupport
import Testing

@Suite("ScrollMotion")
struct ScrollMotionTests {
  let physics = ScrollPhysics()

  /// The glide exponent `1000 ln r`, recomputed here from the definition of the rate.
  let exponent = 1_000 * log(0.998)

  /// Samples `motion` every `step` seconds until it finishes, like a display link would.
  func run(_ motion: ScrollMotion, step: Double) -> (samples: [ScrollMotion.Sample], end: Double) {
    var samples: [ScrollMotion.Sample] = []
    var frame = 0
    repeat {
      samples.append(motion.state(at: Double(frame) * step))
      frame += 1
    } while !samples.last!.isFinished && frame < 100_000
    return (samples, Double(frame - 1) * step)
  }

  // MARK: Glide

  @Test("A fling inside the content rests exactly at start + resting distance")
  func flingRestsAtAsymptote() {
    let motion = ScrollMotion(position: 100, velocity: 1_000, minimum: 0, maximum: 5_000)
    #expect(motion.restingPosition == 100 + physics.restingDistance(velocity: 1_000))
    #expect(abs(motion.restingPosition - 599.5) < 0.005)
    #expect(motion.duration == physics.decelerationDuration(velocity: 1_000))
    #expect(abs(motion.state(at: 0.1).position - 190.6259) < 1e-4)
    #expect(motion.state(at: 0) == .init(position: 100, velocity: 1_000, isFinished: false))
    let almost = motion.state(at: motion.duration.nextDown)
    #expect(!almost.isFinished)
    #expect(abs(almost.position - motion.restingPosition) <= 0.5 + 1e-9)
    let end = motion.state(at: motion.duration)
    #expect(end == .init(position: motion.restingPosition, velocity: 0, isFinished: true))
    #expect(motion.state(at: .infinity) == end)
  }

  @Test("Flings are symmetric in direction")
  func flingSymmetry() {
    let up = ScrollMotion(position: 0, velocity: 2_500, minimum: -10_000, maximum: 10_000)
    let down = ScrollMotion(position: 0, velocity: -2_500, minimum: -10_000, maximum: 10_000)
    #expect(up.duration == down.duration)
    #expect(up.restingPosition == -down.restingPosition)
    for time in stride(from: 0.0, through: up.duration, by: 0.25) {
      #expect(up.state(at: time).position == -down.state(at: time).position)
    }
  }

  @Test("Without velocity the motion is at rest where it started")
  func zeroVelocity() {
    let motion = ScrollMotion(position: 42, velocity: 0, minimum: 0, maximum: 100)
    #expect(motion.duration == 0)
    #expect(motion.state(at: 0) == .init(position: 42, velocity: 0, isFinished: true))
  }

  // MARK: Edges

  @Test("A fling toward the bottom edge overshoots it, then rests exactly on it")
  func flingPastBottomEdge() {
    // 3000 pt/s would coast 1498.5 pt, so 498.5 pt of it is left when the edge at 1000 is hit.
    let motion = ScrollMotion(position: 0, velocity: 3_000, minimum: 0, maximum: 1_000)
    let excess = 3_000 / -exponent - 1_000
    let crossing = log(excess / (3_000 / -exponent)) / exponent
    let speedAtEdge = -exponent * excess
    #expect(abs(crossing - 0.5498) < 1e-4)
    #expect(abs(speedAtEdge - 997.997) < 1e-3)
    // Continuous through the hand-over, in position and velocity.
    for time in [crossing - 1e-9, crossing + 1e-9] {
      let sample = motion.state(at: time)
      #expect(abs(sample.position - 1_000) < 1e-5)
      #expect(abs(sample.velocity - speedAtEdge) < 1e-4)
    }
    // The spring peaks v / (ω e) past the edge, 0.1 s after the crossing.
    let peak = motion.state(at: crossing + 0.1)
    #expect(abs(peak.position - (1_000 + speedAtEdge / (10 * M_E))) < 1e-6)
    #expect(abs(peak.velocity) < 1e-6)
    let (samples, _) = run(motion, step: 1.0 / 1_000)
    #expect(abs(samples.map(\.position).max()! - 1_036.714) < 1e-3)
    #expect(motion.restingPosition == 1_000)
    #expect(abs(motion.duration - 1.4481) < 1e-3)
    #expect(samples.last == .init(position: 1_000, velocity: 0, isFinished: true))
  }

  @Test("A fling toward the top edge overshoots it, then rests exactly on it")
  func flingPastTopEdge() {
    let motion = ScrollMotion(position: 30, velocity: -4_000, minimum: -64, maximum: 2_000)
    let (samples, _) = run(motion, step: 1.0 / 120)
    let lowest = samples.map(\.position).min()!
    #expect(lowest < -64 - 40)
    #expect(motion.restingPosition == -64)
    #expect(samples.last!.position == -64)
  }

  @Test("Without bouncing, a fling stops dead on the edge at the crossing time")
  func flingWithoutBounce() {
    let motion = ScrollMotion(
      position: 0, velocity: 3_000, minimum: 0, maximum: 1_000, bounces: false)
    let crossing = log((3_000 / -exponent - 1_000) / (3_000 / -exponent)) / exponent
    #expect(abs(motion.duration - crossing) < 1e-9)
    #expect(motion.state(at: crossing) == .init(position: 1_000, velocity: 0, isFinished: true))
    #expect(abs(motion.state(at: crossing - 1e-9).position - 1_000) < 1e-5)
    let (samples, _) = run(motion, step: 1.0 / 60)
    #expect(samples.allSatisfy { $0.position <= 1_000 })
  }

  @Test("A glide ending less than half a point past an edge rests on the edge")
  func glideEndingJustPastEdge() {
    let velocity = -exponent * 1_000.3  // Would coast 1000.3 pt.
    let motion = ScrollMotion(position: 0, velocity: velocity, minimum: 0, maximum: 1_000)
    #expect(motion.restingPosition == 1_000)
    #expect(motion.duration == physics.decelerationDuration(velocity: velocity))
    let (samples, _) = run(motion, step: 1.0 / 240)
    #expect(samples.allSatisfy { $0.position <= 1_000 })
  }

  // MARK: Starting outside

  @Test(
    "Released past an edge, the content springs back without crossing it",
    arguments: [(-80.0, 0.0), (1_300, 1_200)])
  func springBack(start: Double, edge: Double) {
    let motion = ScrollMotion(position: start, velocity: 0, minimum: 0, maximum: 1_200)
    #expect(motion.restingPosition == edge)
    #expect(
      motion.duration
        == physics.springSettlingDuration(initialDisplacement: start - edge, initialVelocity: 0))
    let (samples, _) = run(motion, step: 1.0 / 120)
    #expect(
      samples.allSatisfy { ($0.position - edge).sign == (start - edge).sign || $0.isFinished })
    #expect(samples.last == .init(position: edge, velocity: 0, isFinished: true))
    let midway = motion.state(at: 0.1)
    let expected = physics.springDisplacement(
      initialDisplacement: start - edge, initialVelocity: 0, elapsed: 0.1)
    #expect(abs(midway.position - (edge + expected)) < 1e-9)
  }

  @Test("Released past an edge while still moving outward, it goes further, then returns")
  func springBackWithOutwardVelocity() {
    let motion = ScrollMotion(position: -50, velocity: -600, minimum: 0, maximum: 500)
    let (samples, _) = run(motion, step: 1.0 / 1_000)
    #expect(samples.map(\.position).min()! < -60)
    #expect(samples.last!.position == 0)
  }

  @Test("Released past an edge without bouncing, it is clamped at once")
  func clampWithoutBounce() {
    let motion = ScrollMotion(
      position: -80, velocity: -500, minimum: 0, maximum: 1_200, bounces: false)
    #expect(motion.duration == 0)
    #expect(motion.state(at: 0) == .init(position: 0, velocity: 0, isFinished: true))
  }

  // MARK: Degenerate ranges

  @Test("A zero-length range bounces back to its only offset", arguments: [-700.0, 0, 700])
  func zeroLengthRange(velocity: Double) {
    let motion = ScrollMotion(position: 10, velocity: velocity, range: 10...10)
    #expect(motion.restingPosition == 10)
    #expect(motion.state(at: motion.duration) == .init(position: 10, velocity: 0, isFinished: true))
    if velocity != 0 {
      #expect(motion.state(at: 0.1).position != 10)
    }
  }

  @Test("A maximum below the minimum is raised to the minimum")
  func invertedRange() {
    let motion = ScrollMotion(position: 40, velocity: 0, minimum: 100, maximum: 50)
    #expect(motion.range == 100...100)
    #expect(motion.restingPosition == 100)
    #expect(motion.state(at: 0).position == 40)
    #expect(motion.duration > 0)
  }

  // MARK: Frame-rate independence

  @Test(
    "60 Hz, 120 Hz and a single 4 s step agree",
    arguments: [
      (0.0, 1_000.0, 0.0, 5_000.0), (0, 3_000, 0, 1_000), (-80, 0, 0, 1_200),
      (900, -2_000, -64, 1_000), (5, 12_000, 0, 0),
    ] as [(Double, Double, Double, Double)])
  func frameRateIndependence(position: Double, velocity: Double, minimum: Double, maximum: Double) {
    let motion = ScrollMotion(
      position: position, velocity: velocity, minimum: minimum, maximum: maximum)
    #expect(motion.duration < 4)
    let (at60, end60) = run(motion, step: 1.0 / 60)
    let (at120, end120) = run(motion, step: 1.0 / 120)
    let single = motion.state(at: 4)
    #expect(end60 <= motion.duration + 1.0 / 60)
    #expect(end120 <= motion.duration + 1.0 / 120)
    #expect(abs(at60.last!.position - single.position) < 0.5)
    #expect(abs(at120.last!.position - single.position) < 0.5)
    #expect(single.isFinished)
    // Identical at equal times: every 60 Hz frame is every other 120 Hz frame.
    for (index, sample) in at60.enumerated() where 2 * index < at120.count {
      #expect(sample == at120[2 * index])
    }
  }

  // MARK: Robustness

  @Test("Seeded random motions always end finite, at rest and in range")
  func randomMotions() {
    var random = SplitMix64(seed: 0x5EED_2024)
    let physicsChoices = [
      physics, ScrollPhysics(decelerationRate: .fast),
      ScrollPhysics(springDampingRatio: 0.4), ScrollPhysics(springDampingRatio: 3),
    ]
    for _ in 0..<1_000 {
      let minimum = Double.random(in: -500...500, using: &random)
      let speedLimit = [300.0, 3_000, 30_000].randomElement(using: &random)!
      let motion = ScrollMotion(
        position: Double.random(in: -3_000...6_000, using: &random),
        velocity: Double.random(in: -speedLimit...speedLimit, using: &random),
        minimum: minimum,
        maximum: minimum + Double.random(in: -200...4_000, using: &random),
        bounces: Bool.random(using: &random),
        physics: physicsChoices.randomElement(using: &random)!)
      #expect(motion.duration.isFinite && motion.duration >= 0)
      #expect(motion.range.contains(motion.restingPosition))
      let end = motion.state(at: motion.duration)
      #expect(end == .init(position: motion.restingPosition, velocity: 0, isFinished: true))
      // No jumps beyond what the velocity explains, plus the final sub-half-point snap.
      let step = 1.0 / 500
      var previous = motion.state(at: 0)
      for frame in 1...max(1, Int((motion.duration / step).rounded(.up))) {
        let sample = motion.state(at: Double(frame) * step)
        #expect(sample.position.isFinite && sample.velocity.isFinite)
        let speed = max(abs(previous.velocity), abs(sample.velocity))
        #expect(abs(sample.position - previous.position) <= 1.5 * speed * step + 0.5)
        previous = sample
      }
      #expect(previous.isFinished)
    }
  }

  @Test("Non-finite positions start at rest on a finite bound")
  func nonFinitePositions() {
    let cases: [(position: Double, minimum: Double, maximum: Double, expected: Double)] = [
      (.nan, 0, 100, 0), (.infinity, 0, 100, 100), (-.infinity, 0, 100, 0),
      (.infinity, 0, .nan, 0), (-.infinity, .nan, 100, 100), (.nan, .nan, .infinity, 0),
    ]
    for (position, minimum, maximum, expected) in cases {
      let motion = ScrollMotion(
        position: position, velocity: 500, minimum: minimum, maximum: maximum)
      #expect(motion.startPosition == expected)
      #expect(motion.startVelocity == 0)
      #expect(motion.duration == 0)
      #expect(motion.state(at: 0) == .init(position: expected, velocity: 0, isFinished: true))
    }
  }

  @Test("Non-finite velocities count as zero", arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteVelocity(velocity: Double) {
    let motion = ScrollMotion(position: 20, velocity: velocity, minimum: 0, maximum: 100)
    #expect(motion.startVelocity == 0)
    #expect(motion.state(at: 0) == .init(position: 20, velocity: 0, isFinished: true))
  }

  @Test("Non-finite bounds leave that side unbounded")
  func nonFiniteBounds() {
    let open = ScrollMotion(position: -1e6, velocity: -1_000, minimum: .nan, maximum: 100)
    #expect(open.range == -Double.infinity...100)
    #expect(open.restingPosition == -1e6 + physics.restingDistance(velocity: -1_000))
    let free = ScrollMotion(position: 0, velocity: 1_000, minimum: -.infinity, maximum: .infinity)
    #expect(free.restingPosition == physics.restingDistance(velocity: 1_000))
  }

  @Test("Negative, NaN and infinite elapsed times")
  func degenerateElapsedTimes() {
    let motion = ScrollMotion(position: 0, velocity: 3_000, minimum: 0, maximum: 1_000)
    #expect(motion.state(at: -1) == motion.state(at: 0))
    #expect(motion.state(at: .nan) == motion.state(at: 0))
    #expect(motion.state(at: .infinity) == .init(position: 1_000, velocity: 0, isFinished: true))
  }
}
