import Foundation
import Refresh

/// The list of posts inside the scroll model: two lines per post, on alternating shades.
@MainActor
public final class FeedView: View {
  /// The height of one post, in points: two terminal rows.
  public static let rowHeight: CGFloat = 36

  /// The posts shown.
  public var items: [FeedItem] = [] {
    didSet {
      frame.size.height = CGFloat(items.count) * Self.rowHeight
      setNeedsDisplay()
    }
  }

  /// Draws the posts that intersect the visible area.
  ///
  /// - Parameter canvas: Where to draw.
  public override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let visible = visibleRange(in: canvas)
    for index in visible {
      let item = items[index]
      let top = CGFloat(index) * Self.rowHeight
      let row = CGRect(x: 0, y: top, width: bounds.width, height: Self.rowHeight)
      canvas.fill(row, color: index.isMultiple(of: 2) ? .white : Color(hex: 0xF2F2F7))
      let inset = row.insetBy(dx: TextMetrics.cellWidth, dy: 0)
      let cells = max(0, Int(inset.width / TextMetrics.cellWidth))
      canvas.drawText(
        TextMetrics.truncated(item.title, toCells: cells),
        in: CGRect(x: inset.minX, y: top, width: inset.width, height: 18),
        attributes: TextAttributes(isBold: true, color: .black))
      canvas.drawText(
        TextMetrics.truncated("\(item.author) · \(item.age)", toCells: cells),
        in: CGRect(x: inset.minX, y: top + 18, width: inset.width, height: 18),
        attributes: TextAttributes(color: .gray))
    }
  }

  /// The posts that can be seen through the canvas's clip.
  private func visibleRange(in canvas: Canvas) -> Range<Int> {
    guard !items.isEmpty else { return 0..<0 }
    let clip = canvas.state.clip
    let top = clip.minY - canvas.state.origin.y
    let bottom = clip.maxY - canvas.state.origin.y
    let first = max(0, Int((top / Self.rowHeight).rounded(.down)))
    let last = min(items.count, Int((bottom / Self.rowHeight).rounded(.up)))
    return first < last ? first..<last : 0..<0
  }
}
