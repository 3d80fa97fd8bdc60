import Foundation
import Observing
import TestSupport
import Testing

@testable import Refresh

/// Seeded random sequences of gestures and API calls on a scroll model with a header and a
/// footer, checking the invariants after every step.
@MainActor
@Suite("Seeded random gesture-and-API sequences")
struct RefreshRandomTests {
  /// A component under test, with what it did.
  @MainActor
  final class Tracked {
    let component: RefreshComponent
    let recorder: StateRecorder
    var entriesIntoRefreshing = 0
    var callbacks = 0
    var statesWhenDetached: RefreshState?
    /// End completions that ran while the component was detached: none may (no callbacks
    /// after removal).
    var endsWhileDetached = 0

    init(_ component: RefreshComponent) {
      self.component = component
      recorder = StateRecorder(component)
      component.refreshingBlock = { [unowned self] in self.callbacks += 1 }
      component.endRefreshingCompletionBlock = { [unowned self] in
        if self.component.scrollView == nil { self.endsWhileDetached += 1 }
      }
    }
  }

  // 6330 and 10638: a hide that ends under a finger holding the header past its threshold.
  @Test(arguments: Array(UInt64(1)...40) + [6330, 10638])
  func invariantsHold(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var scene: Scene? = Scene(contentHeight: CGFloat(200 + random.next() % 2000))
    weak let weakScroll = scene!.scroll
    var tracked: [Tracked] = []
    var header = Tracked(RefreshHeader(frame: .zero))
    var footer = Tracked(
      random.next() % 2 == 0 ? RefreshBackFooter(frame: .zero) : RefreshAutoFooter(frame: .zero))
    (header.component as! RefreshHeader).lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    tracked += [header, footer]
    scene!.scroll.header = header.component as? RefreshHeader
    scene!.scroll.footer = footer.component as? RefreshFooter
    // One seed in four refreshes as MJRefresh does, header and footer at once.
    scene!.scroll.allowsSimultaneousRefreshing = seed % 4 == 0

    func check(_ step: Int, _ operation: String) {
      let scroll = scene!.scroll
      // Only legal transitions; at most one callback per entry into refreshing.
      for item in tracked {
        let states = item.recorder.transitions
        for transition in states {
          #expect(
            legalTransitions.contains([transition.from, transition.to]),
            "seed \(seed) step \(step) \(operation): \(transition)")
        }
        item.entriesIntoRefreshing = states.filter { $0.to == .refreshing }.count
        #expect(item.callbacks <= item.entriesIntoRefreshing, "seed \(seed) step \(step)")
        #expect(item.endsWhileDetached == 0, "an end completed after removal, seed \(seed)")
        if let detached = item.statesWhenDetached {
          #expect(item.component.state == detached, "observed after removal, seed \(seed)")
        }
      }
      // The adjusted inset is the user's plus the live contributions, each matching its
      // component's state.
      let live = [header, footer].filter { $0.component.superview === scroll }
      for item in live { item.component._checkInvariants() }
      // One refresh at a time, unless the scroll model allows more.
      if !scroll.allowsSimultaneousRefreshing {
        #expect(
          live.filter { $0.component.isRefreshing }.count <= 1,
          "seed \(seed) step \(step) \(operation): two refreshes at once")
      }
      let expected = live.reduce(scroll.contentInset) { $0 + $1.component.insetContribution }
      #expect(scroll.adjustedContentInset == expected, "seed \(seed) step \(step) \(operation)")
      #expect(scroll.contentOffset.isFinite)
    }

    /// The header's pull, when a finger pulls it into view while it is idle or pulling.
    func pulledHeader() -> RefreshHeader? {
      let scroll = scene!.scroll
      guard let pulled = header.component as? RefreshHeader, pulled.superview === scroll,
        scroll.isDragging, pulled.state == .idle || pulled.state == .pulling,
        !pulled.isHidden, pulled.isUserInteractionEnabled,
        -scroll.insets(excluding: pulled).top - scroll.contentOffset.y >= 0
      else { return nil }
      return pulled
    }

    /// A drag, or a change of the content inset (operation 8), sets the percent by MJRefresh's
    /// formula: how far past the point where the header appears, over its height. The clock
    /// alone leaves it under a still finger, or brings it to the pull's: a hide that ends
    /// while a finger holds the header in view settles the percent on the pull (MJRefresh
    /// sets 0 there). Nothing late may set anything else, such as a removal's leftovers or a
    /// 0 under the finger.
    func checkPull(_ step: Int, _ operation: Int, before: CGFloat?) {
      guard let pulled = pulledHeader() else { return }
      let scroll = scene!.scroll
      let context = "seed \(seed) step \(step) op \(operation)"
      let distance = -scroll.insets(excluding: pulled).top - scroll.contentOffset.y
      let pull = distance / pulled.frame.height
      if operation == 1 || operation == 8 {
        #expect(pulled.pullingPercent == pull, "\(context)")
      } else if operation == 3, let before {
        #expect(pulled.pullingPercent == before || pulled.pullingPercent == pull, "\(context)")
      }
    }

    for step in 0..<120 {
      let scroll = scene!.scroll
      let clock = scene!.clock
      let operation = Int(random.next() % 15)
      let percentBefore = pulledHeader()?.pullingPercent
      switch operation {
      case 0: scroll.beginDragging(at: CGPoint(x: 100, y: CGFloat(random.next() % 600)))
      case 1: scroll.drag(to: CGPoint(x: 100, y: CGFloat(random.next() % 1600) - 500))
      case 2: scroll.endDragging(velocity: CGPoint(x: 0, y: CGFloat(random.next() % 6000) - 3000))
      case 3: clock.advance(by: Double(random.next() % 500) / 1000)
      case 4: [header, footer].randomElement(using: &random)!.component.beginRefreshing()
      case 5: [header, footer].randomElement(using: &random)!.component.endRefreshing()
      case 6: (footer.component as! RefreshFooter).endRefreshingWithNoMoreData()
      case 7: (footer.component as! RefreshFooter).resetNoMoreData()
      case 8: scroll.contentInset = EdgeInsets(top: CGFloat(random.next() % 100))
      case 9: scroll.contentSize.height = CGFloat(random.next() % 3000)
      case 10:
        // Remove the header and attach a new one (or the same again).
        header.statesWhenDetached = nil
        scroll.header = nil
        if random.next() % 2 == 0 {
          header.statesWhenDetached = header.component.state
          header = Tracked(RefreshHeader(frame: .zero))
          (header.component as! RefreshHeader).lastUpdatedTimeStore =
            InMemoryLastUpdatedTimeStore()
          tracked.append(header)
        }
        scroll.header = header.component as? RefreshHeader
      case 11:
        footer.statesWhenDetached = nil
        scroll.footer = nil
        if random.next() % 2 == 0 {
          footer.statesWhenDetached = footer.component.state
          footer = Tracked(RefreshAutoFooter(frame: .zero))
          tracked.append(footer)
        }
        scroll.footer = footer.component as? RefreshFooter
      case 12: scroll.scroll(by: CGPoint(x: 0, y: CGFloat(random.next() % 200) - 100))
      case 13:
        let message = random.next() % 2 == 0 ? nil : "offline"
        [header, footer].randomElement(using: &random)!.component.endRefreshingWithFailure(message)
      default: footer.component.isHidden.toggle()
      }
      check(step, "op \(operation)")
      checkPull(step, operation, before: percentBefore)
    }

    do {
      // At rest, with nothing refreshing, only the auto footer's own height remains (a failed
      // header hides after its hold; a failed footer has given its inset back).
      let scroll = scene!.scroll
      if scroll.isDragging { scroll.endDragging(velocity: .zero) }
      scene!.clock.advance(by: 0.3)
      if scroll.isDragging { scroll.endDragging(velocity: .zero) }
      header.component.endRefreshing()
      footer.component.endRefreshing()
      if footer.component.state == .noMoreData {
        (footer.component as! RefreshFooter).resetNoMoreData()
      }
      scene!.clock.advance(by: 5)
      var atRest = scroll.contentInset
      if footer.component is RefreshAutoFooter, !footer.component.isHidden {
        atRest.bottom += RefreshFooter.defaultHeight
      }
      #expect(scroll.adjustedContentInset == atRest, "seed \(seed)")
      #expect(scroll.contentOffset == scroll.clampedOffset(scroll.contentOffset), "seed \(seed)")
    }

    // Nothing leaks: once the scene and the records go, every component goes too.
    let weakComponents = tracked.map { Weak($0.component) }
    tracked = []
    header = Tracked(RefreshHeader(frame: .zero))
    footer = header
    scene = nil
    #expect(weakScroll == nil, "seed \(seed)")
    #expect(weakComponents.allSatisfy { $0.object == nil }, "seed \(seed)")
  }
}
