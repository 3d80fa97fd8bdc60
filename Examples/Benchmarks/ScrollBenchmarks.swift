import Foundation
import Observing
import Refresh

/// A closure stored where the optimizer cannot see through it: the anchor of the scroll
/// section.
final class ClosureBox {
  var body: (CGPoint, CGPoint) -> Void = { _, _ in }
}

@inline(never) func call(_ box: ClosureBox, _ point: CGPoint) { box.body(point, point) }

extension Bench {
  @MainActor
  mutating func runScroll() {
    let section = "Scroll"

    let counter = Counter()
    let box = ClosureBox()
    box.body = { _, _ in counter.count &+= 1 }
    let closureCost = nanoseconds { iterations in
      for index in 0..<iterations { call(box, CGPoint(x: 0, y: Double(index))) }
    }
    record(section, "plain closure call (anchor)", closureCost)

    // One physics step: sampling a planned motion at a time.
    let motion = ScrollMotion(position: 0, velocity: 3000, minimum: 0, maximum: 2000)
    let stepCost = nanoseconds { iterations in
      var total = 0.0
      for index in 0..<iterations {
        total += motion.state(at: Double(index % 4000) / 1000).position
      }
      blackHole(total)
    }
    record(
      section, "physics step (ScrollMotion.state(at:))", stepCost,
      anchor: ("plain closure call", closureCost))
    record(section, "physics steps per second", 1e9 / stepCost, unit: "steps/s")

    // One contentOffset change with 10 observers.
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 375, height: 100_000)
    let bareCost = nanoseconds { iterations in
      for index in 0..<iterations { scroll.contentOffset = CGPoint(x: 0, y: Double(index % 1000)) }
    }
    record(
      section, "contentOffset change, no observer", bareCost,
      anchor: ("plain closure call", closureCost))
    let tokens = (0..<10).map { _ in
      scroll.observe(\.contentOffset, options: [.old, .new]) { _, _ in counter.count &+= 1 }
    }
    let observedCost = withExtendedLifetime(tokens) {
      nanoseconds { iterations in
        for index in 0..<iterations {
          scroll.contentOffset = CGPoint(x: 0, y: Double(index % 1000))
        }
      }
    }
    record(
      section, "contentOffset change, 10 observers", observedCost,
      anchor: ("plain closure call", closureCost))

    // A whole drag, release and deceleration, per frame.
    let gestureCost = nanoseconds { iterations in
      for index in 0..<iterations {
        if index % 200 == 0 {
          scroll.contentOffset = CGPoint(x: 0, y: 500)
          scroll.beginDragging(at: CGPoint(x: 0, y: 300))
        } else if index % 200 < 20 {
          scroll.drag(to: CGPoint(x: 0, y: 300 - Double(index % 200) * 5))
        } else if index % 200 == 20 {
          scroll.endDragging(velocity: CGPoint(x: 0, y: -2000))
        } else {
          clock.advance(by: 1.0 / 60)
        }
      }
    }
    record(
      section, "gesture frame (drag, release, glide), 10 observers", gestureCost,
      anchor: ("plain closure call", closureCost))
    blackHole(counter.count)
    // The window held to here: a view references its window weakly.
    withExtendedLifetime(window) {}
  }
}
