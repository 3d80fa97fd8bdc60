import Foundation
import Observing
import TestSupport
import Testing

@testable import Refresh

/// Seeded random sequences over the newer edges.
///
/// A leader and a trailer on horizontal content whose layout direction flips, and a two-level
/// or automatic header over a footer, with the pull tuning changed and refreshes failing on the
/// way. The invariants of ``RefreshRandomTests`` are checked after every step, and a pull limit
/// holds after every drag.
@MainActor
@Suite("Seeded random sequences: leader, trailer, automatic and two-level headers, pull tuning")
struct RefreshEdgesRandomTests {
  typealias Tracked = RefreshRandomTests.Tracked

  /// Legal transitions only, at most one callback per entry into refreshing, and the adjusted
  /// inset exactly the user's plus each live component's contribution, which matches its state.
  static func check(
    _ tracked: [Tracked], live: [RefreshComponent], in scroll: ScrollModel, _ context: String
  ) {
    for item in tracked {
      for transition in item.recorder.transitions {
        #expect(legalTransitions.contains([transition.from, transition.to]), "\(context)")
      }
      let entries = item.recorder.transitions.filter { $0.to == .refreshing }.count
      #expect(item.callbacks <= entries, "\(context)")
      #expect(item.endsWhileDetached == 0, "an end completed after removal, \(context)")
      if let detached = item.statesWhenDetached {
        #expect(item.component.state == detached, "observed after removal, \(context)")
      }
    }
    for component in live { component._checkInvariants() }
    // One refresh at a time: the scroll models here keep the default.
    #expect(live.filter(\.isRefreshing).count <= 1, "two refreshes at once, \(context)")
    let expected = live.reduce(scroll.contentInset) { $0 + $1.insetContribution }
    #expect(scroll.adjustedContentInset == expected, "\(context)")
    #expect(scroll.contentOffset.isFinite, "\(context)")
  }

  /// The components a finger pulls into view at their edge while they follow it (idle or
  /// pulling, visible, interactive), with the pull's percent: how far past the point where each
  /// appears, over its extent, at most its maximum pull distance.
  ///
  /// A refreshing component's inset follows the offset, and the others measure from the
  /// inset it sets for the same offset, whatever order they attached in.
  static func pulledPercents(of live: [RefreshComponent], in scroll: ScrollModel) -> [(
    RefreshComponent, CGFloat
  )] {
    guard scroll.isDragging else { return [] }
    return live.compactMap { component in
      guard let edge = component.pullEdgeOnScreen, component.superview === scroll,
        component.state == .idle || component.state == .pulling, !component.isHidden,
        component.isUserInteractionEnabled, edge.extent(of: component.frame) > 0,
        !((component as? RefreshTwoLevelHeader)?.isSecondFloorOpen ?? false)
      else { return nil }
      let geometry = component.pullGeometry(along: edge, in: scroll)
      guard geometry.isPulledIntoView else { return nil }
      let distance =
        component.maximumPullDistance.map { min(geometry.distance, $0) }
        ?? geometry.distance
      return (component, distance / geometry.extent)
    }
  }

  /// The pulled components whose percent is their pull's (a change of insets, size or
  /// direction alone leaves it as the last move set it, as in MJRefresh).
  static func percentsAtRest(of live: [RefreshComponent], in scroll: ScrollModel)
    -> [ObjectIdentifier: CGFloat]
  {
    var percents: [ObjectIdentifier: CGFloat] = [:]
    for (component, percent) in pulledPercents(of: live, in: scroll)
    where component.pullingPercent == percent {
      percents[ObjectIdentifier(component)] = percent
    }
    return percents
  }

  /// A drag or a change of the content inset (operation 8) sets each pulled component's
  /// percent to its pull's; the clock alone leaves a percent that was its pull's under a still
  /// finger (nothing late may set it).
  static func checkPercents(
    of live: [RefreshComponent], in scroll: ScrollModel, operation: Int,
    before: [ObjectIdentifier: CGFloat], _ context: String
  ) {
    for (component, percent) in pulledPercents(of: live, in: scroll) {
      if operation == 1 || operation == 8 {
        #expect(component.pullingPercent == percent, "\(component) \(context)")
      } else if operation == 3, let before = before[ObjectIdentifier(component)],
        before == percent
      {
        #expect(component.pullingPercent == before, "\(component) \(context)")
      }
    }
  }

  /// After a finger moved the content, the offset is within every pull limit.
  static func checkPullLimits(in scroll: ScrollModel, _ context: String) {
    #expect(
      scroll.offsetWithinPullLimits(scroll.contentOffset) == scroll.contentOffset, "\(context)")
  }

  static func randomDistance(_ random: inout SplitMix64) -> CGFloat? {
    random.next() % 3 == 0 ? nil : CGFloat(random.next() % 200)
  }

  @Test(arguments: Array(UInt64(1)...150))
  func leaderAndTrailer(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var scene: Scene? = Scene(topInset: 0)
    scene!.scroll.contentSize = CGSize(width: CGFloat(100 + random.next() % 1500), height: 667)
    weak let weakScroll = scene!.scroll
    var leader = Tracked(RefreshNormalLeader(frame: .zero))
    var trailer = Tracked(RefreshNormalTrailer(frame: .zero))
    var tracked = [leader, trailer]
    scene!.scroll.leader = leader.component as? RefreshLeader
    scene!.scroll.trailer = trailer.component as? RefreshTrailer

    for step in 0..<120 {
      let scroll = scene!.scroll
      let operation = Int(random.next() % 15)
      let pair = [leader, trailer]
      let percentsBefore = Self.percentsAtRest(
        of: [leader.component, trailer.component], in: scroll)
      switch operation {
      case 0: scroll.beginDragging(at: CGPoint(x: CGFloat(random.next() % 375), y: 300))
      case 1: scroll.drag(to: CGPoint(x: CGFloat(random.next() % 1400) - 500, y: 300))
      case 2: scroll.endDragging(velocity: CGPoint(x: CGFloat(random.next() % 6000) - 3000, y: 0))
      case 3: scene!.clock.advance(by: Double(random.next() % 500) / 1000)
      case 4: pair.randomElement(using: &random)!.component.beginRefreshing()
      case 5: pair.randomElement(using: &random)!.component.endRefreshing()
      case 6:
        if random.next() % 2 == 0 {
          (leader.component as! RefreshLeader).endRefreshingWithNoMoreData()
        } else {
          (trailer.component as! RefreshTrailer).endRefreshingWithNoMoreData()
        }
      case 7:
        (leader.component as! RefreshLeader).resetNoMoreData()
        (trailer.component as! RefreshTrailer).resetNoMoreData()
      case 8:
        scroll.contentInset = EdgeInsets(
          left: CGFloat(random.next() % 80), right: CGFloat(random.next() % 80))
      case 9:
        pair.randomElement(using: &random)!.component.triggerDistance = Self.randomDistance(
          &random)
      case 10:
        pair.randomElement(using: &random)!.component.maximumPullDistance =
          Self.randomDistance(&random)
      case 11:
        leader.statesWhenDetached = nil
        scroll.leader = nil
        if random.next() % 2 == 0 {
          leader.statesWhenDetached = leader.component.state
          leader = Tracked(RefreshNormalLeader(frame: .zero))
          tracked.append(leader)
        }
        scroll.leader = leader.component as? RefreshLeader
      case 12:
        let message = random.next() % 2 == 0 ? nil : "offline"
        pair.randomElement(using: &random)!.component.endRefreshingWithFailure(message)
      case 13:
        // The layout direction flips, and the next layout pass moves the leader and the
        // trailer to their new ends with a refresh's inset and the pull limits: the checks
        // below then find each inset on its component's edge as it now lies on screen.
        scroll.semanticContentAttribute =
          scroll.semanticContentAttribute == .forceRightToLeft
          ? .forceLeftToRight : .forceRightToLeft
        scroll.layoutIfNeeded()
      default: scroll.contentSize.width = CGFloat(random.next() % 2000)
      }
      let context = "seed \(seed) step \(step) op \(operation)"
      Self.check(tracked, live: [leader.component, trailer.component], in: scroll, context)
      Self.checkPercents(
        of: [leader.component, trailer.component], in: scroll, operation: operation,
        before: percentsBefore, context)
      if operation == 1, scroll.isDragging { Self.checkPullLimits(in: scroll, context) }
    }

    do {
      // At rest, with nothing refreshing, neither edge adds anything.
      let scroll = scene!.scroll
      if scroll.isDragging { scroll.endDragging(velocity: .zero) }
      leader.component.endRefreshing()
      trailer.component.endRefreshing()
      scene!.clock.advance(by: 5)
      #expect(scroll.adjustedContentInset == scroll.contentInset, "seed \(seed)")
      #expect(scroll.contentOffset == scroll.clampedOffset(scroll.contentOffset), "seed \(seed)")
    }

    // Nothing leaks: once the scene and the records go, every component goes too.
    let weakComponents = tracked.map { Weak($0.component) }
    tracked = []
    leader = Tracked(RefreshLeader(frame: .zero))
    trailer = leader
    scene = nil
    #expect(weakScroll == nil, "seed \(seed)")
    #expect(weakComponents.allSatisfy { $0.object == nil }, "seed \(seed)")
  }

  @Test(arguments: Array(UInt64(1)...150))
  func twoLevelAndAutomaticHeaders(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var scene: Scene? = Scene(contentHeight: CGFloat(200 + random.next() % 2000))
    weak let weakScroll = scene!.scroll
    func makeHeader(_ random: inout SplitMix64) -> Tracked {
      let header: RefreshHeader =
        random.next() % 2 == 0
        ? RefreshTwoLevelHeader(frame: .zero) : RefreshAutoNormalHeader(frame: .zero)
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      return Tracked(header)
    }
    var header = makeHeader(&random)
    var footer = Tracked(
      random.next() % 2 == 0 ? RefreshBackFooter(frame: .zero) : RefreshAutoFooter(frame: .zero))
    var tracked = [header, footer]
    // Either attaches first, and so is told of each change first (a header replaced below
    // attaches after the footer too).
    if random.next() % 2 == 0 {
      scene!.scroll.header = header.component as? RefreshHeader
      scene!.scroll.footer = footer.component as? RefreshFooter
    } else {
      scene!.scroll.footer = footer.component as? RefreshFooter
      scene!.scroll.header = header.component as? RefreshHeader
    }

    for step in 0..<120 {
      let scroll = scene!.scroll
      let operation = Int(random.next() % 16)
      let pair = [header, footer]
      let percentsBefore = Self.percentsAtRest(
        of: [header.component, footer.component], in: scroll)
      switch operation {
      case 0: scroll.beginDragging(at: CGPoint(x: 100, y: CGFloat(random.next() % 600)))
      case 1: scroll.drag(to: CGPoint(x: 100, y: CGFloat(random.next() % 1600) - 500))
      case 2: scroll.endDragging(velocity: CGPoint(x: 0, y: CGFloat(random.next() % 6000) - 3000))
      case 3: scene!.clock.advance(by: Double(random.next() % 500) / 1000)
      case 4: pair.randomElement(using: &random)!.component.beginRefreshing()
      case 5: pair.randomElement(using: &random)!.component.endRefreshing()
      case 6:
        (header.component as? RefreshTwoLevelHeader)?.openSecondFloor()
        (header.component as? RefreshAutoHeader)?.endRefreshingWithNoMoreData()
      case 7:
        (header.component as? RefreshTwoLevelHeader)?.closeSecondFloor()
        (header.component as? RefreshAutoHeader)?.resetNoMoreData()
      case 8: scroll.contentInset = EdgeInsets(top: CGFloat(random.next() % 100))
      case 9: scroll.contentSize.height = CGFloat(random.next() % 3000)
      case 10:
        pair.randomElement(using: &random)!.component.triggerDistance = Self.randomDistance(
          &random)
      case 11:
        pair.randomElement(using: &random)!.component.maximumPullDistance =
          Self.randomDistance(&random)
      case 12:
        header.statesWhenDetached = nil
        scroll.header = nil
        if random.next() % 2 == 0 {
          header.statesWhenDetached = header.component.state
          header = makeHeader(&random)
          tracked.append(header)
        }
        scroll.header = header.component as? RefreshHeader
      case 13: scroll.scroll(by: CGPoint(x: 0, y: CGFloat(random.next() % 200) - 100))
      case 14:
        let message = random.next() % 2 == 0 ? nil : "offline"
        pair.randomElement(using: &random)!.component.endRefreshingWithFailure(message)
      default: header.component.isHidden.toggle()
      }
      let context = "seed \(seed) step \(step) op \(operation)"
      Self.check(tracked, live: [header.component, footer.component], in: scroll, context)
      Self.checkPercents(
        of: [header.component, footer.component], in: scroll, operation: operation,
        before: percentsBefore, context)
      if operation == 1, scroll.isDragging { Self.checkPullLimits(in: scroll, context) }
      if let twoLevel = header.component as? RefreshTwoLevelHeader {
        #expect(scroll.isScrollEnabled == !twoLevel.isSecondFloorOpen, "\(context)")
      }
    }

    do {
      // At rest, with nothing refreshing and the floor closed, only the automatic components'
      // heights remain.
      let scroll = scene!.scroll
      if scroll.isDragging { scroll.endDragging(velocity: .zero) }
      scene!.clock.advance(by: 0.3)
      if scroll.isDragging { scroll.endDragging(velocity: .zero) }
      (header.component as? RefreshTwoLevelHeader)?.closeSecondFloor()
      header.component.endRefreshing()
      footer.component.endRefreshing()
      scene!.clock.advance(by: 5)
      var atRest = scroll.contentInset
      if header.component is RefreshAutoHeader, !header.component.isHidden {
        atRest.top += RefreshAutoHeader.defaultAutoHeight
      }
      if footer.component is RefreshAutoFooter, !footer.component.isHidden {
        atRest.bottom += RefreshFooter.defaultHeight
      }
      #expect(scroll.adjustedContentInset == atRest, "seed \(seed)")
      #expect(scroll.isScrollEnabled, "seed \(seed)")
      #expect(scroll.contentOffset == scroll.clampedOffset(scroll.contentOffset), "seed \(seed)")
    }

    let weakComponents = tracked.map { Weak($0.component) }
    tracked = []
    header = Tracked(RefreshHeader(frame: .zero))
    footer = header
    scene = nil
    #expect(weakScroll == nil, "seed \(seed)")
    #expect(weakComponents.allSatisfy { $0.object == nil }, "seed \(seed)")
  }
}
