import Foundation
import Testing

@testable import Refresh

/// The one velocity sampler of drags: its window and the numbers it gives.
@Suite("Velocity sampler")
struct VelocitySamplerTests {
  @Test func theWindowIsATenthOfASecond() {
    #expect(VelocitySampler.window == 0.1)
  }

  @Test func theVelocityRunsFromTheOldestSampleInTheWindowToTheNewest() {
    var sampler = VelocitySampler()
    sampler.record(CGPoint(x: 0, y: 0), at: 0)
    sampler.record(CGPoint(x: 8, y: 30), at: 0.03125)
    sampler.record(CGPoint(x: 16, y: 60), at: 0.0625)
    // 0.0625 s apart: (16, 60) / 0.0625.
    #expect(sampler.velocity == CGPoint(x: 256, y: 960))
    // 0.125 s: the first sample is more than 0.1 s old and goes; 0.09375 s remain.
    sampler.record(CGPoint(x: 16, y: 120), at: 0.125)
    #expect(sampler.samples.map(\.time) == [0.03125, 0.0625, 0.125])
    #expect(sampler.velocity == CGPoint(x: 8 / 0.09375, y: 960))
    #expect(sampler.lastPoint == CGPoint(x: 16, y: 120))
  }

  @Test func aSampleExactlyAWindowOldStays() {
    var sampler = VelocitySampler()
    sampler.record(CGPoint(x: 0, y: 0), at: 0)
    sampler.record(CGPoint(x: 0, y: 10), at: VelocitySampler.window)
    #expect(sampler.samples.count == 2)
    #expect(abs(sampler.velocity.y - 100) < 1e-9)
  }

  /// When the oldest sample falls out of the window, the next one, exactly a window older than
  /// the newest, stays (0.125 + 0.1 - 0.125 is exactly 0.1 in binary).
  @Test func forgettingOldSamplesKeepsTheOneExactlyAWindowOld() {
    var sampler = VelocitySampler()
    sampler.record(CGPoint(x: 0, y: 0), at: 0.0625)
    sampler.record(CGPoint(x: 0, y: 20), at: 0.125)
    sampler.record(CGPoint(x: 0, y: 40), at: 0.125 + VelocitySampler.window)
    #expect(sampler.samples.map(\.time) == [0.125, 0.125 + VelocitySampler.window])
    #expect(abs(sampler.velocity.y - 200) < 1e-9)
  }

  @Test func aFingerThatHeldStillHasNoVelocity() {
    var sampler = VelocitySampler()
    sampler.record(CGPoint(x: 0, y: 0), at: 0)
    sampler.record(CGPoint(x: 0, y: 50), at: 0.05)
    // Held at 50 until 0.25 s: the moving samples are out of the window.
    sampler.record(CGPoint(x: 0, y: 50), at: 0.25)
    #expect(sampler.velocity == .zero)
  }

  @Test func fewerThanTwoSamplesOrNoTimeBetweenThemGiveNoVelocity() {
    var sampler = VelocitySampler()
    #expect(sampler.velocity == .zero)
    #expect(sampler.lastPoint == nil)
    sampler.record(CGPoint(x: 3, y: 4), at: 2)
    #expect(sampler.velocity == .zero)
    sampler.record(CGPoint(x: 30, y: 40), at: 2)
    #expect(sampler.velocity == .zero)
    sampler.removeAll()
    #expect(sampler.samples.isEmpty)
  }

  @Test func nonFiniteSamplesAndTimesGoingBackAreIgnored() {
    var sampler = VelocitySampler()
    sampler.record(CGPoint(x: 0, y: 0), at: 1)
    sampler.record(CGPoint(x: CGFloat.nan, y: 0), at: 1.01)
    sampler.record(CGPoint(x: 0, y: CGFloat.infinity), at: 1.02)
    sampler.record(CGPoint(x: 0, y: 5), at: .nan)
    sampler.record(CGPoint(x: 0, y: 5), at: 0.5)
    #expect(sampler.samples.count == 1)
    sampler.record(CGPoint(x: 0, y: 10), at: 1.0625)
    #expect(sampler.velocity == CGPoint(x: 0, y: 160))
  }
}
