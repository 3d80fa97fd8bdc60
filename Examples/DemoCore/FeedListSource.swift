import Foundation
import Refresh

/// The demo's feed as rows of a ``ListView``: two lines per post (the headline in bold, then
/// the author and age), on alternating shades.
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

  /// A ``FeedRowView`` showing the post; the selected row leaves its background to the list's
  /// highlight.
  public func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?)
    -> View
  {
    let rowView = view as? FeedRowView ?? FeedRowView()
    rowView.show(items[row], shaded: !row.isMultiple(of: 2))
    if row == listView.selectedRow { rowView.backgroundColor = nil }
    return rowView
  }
}

extension FeedListSource: ListViewDelegate {
  /// Shades the rows on screen again, so that the selected one shows the list's highlight.
  public func listView(_ listView: ListView, didHighlightRowAt row: Int?) {
    for shown in listView.visibleRows {
      guard let rowView = listView.viewForRow(at: shown) as? FeedRowView else { continue }
      rowView.show(items[shown], shaded: !shown.isMultiple(of: 2))
      if shown == row { rowView.backgroundColor = nil }
    }
  }
}
