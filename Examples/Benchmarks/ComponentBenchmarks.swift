import Foundation
import Observing
import Refresh

extension Bench {
  /// One full drag–refresh–end cycle, driven frame by frame: a pull past the header's
  /// threshold, release, refresh, end, then a pull up into the footer and back.
  @MainActor
  private func cycle(_ scroll: ScrollModel, _ clock: ManualFrameClock, step: Int) {
    let phase = step % 120
    switch phase {
    case 0: scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    case 1..<30: scroll.drag(to: CGPoint(x: 100, y: 100 + Double(phase) * 8))
    case 30: scroll.endDragging(velocity: .zero)
    case 60: scroll.header?.endRefreshing()
    case 70: scroll.beginDragging(at: CGPoint(x: 100, y: 500))
    case 71..<90: scroll.drag(to: CGPoint(x: 100, y: 500 - Double(phase - 70) * 40))
    case 90: scroll.endDragging(velocity: CGPoint(x: 0, y: -1500))
    case 110: scroll.footer?.endRefreshing()
    default: clock.advance(by: 1.0 / 60)
    }
  }

  @MainActor
  mutating func runComponents() {
    let section = "Components"
    func makeScene(withComponents: Bool) -> (ScrollModel, ManualFrameClock) {
      let clock = ManualFrameClock()
      let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
      let scroll = ScrollModel(frame: window.bounds)
      window.addSubview(scroll)
      scroll.contentSize = CGSize(width: 375, height: 1200)
      scroll.alwaysBounceVertical = true
      if withComponents {
        let header = RefreshNormalHeader(refreshingBlock: {})
        header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
        scroll.header = header
        scroll.footer = RefreshBackNormalFooter(refreshingBlock: {})
      }
      return (scroll, clock)
    }

    // The bare scroll model's own update: the same cycle, no component attached.
    let (bare, bareClock) = makeScene(withComponents: false)
    let bareCost = nanoseconds { iterations in
      for step in 0..<iterations { cycle(bare, bareClock, step: step) }
    }
    record(section, "drag-refresh-end cycle step, bare scroll model", bareCost)

    let (attached, attachedClock) = makeScene(withComponents: true)
    let attachedCost = nanoseconds { iterations in
      for step in 0..<iterations { cycle(attached, attachedClock, step: step) }
    }
    record(
      section, "same step, header and footer attached", attachedCost,
      anchor: ("bare scroll model", bareCost))
    // The goal reads "attached components add less than 2x": what they add, against the bare
    // scroll model's own cost.
    let added = attachedCost - bareCost
    record(
      section, "cost the header and footer add per step", added,
      anchor: ("bare scroll model", bareCost),
      goal: ("adds < 2x the bare scroll model", added < 2 * bareCost))

    // A single contentOffset update while pulling, with and without components.
    func offsetCost(_ scroll: ScrollModel) -> Double {
      scroll.panState = .began
      defer { scroll.panState = .ended }
      return nanoseconds { iterations in
        for index in 0..<iterations {
          scroll.contentOffset = CGPoint(x: 0, y: -Double(index % 100))
        }
      }
    }
    let bareOffset = offsetCost(makeScene(withComponents: false).0)
    let (pulled, _) = makeScene(withComponents: true)
    let attachedOffset = offsetCost(pulled)
    record(section, "contentOffset update while pulling, bare", bareOffset)
    record(
      section, "contentOffset update while pulling, header and footer", attachedOffset,
      anchor: ("bare scroll model", bareOffset))
  }
}
