import Foundation
import Gallery
import Refresh
import RefreshTesting
import Rendering
import Testing

/// Seed 003: the coloured header (50 points, threshold -114 on a 64-point inset) and the
/// load-more footer (35 points under 2000 points of content in a 667-point window, loading at
/// offset `2000 + 35 - 667 = 1368`).
@MainActor
@Suite("Coloured header and load-more footer (seed 003)")
struct ColoredHeaderAndFooterTests {
  let scene = RefreshScene()
  var scroll: ScrollModel { scene.scroll }

  let black = Color(red: 0, green: 0, blue: 0)
  let red = Color(red: 255, green: 0, blue: 0)
  let yellow = Color(red: 255, green: 255, blue: 0)
  let blue = Color(red: 0, green: 0, blue: 255)
  let lightGray = Color(red: 170, green: 170, blue: 170)

  func attachHeader() -> ColoredRefreshHeader {
    let header = ColoredRefreshHeader(frame: .zero)
    scroll.header = header
    scene.clock.advance(by: 0)
    return header
  }

  func attachFooter() -> (LoadMoreFooter, loads: () -> Int) {
    var loads = 0
    let footer = LoadMoreFooter { loads += 1 }
    scroll.footer = footer
    scene.clock.advance(by: 0)
    return (footer, { loads })
  }

  // MARK: The header

  @Test func theHeaderTextAndColoursFollowTheState() {
    let header = attachHeader()
    let label = header.stateLabel
    #expect(header.frame == CGRect(x: 0, y: -50, width: 375, height: 50))
    #expect(label.frame == header.bounds)
    #expect(label.fontSize == 17)
    #expect(label.text == "下拉加載更多數據...")
    #expect(label.textColor == red)
    #expect(label.backgroundColor == black)
    scene.pull(toOffset: -114)
    #expect(header.state == .idle)
    scene.pull(toOffset: -115)
    #expect(label.text == "松開立即刷新...")
    #expect(label.textColor == blue)
    #expect(label.backgroundColor == yellow)
    scene.pull(toOffset: -100)
    #expect(label.text == "下拉加載更多數據...")
    #expect(label.backgroundColor == black)
    scene.pull(toOffset: -130)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(label.text == "正在加載新數據...")
    #expect(label.textColor == red)
    #expect(label.backgroundColor == blue)
    header.endRefreshing()
    #expect(label.text == "下拉加載更多數據...")
    #expect(label.textColor == red)
    #expect(label.backgroundColor == black)
  }

  @Test func theHeaderHoldsItsHeightInTheInsetWhileRefreshing() {
    let header = attachHeader()
    var refreshes = 0
    header.refreshingBlock = { refreshes += 1 }
    scene.pull(toOffset: -130)
    scene.release()
    #expect(scroll.adjustedContentInset.top == 114)
    scene.clock.advance(by: 0.25)
    #expect(refreshes == 1)
    #expect(scroll.contentOffset.y == -114)
    header.endRefreshing()
    scene.clock.advance(by: 0.4)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(scroll.contentOffset.y == -64)
    #expect(refreshes == 1)
  }

  @Test func theHeaderTakesOtherStyles() {
    let header = attachHeader()
    let style = LabelStyle(title: "Let go!", textColor: .white, backgroundColor: .green)
    header.setStyle(style, for: .pulling)
    #expect(header.style(for: .pulling) == style)
    #expect(header.style(for: .idle) == ColoredRefreshHeader.seedStyles[.idle])
    scene.pull(toOffset: -130)
    #expect(header.stateLabel.text == "Let go!")
    #expect(header.stateLabel.backgroundColor == .green)
    header.setStyle(LabelStyle(title: "Go", textColor: .black, backgroundColor: nil), for: .pulling)
    #expect(header.stateLabel.text == "Go")
    #expect(header.stateLabel.backgroundColor == nil)
  }

  @Test func theTerminalShowsThePullingHeaderInBlueOnYellow() {
    _ = attachHeader()
    scene.pull(toOffset: -130)
    // The header spans y = 80 ..< 130 on screen; its title is in row 5 (90 ..< 108).
    let canvas = scene.terminalCanvas()
    let row = canvas.grid.text(ofRow: 5)
    #expect(row.contains("松開立即刷新..."))
    let column = row.distance(from: row.startIndex, to: row.firstIndex(of: "松")!)
    #expect(canvas[column, 5].foreground.xterm256Index == blue.xterm256Index)
    #expect(canvas[column, 5].background.xterm256Index == yellow.xterm256Index)
    #expect(canvas[0, 4].background.xterm256Index == yellow.xterm256Index)
  }

  // MARK: The footer

  @Test func theFooterSitsUnderTheContentAndAddsItsHeight() {
    let (footer, _) = attachFooter()
    #expect(footer.frame == CGRect(x: 0, y: 2000, width: 375, height: 35))
    #expect(scroll.adjustedContentInset.bottom == 35)
    #expect(footer.stateLabel.text == "上拉加載更多")
    #expect(footer.stateLabel.textColor == black)
    #expect(footer.stateLabel.backgroundColor == red)
    #expect(footer.stateLabel.fontSize == 17)
  }

  @Test func theFooterLoadsOnceWhenTheBottomIsReached() {
    let (footer, loads) = attachFooter()
    scene.pull(toOffset: 1300)
    scene.pull(toOffset: 1367)
    #expect(footer.state == .idle)
    #expect(loads() == 0)
    scene.pull(toOffset: 1368)
    #expect(footer.state == .refreshing)
    #expect(loads() == 1)
    #expect(footer.stateLabel.text == "正在加載更多數據...")
    #expect(footer.stateLabel.backgroundColor == blue)
    scene.pull(toOffset: 1380)
    scene.release()
    scene.clock.advance(by: 2)  // the seed's two seconds of network
    #expect(loads() == 1)
    scroll.contentSize.height = 2500  // five more rows arrived
    footer.endRefreshing()
    #expect(footer.state == .idle)
    #expect(footer.stateLabel.text == "上拉加載更多")
    #expect(footer.stateLabel.backgroundColor == red)
    #expect(footer.frame.minY == 2500)
    scene.pull(toOffset: 1868)
    #expect(loads() == 2)
  }

  @Test func aFlingThatReachesTheBottomLoadsOnce() {
    let (footer, loads) = attachFooter()
    scroll.beginDragging(at: CGPoint(x: 100, y: 600))
    scroll.drag(to: CGPoint(x: 100, y: 100))
    scroll.endDragging(velocity: CGPoint(x: 0, y: -5000))
    scene.clock.advance(by: 5, framesPerSecond: 60)
    #expect(loads() == 1)
    #expect(footer.state == .refreshing)
    #expect(scroll.contentOffset.y == 1368)  // at rest, the footer in full view
  }

  @Test func theFooterHidesWhenTheListIsEmptyAndGivesBackItsInset() {
    let (footer, loads) = attachFooter()
    footer.setItemCount(0)
    #expect(footer.isEmpty)
    #expect(footer.isHidden)
    #expect(scroll.adjustedContentInset.bottom == 0)
    scene.pull(toOffset: 1400)
    scene.release()
    #expect(loads() == 0)
    scene.clock.advance(by: 2)
    footer.setItemCount(30)
    #expect(!footer.isEmpty)
    #expect(!footer.isHidden)
    #expect(scroll.adjustedContentInset.bottom == 35)
    scene.pull(toOffset: 1300)
    scene.pull(toOffset: 1368)
    #expect(loads() == 1)
  }

  @Test func emptyingTheListWhileLoadingStopsTheLoad() {
    let (footer, _) = attachFooter()
    scene.pull(toOffset: 1368)
    #expect(footer.isRefreshing)
    footer.isEmpty = true
    #expect(footer.state == .idle)
    #expect(scroll.adjustedContentInset.bottom == 0)
  }

  @Test func theFooterShowsNoMoreDataInGrey() {
    let (footer, _) = attachFooter()
    footer.endRefreshingWithNoMoreData()
    #expect(footer.stateLabel.text == "No more data")
    #expect(footer.stateLabel.backgroundColor == lightGray)
    footer.resetNoMoreData()
    #expect(footer.stateLabel.backgroundColor == red)
  }

  @Test func theTerminalShowsTheFooterWhileItLoadsAndNotWhenEmpty() {
    let (footer, _) = attachFooter()
    scene.pull(toOffset: 1368)
    // The footer spans y = 632 ..< 667 on screen; its title is in row 36 (648 ..< 666).
    var canvas = scene.terminalCanvas()
    #expect(canvas.grid.text(ofRow: 36).contains("正在加載更多數據..."))
    #expect(canvas[0, 36].background.xterm256Index == blue.xterm256Index)
    footer.endRefreshing()
    canvas = scene.terminalCanvas()
    #expect(canvas.grid.text(ofRow: 36).contains("上拉加載更多"))
    footer.setItemCount(0)
    canvas = scene.terminalCanvas()
    #expect(!canvas.grid.text.contains("上拉加載更多"))
  }
}
