import Foundation
import Refresh

/// A post drawn as a table row: an avatar, an author, the post's number, a line of text and a
/// separator; highlighted when it is new.
@MainActor
final class PostRowView: View {
  /// The post shown.
  var post = FeedRow(number: 1) {
    didSet { if post != oldValue { setNeedsDisplay() } }
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    drawRow(post, in: bounds, canvas: canvas)
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
