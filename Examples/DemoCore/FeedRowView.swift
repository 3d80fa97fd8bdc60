import Foundation
import Refresh

/// One post of the feed: its headline and, below, its author and age.
@MainActor
public final class FeedRowView: View {
  /// The headline, bold.
  public let titleLabel = Label()
  /// The author and the age, gray.
  public let bylineLabel = Label()

  /// Creates an empty row; ``show(_:shaded:)`` fills it.
  public init() {
    super.init(frame: .zero)
    titleLabel.isBold = true
    bylineLabel.textColor = .gray
    addSubview(titleLabel)
    addSubview(bylineLabel)
  }

  /// Shows a post.
  ///
  /// - Parameters:
  ///   - item: The post.
  ///   - shaded: Whether the row takes the darker of the two shades.
  public func show(_ item: FeedItem, shaded: Bool) {
    titleLabel.text = item.title
    bylineLabel.text = "\(item.author) · \(item.age)"
    backgroundColor = shaded ? Color(hex: 0xF2F2F7) : .white
  }

  /// Puts the two lines one cell in from each side.
  public override func layoutSubviews() {
    super.layoutSubviews()
    let line = TextMetrics.lineHeight
    let inset = TextMetrics.cellWidth
    let width = max(0, bounds.width - 2 * inset)
    titleLabel.frame = CGRect(x: inset, y: 0, width: width, height: line)
    bylineLabel.frame = CGRect(x: inset, y: line, width: width, height: line)
  }
}
