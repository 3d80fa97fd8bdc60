import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshAutoNormalFooter` whose load fails, and a tap that retries it.
  ///
  /// A fling to the end loads, the load fails and the footer asks for a tap to retry, without
  /// loading again by itself; a tap on it retries, and this time a page arrives.
  static let retry = Storyboard(
    name: "retry",
    summary: "RefreshAutoNormalFooter: a load fails, a tap on the footer retries it",
    setup: shortFeedWithAutoFooter,
    steps: flingToTheEnd + [
      // The network is down: the footer waits for a tap and does not load by itself.
      .call { scene in scene.scroll.footer?.endRefreshingWithFailure() },
      .wait(0.3),
      .tap(at: CGPoint(x: 187, y: 645)),
      .wait(0.2),
      .call { scene in
        scene.feed?.append(6)
        scene.scroll.footer?.endRefreshing()
      },
      // A short scroll into the page the retry brought.
      .touch(at: CGPoint(x: 187, y: 500)),
      .drag(to: CGPoint(x: 187, y: 300), over: 0.2),
      .release(),
      .wait(0.2),
    ])
}
