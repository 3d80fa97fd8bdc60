import Foundation
import Observing

/// A vertical list of rows in a scroll model: the headless `UITableView` MJRefresh attaches to.
///
/// A ``ListViewDataSource`` tells it the rows; ``reloadData()`` sets ``ScrollModel/contentSize``
/// from their heights, and only the rows on screen have views, which are reused as rows scroll
/// away, so a list of a million rows holds about as many views as fit on its screen.
///
/// ```swift
/// let list = ListView(frame: window.bounds)
/// list.dataSource = posts
/// list.header = RefreshNormalHeader { posts.reload(); list.reloadData() }
/// window.addSubview(list)
/// ```
///
/// After new rows arrive at the top (a refresh), ``insertRows(at:)`` keeps what is on screen in
/// place when the list is scrolled down, and shows the new rows when it is at the top.
@MainActor
open class ListView: ScrollModel {
  /// Where the rows come from; setting it reloads the list on the next layout.
  public weak var dataSource: (any ListViewDataSource)? {
    didSet {
      needsReload = true
      setNeedsLayout()
    }
  }

  /// The number of rows, as of the last reload (reloading first when the data source was
  /// replaced and no layout has run since).
  public var numberOfRows: Int {
    reloadIfNeeded()
    return offsets.count
  }

  /// Whether appended rows keep the list at its end while it is scrolled there (a chat list's
  /// new messages); `false` by default.
  ///
  /// When ``reloadData()`` or ``insertRows(at:)`` runs while the list rests at its end, it is at
  /// its (new) end afterwards; scrolled away from the end, or held by a finger, it stays where
  /// the user is.
  public var staysAtEnd = false

  /// The number of rows shown: MJRefresh's `mj_totalDataCount` (a list has one section).
  public var totalDataCount: Int { numberOfRows }

  /// The rows that have views now, top to bottom.
  public var visibleRows: Range<Int> { shownRows }

  /// The top of each row in content coordinates.
  private var offsets = ListRowOffsets()
  /// The rows that have views, and their views.
  private var shownRows: Range<Int> = 0..<0
  private var rowViews: [Int: View] = [:]
  /// Views of rows that left the screen, hidden, waiting to be reused.
  private var reusableViews: [View] = []
  private var needsReload = true
  private var offsetToken: ObservationToken?
  /// The selected row, its highlight and the delegate (see `ListView+Keyboard.swift`).
  let selection = ListViewSelection()

  /// Creates an empty list; set ``dataSource`` to fill it.
  ///
  /// - Parameter frame: Its rectangle in its superview.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    alwaysBounceVertical = true
    offsetToken = observe(\.contentOffset) { list, _ in list.setNeedsLayout() }
  }

  // MARK: Data

  /// Reads the rows again: their number and heights, then the views of the rows on screen.
  ///
  /// The views of the rows on screen are handed back to the data source for reuse.
  public func reloadData() {
    let keepsEnd = isKeptAtEnd
    needsReload = false
    // The data source read once: a weak reference costs more to load than a height.
    let source = dataSource
    let count = max(0, source?.numberOfRows(in: self) ?? 0)
    // The old offsets go first, so that a reload does not hold two lists' worth of them.
    offsets = ListRowOffsets()
    offsets = ListRowOffsets(count: count) {
      Self.height(source?.listView(self, heightForRowAt: $0))
    }
    reloadViews(keepingEnd: keepsEnd)
    selectionDidReload()
  }

  /// Hands the views of the rows on screen back for reuse, in row order (so that reuse, and
  /// the drawing order, is the same on every run), and lays out the rows again, at the new end
  /// when `keepingEnd`.
  private func reloadViews(keepingEnd: Bool) {
    for row in shownRows { if let view = rowViews[row] { recycle(view) } }
    rowViews = [:]
    shownRows = 0..<0
    contentSize = CGSize(width: bounds.width, height: offsets.contentHeight)
    footer?.listDidReload(totalDataCount: offsets.count)
    if keepingEnd { scrollToKeptEnd() }
    layoutRows()
  }

  /// Inserts the offsets of new rows, asking the data source for their heights only, and
  /// reloads the views on screen (at the new end when `keepingEnd`); returns `false`, changing
  /// nothing, when the data source's count is not the old count plus the new rows (or no
  /// position is valid).
  ///
  /// The rows before the first new one keep their tops; each later row's top moves by the
  /// heights of the new rows above it, no height asked again (see ``ListRowOffsets``: the
  /// blocks the new rows land in and the blocks' sums change, not every row's top).
  private func insertRowOffsets(at positions: [Int], keepingEnd: Bool) -> Bool {
    let oldCount = offsets.count
    let count = max(0, dataSource?.numberOfRows(in: self) ?? 0)
    let inserted = Set(positions).filter { $0 >= 0 && $0 < count }.sorted()
    guard !inserted.isEmpty, count == oldCount + inserted.count else { return false }
    offsets.insert(inserted.map(rowHeight), at: inserted)
    // The rows on screen are asked for their views again, as a reload asks: what the data
    // source changed with the insertion (a feed's ages) shows.
    reloadViews(keepingEnd: keepingEnd)
    return true
  }

  /// Tells the list that rows were inserted in the data source at these (new) positions, and
  /// asks for the views on screen again (as ``reloadData()`` does), keeping what is on screen
  /// in place.
  ///
  /// Only the new rows' heights are asked for, as `UITableView.insertRows(at:with:)` does: the
  /// rows already there keep theirs, and their offsets move by the new rows' heights, so that a
  /// chat list loading older messages at the top pays for the page, not for the list. When the
  /// data source's row count is not the old count plus the new rows, the list reloads whole.
  ///
  /// When the list is scrolled down, the content offset grows by the height of the rows
  /// inserted above the first row on screen, so that row stays where it was; when it is at
  /// the top (or pulled past it, a header refreshing), the new rows show, unless its header is
  /// a ``RefreshAutoHeader`` (older messages arrive above what is read). A list that
  /// ``staysAtEnd`` and rests at its end is at its end afterwards.
  ///
  /// - Parameter rows: The positions of the new rows, after the insertion; positions outside
  ///   the rows are ignored.
  public func insertRows(at rows: [Int]) {
    reloadIfNeeded()
    let top = contentOffset.y
    let isAtTop = top <= minimumContentOffset.y + 0.5
    // `nil` for an empty list, as for an offset past the rows.
    let firstShown = row(atContentY: max(top, 0))
    let keepsEnd = isKeptAtEnd
    if !insertRowOffsets(at: rows, keepingEnd: keepsEnd) { reloadData() }
    selectionDidInsertRows(rows)
    // Kept at its end, the reload has put it there.
    guard !keepsEnd, !isAtTop || keepsRowsInPlaceAtTop, var anchor = firstShown else { return }
    var added: CGFloat = 0
    for row in Set(rows).sorted() where row >= 0 && row <= anchor && row < numberOfRows {
      anchor += 1
      added += offsets.height(ofRow: row)
    }
    guard added > 0 else { return }
    gesture?.startOffset.y += added
    contentOffset.y = top + added
  }

  // MARK: Geometry

  /// The rectangle of a row, in content coordinates, or `nil` for a row that does not exist.
  ///
  /// - Parameter row: The row.
  /// - Returns: Its rectangle: the list's width, the row's height.
  public func rectForRow(at row: Int) -> CGRect? {
    reloadIfNeeded()
    guard row >= 0, row < offsets.count else { return nil }
    return CGRect(
      x: 0, y: offsets.top(ofRow: row), width: bounds.width, height: offsets.height(ofRow: row))
  }

  /// The row at a point in the list's own (content) coordinates, or `nil` outside the rows.
  ///
  /// - Parameter point: A point in content coordinates.
  /// - Returns: The row there.
  public func row(at point: CGPoint) -> Int? {
    reloadIfNeeded()
    guard point.x >= 0, point.x < bounds.width else { return nil }
    return row(atContentY: point.y)
  }

  /// The view showing a row, if the row is on screen.
  ///
  /// - Parameter row: The row.
  /// - Returns: Its view, or `nil` when it has none.
  public func viewForRow(at row: Int) -> View? {
    rowViews[row]
  }

  // MARK: Drawing and taps

  /// Draws the selected row's highlight behind the rows; overrides must call `super`.
  ///
  /// - Parameter canvas: Where to draw.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    drawSelection(in: canvas)
  }

  /// A tap on a row selects it and tells the ``delegate``
  /// (``ListViewDelegate/listView(_:didSelectRowAt:)``), after ``View/onTap``, which takes
  /// the tap when set; overrides must call `super`.
  ///
  /// - Parameter point: Where the tap landed, in content coordinates.
  /// - Returns: Whether the tap was taken.
  open override func handleTap(at point: CGPoint) -> Bool {
    super.handleTap(at: point) || tapRow(at: point)
  }

  // MARK: Layout

  open override func layoutSubviews() {
    super.layoutSubviews()
    // A reload lays the rows out itself.
    if needsReload { reloadData() } else { layoutRows() }
    postRowsInView()
  }

  /// Reloads when the data source changed.
  private func reloadIfNeeded() {
    if needsReload { reloadData() }
  }

  /// Gives views to the rows in the visible area and takes them from the rows that left it.
  ///
  /// The visible area spans the model and the presented offsets, so that an animated scroll
  /// between them shows no gap.
  private func layoutRows() {
    let width = bounds.width
    if contentSize.width != width { contentSize.width = width }
    let presented = presentedContentOffset.y
    // While an animation moves the presented offset, lay out again on the next frame.
    if presented != contentOffset.y { setNeedsLayout() }
    let top = min(contentOffset.y, presented)
    let bottom = max(contentOffset.y, presented) + bounds.height
    let wanted = rows(from: top, to: bottom)
    for row in shownRows where !wanted.contains(row) {
      if let view = rowViews.removeValue(forKey: row) { recycle(view) }
    }
    shownRows = wanted
    guard let dataSource else { return }
    // One search for the first row on screen, then a step per row (not a search per row).
    for (row, top, height) in offsets.bands(ofRows: wanted) {
      let frame = CGRect(x: 0, y: top, width: width, height: height)
      if let view = rowViews[row] {
        if view.frame != frame { view.frame = frame }
        continue
      }
      let reused = reusableViews.popLast()
      let view = dataSource.listView(self, viewForRowAt: row, reusing: reused)
      if let reused, reused !== view { reused.removeFromSuperview() }
      view.frame = frame
      view.isHidden = false
      if view.superview !== self { insertSubview(view, at: 0) }
      rowViews[row] = view
    }
  }

  private func recycle(_ view: View) {
    view.isHidden = true
    reusableViews.append(view)
  }

  private func rowHeight(_ row: Int) -> CGFloat {
    Self.height(dataSource?.listView(self, heightForRowAt: row))
  }

  /// A row height as the list takes it: not finite or negative counts as 0.
  private static func height(_ height: CGFloat?) -> CGFloat {
    guard let height, height.isFinite else { return 0 }
    return max(0, height)
  }

  /// The rows that meet the band `top..<bottom` of the content.
  private func rows(from top: CGFloat, to bottom: CGFloat) -> Range<Int> {
    guard offsets.count > 0, bottom > top, bottom > 0, top < offsets.contentHeight else {
      return 0..<0
    }
    let first = row(atContentY: max(top, 0)) ?? 0
    // The rows that start above `bottom` are shown from the first on.
    return first..<max(first, offsets.rowCount(above: bottom))
  }

  /// The row whose band contains `y` (rows of zero height share their top with the next: the
  /// last that starts there).
  private func row(atContentY y: CGFloat) -> Int? {
    offsets.row(containing: y)
  }
}
