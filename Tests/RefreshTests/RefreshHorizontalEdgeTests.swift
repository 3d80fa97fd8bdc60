import Foundation
import Observing
import Testing

@testable import Refresh

/// The leader and the trailer in both layout directions: as UIKit's leading and trailing edges,
/// they swap in a right-to-left layout, so the trailer sits, arms and refreshes at the left end
/// and the leader at the right end.
///
/// The scene: 1000 points of content across the 375-point viewport, with a left inset of 20 and
/// a right one of 10 (the offset rests at -20). At the left end a component appears at
/// `-orig.left = -20`, arms past `-20 - 60 = -80`, adds 60 to the left inset and scrolls to
/// `-80`; at the right end `delta = 1000 - (375 - 20 - 10) = 655`, it appears at
/// `655 - 20 = 635`, arms past `695`, adds 60 to the right inset and scrolls to `695`.
@MainActor
@Suite("Leader and trailer: the layout direction swaps their ends")
struct RefreshHorizontalEdgeTests {
  let scene = Scene(topInset: 0)
  var scroll: ScrollModel { scene.scroll }

  /// A component at the left or the right end, and the numbers of that end.
  enum End: CustomStringConvertible, Sendable {
    case left, right

    var description: String { self == .left ? "left" : "right" }
    /// The component's x.
    var frameX: CGFloat { self == .left ? -60 : 1000 }
    /// Where the offset shows half the component, all of it (not yet armed) and one point more.
    var half: CGFloat { self == .left ? -50 : 665 }
    var threshold: CGFloat { self == .left ? -80 : 695 }
    var armed: CGFloat { self == .left ? -81 : 696 }
    /// The offset while refreshing, and the adjusted inset.
    var refreshingOffset: CGFloat { self == .left ? -80 : 695 }
    var refreshingInset: EdgeInsets {
      self == .left ? EdgeInsets(left: 80, right: 10) : EdgeInsets(left: 20, right: 70)
    }
    /// The arrow's rotation while idle: pointing right at the left end, left at the right end.
    var idleRotation: CGFloat { self == .left ? -.pi / 2 : .pi / 2 }
  }

  init() {
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
    scene.scroll.contentInset = EdgeInsets(left: 20, right: 10)
    scene.scroll.contentOffset.x = -20
  }

  private func attach(leader: Bool, direction: SemanticContentAttribute) -> RefreshComponent {
    scroll.semanticContentAttribute = direction
    let component: RefreshComponent
    if leader {
      let normal = RefreshNormalLeader(frame: .zero)
      scroll.leader = normal
      component = normal
    } else {
      let normal = RefreshNormalTrailer(frame: .zero)
      scroll.trailer = normal
      component = normal
    }
    scroll.layoutIfNeeded()
    return component
  }

  private func arrowRotation(of component: RefreshComponent) -> CGFloat? {
    ((component as? RefreshNormalTrailer)?.arrowView
      ?? (component as? RefreshNormalLeader)?
      .arrowView)?.transform.rotation
  }

  @Test(arguments: [
    (false, SemanticContentAttribute.forceLeftToRight, End.right),
    (false, .forceRightToLeft, .left),
    (true, .forceLeftToRight, .left),
    (true, .forceRightToLeft, .right),
  ])
  func eachPullsAtTheEndTheDirectionPutsItAt(
    isLeader: Bool, direction: SemanticContentAttribute, end: End
  ) {
    var calls = 0
    let component = attach(leader: isLeader, direction: direction)
    component.refreshingBlock = { calls += 1 }
    #expect(component.frame == CGRect(x: end.frameX, y: 0, width: 60, height: 667))
    #expect(arrowRotation(of: component) == end.idleRotation)
    // The other end does nothing.
    let other: CGFloat = end == .left ? 800 : -200
    scene.pull(toX: other)
    #expect(component.state == .idle)
    #expect(component.pullingPercent == 0)
    scene.pull(toX: end.half)
    #expect(component.pullingPercent == 0.5)
    scene.pull(toX: end.threshold)
    #expect(component.pullingPercent == 1)
    #expect(component.state == .idle)
    scene.pull(toX: end.armed)
    #expect(component.pullingPercent == 61.0 / 60)
    #expect(component.state == .pulling)
    scene.release()
    #expect(component.state == .refreshing)
    #expect(scroll.adjustedContentInset == end.refreshingInset)
    #expect(scroll.contentInset == EdgeInsets(left: 20, right: 10))
    #expect(scroll.contentOffset.x == end.refreshingOffset)
    component._checkInvariants()
    scene.clock.advance(by: 0.25)
    #expect(calls == 1)
    component.endRefreshing()
    #expect(component.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 20, right: 10))
    scene.clock.advance(by: 0.4)
    #expect(scroll.contentOffset.x == (end == .left ? -20 : 635))
    #expect(component.pullingPercent == 0)
    component._checkInvariants()
  }

  @Test func aScrollModelFollowsItsSuperviewsDirection() {
    let container = View(frame: scene.window.bounds)
    scene.window.addSubview(container)
    container.semanticContentAttribute = .forceRightToLeft
    container.addSubview(scroll)
    let trailer = RefreshTrailer(frame: .zero)
    scroll.trailer = trailer
    #expect(trailer.frame.minX == -60)
    // The component's own attribute wins over its scroll model's.
    let leader = RefreshLeader(frame: .zero)
    leader.semanticContentAttribute = .forceLeftToRight
    scroll.leader = leader
    #expect(leader.frame.minX == -60)
  }

  @Test func aChangeOfDirectionWhileIdleMovesTheTrailerToTheOtherEnd() {
    let trailer = attach(leader: false, direction: .forceLeftToRight)
    #expect(trailer.frame.minX == 1000)
    scroll.semanticContentAttribute = .forceRightToLeft
    scroll.layoutIfNeeded()
    #expect(trailer.frame.minX == -60)
    #expect(trailer.state == .idle)
    #expect(arrowRotation(of: trailer) == End.left.idleRotation)
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 20, right: 10))
    // The right end no longer arms it; the left end does.
    scene.pull(toX: 700)
    #expect(trailer.state == .idle)
    scene.pull(toX: -81)
    #expect(trailer.state == .pulling)
    scene.release()
    #expect(scroll.adjustedContentInset == End.left.refreshingInset)
    trailer.endRefreshing()
    scene.clock.advance(by: 0.4)
    // And back.
    scroll.semanticContentAttribute = .forceLeftToRight
    scroll.layoutIfNeeded()
    #expect(trailer.frame.minX == 1000)
    #expect(arrowRotation(of: trailer) == End.right.idleRotation)
    trailer._checkInvariants()
  }

  @Test func aChangeOfDirectionWhilePullingDisarms() {
    let trailer = attach(leader: false, direction: .forceLeftToRight)
    scene.pull(toX: 696)
    #expect(trailer.state == .pulling)
    scroll.semanticContentAttribute = .forceRightToLeft
    scroll.layoutIfNeeded()
    #expect(trailer.state == .idle)
    scene.release()
    #expect(trailer.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 20, right: 10))
  }

  @Test func aChangeOfDirectionWhileRefreshingTakesTheInsetToTheNewEnd() {
    let trailer = attach(leader: false, direction: .forceLeftToRight)
    trailer.beginRefreshing()
    #expect(scroll.adjustedContentInset == End.right.refreshingInset)
    #expect(scroll.contentOffset.x == 695)
    scroll.semanticContentAttribute = .forceRightToLeft
    scroll.layoutIfNeeded()
    #expect(trailer.state == .refreshing)
    #expect(trailer.frame.minX == -60)
    #expect(scroll.adjustedContentInset == End.left.refreshingInset)
    #expect(scroll.contentOffset.x == -80)
    trailer._checkInvariants()
    trailer.endRefreshing()
    #expect(scroll.adjustedContentInset == EdgeInsets(left: 20, right: 10))
    scene.clock.advance(by: 0.4)
    #expect(scroll.contentOffset.x == -20)
    trailer._checkInvariants()
  }

  @Test func thePullLimitFollowsTheEnd() {
    let trailer = attach(leader: false, direction: .forceRightToLeft)
    trailer.maximumPullDistance = 30
    scene.pull(toX: -200)
    #expect(scroll.contentOffset.x == -50)
    scene.pull(toX: 900)
    #expect(scroll.contentOffset.x == 900)
    scene.release()
    scroll.contentOffset.x = -20
    scroll.semanticContentAttribute = .forceLeftToRight
    scroll.layoutIfNeeded()
    scene.pull(toX: -200)
    #expect(scroll.contentOffset.x == -200)
    scene.pull(toX: 900)
    #expect(scroll.contentOffset.x == 665)
  }

  @Test func aPlayedPullPullsTheTrailerFromTheLeftEnd() {
    let trailer = attach(leader: false, direction: .forceRightToLeft)
    scroll.contentOffset.x = 300
    #expect(trailer.beginRefreshingByPulling())
    // Back to the left end, then the played finger pulls to the right and lets go.
    scene.clock.advance(by: 2)
    #expect(trailer.state == .refreshing)
    #expect(scroll.adjustedContentInset == End.left.refreshingInset)
    #expect(scroll.contentOffset.x == -80)
  }
}
