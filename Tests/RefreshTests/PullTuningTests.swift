import Foundation
import Observing
import Testing

@testable import Refresh

/// `triggerDistance` and `maximumPullDistance` on every kind of component, in the standard
/// scene (64-point top inset, 2000 points of content, a 667-point viewport).
@MainActor
@Suite("Pull tuning: trigger distance and maximum pull distance")
struct PullTuningTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }

  func attachHeader() -> RefreshHeader {
    let header = RefreshHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scroll.header = header
    return header
  }

  // MARK: Trigger distance

  @Test func aLongerTriggerDistanceArmsFurtherAndKeepsThePercentsMeaning() {
    let header = attachHeader()
    header.triggerDistance = 80
    // happenOffsetY = -64; armed past -64 - 80 = -144.
    scene.pull(to: -130)
    #expect(header.state == .idle)
    #expect(header.pullingPercent == 66.0 / 54)
    scene.pull(to: -144)
    #expect(header.state == .idle)
    scene.pull(to: -145)
    #expect(header.state == .pulling)
    #expect(header.pullingPercent == 81.0 / 54)
    scene.pull(to: -140)
    #expect(header.state == .idle)
    scene.pull(to: -150)
    scene.release()
    // Refreshing takes the header's height, not the trigger distance.
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset.top == 118)
    #expect(scroll.contentOffset.y == -118)
  }

  /// The pull reads the state again after setting the percent: a state that an observer of the
  /// percent sets is not undone by the pull going back within the threshold.
  @Test func aStateThatAnObserverOfThePercentSetsIsNotUndoneByThePull() {
    let header = attachHeader()
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    let token = header.observe(\.pullingPercent) { header, _ in
      if header.state == .pulling { header.state = .noMoreData }
    }
    // Back within the threshold (armed past -64 - 54 = -118).
    scene.pull(to: -100)
    #expect(header.state == .noMoreData)
    token.invalidate()
  }

  @Test func aShorterTriggerDistanceArmsBeforeTheHeaderIsInView() {
    let header = attachHeader()
    header.triggerDistance = 30
    scene.pull(to: -94)
    #expect(header.state == .idle)
    scene.pull(to: -95)
    #expect(header.state == .pulling)
    #expect(header.pullingPercent == 31.0 / 54)
    scene.release()
    #expect(header.state == .refreshing)
  }

  @Test func nilIsMJRefreshsThreshold() {
    let header = attachHeader()
    header.triggerDistance = 80
    header.triggerDistance = nil
    scene.pull(to: -118.5)
    #expect(header.state == .pulling)
  }

  @Test func theThresholdTriggerModeUsesTheTriggerDistance() {
    let header = attachHeader()
    header.triggerMode = .onThreshold
    header.triggerDistance = 20
    scene.pull(to: -84)
    #expect(header.state == .idle)
    scene.pull(to: -85)
    #expect(header.state == .refreshing)
  }

  @Test func theBackFooterAndTheTrailerUseTheirTriggerDistances() {
    let footer = RefreshBackFooter(frame: .zero)
    footer.triggerDistance = 100
    scroll.footer = footer
    // happenOffsetY = 2000 - (667 - 64) - 64 = 1333; armed past 1333 + 100.
    scene.pull(to: 1433)
    #expect(footer.state == .idle)
    scene.pull(to: 1434)
    #expect(footer.state == .pulling)
    #expect(footer.pullingPercent == 101.0 / 44)

    let horizontal = Scene(topInset: 0)
    horizontal.scroll.contentSize = CGSize(width: 1000, height: 667)
    let trailer = RefreshTrailer(frame: .zero)
    let leader = RefreshLeader(frame: .zero)
    trailer.triggerDistance = 10
    leader.triggerDistance = 90
    horizontal.scroll.trailer = trailer
    horizontal.scroll.leader = leader
    horizontal.pull(toX: 636)
    #expect(trailer.state == .pulling)
    horizontal.pull(toX: 0)
    horizontal.pull(toX: -90)
    #expect(leader.state == .idle)
    horizontal.pull(toX: -91)
    #expect(leader.state == .pulling)
    #expect(leader.pullingPercent == 91.0 / 60)
  }

  @Test func theAutomaticFooterLoadsOnceTheTriggerDistanceIsInView() {
    let footer = RefreshAutoFooter(frame: .zero)
    footer.triggerDistance = 10
    scroll.footer = footer
    // contentH - frameH + insetB - h + 10 = 2000 - 667 + 44 - 44 + 10 = 1343.
    scene.pull(to: 1342)
    #expect(footer.state == .idle)
    scene.pull(to: 1343)
    #expect(footer.state == .refreshing)
  }

  @Test(arguments: [-1.0, .nan, .infinity, -.infinity])
  func invalidDistancesAreRefused(value: CGFloat) {
    let header = attachHeader()
    header.triggerDistance = value
    header.maximumPullDistance = value
    #expect(header.triggerDistance == nil)
    #expect(header.maximumPullDistance == nil)
    header.triggerDistance = 70
    header.maximumPullDistance = 120
    header.triggerDistance = value
    header.maximumPullDistance = value
    #expect(header.triggerDistance == 70)
    #expect(header.maximumPullDistance == 120)
  }

  /// A zero trigger distance is kept: the first point of a pull past the edge arms the header.
  @Test func aZeroTriggerDistanceArmsOnTheFirstPointPastTheEdge() {
    let header = attachHeader()
    header.triggerDistance = 0
    #expect(header.triggerDistance == 0)
    scene.pull(to: -64)
    #expect(header.state == .idle)
    scene.pull(to: -65)
    #expect(header.state == .pulling)
  }

  // MARK: Maximum pull distance

  /// Zero is a limit like any other: the content does not move past the edge at all.
  @Test func aZeroLimitIsKeptAndHoldsTheContentAtTheEdge() {
    let header = attachHeader()
    header.maximumPullDistance = 0
    #expect(header.maximumPullDistance == 0)
    scene.pull(to: -300)
    #expect(scroll.contentOffset.y == -64)
    #expect(header.pullingPercent == 0)
    #expect(header.state == .idle)
  }

  @Test func rawOffsetsPastTheLimitAreCorrected() {
    let header = attachHeader()
    header.maximumPullDistance = 100
    var offsets: [CGFloat] = []
    let token = scroll.observe(\.contentOffset, options: [.new]) { _, change in
      offsets.append(change.newValue!.y)
    }
    scene.pull(to: -300)
    // -orig.top - 100: the header reads the limit on both notifications.
    #expect(scroll.contentOffset.y == -164)
    #expect(offsets == [-300, -164])
    #expect(header.pullingPercent == 100.0 / 54)
    #expect(header.state == .pulling)
    scene.release()
    #expect(header.state == .refreshing)
    // While refreshing, the limit counts from the refreshing header's far side.
    scene.pull(to: -300)
    #expect(scroll.contentOffset.y == -218)
    token.invalidate()
  }

  @Test func aDragIsRubberBandedThenHeldAtTheLimit() {
    let header = attachHeader()
    header.maximumPullDistance = 100
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 200))
    // Within the limit the rubber band alone: 667 u / (1 + u), u = 100 × 0.55 / 667.
    let u: CGFloat = 100 * 0.55 / 667
    #expect(abs(scroll.contentOffset.y - (-64 - 667 * u / (1 + u))) < 1e-9)
    scroll.drag(to: CGPoint(x: 100, y: 700))
    #expect(scroll.contentOffset.y == -164)
    scroll.drag(to: CGPoint(x: 100, y: 2000))
    #expect(scroll.contentOffset.y == -164)
    #expect(header.state == .pulling)
    // Held at the limit, the content carries no velocity: a fling does not throw it further.
    scroll.endDragging(velocity: CGPoint(x: 0, y: 3000))
    #expect(header.state == .refreshing)
    scene.clock.advance(by: 2)
    #expect(scroll.contentOffset.y == -118)
  }

  @Test func aFlingIntoTheTopIsHeldAtTheLimit() {
    let unlimited = Scene()
    for (model, limit) in [(scene, CGFloat(100)), (unlimited, nil)] {
      let header = RefreshHeader(frame: .zero)
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      header.maximumPullDistance = limit
      model.scroll.header = header
      model.scroll.contentOffset.y = 200
      model.scroll.beginDragging(at: CGPoint(x: 100, y: 300))
      model.clock.advance(by: 0.01)
      model.scroll.drag(to: CGPoint(x: 100, y: 360))
      model.scroll.endDragging(velocity: CGPoint(x: 0, y: 6000))
      var lowest = model.scroll.contentOffset.y
      for _ in 0..<240 {
        model.clock.advance(by: 1.0 / 120)
        lowest = min(lowest, model.scroll.contentOffset.y)
      }
      if limit != nil {
        #expect(lowest == -164)
      } else {
        #expect(lowest < -164)
      }
      #expect(model.scroll.contentOffset.y == -64)
      #expect(header.state == .idle)
    }
  }

  @Test func theLimitGoesWithTheComponentAndFollowsChanges() {
    let header = attachHeader()
    header.maximumPullDistance = 50
    scene.pull(to: -200)
    #expect(scroll.contentOffset.y == -114)
    // A shorter limit takes the content in at once.
    header.maximumPullDistance = 20
    #expect(scroll.contentOffset.y == -84)
    header.maximumPullDistance = nil
    scene.pull(to: -200)
    #expect(scroll.contentOffset.y == -200)
    header.maximumPullDistance = 50
    scroll.header = nil
    scene.pull(to: -300)
    #expect(scroll.contentOffset.y == -300)
  }

  @Test func aLimitSetWhileTheContentSpringsBackLetsItComeToRest() {
    let header = attachHeader()
    // The pull never arms: released, the content springs back to the top.
    header.triggerDistance = 1000
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 1500))
    scroll.endDragging(velocity: .zero)
    scene.clock.advance(by: 1.0 / 60)
    #expect(scroll.isDecelerating)
    #expect(scroll.contentOffset.y < -84)
    // A shorter limit takes the content in at once, and the spring carries on from there: the
    // content comes to rest in its valid range, not held at the limit.
    header.maximumPullDistance = 20
    #expect(scroll.contentOffset.y == -84)
    #expect(scroll.isDecelerating)
    scene.clock.advance(by: 5)
    #expect(scroll.contentOffset.y == -64)
    #expect(!scroll.isDecelerating)
  }

  @Test func aLimitWithinTheTriggerDistanceNeverArms() {
    let header = attachHeader()
    header.maximumPullDistance = 54
    scene.pull(to: -400)
    #expect(scroll.contentOffset.y == -118)
    #expect(header.state == .idle)
    #expect(header.pullingPercent == 1)
    scene.release()
    #expect(header.state == .idle)
    header.beginRefreshing()
    #expect(header.state == .refreshing)
  }

  @Test func everyEdgeHasItsLimit() {
    let footer = RefreshBackFooter(frame: .zero)
    footer.maximumPullDistance = 30
    scroll.footer = footer
    scene.pull(to: 1500)
    #expect(scroll.contentOffset.y == 1363)
    let auto = RefreshAutoFooter(frame: .zero)
    auto.maximumPullDistance = 10
    scroll.footer = auto
    // The automatic footer's height is in the inset: the end is 1377.
    scene.pull(to: 1500)
    #expect(scroll.contentOffset.y == 1387)

    let horizontal = Scene(topInset: 0)
    horizontal.scroll.contentSize = CGSize(width: 1000, height: 667)
    let trailer = RefreshTrailer(frame: .zero)
    let leader = RefreshLeader(frame: .zero)
    trailer.maximumPullDistance = 30
    leader.maximumPullDistance = 40
    horizontal.scroll.trailer = trailer
    horizontal.scroll.leader = leader
    horizontal.pull(toX: 800)
    #expect(horizontal.scroll.contentOffset.x == 655)
    horizontal.pull(toX: -800)
    #expect(horizontal.scroll.contentOffset.x == -40)
  }
}
