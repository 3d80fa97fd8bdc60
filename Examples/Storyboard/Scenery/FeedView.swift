import Foundation
import Refresh

/// One post of the feed: its number, and whether it arrived with the last refresh.
struct FeedRow: Hashable, Sendable {
  /// The post's number, counting up as posts arrive.
  var number: Int

  /// Whether the post came with the latest refresh (drawn highlighted).
  var isNew = false
}

/// A list of posts drawn as table rows: an avatar, an author, a line of text and a separator.
///
/// It is the content of a feed's scroll model, as tall as its rows; adding rows grows it and the
/// scroll model's `contentSize`, as a table view's reload would:
///
/// ```swift
/// let feed = FeedView(rowCount: 12, newestNumber: 30, width: 375)
/// scroll.addSubview(feed)
/// feed.append(6)  // a page more; contentSize.height grows by 6 × 72
/// ```
@MainActor
final class FeedView: View {
  /// The height of a row, in points.
  static let rowHeight: CGFloat = 72

  /// The posts, top to bottom.
  private(set) var rows: [FeedRow]

  /// The number the next new post gets.
  private var nextNumber: Int

  /// Creates a feed of posts, newest first.
  ///
  /// - Parameters:
  ///   - rowCount: How many posts.
  ///   - newestNumber: The number of the first (newest) post; the others count down from it.
  ///     By default `rowCount`, so that the oldest post is #1.
  ///   - width: The width of the rows, in points.
  init(rowCount: Int, newestNumber: Int? = nil, width: CGFloat) {
    let count = max(rowCount, 0)
    let newest = max(newestNumber ?? count, count)
    rows = (0..<count).map { FeedRow(number: newest - $0) }
    nextNumber = newest + 1
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: 0))
    rowsDidChange()
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
    rowsDidChange()
  }

  /// Adds new posts at the top, highlighted: what a header's refresh brings.
  ///
  /// - Parameter count: How many posts.
  func prepend(_ count: Int) {
    for index in rows.indices { rows[index].isNew = false }
    let fresh = (0..<max(count, 0)).map { FeedRow(number: nextNumber + $0, isNew: true) }
    nextNumber += fresh.count
    rows.insert(contentsOf: fresh.reversed(), at: 0)
    rowsDidChange()
  }

  /// Resizes to the rows and tells the scroll model its new content size.
  private func rowsDidChange() {
    let height = CGFloat(rows.count) * Self.rowHeight
    frame.size.height = height
    if let scroll = superview as? ScrollModel {
      scroll.contentSize = CGSize(width: frame.width, height: height)
    }
    setNeedsDisplay()
  }

  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    rowsDidChange()
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    for (index, row) in rows.enumerated() {
      drawRow(
        row,
        in: CGRect(
          x: 0, y: CGFloat(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight),
        canvas: canvas)
    }
  }

  private func drawRow(_ row: FeedRow, in rect: CGRect, canvas: Canvas) {
    if row.isNew { canvas.fill(rect, color: Self.newRowColor) }
    let author = Self.authors[(row.number - 1) % Self.authors.count]
    let line = Self.lines[(row.number - 1) % Self.lines.count]
    canvas.fill(
      CGRect(x: rect.minX + 16, y: rect.minY + 14, width: 44, height: 44), color: author.color)
    canvas.drawText(
      String(author.name.prefix(1)),
      in: CGRect(x: rect.minX + 16, y: rect.minY + 14, width: 44, height: 44),
      attributes: TextAttributes(fontSize: 20, isBold: true, color: .white, alignment: .center))
    let textX = rect.minX + 72
    let textWidth = rect.width - 72 - 16
    canvas.drawText(
      author.name, in: CGRect(x: textX, y: rect.minY + 12, width: textWidth, height: 22),
      attributes: TextAttributes(fontSize: 16, isBold: true, color: .black))
    canvas.drawText(
      "#\(row.number)", in: CGRect(x: textX, y: rect.minY + 12, width: textWidth, height: 22),
      attributes: TextAttributes(fontSize: 14, color: .gray, alignment: .right))
    canvas.drawText(
      line, in: CGRect(x: textX, y: rect.minY + 38, width: textWidth, height: 22),
      attributes: TextAttributes(fontSize: 14, color: .darkGray))
    canvas.fill(
      CGRect(x: textX, y: rect.maxY - 1, width: rect.width - textX, height: 1),
      color: Self.separatorColor)
  }

  private static let newRowColor = Color(red: 255, green: 247, blue: 214)
  private static let separatorColor = Color(red: 224, green: 224, blue: 224)

  /// Who wrote the posts, and their avatar colors, cycled through by post number.
  private static let authors: [(name: String, color: Color)] = [
    ("Ada Lovelace", .purple), ("Alan Turing", .blue), ("Grace Hopper", .orange),
    ("Edsger Dijkstra", .green), ("Barbara Liskov", .red), ("Donald Knuth", .darkGray),
    ("Margaret Hamilton", Color(hex: 0x5856D6)), ("Dennis Ritchie", Color(hex: 0x30B0C7)),
  ]

  /// What the posts say, cycled through by post number (short enough for one row).
  private static let lines = [
    "Notes on the Engine, part 2", "Can machines think?", "Found a moth in relay 70",
    "Goto considered harmful", "Substitution, revisited", "Premature optimization...",
    "The code that went to the Moon", "Hello, world", "A note on two problems",
  ]
}
