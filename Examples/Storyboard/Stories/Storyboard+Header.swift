import Foundation
import Refresh

extension Storyboard {
  /// A `RefreshNormalHeader` over a feed: pulled past its threshold, released, refreshing while
  /// two posts load, then ended; the header springs back over the new posts.
  static let header = Storyboard(
    name: "header",
    summary: "RefreshNormalHeader: pull past the threshold, release, refresh, end",
    setup: { scene in
      scene.installFeed(title: "Feed", rowCount: 20)
      let header = RefreshNormalHeader()
      // The clock first: the store's time is shown as soon as the store is set.
      header.calendar = StoryClock.calendar
      header.currentDate = { StoryClock.date(hour: 9, minute: 41) }
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore(dates: [
        header.lastUpdatedTimeKey: StoryClock.date(hour: 9, minute: 12)
      ])
      scene.scroll.header = header
    },
    steps: [
      .touch(at: CGPoint(x: 187, y: 200)),
      // 280 points of finger travel show as about 125 past the top: the rubber band.
      .drag(to: CGPoint(x: 187, y: 480), over: 0.3),
      .release(),
      .wait(0.5),
      .call { scene in
        scene.feed?.prepend(2)
        scene.scroll.header?.endRefreshing()
      },
      .wait(0.4),
    ])
}

/// The fixed wall-clock time of the storyboards, so that "Last update" reads the same in every
/// run: June 1, 2024, in UTC.
enum StoryClock {
  /// A Gregorian calendar in UTC.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// A time on the storyboards' day.
  ///
  /// - Parameters:
  ///   - hour: The hour, 0 to 23.
  ///   - minute: The minute, 0 to 59.
  /// - Returns: The date.
  static func date(hour: Int, minute: Int) -> Date {
    calendar.date(
      from: DateComponents(year: 2024, month: 6, day: 1, hour: hour, minute: minute))!
  }
}
