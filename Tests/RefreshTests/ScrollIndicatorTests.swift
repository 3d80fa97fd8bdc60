import Foundation
import Testing

@testable import Refresh

/// A 300 × 400 scroll model in a window on a manual clock.
@MainActor
private struct IndicatorScene {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel

  init(content: CGSize = CGSize(width: 300, height: 1000), scroll: ScrollModel? = nil) {
    window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 400), clock: clock)
    self.scroll = scroll ?? ScrollModel(frame: window.bounds)
    window.addSubview(self.scroll)
    self.scroll.contentSize = content
    clock.advance(by: 0)
  }

  /// The thumbs drawn now, in window coordinates.
  func drawnThumbs() -> [CGRect] {
    let canvas = CanvasCallRecorder()
    window.render(in: canvas)
    return canvas.scrollIndicators
  }
}

/// Whether two rectangles agree to a billionth of a point (the formulas' rounding).
private func same(_ rect: CGRect?, _ expected: CGRect) -> Bool {
  guard let rect else { return false }
  let pairs: [(CGFloat, CGFloat)] = [
    (rect.minX, expected.minX), (rect.minY, expected.minY), (rect.width, expected.width),
    (rect.height, expected.height),
  ]
  return pairs.allSatisfy { abs($0.0 - $0.1) < 1e-9 }
}

@MainActor
@Suite("The scroll indicators: UIKit's thumbs, shown while the content scrolls")
struct ScrollIndicatorTests {
  /// Content height, offset, and the thumb's expected top (in the bounds) and length.
  ///
  /// The track is 400 − 2 × 3 = 394 points from y = 3; the thumb is 394 × 400 / (400 + range)
  /// long (at least 36), placed by the offset's progress through the range, and shrinks by
  /// the distance past an edge (to 7 at least) while overscrolled.
  nonisolated static let thumbs: [(content: Double, offset: Double, top: Double, length: Double)] =
    [
      (1000, 0, 3, 157.6),  // range 600: 394 × 0.4
      (1000, 300, 121.2, 157.6),  // 3 + 0.5 × (394 − 157.6)
      (1000, 600, 239.4, 157.6),  // 3 + 394 − 157.6
      (800, 200, 101.5, 197),  // range 400: 394 × 0.5, 3 + 0.5 × 197
      (500, 100, 81.8, 315.2),  // range 100: 394 × 0.8, at the end
      (20_000, 0, 3, 36),  // 394 × 400 / 20,000 = 7.88, at least 36
      (20_000, 19_600, 361, 36),  // 3 + 394 − 36
      (20_000, 9_800, 182, 36),  // 3 + 0.5 × 358
      (1000, -50, 3, 107.6),  // 50 past the top: 157.6 − 50
      (1000, -300, 3, 7),  // far past the top: 7
      (1000, 700, 339.4, 57.6),  // 100 past the end: 157.6 − 100, at the end
      (20_000, 19_620, 381, 16),  // 20 past the end: 36 − 20
    ]

  @Test(arguments: thumbs)
  func theThumbFollowsUIKitsProportions(
    thumb: (content: Double, offset: Double, top: Double, length: Double)
  ) {
    let (content, offset, top, length) = thumb
    let scene = IndicatorScene(content: CGSize(width: 300, height: content))
    scene.scroll.contentOffset = CGPoint(x: 0, y: offset)
    let expected = CGRect(x: 300 - 3 - 3, y: offset + top, width: 3, height: length)
    #expect(same(scene.scroll.verticalScrollIndicatorFrame, expected))
    #expect(scene.scroll.horizontalScrollIndicatorFrame == nil)
  }

  @Test func theAdjustedInsetsCountAsContent() {
    let scene = IndicatorScene()
    scene.scroll.contentInset = EdgeInsets(top: 64, left: 0, bottom: 36, right: 0)
    scene.scroll.contentOffset = CGPoint(x: 0, y: -64)
    // The range is -64 ... 636 (700 points): 394 × 400 / 1,100.
    let length = 394 * 400 / 1100.0
    #expect(
      same(
        scene.scroll.verticalScrollIndicatorFrame, CGRect(x: 294, y: -61, width: 3, height: length))
    )
    scene.scroll.contentOffset = CGPoint(x: 0, y: 286)
    #expect(
      same(
        scene.scroll.verticalScrollIndicatorFrame,
        CGRect(x: 294, y: 286 + 3 + 0.5 * (394 - length), width: 3, height: length)))
  }

  @Test func theIndicatorInsetsShortenAndMoveTheTrack() {
    let scene = IndicatorScene()
    scene.scroll.verticalScrollIndicatorInsets = EdgeInsets(top: 18, left: 0, bottom: 10, right: 5)
    // The track: 400 − 18 − 10 − 6 = 366 points from y = 21; x = 300 − 5 − 3 − 3.
    #expect(
      same(
        scene.scroll.verticalScrollIndicatorFrame,
        CGRect(x: 289, y: 21, width: 3, height: 366 * 0.4)))
    scene.scroll.verticalScrollIndicatorInsets = EdgeInsets(
      top: .nan, left: 0, bottom: 0, right: 0)
    #expect(scene.scroll.verticalScrollIndicatorInsets.bottom == 10)  // refused
    scene.scroll.verticalScrollIndicatorInsets = EdgeInsets(
      top: 200, left: 0, bottom: 200, right: 0)
    #expect(scene.scroll.verticalScrollIndicatorFrame == nil)  // no room
  }

  @Test func rightToLeftPutsTheVerticalIndicatorAtTheLeftEdge() {
    let scene = IndicatorScene()
    scene.scroll.semanticContentAttribute = SemanticContentAttribute.forceRightToLeft
    #expect(
      same(scene.scroll.verticalScrollIndicatorFrame, CGRect(x: 3, y: 3, width: 3, height: 157.6)))
    scene.scroll.verticalScrollIndicatorInsets = EdgeInsets(top: 0, left: 6, bottom: 0, right: 0)
    #expect(scene.scroll.verticalScrollIndicatorFrame?.minX == 9)
  }

  @Test func horizontalContentHasTheIndicatorAlongTheBottom() {
    let scene = IndicatorScene(content: CGSize(width: 900, height: 400))
    #expect(scene.scroll.verticalScrollIndicatorFrame == nil)
    // The track: 300 − 6 = 294 from x = 3; 294 × 300 / 900 = 98 long; 3 above the bottom.
    #expect(
      same(scene.scroll.horizontalScrollIndicatorFrame, CGRect(x: 3, y: 394, width: 98, height: 3)))
    scene.scroll.contentOffset = CGPoint(x: 300, y: 0)
    #expect(
      same(
        scene.scroll.horizontalScrollIndicatorFrame,
        CGRect(x: 300 + 3 + 0.5 * (294 - 98), y: 394, width: 98, height: 3)))
    scene.scroll.showsHorizontalScrollIndicator = false
    #expect(scene.scroll.horizontalScrollIndicatorFrame == nil)
  }

  @Test func bothIndicatorsLeaveEachOtherTheCorner() {
    let scene = IndicatorScene(content: CGSize(width: 900, height: 1000))
    // Each track stops 3 + 3 short of the corner.
    #expect(
      same(
        scene.scroll.verticalScrollIndicatorFrame,
        CGRect(x: 294, y: 3, width: 3, height: 388 * 0.4)))
    #expect(
      same(
        scene.scroll.horizontalScrollIndicatorFrame,
        CGRect(x: 3, y: 394, width: 288 / 3, height: 3)))
    scene.scroll.semanticContentAttribute = SemanticContentAttribute.forceRightToLeft
    #expect(scene.scroll.horizontalScrollIndicatorFrame?.minX == 9)
  }

  @Test(arguments: [400.0, 300, 0])
  func contentThatFitsHasNoIndicator(height: Double) {
    let scene = IndicatorScene(content: CGSize(width: 300, height: height))
    scene.scroll.alwaysBounceVertical = true
    scene.scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scene.scroll.drag(to: CGPoint(x: 100, y: 200))
    #expect(scene.scroll.isShowingScrollIndicators)
    #expect(scene.scroll.verticalScrollIndicatorFrame == nil)
    #expect(scene.drawnThumbs().isEmpty)
  }

  @Test func hiddenAtRestShownWhileDraggingAndHiddenHalfASecondAfterTheRelease() {
    let scene = IndicatorScene()
    let scroll = scene.scroll
    #expect(!scroll.isShowingScrollIndicators)
    #expect(scene.drawnThumbs().isEmpty)
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    scroll.drag(to: CGPoint(x: 100, y: 200))
    #expect(scroll.isShowingScrollIndicators)
    // Drawn where the formula puts it, at the offset (100), in window coordinates.
    let top = 3 + (100.0 / 600) * (394 - 157.6)
    #expect(scene.drawnThumbs().count == 1)
    #expect(same(scene.drawnThumbs().first, CGRect(x: 294, y: top, width: 3, height: 157.6)))
    // A finger held still keeps them.
    scene.clock.advance(by: 2)
    #expect(scroll.isShowingScrollIndicators)
    // Released with no speed, inside the range: the content rests at once.
    scroll.endDragging(velocity: .zero)
    let rest = scene.clock.now
    scene.clock.advance(by: ScrollIndicator.hideDelay - 0.001)
    #expect(scroll.isShowingScrollIndicators)
    #expect(scene.drawnThumbs().count == 1)
    scene.clock.advance(by: 0.001)
    #expect(scene.clock.now == rest + ScrollIndicator.hideDelay)
    #expect(!scroll.isShowingScrollIndicators)
    #expect(scene.drawnThumbs().isEmpty)
  }

  @Test func shownWhileDeceleratingAndHiddenHalfASecondAfterItStops() {
    let scene = IndicatorScene(content: CGSize(width: 300, height: 5000))
    let scroll = scene.scroll
    scroll.beginDragging(at: CGPoint(x: 100, y: 300))
    scroll.drag(to: CGPoint(x: 100, y: 200))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))
    let motion = ScrollMotion(
      position: 100, velocity: 1000, minimum: 0, maximum: 4600, physics: scroll.physics)
    let released = scene.clock.now
    scene.clock.advance(by: motion.duration / 2)
    #expect(scroll.isDecelerating && scroll.isShowingScrollIndicators)
    scene.clock.advance(by: released + motion.duration - scene.clock.now)
    #expect(!scroll.isDecelerating)
    #expect(abs(scroll.contentOffset.y - motion.restingPosition) < 1e-9)
    let rest = scene.clock.now
    #expect(scroll.isShowingScrollIndicators)
    scene.clock.advance(by: ScrollIndicator.hideDelay / 2)
    #expect(scroll.isShowingScrollIndicators)
    scene.clock.advance(by: rest + ScrollIndicator.hideDelay - scene.clock.now)
    #expect(!scroll.isShowingScrollIndicators)
  }

  @Test func aBounceShrinksTheThumbAndHidesItAfterTheSpringSettles() {
    let scene = IndicatorScene()
    let scroll = scene.scroll
    scroll.panState = .began
    scroll.contentOffset = CGPoint(x: 0, y: -80)
    #expect(
      same(scroll.verticalScrollIndicatorFrame, CGRect(x: 294, y: -77, width: 3, height: 77.6)))
    scroll.panState = .ended
    // Raw driving starts no physics: the release itself is the rest.
    scene.clock.advance(by: ScrollIndicator.hideDelay)
    #expect(!scroll.isShowingScrollIndicators)
  }

  @Test func animatedScrollingShowsThemAndSettingTheOffsetDoesNot() {
    let scene = IndicatorScene()
    let scroll = scene.scroll
    scroll.contentOffset = CGPoint(x: 0, y: 300)
    #expect(!scroll.isShowingScrollIndicators)
    scroll.setContentOffset(CGPoint(x: 0, y: 0), animated: true)
    #expect(scroll.isShowingScrollIndicators)
    scene.clock.advance(by: 0.3)
    #expect(scroll.contentOffset.y == 0)
    let rest = scene.clock.now
    scene.clock.advance(by: ScrollIndicator.hideDelay - 0.001)
    #expect(scroll.isShowingScrollIndicators)
    scene.clock.advance(by: rest + ScrollIndicator.hideDelay - scene.clock.now)
    #expect(!scroll.isShowingScrollIndicators)
  }

  @Test func flashingShowsThemForTheDelay() {
    let scene = IndicatorScene()
    scene.scroll.flashScrollIndicators()
    #expect(scene.scroll.isShowingScrollIndicators)
    scene.clock.advance(by: ScrollIndicator.hideDelay)
    #expect(!scene.scroll.isShowingScrollIndicators)
    scene.scroll.showsVerticalScrollIndicator = false
    scene.scroll.flashScrollIndicators()
    #expect(scene.drawnThumbs().isEmpty)
    // Without a window there is no clock: nothing shows at rest.
    let alone = ScrollModel(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    alone.contentSize = CGSize(width: 300, height: 1000)
    alone.flashScrollIndicators()
    #expect(!alone.isShowingScrollIndicators)
  }

  @Test func theStyleColorsTheThumb() {
    let scene = IndicatorScene()
    scene.scroll.flashScrollIndicators()
    for (style, color) in [
      (ScrollIndicatorStyle.default, Color.secondaryLabel), (.black, .black), (.white, .white),
    ] {
      scene.scroll.indicatorStyle = style
      let canvas = CanvasCallRecorder()
      scene.window.render(in: canvas)
      let colors = canvas.calls.compactMap {
        if case .scrollIndicator(_, let color, _) = $0 { color } else { nil }
      }
      #expect(colors == [color])
    }
  }
}

/// Rows that fill their own backgrounds, to see what is drawn over them.
@MainActor
private final class OpaqueRows: ListViewDataSource {
  func numberOfRows(in listView: ListView) -> Int { 100 }
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 18 }
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let view = view ?? View()
    view.backgroundColor = .blue
    return view
  }
}

@MainActor
@Suite("The scroll indicator of a list")
struct ListScrollIndicatorTests {
  @Test func theKeyboardsScrollingShowsItInFrontOfRowsAndComponents() {
    let rows = OpaqueRows()
    let list = ListView(frame: .zero)
    list.dataSource = rows
    let scene = IndicatorScene(content: .zero, scroll: list)
    list.frame = scene.window.bounds
    list.header = RefreshNormalHeader {}
    list.footer = RefreshAutoNormalFooter {}
    scene.clock.advance(by: 0)
    #expect(!list.isShowingScrollIndicators)
    #expect(list.perform(.pageDown))
    #expect(list.isShowingScrollIndicators)
    scene.clock.advance(by: 0.15)
    // A header added after the rows, and a row that scrolls in, are still behind the thumb.
    list.header = RefreshNormalHeader {}
    scene.clock.advance(by: 0.15)
    let canvas = CanvasCallRecorder()
    scene.window.render(in: canvas)
    let last = canvas.calls.last
    guard case .scrollIndicator(let rect, _, let state) = last else {
      Issue.record("the thumb is not drawn last: \(String(describing: last))")
      return
    }
    // Content 1,800 points of rows and the auto footer's 44: range 1,844 − 400 = 1,444; the
    // offset is one page less a line: 400 − 18 = 382.
    let length = 394 * 400 / (400 + 1444.0)
    let expected = CGRect(x: 294, y: 3 + 382 / 1444.0 * (394 - length), width: 3, height: length)
    #expect(same(state.convert(rect), expected))
    scene.clock.advance(by: ScrollIndicator.hideDelay)
    #expect(!list.isShowingScrollIndicators)
  }

  @Test func movingTheSelectionWithoutScrollingShowsNothing() {
    let rows = OpaqueRows()
    let list = ListView(frame: .zero)
    list.dataSource = rows
    let scene = IndicatorScene(content: .zero, scroll: list)
    list.frame = scene.window.bounds
    scene.clock.advance(by: 0)
    #expect(list.perform(.moveDown))
    #expect(list.perform(.moveDown))
    #expect(!list.isShowingScrollIndicators)
  }
}
