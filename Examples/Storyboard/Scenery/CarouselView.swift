import Foundation
import Refresh

/// A row of album covers side by side: the horizontal content of a carousel.
///
/// It is the content of a horizontal scroll model, as wide as its cards:
///
/// ```swift
/// let carousel = CarouselView(cardCount: 6, height: 220)
/// scroll.addSubview(carousel)
/// scroll.contentSize = carousel.frame.size
/// ```
@MainActor
final class CarouselView: View {
  /// The size of a card, and the space around cards, in points.
  static let cardWidth: CGFloat = 150
  static let gap: CGFloat = 12

  /// How many cards there are.
  let cardCount: Int

  /// Creates a carousel of cards.
  ///
  /// - Parameters:
  ///   - cardCount: How many cards.
  ///   - height: The height of the carousel, in points.
  init(cardCount: Int, height: CGFloat) {
    self.cardCount = max(cardCount, 0)
    let width = Self.gap + CGFloat(self.cardCount) * (Self.cardWidth + Self.gap)
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: height))
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    for index in 0..<cardCount {
      let card = CGRect(
        x: Self.gap + CGFloat(index) * (Self.cardWidth + Self.gap), y: Self.gap,
        width: Self.cardWidth, height: bounds.height - 2 * Self.gap)
      let color = Self.colors[index % Self.colors.count]
      canvas.fill(card, color: color)
      canvas.drawText(
        "\(index + 1)", in: CGRect(x: card.minX, y: card.minY, width: card.width, height: 130),
        attributes: TextAttributes(fontSize: 56, isBold: true, color: .white, alignment: .center))
      let caption = CGRect(x: card.minX, y: card.maxY - 44, width: card.width, height: 44)
      canvas.fill(caption, color: Color.black.withAlpha(0.25))
      canvas.drawText(
        "Album \(index + 1)", in: caption,
        attributes: TextAttributes(fontSize: 16, isBold: true, color: .white, alignment: .center))
    }
  }

  private static let colors: [Color] = [
    .blue, .orange, .purple, .green, .red, Color(hex: 0x30B0C7),
  ]
}
