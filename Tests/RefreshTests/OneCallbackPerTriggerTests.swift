import Foundation
import Observing
import TestSupport
import Testing

@testable import Refresh

/// Exactly one callback per trigger, over 10^5 seeded random events: every refresh that
/// begins (a released pull, a played pull, an automatic load, `beginRefreshing()`) calls its
/// component's action exactly once, and nothing else does; a header and a footer never
/// refresh at once unless the scroll model allows it; a removed component calls nothing.
@MainActor
@Suite("One callback per trigger: 10^5 seeded random events")
struct OneCallbackPerTriggerTests {
  /// A component with what it did, refresh by refresh.
  ///
  /// A refresh calls its action once the component is shown for it (after the fast
  /// animation, as MJRefresh calls it once its inset animation completes), so one that ends, is
  /// cancelled or is removed sooner calls nothing; one that stays refreshing and attached past
  /// that calls it exactly once.
  @MainActor
  final class Tracked {
    let component: RefreshComponent
    let clock: ManualFrameClock
    var refreshes = 0
    var callbacks = 0
    /// Refreshes that ended before the component was shown for them: they call nothing.
    var endedUnshown = 0
    var problems: [String] = []
    private var calledForThisRefresh = false
    private var began: TimeInterval = 0
    private var token: ObservationToken?

    init(_ component: RefreshComponent, clock: ManualFrameClock) {
      self.component = component
      self.clock = clock
      component.refreshingBlock = { [unowned self] in
        self.callbacks += 1
        if self.component.scrollView == nil { self.problems.append("a callback after removal") }
        if self.component.state != .refreshing {
          self.problems.append("a callback while \(self.component.state)")
        }
        if self.calledForThisRefresh { self.problems.append("a second callback for one refresh") }
        self.calledForThisRefresh = true
      }
      token = component.observe(\.state, options: [.old, .new]) { [unowned self] _, change in
        if change.newValue == .refreshing {
          self.refreshes += 1
          self.calledForThisRefresh = false
          self.began = self.clock.now
        } else if change.oldValue == .refreshing, !self.calledForThisRefresh {
          self.endedUnshown += 1
          // Long enough to be shown, and still attached: it should have called.
          if self.clock.now - self.began > self.component.fastAnimationDuration + 0.05,
            self.component.window != nil
          {
            self.problems.append(
              "a refresh of \(self.clock.now - self.began) s that called nothing")
          }
        }
      }
    }

    /// Whether the refresh under way has not called yet (it is not shown yet).
    var isPending: Bool { component.state == .refreshing && !calledForThisRefresh }
  }

  nonisolated static let seeds = Array(UInt64(1)...20)
  nonisolated static let eventsPerSeed = 5_000

  @Test(arguments: seeds)
  func everyRefreshCallsItsActionOnce(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    let list = ListView(frame: window.bounds)
    window.addSubview(list)
    let source = RowSource(count: Int(random.next() % 40))
    list.dataSource = source
    list.allowsSimultaneousRefreshing = seed % 5 == 0
    clock.advance(by: 0)
    func makeHeader() -> Tracked {
      let header: RefreshHeader =
        random.next() % 2 == 0 ? RefreshNormalHeader() : RefreshAutoNormalHeader()
      (header as? RefreshStateHeader)?.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      return Tracked(header, clock: clock)
    }
    func makeFooter() -> Tracked {
      Tracked(
        random.next() % 2 == 0 ? RefreshAutoNormalFooter() : RefreshBackNormalFooter(),
        clock: clock)
    }
    var header = makeHeader()
    var footer = makeFooter()
    var all = [header, footer]
    list.header = header.component as? RefreshHeader
    list.footer = footer.component as? RefreshFooter
    var fingerDown = false
    let commands: [ListViewCommand] = [.refresh, .bottom, .top, .moveDown, .moveUp, .pageDown]

    for step in 0..<Self.eventsPerSeed {
      let operation = random.next() % 16
      switch operation {
      case 0 where !fingerDown:
        list.beginDragging(at: CGPoint(x: 100, y: CGFloat(random.next() % 360)))
        fingerDown = true
      case 1 where fingerDown:
        list.drag(to: CGPoint(x: 100, y: CGFloat(random.next() % 1200) - 400))
      case 2 where fingerDown:
        list.endDragging(velocity: CGPoint(x: 0, y: CGFloat(random.next() % 6000) - 3000))
        fingerDown = false
      case 3, 4: clock.advance(by: Double(random.next() % 120) / 1000)
      case 5: list.scroll(by: CGPoint(x: 0, y: CGFloat(random.next() % 2 == 0 ? 54 : -54)))
      case 6: list.perform(commands[Int(random.next() % UInt64(commands.count))])
      case 7: [header, footer][Int(random.next() % 2)].component.beginRefreshing()
      case 8: [header, footer][Int(random.next() % 2)].component.endRefreshing()
      case 9: [header, footer][Int(random.next() % 2)].component.endRefreshingWithFailure()
      case 10: [header, footer][Int(random.next() % 2)].component.cancelRefreshing()
      case 11: (footer.component as? RefreshFooter)?.endRefreshingWithNoMoreData()
      case 12: (footer.component as? RefreshFooter)?.resetNoMoreData()
      case 13:
        // Removed, mid-refresh or not, and replaced (or put back).
        list.header = nil
        if random.next() % 2 == 0 {
          header = makeHeader()
          all.append(header)
        }
        list.header = header.component as? RefreshHeader
      case 14:
        list.footer = nil
        if random.next() % 2 == 0 {
          footer = makeFooter()
          all.append(footer)
        }
        list.footer = footer.component as? RefreshFooter
      default:
        source.insert(["row \(step)"], at: source.items.count)
        list.reloadData()
      }
      // The two attached ones after every event; the removed ones record what they do and
      // are checked at the end.
      for item in [header, footer] {
        let accounted = item.callbacks + item.endedUnshown + (item.isPending ? 1 : 0)
        #expect(
          accounted == item.refreshes && item.problems.isEmpty,
          "seed \(seed) step \(step) op \(operation) \(type(of: item.component)): \(item.refreshes) refreshes, \(item.callbacks) callbacks, \(item.endedUnshown) unshown, \(item.problems)"
        )
      }
      if !list.allowsSimultaneousRefreshing {
        let refreshing = [header, footer].filter { $0.component.isRefreshing }
        #expect(refreshing.count <= 1, "seed \(seed) step \(step) op \(operation): two at once")
      }
      if !header.problems.isEmpty || !footer.problems.isEmpty { return }
    }
    for item in all {
      let accounted = item.callbacks + item.endedUnshown + (item.isPending ? 1 : 0)
      #expect(
        accounted == item.refreshes && item.problems.isEmpty, "seed \(seed): \(item.problems)")
    }
    // Something happened: the events are not all refused.
    #expect(all.reduce(0) { $0 + $1.callbacks } > 0, "seed \(seed)")
  }
}
