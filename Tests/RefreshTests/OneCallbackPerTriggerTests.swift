import Foundation
import Observing
import TestSupport
import Testing

@testable import Refresh

/// Exactly one callback per trigger, over 10^5 seeded random events: every refresh that
/// begins (a released pull, a played pull, an automatic load, `beginRefreshing()`) calls its
/// component's action exactly once, and nothing else does; a header and a footer never
/// refresh at once unless the scroll model allows it; a removed component calls nothing.
///
/// A third of the seeds put the list in a window of its own and drive it directly; a third put
/// it under a collapsing banner (``NestedScrolling/collapsingParent``) and a third on the first
/// page of a horizontal pager beside another list, and drive it with touches at the window,
/// routed as an app's are.
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
    // 0: the list alone; 1: under a 100-point collapsing banner; 2: on a pager's first page.
    let nesting = seed % 3
    let list: ListView
    switch nesting {
    case 1:
      let parent = ScrollModel(frame: window.bounds)
      parent.contentSize = CGSize(width: 375, height: 460)
      window.addSubview(parent)
      list = ListView(frame: CGRect(x: 0, y: 100, width: 375, height: 360))
      list.nestedScrolling = .collapsingParent
      parent.addSubview(list)
    case 2:
      let pager = ScrollModel(frame: window.bounds)
      pager.isPagingEnabled = true
      pager.contentSize = CGSize(width: 750, height: 360)
      window.addSubview(pager)
      list = ListView(frame: window.bounds)
      pager.addSubview(list)
      let other = ListView(frame: CGRect(x: 375, y: 0, width: 375, height: 360))
      other.dataSource = RowSource(count: 30)
      other.header = RefreshNormalHeader()
      pager.addSubview(other)
    default:
      list = ListView(frame: window.bounds)
      window.addSubview(list)
    }
    var fingerAt = CGPoint.zero
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
        fingerAt = CGPoint(x: 100, y: CGFloat(random.next() % 360))
        if nesting == 0 {
          list.beginDragging(at: fingerAt)
        } else {
          window.touchBegan(at: fingerAt)
        }
        fingerDown = true
      case 1 where fingerDown:
        // On the pager, a move may go sideways as well.
        let x = nesting == 2 ? CGFloat(random.next() % 375) : 100
        let point = CGPoint(x: x, y: CGFloat(random.next() % 1200) - 400)
        if nesting == 0 {
          list.drag(to: point)
        } else {
          clock.advance(by: 1.0 / 60)
          window.touchMoved(to: point)
          fingerAt = point
        }
      case 2 where fingerDown:
        if nesting == 0 {
          list.endDragging(velocity: CGPoint(x: 0, y: CGFloat(random.next() % 6000) - 3000))
        } else {
          window.touchEnded(at: fingerAt)
        }
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
