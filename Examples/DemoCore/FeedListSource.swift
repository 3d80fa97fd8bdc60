import Foundation
import Refresh

/// The demo's feed as rows of a ``ListView``: two lines per post (the headline in bold, then
/// the author and age), on the terminal's own background.
@MainActor
public final class FeedListSource: ListViewDataSource {
  /// The height of a post: two terminal lines.
  public static let rowHeight: CGFloat = 2 * TextMetrics.lineHeight

  /// The posts shown.
  public var items: [FeedItem]

  /// Creates a data source.
  ///
  /// - Parameter items: The posts.
  public init(items: [FeedItem] = []) {
    self.items = items
  }

  /// The number of posts.
  public func numberOfRows(in listView: ListView) -> Int { items.count }

  /// Two lines, whatever the post.
  public func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat {
    Self.rowHeight
  }

  /// A ``FeedRowView`` showing the post.
  public func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?)
    -> View
  {
    let rowView = view as? FeedRowView ?? FeedRowView()
    rowView.show(items[row])
    return rowView
  }
}
