import Foundation
import Refresh

/// The row of tab names under the demo's title bar, the current tab highlighted.
///
/// It draws as the bars do, so that it reads on dark and light terminals alike: the strip in
/// the status line's light gray with black names, the current tab in the title bar's blue
/// with white bold text, and between brackets, for terminals without colors. A click on a name
/// selects that tab (``onSelect``).
///
/// ```swift
/// let strip = TabStripView(names: ["Latest", "Popular", "Saved"]) { 0 }
/// strip.text  // " [Latest]  Popular   Saved "
/// ```
@MainActor
public final class TabStripView: View {
  /// The strip's background, the status line's.
  public static let background = Color(hex: 0xE5E5EA)
  /// The current tab's background, the title bar's.
  public static let currentBackground = Color(hex: 0x1F3A93)

  /// The tabs' names, in order.
  public var names: [String] {
    didSet { if names != oldValue { setNeedsDisplay() } }
  }
  /// The position of the current tab in ``names``, read on every draw.
  public var currentIndex: () -> Int
  /// Called with the position of a tab whose name was tapped (clicked).
  public var onSelect: ((Int) -> Void)?

  /// Creates a strip.
  ///
  /// - Parameters:
  ///   - names: The tabs' names, in order.
  ///   - currentIndex: The position of the current tab, read on every draw.
  public init(names: [String], currentIndex: @escaping () -> Int) {
    self.names = names
    self.currentIndex = currentIndex
    super.init(frame: .zero)
    backgroundColor = Self.background
  }

  /// The labels, one a tab: the current one between brackets, the others between spaces, so
  /// that no name moves when the current tab changes.
  public var labels: [String] {
    let current = currentIndex()
    return names.indices.map { index in
      index == current ? "[\(names[index])]" : " \(names[index]) "
    }
  }

  /// The strip's text: a space, then the labels, a space apart.
  public var text: String { " " + labels.joined(separator: " ") }

  /// The position of the tab whose label covers a column of the strip, if any.
  ///
  /// - Parameter column: A column, 0-based from the strip's left edge.
  /// - Returns: The tab's position in ``names``, or `nil` between and after the labels.
  public func tabIndex(atColumn column: Int) -> Int? {
    var start = 1
    for (index, label) in labels.enumerated() {
      let width = TextMetrics.cellCount(of: label)
      if (start..<start + width).contains(column) { return index }
      start += width + 1
    }
    return nil
  }

  /// Takes a tap on a tab's label: ``onSelect`` is called with the tab's position.
  ///
  /// - Parameter point: Where the tap landed, in the strip's coordinates.
  /// - Returns: Whether the tap landed on a label.
  public override func handleTap(at point: CGPoint) -> Bool {
    let tookTap = super.handleTap(at: point)
    guard let index = tabIndex(atColumn: Int(point.x / TextMetrics.cellWidth)) else {
      return tookTap
    }
    onSelect?(index)
    return true
  }

  /// Draws the labels on one line, cut to the strip's width, the current one highlighted.
  ///
  /// - Parameter canvas: Where to draw.
  public override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let cells = max(0, Int(bounds.width / TextMetrics.cellWidth))
    let current = currentIndex()
    var column = 1
    for (index, label) in labels.enumerated() {
      guard column < cells else { break }
      let width = TextMetrics.cellCount(of: label)
      let shown = TextMetrics.truncated(label, toCells: cells - column)
      let rect = CGRect(
        x: bounds.minX + CGFloat(column) * TextMetrics.cellWidth, y: bounds.minY,
        width: CGFloat(min(width, cells - column)) * TextMetrics.cellWidth,
        height: TextMetrics.lineHeight)
      let isCurrent = index == current
      if isCurrent { canvas.fill(rect, color: Self.currentBackground) }
      canvas.drawText(
        shown, in: rect,
        attributes: TextAttributes(isBold: isCurrent, color: isCurrent ? .white : .black))
      column += width + 1
    }
  }
}
