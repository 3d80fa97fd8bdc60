import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshAutoNormalFooter` under a short feed: a fling to the end loads a page, the next
  /// one finds no more, and the footer says "No more data".
  static let autoFooter = Storyboard(
    name: "auto-footer",
    summary: "RefreshAutoNormalFooter: flings load pages until there is no more data",
    setup: { scene in
      scene.installFeed(title: "Feed", rowCount: 10, newestNumber: 30)
      scene.scroll.footer = RefreshAutoNormalFooter()
    },
    steps: [
      .touch(at: CGPoint(x: 187, y: 560)),
      .drag(to: CGPoint(x: 187, y: 320), over: 0.2),
      .release(velocity: CGPoint(x: 0, y: -1200)),
      .wait(0.3),
      .call { scene in
        scene.feed?.append(6)
        scene.scroll.footer?.endRefreshing()
      },
      .touch(at: CGPoint(x: 187, y: 560)),
      .drag(to: CGPoint(x: 187, y: 320), over: 0.2),
      .release(velocity: CGPoint(x: 0, y: -1200)),
      .wait(0.3),
      // The last page is empty: the footer stays in view and says so.
      .call { scene in scene.scroll.footer?.endRefreshingWithNoMoreData() },
      .wait(0.4),
    ])
}
