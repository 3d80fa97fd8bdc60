import Foundation
import Refresh
import RefreshTesting
import Testing

@MainActor
@Suite("RefreshScene: a window on a manual clock and gestures in the hierarchy's words")
struct RefreshSceneTests {
  @Test func theDefaultSceneRestsAtTheTopUnderANavigationBar() {
    let scene = RefreshScene()
    #expect(scene.window.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
    #expect(scene.scroll.frame == scene.window.bounds)
    #expect(scene.scroll.contentSize == CGSize(width: 375, height: 2000))
    #expect(scene.scroll.adjustedContentInset.top == 64)
    #expect(scene.scroll.contentOffset.y == -64)
    #expect(scene.clock.now == 0)
  }

  @Test func pullsAddUpExactlyWithoutARubberBand() {
    let scene = RefreshScene()
    let header = RefreshNormalHeader {}
    scene.scroll.header = header
    scene.pull(by: 27)
    #expect(scene.scroll.panState == .changed)
    #expect(scene.scroll.contentOffset.y == -91)
    // MJRefresh: pullingPercent = (happenOffset - offset) / height = 27 / 54.
    #expect(header.pullingPercent == 0.5)
    #expect(header.state == .idle)
    scene.pull(by: 27.5)
    #expect(scene.scroll.contentOffset.y == -118.5)
    #expect(header.state == .pulling)
    scene.pull(toOffset: -100)
    #expect(header.state == .idle)
  }

  @Test func releasingArmedRefreshesAndTheInsetFollowsTheClock() {
    let scene = RefreshScene()
    var refreshes = 0
    let header = RefreshNormalHeader { refreshes += 1 }
    scene.scroll.header = header
    scene.pull(by: 66)
    scene.release()
    #expect(scene.scroll.panState == .ended)
    #expect(header.state == .refreshing)
    #expect(scene.scroll.adjustedContentInset.top == 118)
    scene.advance(by: 0.25)
    #expect(refreshes == 1)
    #expect(scene.scroll.contentOffset.y == -118)
  }

  @Test func releasingShortOfTheThresholdSpringsBack() {
    let scene = RefreshScene()
    scene.scroll.header = RefreshNormalHeader {}
    scene.pull(by: 30)
    scene.release()
    #expect(scene.scroll.header?.state == .idle)
    scene.advance(by: 2)
    #expect(scene.scroll.contentOffset.y == -64)
    #expect(!scene.scroll.isDecelerating)
  }

  @Test func aFlingUpScrollsTowardTheEnd() {
    let scene = RefreshScene()
    scene.fling(velocity: -1500)
    #expect(scene.scroll.isDecelerating)
    scene.advance(frames: 30)
    #expect(scene.scroll.contentOffset.y > 0)
    scene.advance(by: 5)
    #expect(!scene.scroll.isDecelerating)
    // The resting distance of a fling at the normal rate: about 0.4995 s × v0.
    #expect(abs(scene.scroll.contentOffset.y - (-64 + 1500 * 0.4995)) < 2)
  }

  @Test func advancingByFramesMovesTheClockAtSixtyHertz() {
    let scene = RefreshScene()
    scene.advance(frames: 6)
    #expect(abs(scene.clock.now - 0.1) < 1e-12)
    scene.advance(frames: -1)
    scene.advance(by: -1)
    scene.advance(by: .nan)
    #expect(abs(scene.clock.now - 0.1) < 1e-12)
  }

  @Test func badGesturesAreIgnored() {
    let scene = RefreshScene()
    scene.pull(by: .nan)
    scene.pull(toOffset: .infinity)
    scene.release()
    scene.fling(velocity: 0)
    #expect(scene.scroll.panState == .possible)
    #expect(scene.scroll.contentOffset.y == -64)
  }

  @Test func tappingTheAutoFooterLoads() {
    let scene = RefreshScene(contentHeight: 300, topInset: 0)
    var loads = 0
    let footer = RefreshAutoNormalFooter { loads += 1 }
    scene.scroll.footer = footer
    scene.advance(frames: 1)
    #expect(scene.tap(footer.stateLabel))
    #expect(footer.state == .refreshing)
    scene.advance(by: 0.25)
    #expect(loads == 1)
    #expect(!scene.tap(View(frame: .zero)))
  }

  @Test func aListViewTakesItsContentFromItsRows() {
    final class Rows: ListViewDataSource {
      func numberOfRows(in listView: ListView) -> Int { 40 }
      func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 44 }
      func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
        view ?? View(frame: .zero)
      }
    }
    let rows = Rows()
    let list = ListView(frame: .zero)
    list.dataSource = rows
    let scene = RefreshScene(topInset: 0, scroll: list)
    #expect(scene.scroll === list)
    #expect(list.contentSize.height == 1760)  // 40 rows of 44 points
  }
}
