import Foundation
import Refresh

/// The demo's keys shown over the list, as `less` and `htop` show theirs: a heading, then one
/// key a line, cut to the width; any key closes it (``DemoApp/isShowingKeys``).
///
/// ```swift
/// let help = KeyHelpView(lines: DemoApp.keyHelp.components(separatedBy: "\n"))
/// ```
@MainActor
public final class KeyHelpView: View {
  /// The heading, on the first line.
  public static let heading = " Keys (any key closes this)"

  /// The lines below the heading.
  public let lines: [String]

  /// Creates the view, hidden until the app shows it.
  ///
  /// - Parameter lines: The lines below the heading, one key a line.
  public init(lines: [String]) {
    self.lines = lines
    super.init(frame: .zero)
    backgroundColor = Color(hex: 0xF2F2F7)
    isHidden = true
  }

  /// Draws the heading and as many lines as fit, each cut to the width.
  ///
  /// - Parameter canvas: Where to draw.
  public override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let cells = max(0, Int(bounds.width / TextMetrics.cellWidth))
    let rows = Int(bounds.height / TextMetrics.lineHeight)
    for (row, line) in ([Self.heading, ""] + lines).prefix(rows).enumerated() {
      let rect = CGRect(
        x: bounds.minX, y: bounds.minY + CGFloat(row) * TextMetrics.lineHeight,
        width: bounds.width, height: TextMetrics.lineHeight)
      canvas.drawText(
        TextMetrics.truncated(line, toCells: cells), in: rect,
        attributes: TextAttributes(isBold: row == 0, color: .black))
    }
  }
}
