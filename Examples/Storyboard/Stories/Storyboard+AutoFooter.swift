import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshAutoNormalFooter` under a short feed: a fling to the end loads a page, the next
  /// one finds no more, and the footer says "No more data".
  static let autoFooter = Storyboard(
    name: "auto-footer",
    summary: "RefreshAutoNormalFooter: flings load pages until there is no more data",
    setup: shortFeedWithAutoFooter,
    steps: flingToTheEnd + [
      .call { scene in
        scene.feed?.append(6)
        scene.scroll.footer?.endRefreshing()
      }
    ] + flingToTheEnd + [
      // The last page is empty: the footer stays in view and says so.
      .call { scene in scene.scroll.footer?.endRefreshingWithNoMoreData() },
      .wait(0.4),
    ])

  /// The stage of the automatic footer's stories: ten posts, too few to fill the screen
  /// twice, over a `RefreshAutoNormalFooter`.
  @MainActor static func shortFeedWithAutoFooter(_ scene: StoryScene) {
    scene.installFeed(title: "Feed", rowCount: 10, newestNumber: 30)
    scene.scroll.footer = RefreshAutoNormalFooter()
  }

  /// A fling up that reaches the end of the short feed and brings the automatic footer into
  /// view, which loads.
  static let flingToTheEnd: [StoryStep] = [
    .touch(at: CGPoint(x: 187, y: 560)),
    .drag(to: CGPoint(x: 187, y: 320), over: 0.2),
    .release(velocity: CGPoint(x: 0, y: -1200)),
    .wait(0.3),
  ]
}
