import Foundation
import Refresh
import RefreshTesting
import Testing

/// Rows of 44 points for the lists of a pager.
@MainActor
final class PagerRows: ListViewDataSource {
  func numberOfRows(in listView: ListView) -> Int { 30 }
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 44 }
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    view ?? View()
  }
}

/// RefreshScene's touches: a finger on the window, routed as the window routes it, so that a
/// test of nested scroll models reads as the gesture it makes.
@MainActor
@Suite("RefreshScene: touches routed at the window")
struct RefreshSceneTouchTests {
  let scene: RefreshScene
  let pager: ScrollModel
  let lists: [ListView]
  let rows = PagerRows()

  /// A 375 × 600 horizontal pager of three lists, each with a normal header.
  init() {
    pager = ScrollModel(frame: .zero)
    pager.isPagingEnabled = true
    scene = RefreshScene(size: CGSize(width: 375, height: 600), topInset: 0, scroll: pager)
    pager.contentSize = CGSize(width: 3 * 375, height: 600)
    lists = (0..<3).map { page in
      let list = ListView(frame: CGRect(x: CGFloat(page) * 375, y: 0, width: 375, height: 600))
      list.header = RefreshNormalHeader {}
      return list
    }
    for list in lists {
      list.dataSource = rows
      pager.addSubview(list)
    }
    scene.advance(frames: 0)
  }

  @Test func aHorizontalDragPagesThePagerAndNoListMoves() {
    scene.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 100, y: 300))
    scene.advance(by: 1)
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    #expect(lists.map(\.contentOffset.y) == [0, 0, 0])
  }

  @Test func aVerticalDragPullsTheListUnderTheFingerAlone() {
    scene.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 400), lifting: false)
    #expect(lists[0].header?.state == .pulling)
    #expect(pager.contentOffset == .zero)
    scene.touchUp(at: CGPoint(x: 200, y: 400))
    #expect(lists[0].header?.state == .refreshing)
    scene.advance(by: 1)
    #expect(lists[0].contentOffset.y == -54)
    #expect(lists[0].adjustedContentInset.top == 54)
    #expect(lists[1].header?.state == .idle && lists[2].header?.state == .idle)
  }

  @Test func touchesOneByOne() {
    scene.touchDown(at: CGPoint(x: 200, y: 300))
    #expect(scene.window.draggedScrollModel == nil)  // nothing moved past the slop yet
    scene.advance(frames: 1)
    scene.touchMove(to: CGPoint(x: 200, y: 250))
    #expect(scene.window.draggedScrollModel === lists[0])
    #expect(lists[0].contentOffset.y == 50)
    scene.advance(frames: 1)
    scene.touchUp(at: CGPoint(x: 200, y: 250))
    #expect(scene.window.draggedScrollModel == nil)
    #expect(!lists[0].isDragging)
  }

  @Test func aDragOfNoFramesMovesOnceAndNonFinitePointsAreIgnored() {
    scene.drag(
      from: CGPoint(x: 300, y: 300), to: CGPoint(x: 290, y: 300), frames: 0, lifting: false)
    #expect(pager.contentOffset == CGPoint(x: 10, y: 0))
    // Held still, then lifted: no fling, so the pager settles back on its first page.
    scene.advance(frames: 12)
    scene.touchUp(at: CGPoint(x: 290, y: 300))
    scene.advance(by: 1)
    #expect(pager.contentOffset == .zero)
    scene.drag(from: CGPoint(x: CGFloat.nan, y: 300), to: CGPoint(x: 100, y: 300))
    scene.advance(by: 1)
    #expect(pager.contentOffset == .zero)
    #expect(scene.window.draggedScrollModel == nil)
  }
}
