import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshNormalTrailer` past the right end of a carousel of albums: pulled left past its
  /// threshold, released, then ended; the carousel springs back.
  static let trailer = Storyboard(
    name: "trailer",
    summary: "RefreshNormalTrailer: pull horizontal content past its end, release, end",
    setup: { scene in
      let window = scene.window
      let scroll = scene.scroll
      window.addSubview(NavigationBar(title: "Albums", width: window.frame.width))
      let heading = Label(text: "Featured")
      heading.fontSize = 15  // 1.2 × 15 fills the 18-point line exactly: no clipping
      heading.isBold = true
      heading.frame = CGRect(x: 16, y: 80, width: 200, height: TextMetrics.lineHeight)
      window.addSubview(heading)
      let carousel = CarouselView(cardCount: 6, height: 220)
      scroll.frame = CGRect(x: 0, y: 108, width: window.frame.width, height: carousel.frame.height)
      scroll.addSubview(carousel)
      scroll.contentSize = carousel.frame.size
      scroll.trailer = RefreshNormalTrailer()
      scroll.contentOffset.x = scroll.maximumContentOffset.x
      scene.installList(
        of: FeedRows(rowCount: 4),
        frame: CGRect(
          x: 0, y: scroll.frame.maxY + 12, width: window.frame.width,
          height: 4 * FeedRows.rowHeight))
    },
    steps: [
      .touch(at: CGPoint(x: 300, y: 218)),
      .drag(to: CGPoint(x: 60, y: 218), over: 0.3),
      .release(),
      .wait(0.4),
      .call { scene in scene.scroll.trailer?.endRefreshing() },
      .wait(0.4),
    ])
}
