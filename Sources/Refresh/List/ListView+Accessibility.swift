import Foundation

/// What a list tells a screen reader: the rows that come into view, in order, and the row the
/// selection moves to.
extension ListView {
  /// Posts, while the window's screen reader runs, the rows that came into view since the last
  /// layout (``AccessibilityNotification/appeared``, top to bottom, each reading its view's
  /// ``View/accessibilityText``) and the newly selected row
  /// (``AccessibilityNotification/focused``).
  ///
  /// Rows inserted above or among the ones in view (``insertRows(at:)``) count as new; the rows
  /// already read keep their place under their new numbers, so a refresh reads only its new
  /// rows.
  ///
  /// A list that is hidden, or wholly outside its window's bounds (a page its pager does not
  /// show), has no rows in view: it reads nothing, and reads its rows at its first layout back
  /// in view.
  func postRowsInView() {
    guard let channel = window?.accessibility, channel.isScreenReaderRunning else {
      selection.announcedRows = visibleRows
      if !selection.unreadRows.isEmpty { selection.unreadRows = IndexSet() }
      return
    }
    guard isInWindowBounds else {
      selection.announcedRows = 0..<0
      return
    }
    let shown = wholeOrVisibleRows
    for row in shown
    where !selection.announcedRows.contains(row) || selection.unreadRows.contains(row) {
      guard let view = viewForRow(at: row) else { continue }
      postAccessibility(.appeared, view.accessibilityText)
    }
    selection.announcedRows = shown
    if !selection.unreadRows.isEmpty { selection.unreadRows = IndexSet() }
    if selection.focusIsPending, let row = selection.row, let view = viewForRow(at: row) {
      selection.focusIsPending = false
      postAccessibility(.focused, view.accessibilityText)
    }
  }

  /// Whether the list and its ancestors are shown and its frame overlaps its window's bounds.
  private var isInWindowBounds: Bool {
    guard let window else { return false }
    var view: View? = self
    while let current = view {
      if current.isHidden { return false }
      view = current.superview
    }
    let origin = superview.map { $0.convert(frame.origin, to: nil) } ?? frame.origin
    let shown = window.bounds
    // Overlapping by more than an edge: a page just beside the one shown is out of view.
    return min(origin.x + frame.width, shown.maxX) > max(origin.x, shown.minX)
      && min(origin.y + frame.height, shown.maxY) > max(origin.y, shown.minY)
  }

  /// The rows in view at the model offset (the list lays out the rows an animation passes
  /// over too, which are not all in view), with the content pulled past an end counted as at
  /// that end: rows that a pull pushes out of view for a moment are not read again.
  private var wholeOrVisibleRows: Range<Int> {
    let top = min(max(contentOffset.y, 0), max(0, contentSize.height - bounds.height))
    let bottom = min(top + bounds.height, contentSize.height)
    guard bottom > top, let first = row(at: CGPoint(x: 0, y: top)),
      let last = row(at: CGPoint(x: 0, y: max(top, bottom - 0.5)))
    else { return 0..<0 }
    return first..<(last + 1)
  }

  /// Keeps the rows already read under their new numbers when rows are inserted.
  func rowsInViewDidInsertRows(_ rows: [Int]) {
    var announced = selection.announcedRows
    guard !announced.isEmpty else { return }
    var unread = selection.unreadRows
    // Positions after the insertion, in increasing order: each moves the rows from it on.
    for inserted in Set(rows).sorted() where inserted >= 0 {
      unread.shift(startingAt: inserted, by: 1)
      if inserted <= announced.lowerBound {
        announced = (announced.lowerBound + 1)..<(announced.upperBound + 1)
      } else if inserted < announced.upperBound {
        announced = announced.lowerBound..<(announced.upperBound + 1)
        unread.insert(inserted)
      }
    }
    selection.announcedRows = announced
    selection.unreadRows = unread
  }
}
