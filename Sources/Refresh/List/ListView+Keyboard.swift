import Foundation

/// The keyboard and the pointer: a selected, highlighted row that the arrow keys move, pages,
/// the ends, activation and refresh, as a table view and a terminal pager answer them.
extension ListView {
  /// The default fill behind the selected row: ``Color/selectedContentBackground``, which a
  /// terminal draws in reverse video (its own colors swapped), so the selection reads on a dark
  /// terminal and a light one and stays visible under `NO_COLOR`, as `less` and `htop` show
  /// theirs; a light gray in SVG.
  public static let defaultSelectionColor = Color.selectedContentBackground

  /// Receives the user's choices: a row activated (Enter or a click), the selection moving.
  ///
  /// Held weakly, as `UITableView.delegate` is.
  public var delegate: (any ListViewDelegate)? {
    get { selection.delegate }
    set { selection.delegate = newValue }
  }

  /// The selected row, highlighted, that ↑ and ↓ move (`UITableView.indexPathForSelectedRow`);
  /// `nil` when no row is selected, as at the start.
  public var selectedRow: Int? { selection.row }

  /// The fill drawn behind the selected row (``defaultSelectionColor`` unless set); `nil`
  /// draws none.
  ///
  /// Row views that fill their own background cover it: such a data source shows the selection
  /// itself, reading ``selectedRow`` (``ListViewDelegate/listView(_:didHighlightRowAt:)`` says
  /// when it changes).
  public var selectionColor: Color? {
    get { selection.color }
    set {
      selection.color = newValue
      setNeedsDisplay()
    }
  }

  /// Selects a row, optionally scrolling it into view, as `UITableView.selectRow(at:animated:
  /// scrollPosition:)` does.
  ///
  /// - Parameters:
  ///   - row: The row to select, or `nil` to clear the selection; a row outside
  ///     `0..<numberOfRows` clears it too.
  ///   - scrollsToVisible: Whether to scroll (animated, on the window's clock) so that the whole
  ///     row is on screen.
  public func selectRow(at row: Int?, scrollsToVisible: Bool = true) {
    let count = numberOfRows
    let new = row.flatMap { (0..<count).contains($0) ? $0 : nil }
    setSelectedRow(new)
    if scrollsToVisible, let new { scrollRowToVisible(new) }
  }

  /// Does what a key bound to `command` asks.
  ///
  /// - ``ListViewCommand/moveUp``, ``ListViewCommand/moveDown``: the selection moves one row
  ///   (the first one selects the first row wholly on screen), and the list scrolls, animated,
  ///   just enough to show it. Down on the last row scrolls to the end, so that the footer comes
  ///   into view and loads as scrolling there does. At the end, where the footer is already in
  ///   view, a back footer is pulled and an automatic one that did not load (short content, or
  ///   "Load failed. Tap to retry.") loads, as a tap would make it.
  /// - ``ListViewCommand/pageUp``, ``ListViewCommand/pageDown``: scrolls by the height of the
  ///   list less one line (kept for context), animated; the selection keeps its place on screen.
  ///   Down at the end pulls or loads the footer, as above.
  /// - ``ListViewCommand/top``, ``ListViewCommand/bottom``: scrolls to an end, animated, and
  ///   selects the first or the last row; End at the end pulls or loads the footer, as above.
  /// - ``ListViewCommand/activate``: tells the delegate about the selected row.
  /// - ``ListViewCommand/refresh``: the header plays a pull
  ///   (``RefreshComponent/beginRefreshingByPulling()``), from idle or while it shows
  ///   "Refresh failed".
  /// - ``ListViewCommand/readActions``: announces ``View/accessibilityCustomActions`` by
  ///   number ("1 Refresh, 2 Load more"); the caller performs the one a number picks.
  ///
  /// - Parameter command: The command.
  /// - Returns: Whether the list did something (a list with no rows, a refresh while
  ///   refreshing, Enter with nothing selected do nothing).
  @discardableResult
  public func perform(_ command: ListViewCommand) -> Bool {
    switch command {
    case .moveUp: return moveSelection(by: -1)
    case .moveDown: return moveSelection(by: 1)
    case .pageUp: return scrollByPage(-1)
    case .pageDown: return scrollByPage(1)
    case .top:
      guard numberOfRows > 0 || contentOffset != minimumContentOffset else { return false }
      setContentOffset(minimumContentOffset, animated: true)
      if numberOfRows > 0 { setSelectedRow(0) }
      return true
    case .bottom:
      if isAtTheEnd { return pullFooter() }
      setContentOffset(endOffset, animated: true)
      if numberOfRows > 0 { setSelectedRow(numberOfRows - 1) }
      return true
    case .activate:
      guard let row = selectedRow else { return false }
      delegate?.listView(self, didSelectRowAt: row)
      return true
    case .refresh:
      return header?.beginRefreshingByPulling() ?? false
    case .readActions:
      let names = accessibilityCustomActions.map(\.name)
      guard !names.isEmpty else { return false }
      postAccessibility(
        .announcement,
        names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", "))
      return true
    }
  }

  // MARK: - Internals

  /// Where scrolling heads: the end of an animated scroll under way, or the offset.
  var scrollTarget: CGPoint {
    if case .animation(_, let to, _)? = movement?.kind { return to }
    return contentOffset
  }

  /// The offset that shows the end of the content (and the footer below it).
  private var endOffset: CGPoint {
    CGPoint(x: contentOffset.x, y: maximumContentOffset.y)
  }

  /// Whether the list rests at its end: nothing moves it, and the end is in view.
  private var isAtTheEnd: Bool {
    movement == nil && contentOffset.y >= maximumContentOffset.y - 0.5
  }

  func setSelectedRow(_ row: Int?) {
    guard row != selection.row else { return }
    selection.row = row
    selection.focusIsPending = row != nil
    setNeedsDisplay()
    setNeedsLayout()
    delegate?.listView(self, didHighlightRowAt: row)
  }

  /// The rows wholly inside the visible band at an offset (the first partly shown one when
  /// none is whole).
  private func firstRowWhollyShown(at offset: CGPoint) -> Int? {
    let top = max(offset.y, 0)
    guard let first = row(at: CGPoint(x: 0, y: top)), let rect = rectForRow(at: first) else {
      return numberOfRows > 0 && offset.y < 0 ? 0 : nil
    }
    if rect.minY >= offset.y - 0.5 || first + 1 >= numberOfRows { return first }
    return first + 1
  }

  private func moveSelection(by step: Int) -> Bool {
    let count = numberOfRows
    guard count > 0 else { return false }
    guard let current = selectedRow else {
      guard let first = firstRowWhollyShown(at: scrollTarget) else { return false }
      selectRow(at: first)
      return true
    }
    let next = current + step
    if next >= count {
      // Past the last row: the end, where the footer is.
      if isAtTheEnd { return pullFooter() }
      setContentOffset(endOffset, animated: true)
      return true
    }
    guard next >= 0 else {
      guard scrollTarget.y > minimumContentOffset.y + 0.5 else { return false }
      setContentOffset(minimumContentOffset, animated: true)
      return true
    }
    selectRow(at: next)
    return true
  }

  /// Scrolls so that a row is wholly in the visible band, by as little as it takes; a row
  /// taller than the band shows from its top.
  func scrollRowToVisible(_ row: Int) {
    guard let rect = rectForRow(at: row) else { return }
    let target = scrollTarget
    var y = target.y
    if rect.minY < target.y || rect.height > bounds.height {
      y = rect.minY
    } else if rect.maxY > target.y + bounds.height {
      y = rect.maxY - bounds.height
    }
    guard y != target.y else { return }
    setContentOffset(clampedOffset(CGPoint(x: target.x, y: y)), animated: true)
  }

  private func scrollByPage(_ pages: CGFloat) -> Bool {
    if pages > 0, isAtTheEnd { return pullFooter() }
    let target = scrollTarget
    let page = max(TextMetrics.lineHeight, bounds.height - TextMetrics.lineHeight)
    let destination = clampedOffset(CGPoint(x: target.x, y: target.y + pages * page))
    guard destination != target else { return false }
    setContentOffset(destination, animated: true)
    // The selection keeps its place on screen, within the rows.
    if let current = selectedRow, let rect = rectForRow(at: current) {
      let y = rect.midY + destination.y - target.y
      let count = numberOfRows
      let moved =
        row(at: CGPoint(x: 0, y: y)) ?? (y < 0 ? 0 : count - 1)
      setSelectedRow(moved)
    }
    return true
  }

  /// At the end, the footer is pulled: a back footer plays a pull; an automatic one loads at
  /// once, which is what reaching it from the keyboard must do when the end came into view
  /// without loading it (short content, or a failed load that a tap would retry).
  private func pullFooter() -> Bool {
    footer?.beginRefreshingByPulling() ?? false
  }

  /// Keeps the selection on its row when rows are inserted above it, as `UITableView` does.
  func selectionDidInsertRows(_ rows: [Int]) {
    rowsInViewDidInsertRows(rows)
    guard var row = selection.row else { return }
    for inserted in Set(rows).sorted() where inserted <= row { row += 1 }
    setSelectedRow(row < numberOfRows ? row : nil)
    // The same row under a new number: it has the focus already.
    selection.focusIsPending = false
  }

  /// Drops a selection that the reloaded rows no longer have.
  func selectionDidReload() {
    guard let row = selection.row, row >= numberOfRows else { return }
    setSelectedRow(nil)
  }

  /// Draws the selection's fill, behind the row views.
  func drawSelection(in canvas: Canvas) {
    guard let row = selection.row, let color = selection.color, let rect = rectForRow(at: row)
    else { return }
    canvas.fill(rect, color: color)
  }

  /// Selects the tapped row and tells the delegate; returns whether a row was there.
  func tapRow(at point: CGPoint) -> Bool {
    guard let row = row(at: point) else { return false }
    setSelectedRow(row)
    delegate?.listView(self, didSelectRowAt: row)
    return true
  }
}
