import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshTwoLevelHeader` over a feed: pulled past its second floor's distance it says
  /// "Release to open"; released there, the floor slides down over the whole visible area and
  /// scrolling stops, until `closeSecondFloor()` brings the feed back to the top.
  static let secondFloor = Storyboard(
    name: "second-floor",
    summary: "RefreshTwoLevelHeader: pull past the second floor's distance, release, it opens",
    setup: { scene in
      scene.installFeed(title: "Feed", rowCount: 20)
      let header = RefreshTwoLevelHeader()
      header.calendar = StoryClock.calendar
      header.currentDate = { StoryClock.date(hour: 9, minute: 41) }
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore(dates: [
        header.lastUpdatedTimeKey: StoryClock.date(hour: 9, minute: 12)
      ])
      header.secondFloorView = SecondFloorView(title: "Second floor")
      scene.scroll.header = header
    },
    steps: [
      .touch(at: CGPoint(x: 187, y: 120)),
      // 350 points of finger travel show as about 150 past the top: beyond the header's 54
      // (release to refresh) and the floor's 102.6 (release to open).
      .drag(to: CGPoint(x: 187, y: 470), over: 0.4),
      .release(),
      .wait(0.6),
      .call { scene in (scene.scroll.header as? RefreshTwoLevelHeader)?.closeSecondFloor() },
      .wait(0.5),
    ])
}
