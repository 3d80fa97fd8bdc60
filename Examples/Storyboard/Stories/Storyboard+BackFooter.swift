import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshBackNormalFooter` under a feed scrolled to its end: pulled up past its threshold,
  /// released, loading a page, then ended; a short scroll brings the new posts into view.
  static let backFooter = Storyboard(
    name: "back-footer",
    summary: "RefreshBackNormalFooter: pull up at the end, release, load, end",
    setup: { scene in
      scene.installFeed(title: "Feed", rowCount: 12, newestNumber: 30)
      scene.scroll.footer = RefreshBackNormalFooter()
      scene.scroll.contentOffset.y = scene.scroll.maximumContentOffset.y
    },
    steps: [
      .touch(at: CGPoint(x: 187, y: 520)),
      .drag(to: CGPoint(x: 187, y: 240), over: 0.3),
      .release(),
      .wait(0.4),
      .call { scene in
        scene.feed?.append(6)
        scene.scroll.footer?.endRefreshing()
      },
      .touch(at: CGPoint(x: 187, y: 520)),
      .drag(to: CGPoint(x: 187, y: 320), over: 0.2),
      .release(velocity: CGPoint(x: 0, y: -300)),
      .wait(0.3),
    ])
}
