import Foundation
import Refresh

/// One post of the feed: its headline and, below, its author and age.
///
/// It draws no background of its own: the rows stand on the terminal's background in the
/// terminal's foreground, so that they read on a dark theme and a light one alike, and the
/// list's highlight shows under the selected row.
@MainActor
public final class FeedRowView: View {
  /// The headline, bold.
  public let titleLabel = Label()
  /// The author and the age, in the gray that reads on light and dark themes.
  public let bylineLabel = Label()

  /// Creates an empty row; ``show(_:)`` fills it.
  public init() {
    super.init(frame: .zero)
    titleLabel.isBold = true
    bylineLabel.textColor = .secondaryLabel
    addSubview(titleLabel)
    addSubview(bylineLabel)
  }

  /// Shows a post.
  ///
  /// - Parameter item: The post.
  public func show(_ item: FeedItem) {
    titleLabel.text = item.title
    bylineLabel.text = "\(item.author) · \(item.age)"
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
