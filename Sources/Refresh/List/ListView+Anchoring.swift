import Foundation

/// What stays in place when rows change: the end of a chat list, the rows on screen when older
/// ones arrive above them.
extension ListView {
  /// Whether a reload keeps the list at its end: ``staysAtEnd`` is set, no finger holds the
  /// list, and it rests at its end (within half a point of ``ScrollModel/maximumContentOffset``;
  /// content shorter than the list is always at its end).
  var isKeptAtEnd: Bool {
    staysAtEnd && !isDragging && contentOffset.y >= maximumContentOffset.y - 0.5
  }

  /// Scrolls to the end after rows arrived: what ``staysAtEnd`` promises.
  func scrollToKeptEnd() {
    let end = maximumContentOffset.y
    if contentOffset.y != end { contentOffset.y = end }
  }

  /// Whether rows inserted above the screen keep what is on screen in place even when the list
  /// is at its top: with an automatic header (a chat list's older messages), whose rows come
  /// above what the user reads; with a pull-down header, the new rows show instead.
  var keepsRowsInPlaceAtTop: Bool {
    header is RefreshAutoHeader
  }
}
