import Foundation
import Gallery
import Refresh

extension Storyboard {
  /// The gallery's controls, written from the seed documents: each pulled, released, refreshed
  /// and ended over the same feed.
  static let gallery: [Storyboard] = [
    pullAndRefresh(
      name: "js-refresh", summary: "JSRefreshControl (seed 000): Normal, Pulling, Refreshing",
      make: { JSRefreshControl(frame: .zero) }),
    pullAndRefresh(
      name: "refresh-control",
      summary: "ValueChangedRefreshControl (seed 004): 下拉刷新, 松手就刷新, 正在刷新...",
      make: { ValueChangedRefreshControl(frame: .zero) }),
    pullAndRefresh(
      name: "letters",
      summary: "LettersRefreshHeader (seed 002): letters fade in with the pull, then turn in turn",
      make: { LettersRefreshHeader(frame: .zero) }, refreshing: 1.2),
    coloredHeaderAndFooter,
  ]

  /// A header pulled past its threshold, released, left refreshing for a while, then ended.
  static func pullAndRefresh(
    name: String, summary: String, make: @escaping @MainActor @Sendable () -> RefreshHeader,
    refreshing: TimeInterval = 0.5
  ) -> Storyboard {
    Storyboard(
      name: name,
      summary: summary,
      setup: { scene in
        scene.installFeed(title: "Feed", rowCount: 20)
        let header = make()
        header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
        scene.scroll.header = header
      },
      steps: [
        .touch(at: CGPoint(x: 187, y: 200)),
        .drag(to: CGPoint(x: 187, y: 480), over: 0.3),
        .release(),
        .wait(refreshing),
        .call { scene in
          scene.feed?.prepend(2)
          scene.scroll.header?.endRefreshing()
        },
        .wait(0.4),
      ])
  }

  /// Seed 003's coloured header and its load-more footer, which hides while the list is empty.
  static let coloredHeaderAndFooter = Storyboard(
    name: "colored",
    summary: "ColoredRefreshHeader and LoadMoreFooter (seed 003): colours by state, load more",
    setup: { scene in
      scene.installFeed(title: "Feed", rowCount: 12)
      let header = ColoredRefreshHeader(frame: .zero)
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      scene.scroll.header = header
      scene.scroll.footer = LoadMoreFooter(frame: .zero)
    },
    steps: [
      .touch(at: CGPoint(x: 187, y: 200)),
      .drag(to: CGPoint(x: 187, y: 480), over: 0.3),
      .release(),
      .wait(0.4),
      .call { scene in
        scene.feed?.prepend(1)
        scene.scroll.header?.endRefreshing()
      },
      .wait(0.4),
      .touch(at: CGPoint(x: 187, y: 560)),
      .drag(to: CGPoint(x: 187, y: 300), over: 0.2),
      .release(velocity: CGPoint(x: 0, y: -1500)),
      .wait(0.5),
      .call { scene in
        scene.feed?.append(4)
        scene.scroll.footer?.endRefreshing()
      },
      .wait(0.3),
    ])
}
