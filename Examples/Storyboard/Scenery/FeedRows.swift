import Foundation
import Refresh

/// One post of the feed: its number, and whether it arrived with the last refresh.
struct FeedRow: Hashable, Sendable {
  /// The post's number, counting up as posts arrive.
  var number: Int

  /// Whether the post came with the latest refresh (drawn highlighted).
  var isNew = false
}

/// The posts of a storyboard's feed, as the data source of a ``ListView``: table rows with an
/// avatar, an author, a line of text and a separator.
///
/// Adding rows reloads the list it shows in, as a table view's data source would:
///
/// ```swift
/// let feed = scene.installFeed(title: "Feed", rowCount: 12)
/// feed.append(6)  // a page more; the list's contentSize.height grows by 6 × 72
/// ```
@MainActor
final class FeedRows: ListViewDataSource {
  /// The height of a row, in points.
  static let rowHeight: CGFloat = 72

  /// The posts, top to bottom.
  private(set) var rows: [FeedRow]

  /// The list showing the posts, told about new ones.
  weak var list: ListView?

  /// The number the next new post gets.
  private var nextNumber: Int

  /// Creates a feed of posts, newest first.
  ///
  /// - Parameters:
  ///   - rowCount: How many posts.
  ///   - newestNumber: The number of the first (newest) post; the others count down from it.
  ///     By default `rowCount`, so that the oldest post is #1.
  init(rowCount: Int, newestNumber: Int? = nil) {
    let count = max(rowCount, 0)
    let newest = max(newestNumber ?? count, count)
    rows = (0..<count).map { FeedRow(number: newest - $0) }
    nextNumber = newest + 1
  }

  /// Adds older posts at the bottom: a page loaded by a footer.
  ///
  /// - Parameter count: How many posts.
  func append(_ count: Int) {
    let oldest = rows.map(\.number).min() ?? nextNumber
    // Older posts get the numbers below the oldest; when those run out, they count on.
    for index in 0..<max(count, 0) {
      let number = oldest - 1 - index
      if number >= 1 {
        rows.append(FeedRow(number: number))
      } else {
        rows.append(FeedRow(number: nextNumber))
        nextNumber += 1
      }
    }
    list?.reloadData()
  }

  /// Adds new posts at the top, highlighted: what a header's refresh brings.
  ///
  /// - Parameter count: How many posts.
  func prepend(_ count: Int) {
    for index in rows.indices { rows[index].isNew = false }
    let fresh = (0..<max(count, 0)).map { FeedRow(number: nextNumber + $0, isNew: true) }
    nextNumber += fresh.count
    rows.insert(contentsOf: fresh.reversed(), at: 0)
    list?.insertRows(at: Array(0..<fresh.count))
  }

  func numberOfRows(in listView: ListView) -> Int { rows.count }

  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { Self.rowHeight }

  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let rowView = view as? PostRowView ?? PostRowView()
    rowView.post = rows[row]
    return rowView
  }
}
