import Foundation
import Refresh

extension Storyboard {
  /// A horizontal pager of three feeds, played with touches routed from the window as the app
  /// routes them: a flick across turns from the first feed to the second and moves no list; a
  /// pull down on the second refreshes it alone, and its header hides when the refresh ends.
  ///
  /// The captions follow the second list's `RefreshNormalHeader`, and the offset of what moves:
  /// the pager's `x` while it turns, then the second list's `y`.
  static let pager = Storyboard(
    name: "pager",
    summary: "A pager of three lists: a flick turns the page, a pull refreshes that list alone",
    setup: installPager,
    steps: [
      // Most of a page across, fast: the pager takes it (the lists cannot scroll across) and
      // the fling turns it to the next page, where its spring comes to rest.
      .press(at: CGPoint(x: 360, y: 360)),
      .move(to: CGPoint(x: 20, y: 360), over: 0.1),
      .lift,
      .wait(0.5),
      .call { scene in
        scene.captionScroll = pagerList(1, in: scene)
        scene.captionAxis = .vertical
      },
      // Down over the second page: that list takes it, and its header alone is pulled.
      .press(at: CGPoint(x: 187, y: 160)),
      .move(to: CGPoint(x: 187, y: 440), over: 0.2),
      .lift,
      .wait(0.3),
      .call { scene in
        let list = pagerList(1, in: scene)
        (list.dataSource as? FeedRows)?.prepend(2)
        list.header?.endRefreshing()
      },
      .wait(0.4),
    ])

  /// The stage of ``pager``: under a navigation bar, the scene's scroll model made a pager of
  /// three pages, each a feed with a normal header and an automatic footer.
  ///
  /// The feeds' posts are numbered apart (#20 down, #50 down, #80 down), so that each page looks
  /// its own and the second one's new posts (#51 on) are nowhere else. The lists have no inset
  /// of their own, so a refreshing header rests at MJRefresh's numbers: a top inset of 54
  /// points and an offset of −54.
  @MainActor static func installPager(_ scene: StoryScene) {
    let window = scene.window
    let pager = scene.scroll
    let page = CGSize(
      width: window.frame.width, height: window.frame.height - NavigationBar.height)
    pager.frame = CGRect(origin: CGPoint(x: 0, y: NavigationBar.height), size: page)
    pager.isPagingEnabled = true
    pager.contentSize = CGSize(width: 3 * page.width, height: page.height)
    for index in 0..<3 {
      let list = scene.installList(
        of: FeedRows(rowCount: 20, newestNumber: 20 + 30 * index),
        frame: CGRect(origin: CGPoint(x: CGFloat(index) * page.width, y: 0), size: page),
        in: pager)
      let header = RefreshNormalHeader()
      // The clock first: the store's time is shown as soon as the store is set.
      header.calendar = StoryClock.calendar
      header.currentDate = { StoryClock.date(hour: 9, minute: 41) }
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore(dates: [
        header.lastUpdatedTimeKey: StoryClock.date(hour: 9, minute: 12)
      ])
      list.header = header
      list.footer = RefreshAutoNormalFooter()
    }
    window.addSubview(NavigationBar(title: "Feeds", width: window.frame.width))
    scene.subject = pagerList(1, in: scene).header
    scene.captionAxis = .horizontal
  }

  /// One of the pager's lists, from the left.
  ///
  /// - Parameters:
  ///   - index: 0, 1 or 2.
  ///   - scene: The scene ``installPager(_:)`` dressed.
  /// - Returns: The list.
  @MainActor static func pagerList(_ index: Int, in scene: StoryScene) -> ListView {
    scene.scroll.subviews.compactMap { $0 as? ListView }[index]
  }
}
