import Foundation
import Observing
import TestSupport
import Testing

@testable import Refresh

/// The components attached to a scroll model (`AttachedComponents`): the observations they
/// share, the order they are told in, what a component that leaves misses, and the count of
/// refreshing components behind ``RefreshComponent/isBlockedByAnotherRefresh``.
@MainActor
@Suite("The components attached to a scroll model")
struct AttachedComponentsTests {
  /// A component on `RefreshComponent` that writes the offset changes it is told into a log.
  final class LoggingComponent: RefreshComponent {
    var name = ""
    var log: (String) -> Void = { _ in }
    var onOffset: (() -> Void)?

    override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
      super.scrollViewContentOffsetDidChange(change)
      log("\(name) \(change?.newValue?.y ?? .nan)")
      onOffset?()
    }
  }

  @Test func theComponentsShareOneObservationOfEachProperty() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    #expect(scroll.observationRegistry.count == 0)
    scroll.header = RefreshNormalHeader(refreshingBlock: {})
    // contentOffset, contentSize and panState.
    #expect(scroll.observationRegistry.count == 3)
    scroll.footer = RefreshBackNormalFooter(refreshingBlock: {})
    scroll.trailer = RefreshNormalTrailer(refreshingBlock: {})
    #expect(scroll.observationRegistry.count == 3)
    scroll.footer = nil
    scroll.trailer = nil
    #expect(scroll.observationRegistry.count == 3)
    // The last one to leave takes the observations along: a bare scroll model notifies nobody.
    scroll.header = nil
    #expect(scroll.observationRegistry.count == 0)
    #expect(scroll.attachedComponents == nil)
  }

  @Test func componentsAreToldInTheOrderTheyAttachedAmongTheOtherObservers() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var log: [String] = []
    let before = scroll.observe(\.contentOffset, options: .new) { _, change in
      log.append("before \(change.newValue!.y)")
    }
    let first = LoggingComponent(frame: .zero)
    let second = LoggingComponent(frame: .zero)
    for (component, name) in [(first, "first"), (second, "second")] {
      component.name = name
      component.log = { log.append($0) }
    }
    scroll.addSubview(first)
    scroll.addSubview(second)
    let after = scroll.observe(\.contentOffset, options: .new) { _, change in
      log.append("after \(change.newValue!.y)")
    }
    scroll.contentOffset.y = 10
    #expect(log == ["before 10.0", "first 10.0", "second 10.0", "after 10.0"])
    before.invalidate()
    after.invalidate()
  }

  /// A refreshing header's inset follows the offset (it shrinks as the content scrolls up past
  /// the top): a footer that attached before it, and would be told of an offset first, still
  /// measures its pull from the inset the header sets for that offset.
  @Test(arguments: [true, false])
  func aPulledFooterMeasuresFromTheInsetARefreshingHeaderSetsForTheSameOffset(
    footerFirst: Bool
  ) {
    // Content shorter than the view: the footer appears as the content passes the top inset.
    let scene = Scene(contentHeight: 300, topInset: 0)
    let header = RefreshNormalHeader(refreshingBlock: {})
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let footer = RefreshBackNormalFooter(refreshingBlock: {})
    if footerFirst {
      scene.scroll.footer = footer
      scene.scroll.header = header
    } else {
      scene.scroll.header = header
      scene.scroll.footer = footer
    }
    header.beginRefreshing()
    scene.clock.advance(by: 1)
    #expect(header.state == .refreshing)
    #expect(scene.scroll.adjustedContentInset.top == 54)
    #expect(scene.scroll.contentOffset.y == -54)

    // 20 points past the top: the header gives its inset back, and the footer, whose edge is
    // now at offset 0, is pulled 20 of its 44 points, short of arming.
    scene.pull(to: 20)
    #expect(scene.scroll.insetContribution(for: header) == .zero)
    #expect(scene.scroll.adjustedContentInset.top == 0)
    #expect(footer.pullingPercent == CGFloat(20) / 44)
    #expect(footer.state == .idle)

    // Back to 30 points past the top: the footer follows from the same edge.
    scene.pull(to: 30)
    #expect(footer.pullingPercent == CGFloat(30) / 44)
    #expect(footer.state == .idle)
  }

  /// While one refreshes, it is told first and the others follow in the order they attached;
  /// one whose refresh ends as it is told is not told again.
  @Test func aRefreshingComponentIsToldFirstAndOnce() {
    let scene = Scene(topInset: 0)
    var log: [String] = []
    let components = ["first", "second", "third"].map { name in
      let component = LoggingComponent(frame: .zero)
      component.name = name
      component.log = { log.append($0) }
      scene.scroll.addSubview(component)
      return component
    }
    components[2].beginRefreshing()
    #expect(components[2].state == .refreshing)
    scene.scroll.contentOffset.y = 10
    #expect(log == ["third 10.0", "first 10.0", "second 10.0"])

    log = []
    components[2].onOffset = { components[2].endRefreshing() }
    scene.scroll.contentOffset.y = 20
    #expect(components[2].state == .idle)
    #expect(log == ["third 20.0", "first 20.0", "second 20.0"])

    log = []
    scene.scroll.contentOffset.y = 30
    #expect(log == ["first 30.0", "second 30.0", "third 30.0"])
  }

  /// The refreshing one is told first however many are attached (past 64, the positions of
  /// the refreshing ones are noted differently).
  @Test(arguments: [3, 70])
  func aRefreshingComponentIsToldFirstAmongMany(count: Int) {
    let scene = Scene(topInset: 0)
    var log: [String] = []
    let components = (0..<count).map { index in
      let component = LoggingComponent(frame: .zero)
      component.name = "c\(index)"
      component.log = { log.append($0) }
      scene.scroll.addSubview(component)
      return component
    }
    components[count - 2].beginRefreshing()
    scene.scroll.contentOffset.y = 10
    let others = (0..<count).filter { $0 != count - 2 }.map { "c\($0) 10.0" }
    #expect(log == ["c\(count - 2) 10.0"] + others)
  }

  @Test func aComponentThatLeavesWhileAChangeIsHandedOnMissesTheRestOfIt() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var log: [String] = []
    let first = LoggingComponent(frame: .zero)
    let second = LoggingComponent(frame: .zero)
    let third = LoggingComponent(frame: .zero)
    for (component, name) in [(first, "first"), (second, "second"), (third, "third")] {
      component.name = name
      component.log = { log.append($0) }
      scroll.addSubview(component)
    }
    // The first removes the second, and removes and adds the third again: the second is not
    // told this change, nor is the third (it attached again after the change began).
    first.onOffset = {
      first.onOffset = nil
      second.removeFromSuperview()
      third.removeFromSuperview()
      scroll.addSubview(third)
    }
    scroll.contentOffset.y = 10
    #expect(log == ["first 10.0"])
    scroll.contentOffset.y = 20
    #expect(log == ["first 10.0", "first 20.0", "third 20.0"])
    #expect(scroll.observationRegistry.count == 3)
  }

  /// More components than the storage first holds: all are told, in the order they attached,
  /// before and after some leave.
  @Test func manyComponentsAreToldInTheOrderTheyAttached() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var log: [String] = []
    let components = (0..<9).map { index in
      let component = LoggingComponent(frame: .zero)
      component.name = "c\(index)"
      component.log = { log.append($0) }
      scroll.addSubview(component)
      return component
    }
    scroll.contentOffset.y = 10
    #expect(log == (0..<9).map { "c\($0) 10.0" })
    log = []
    for index in [0, 4, 8] { components[index].removeFromSuperview() }
    scroll.contentOffset.y = 20
    #expect(log == [1, 2, 3, 5, 6, 7].map { "c\($0) 20.0" })
    #expect(scroll.observationRegistry.count == 3)
    scroll.attachedComponents?._checkInvariants()
  }

  /// A hook that changes the offset again hands that change on inside the first (depth first,
  /// as KVO delivers); components that leave and arrive during either are settled once both
  /// are over: the one that left is told nothing more, the one that arrived from the next
  /// change on.
  @Test func changesNestedInAHookSettleLeavingAndArrivingOnceTheyAreOver() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var log: [String] = []
    let (first, second, third, late) = (
      LoggingComponent(frame: .zero), LoggingComponent(frame: .zero),
      LoggingComponent(frame: .zero), LoggingComponent(frame: .zero)
    )
    for (component, name) in [
      (first, "first"), (second, "second"), (third, "third"), (late, "late"),
    ] {
      component.name = name
      component.log = { log.append($0) }
    }
    for component in [first, second, third] { scroll.addSubview(component) }
    first.onOffset = {
      first.onOffset = nil
      second.onOffset = {
        second.onOffset = nil
        third.removeFromSuperview()
        scroll.addSubview(late)
      }
      scroll.contentOffset.y = 15
    }
    scroll.contentOffset.y = 10
    #expect(
      log == ["first 10.0", "first 15.0", "second 15.0", "second 10.0"])
    #expect(third.superview == nil)
    scroll.attachedComponents?._checkInvariants()
    log = []
    scroll.contentOffset.y = 20
    #expect(log == ["first 20.0", "second 20.0", "late 20.0"])
  }

  /// A component freed by a hook in the middle of a walk lives until the walk is over, untold.
  ///
  /// The walk holds its copy of the members, not each component; nothing else holds this one.
  /// The address sanitizer runs this too.
  @Test func aComponentFreedWhileAChangeIsHandedOnIsNotToldAndGoesAfterIt() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var log: [String] = []
    weak var weakSecond: LoggingComponent?
    let first = LoggingComponent(frame: .zero)
    first.name = "first"
    first.log = { log.append($0) }
    scroll.addSubview(first)
    do {
      let second = LoggingComponent(frame: .zero)
      second.name = "second"
      second.log = { log.append($0) }
      scroll.addSubview(second)
      weakSecond = second
    }
    first.onOffset = {
      first.onOffset = nil
      weakSecond?.removeFromSuperview()
    }
    scroll.contentOffset.y = 10
    #expect(log == ["first 10.0"])
    #expect(weakSecond == nil)
    scroll.contentOffset.y = 20
    #expect(log == ["first 10.0", "first 20.0"])
  }

  /// What ``RefreshComponent/isBlockedByAnotherRefresh`` answered when it walked the scroll
  /// model's components.
  private func walkedBlock(of component: RefreshComponent) -> Bool {
    guard let scroll = component.scrollView, !scroll.allowsSimultaneousRefreshing else {
      return false
    }
    return scroll.subviews.contains {
      guard let other = $0 as? RefreshComponent, other !== component else { return false }
      return other.isRefreshing
    }
  }

  @Test func observersOfAStateSeeTheCountOfThatState() {
    let scene = Scene()
    let header = RefreshNormalHeader(refreshingBlock: {})
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let footer = RefreshBackNormalFooter(refreshingBlock: {})
    scene.scroll.header = header
    scene.scroll.footer = footer
    var seen: [Bool] = []
    let token = header.observe(\.state) { header, _ in
      seen.append(footer.isBlockedByAnotherRefresh)
      #expect(footer.isBlockedByAnotherRefresh == header.isRefreshing)
    }
    header.beginRefreshing()
    header.endRefreshing()
    #expect(seen == [true, false])
    token.invalidate()
  }

  /// Every kind, attached to one of two scroll models, moved, removed, refreshed, ended and
  /// failed in seeded random order: the count answers what the walk of the components did.
  @Test(arguments: Array(UInt64(1)...30))
  func theCountAnswersWhatTheWalkDid(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let scenes = [Scene(), Scene()]
    for scene in scenes { scene.scroll.contentSize.width = 1000 }
    let header = RefreshNormalHeader(refreshingBlock: {})
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let components: [RefreshComponent] = [
      header, RefreshBackNormalFooter(refreshingBlock: {}),
      RefreshAutoNormalFooter(refreshingBlock: {}), RefreshNormalTrailer(refreshingBlock: {}),
      RefreshNormalLeader(refreshingBlock: {}),
    ]
    for step in 0..<150 {
      let component = components.randomElement(using: &random)!
      let scroll = scenes.randomElement(using: &random)!.scroll
      switch random.next() % 9 {
      case 0: scroll.addSubview(component)
      case 1: component.removeFromSuperview()
      case 2, 3: component.beginRefreshing()
      case 4: component.endRefreshing()
      case 5: component.endRefreshingWithFailure()
      case 6: scroll.allowsSimultaneousRefreshing.toggle()
      case 7: scenes.randomElement(using: &random)!.clock.advance(by: 0.5)
      default:
        let scene = scenes.randomElement(using: &random)!
        scene.pull(to: CGFloat(random.next() % 1600) - 200)
        scene.release()
      }
      for component in components {
        #expect(
          component.isBlockedByAnotherRefresh == walkedBlock(of: component),
          "seed \(seed) step \(step): \(component)")
        component._checkInvariants()
      }
    }
  }

  /// A header (with an in-memory last-updated store) and a back footer.
  func headerAndFooter() -> (RefreshNormalHeader, RefreshBackNormalFooter) {
    let header = RefreshNormalHeader(refreshingBlock: {})
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    return (header, RefreshBackNormalFooter(refreshingBlock: {}))
  }

  /// The observations' handlers hold the attached components, which hold their tokens: the
  /// last component to leave breaks that cycle (the scroll model going breaks it too, below).
  @Test func theAttachedComponentsGoWithTheLastComponent() {
    let scene = Scene()
    weak var weakAttached: AttachedComponents?
    let (header, footer) = headerAndFooter()
    scene.scroll.header = header
    scene.scroll.footer = footer
    weakAttached = scene.scroll.attachedComponents
    scene.pull(to: -30)
    scene.scroll.header = nil
    #expect(weakAttached != nil)
    scene.scroll.footer = nil
    #expect(weakAttached == nil)
    #expect(scene.scroll.observationRegistry.count == 0)
  }

  @Test func aScrollModelThatGoesFirstLeavesItsComponentsWorking() {
    weak var weakScroll: ScrollModel?
    weak var weakAttached: AttachedComponents?
    let (header, footer) = headerAndFooter()
    do {
      let scene = Scene()
      weakScroll = scene.scroll
      scene.scroll.header = header
      scene.scroll.footer = footer
      weakAttached = scene.scroll.attachedComponents
      header.beginRefreshing()
      #expect(footer.isBlockedByAnotherRefresh)
    }
    #expect(weakScroll == nil)
    // Its registry dropped the shared observations, whose handlers held the attached components.
    #expect(weakAttached == nil)
    #expect(header.scrollView == nil)
    #expect(!footer.isBlockedByAnotherRefresh)
    header.endRefreshing()
    footer.beginRefreshing()
    footer.removeFromSuperview()
    // Attached elsewhere, they count there.
    let scene = Scene()
    scene.scroll.header = header
    scene.scroll.footer = footer
    #expect(header.isBlockedByAnotherRefresh == footer.isRefreshing)
    header._checkInvariants()
  }

  @Test func aComponentRemovedMidRefreshIsCountedOutAndFreed() {
    let scene = Scene()
    weak var weakHeader: RefreshNormalHeader?
    let footer = RefreshBackNormalFooter(refreshingBlock: {})
    scene.scroll.footer = footer
    do {
      let header = RefreshNormalHeader(refreshingBlock: {})
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      weakHeader = header
      scene.scroll.header = header
      scene.pull(to: -130)
      scene.release()
      #expect(header.state == .refreshing)
      #expect(footer.isBlockedByAnotherRefresh)
    }
    scene.scroll.header = nil
    #expect(weakHeader == nil)
    #expect(!footer.isBlockedByAnotherRefresh)
    footer._checkInvariants()
    scene.clock.advance(by: 1)
  }
}
