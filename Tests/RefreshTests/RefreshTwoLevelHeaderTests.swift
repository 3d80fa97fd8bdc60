import Foundation
import Observing
import Testing

@testable import Refresh

/// The two-level header in the standard scene (64-point top inset, a 667-point viewport): it
/// refreshes past 54 points and opens its second floor past 1.9 × 54 = 102.6 points, that is
/// past the offsets -118 and -166.6.
@MainActor
@Suite("RefreshTwoLevelHeader: the second floor")
struct RefreshTwoLevelHeaderTests {
  let scene = Scene()
  var scroll: ScrollModel { scene.scroll }
  let header: RefreshTwoLevelHeader
  let record: Record

  @MainActor
  final class Record {
    var refreshes = 0
    var openings = 0
  }

  init() {
    let record = Record()
    self.record = record
    header = RefreshTwoLevelHeader(refreshingBlock: { record.refreshes += 1 })
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.onOpenSecondFloor = { record.openings += 1 }
    scene.scroll.header = header
    scene.clock.advance(by: 0)
  }

  @Test func pulledPastTheSecondDistanceItSaysReleaseToOpen() {
    #expect(header.effectiveSecondFloorTriggerDistance == 54 * 1.9)
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    #expect(!header.isSecondFloorArmed)
    #expect(header.stateLabel.text == "Release to refresh")
    scene.pull(to: -166.5)
    #expect(!header.isSecondFloorArmed)
    scene.pull(to: -167)
    #expect(header.isSecondFloorArmed)
    #expect(header.state == .pulling)
    #expect(header.stateLabel.text == "Release to open")
    scene.pull(to: -140)
    #expect(!header.isSecondFloorArmed)
    #expect(header.stateLabel.text == "Release to refresh")
    scene.pull(to: -100)
    #expect(header.state == .idle)
    #expect(header.stateLabel.text == "Pull down to refresh")
  }

  @Test func releasedThereItOpensTheFloorOverTheVisibleArea() throws {
    #expect(header.secondFloorView.isHidden)
    scene.pull(to: -200)
    scene.release()
    #expect(header.isSecondFloorOpen)
    #expect(record.openings == 1)
    #expect(record.refreshes == 0)
    #expect(header.state == .idle)
    #expect(!header.isSecondFloorArmed)
    // The content moves down out of sight: the scroll model's height is added at the top.
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64 + 667))
    #expect(scroll.contentInset == EdgeInsets(top: 64))
    #expect(scroll.contentOffset.y == -731)
    header._checkInvariants()
    // The floor covers the visible area, -731 to -64 in the scroll model.
    #expect(!header.secondFloorView.isHidden)
    let floor = header.secondFloorView.frame.offsetBy(dx: 0, dy: header.frame.minY)
    #expect(floor == CGRect(x: 0, y: -731, width: 375, height: 667))
    // Scrolling stops.
    #expect(!scroll.isScrollEnabled)
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 400))
    #expect(scroll.contentOffset.y == -731)
    #expect(!scroll.isDragging)
    scene.clock.advance(by: 1)
    #expect(scroll.contentOffset.y == -731)
    #expect(record.openings == 1)
  }

  @Test func closingAnimatesBackToTheTopAtRest() {
    scene.pull(to: -200)
    scene.release()
    scene.clock.advance(by: 0.4)
    header.closeSecondFloor()
    #expect(!header.isSecondFloorOpen)
    #expect(header.state == .idle)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64))
    #expect(scroll.contentOffset.y == -64)
    #expect(scroll.isScrollEnabled)
    // The floor slides away with the content, then hides.
    #expect(!header.secondFloorView.isHidden)
    #expect(scroll.presentedContentOffset.y < -64)
    scene.clock.advance(by: 0.4)
    #expect(scroll.presentedContentOffset.y == -64)
    #expect(header.secondFloorView.isHidden)
    #expect(header.pullingPercent == 0)
    header._checkInvariants()
    // Closing again does nothing; the next pull works as before.
    header.closeSecondFloor()
    scene.pull(to: -130)
    scene.release()
    #expect(header.state == .refreshing)
  }

  /// A finger that pulls the header into view while the floor closes keeps its pull when the
  /// closing ends: the end of the animation follows the pull instead of setting the percent to
  /// 0 under the still finger (found by the seeded edge test, seed 1243 of 1400).
  @Test func aPullWhileTheFloorClosesKeepsItsPercentWhenTheClosingEnds() {
    header.openSecondFloor()
    header.closeSecondFloor()
    scene.clock.advance(by: 0.1)
    scene.pull(to: -91)
    // 27 points past the top inset, over the header's 54.
    #expect(header.pullingPercent == 0.5)
    scene.clock.advance(by: 0.4)
    #expect(header.secondFloorView.isHidden)
    #expect(header.pullingPercent == 0.5)
    #expect(header.state == .idle)
    scene.pull(to: -118)
    #expect(header.pullingPercent == 1)
  }

  @Test func releasedBetweenTheDistancesItRefreshes() {
    scene.pull(to: -150)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(!header.isSecondFloorOpen)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 118))
    scene.clock.advance(by: 0.25)
    #expect(record.refreshes == 1)
    #expect(record.openings == 0)
  }

  @Test func openingFromCode() {
    header.openSecondFloor()
    #expect(header.isSecondFloorOpen)
    #expect(!header.isSecondFloorArmed)
    #expect(record.openings == 1)
    #expect(scroll.contentOffset.y == -731)
    header.openSecondFloor()
    #expect(record.openings == 1)
    // Not while refreshing.
    header.closeSecondFloor()
    header.beginRefreshing()
    header.openSecondFloor()
    #expect(!header.isSecondFloorOpen)
    #expect(header.state == .refreshing)
  }

  /// Opened from code while a drag has armed the floor: the drag ends, the floor is open and
  /// no longer armed, and the header says what it says at rest.
  @Test func openingFromCodeWhileArmed() {
    scene.pull(to: -200)
    #expect(header.isSecondFloorArmed)
    header.openSecondFloor()
    #expect(header.isSecondFloorOpen)
    #expect(!header.isSecondFloorArmed)
    #expect(header.state == .idle)
    #expect(header.stateLabel.text == "Pull down to refresh")
    #expect(record.openings == 1)
    #expect(record.refreshes == 0)
  }

  @Test func aCustomDistanceAndTitle() {
    header.secondFloorTriggerDistance = 70
    header.secondFloorTitle = "Enter the shop"
    scene.pull(to: -134)
    #expect(!header.isSecondFloorArmed)
    scene.pull(to: -135)
    #expect(header.stateLabel.text == "Enter the shop")
    header.secondFloorTriggerDistance = -3
    #expect(header.secondFloorTriggerDistance == 70)
    header.secondFloorTriggerDistance = nil
    scene.pull(to: -136)
    #expect(header.stateLabel.text == "Release to refresh")
  }

  @Test func aDragWithPhysicsOpensIt() {
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 400))
    // 300 points past the top, rubber-banded: 667 u / (1 + u), u = 300 × 0.55 / 667.
    let u: CGFloat = 300 * 0.55 / 667
    #expect(abs(scroll.contentOffset.y - (-64 - 667 * u / (1 + u))) < 1e-9)
    #expect(header.isSecondFloorArmed)
    scroll.endDragging(velocity: CGPoint(x: 0, y: 500))
    #expect(header.isSecondFloorOpen)
    scene.clock.advance(by: 1)
    #expect(scroll.contentOffset.y == -731)
    #expect(!scroll.isDecelerating)
  }

  @Test func beginningToRefreshWhileOpenClosesTheFloorFirst() {
    header.openSecondFloor()
    header.beginRefreshing()
    #expect(!header.isSecondFloorOpen)
    #expect(header.state == .refreshing)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 118))
    #expect(scroll.contentOffset.y == -118)
    #expect(scroll.isScrollEnabled)
    header._checkInvariants()
  }

  /// Opened while a failure shows: when the failure's hold ends, the header returns to idle
  /// and the refresh's end completes, but the open floor keeps its place.
  @Test func aFailureEndingUnderTheOpenFloorLeavesItOpen() {
    var ended = 0
    header.endRefreshingCompletionBlock = { ended += 1 }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshingWithFailure()
    header.openSecondFloor()
    #expect(header.isSecondFloorOpen)
    scene.clock.advance(by: 2)
    #expect(header.state == .idle)
    #expect(ended == 1)
    #expect(header.isSecondFloorOpen)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64 + 667))
    #expect(scroll.contentOffset.y == -731)
    #expect(header.alpha == 1)
    header._checkInvariants()
    header.closeSecondFloor()
    scene.clock.advance(by: 1)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64))
    header._checkInvariants()
  }

  /// Removed while its floor closes and added again, the header is left alone when the
  /// closing would have ended: the old completion once reset the pull in progress.
  @Test func removedWhileClosingItIsLeftAloneWhenAddedAgain() {
    header.openSecondFloor()
    scene.clock.advance(by: 1)
    header.closeSecondFloor()
    scene.clock.advance(by: 0.1)
    scroll.header = nil
    scroll.header = header
    var percents: [CGFloat] = []
    let token = header.observe(\.pullingPercent, options: .new) { _, change in
      percents.append(change.newValue!)
    }
    scene.pull(to: -100)
    scene.clock.advance(by: 1)
    #expect(percents == [36.0 / 54])
    token.invalidate()
  }

  @Test func removedWhileOpenItGivesEverythingBack() {
    scroll.isScrollEnabled = true
    header.openSecondFloor()
    scene.clock.advance(by: 1)
    #expect(!header.secondFloorView.isHidden)
    scroll.header = nil
    #expect(!header.isSecondFloorOpen)
    #expect(header.secondFloorView.isHidden)
    #expect(scroll.isScrollEnabled)
    #expect(scroll.adjustedContentInset == EdgeInsets(top: 64))
  }

  @Test func theTitleIsLocalized() {
    let config = RefreshConfig.default
    let saved = config.languageCode
    defer { config.languageCode = saved }
    config.languageCode = "zh-Hans"
    scene.pull(to: -200)
    #expect(header.stateLabel.text == "松开进入二楼")
  }
}
