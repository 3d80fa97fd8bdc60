import Foundation
import Observing

/// A view that shows read-only text: the headless `UILabel`.
///
/// Text is measured in monospaced cells with ``TextMetrics``: one line is 18 points high and
/// each character 9 or 18 points wide, whatever the font. The label draws its lines vertically
/// centered in its bounds and cuts what does not fit with "…".
///
/// ```swift
/// let label = Label(text: "下拉可以刷新")  // sized to fit: 108 × 18
/// label.isBold = true
/// label.textColor = .refreshText
/// label.textAlignment = .center
/// ```
///
/// Every property is `@Observed` (`label.observe(\.text)`). A change redraws the label; a change
/// of ``text`` or ``numberOfLines`` that changes the label's natural size also asks the
/// superview for layout, as a `UILabel` invalidates its intrinsic content size. Set ``View/onTap``
/// to make the label tappable.
@MainActor
open class Label: View {
  /// The text shown, or `nil` for none (`UILabel.text`).
  @Observed public var text: String? {
    didSet {
      guard !text.isSameText(as: oldValue) else { return }
      let oldSize = cachedNaturalSize
      cachedNaturalSize = nil
      drawnLayout = nil
      contentDidChange { oldSize ?? naturalSize(oldValue, numberOfLines) }
    }
  }

  /// The font size, in points (`UILabel.font.pointSize`); 14 by default.
  ///
  /// The size is passed to the canvas; it does not change the cells the text takes. Values that
  /// are not positive and finite are refused.
  @Observed(validate: acceptPositiveFinite) public var fontSize: CGFloat = 14 {
    didSet { if fontSize != oldValue { setNeedsDisplay() } }
  }

  /// Whether the font is bold; `false` by default (MJRefresh's labels are bold 14).
  @Observed public var isBold = false {
    didSet { if isBold != oldValue { setNeedsDisplay() } }
  }

  /// The text color (`UILabel.textColor`); ``Color/label``, the terminal's own text color, by
  /// default (black on a light surface).
  @Observed public var textColor: Color = .label {
    didSet { if textColor != oldValue { setNeedsDisplay() } }
  }

  /// How the lines are aligned horizontally (`UILabel.textAlignment`); left by default.
  ///
  /// In a right-to-left view (``View/effectiveUserInterfaceLayoutDirection``) left and right
  /// swap when the label draws (``TextAlignment/resolved(for:)``).
  @Observed public var textAlignment: TextAlignment = .left {
    didSet { if textAlignment != oldValue { setNeedsDisplay() } }
  }

  /// The most lines to show (`UILabel.numberOfLines`): 1 by default, 0 for no limit.
  ///
  /// Lines past the limit are left out and the last line shown ends with "…". Negative values
  /// count as 0.
  @Observed(validate: acceptNonNegative) public var numberOfLines = 1 {
    didSet {
      guard numberOfLines != oldValue else { return }
      let oldSize = cachedNaturalSize
      cachedNaturalSize = nil
      contentDidChange { oldSize ?? naturalSize(text, oldValue) }
    }
  }

  /// Creates a label with no text.
  ///
  /// - Parameter frame: The label's rectangle in its future superview's coordinates.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isAccessibilityElement = true
  }

  /// What the label reads as: its text, unless set (as a `UILabel`'s).
  open override var accessibilityLabel: String? {
    get { super.accessibilityLabel ?? text }
    set { super.accessibilityLabel = newValue }
  }

  /// Creates a label showing a text, sized to fit it.
  ///
  /// ```swift
  /// Label(text: "Pull down to refresh").frame.size  // 180 × 18
  /// ```
  ///
  /// - Parameter text: The text to show.
  public convenience init(text: String?) {
    self.init(frame: .zero)
    self.text = text
    sizeToFit()
  }

  // MARK: - Size

  /// The label's natural size: its text on ``numberOfLines`` lines, unwrapped
  /// (`UILabel.intrinsicContentSize`).
  ///
  /// Subclasses may override it; call `super` to start from the text's size.
  open var intrinsicContentSize: CGSize {
    if let cachedNaturalSize { return cachedNaturalSize }
    let size = naturalSize(text, numberOfLines)
    cachedNaturalSize = size
    return size
  }

  /// The natural size of the current text, measured once per change: components read it on
  /// every layout.
  ///
  /// This cache, ``drawnLayout`` and ``recentSizes`` are read on every change of the text and
  /// on every draw. Main-actor confined and private, and no access to them calls out to other
  /// code while it holds them (the closure that searches `recentSizes` compares strings only),
  /// so the dynamic exclusivity checks are turned off.
  @exclusivity(unchecked) private var cachedNaturalSize: CGSize?

  /// The size the label needs within a width (`UILabel.sizeThatFits(_:)`).
  ///
  /// The text is wrapped to `size.width` and limited to ``numberOfLines`` lines; a single line
  /// that is too wide is cut with "…". The height of `size` is not used. Subclasses may override
  /// it; call `super` to start from the text's size.
  ///
  /// - Parameter size: The space available; a width of 0 (or not finite) means no limit.
  /// - Returns: The text's size in whole cells; empty text gives `.zero`.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    TextMetrics.size(of: text ?? "", numberOfLines: numberOfLines, maxWidth: size.width)
  }

  /// Resizes the label to fit its text, keeping its origin (`UIView.sizeToFit()`).
  ///
  /// A one-line label takes its text's full width; a multi-line label keeps its current width
  /// (when it has one) and takes the height its wrapped text needs.
  open override func sizeToFit() {
    let width = numberOfLines == 1 ? CGFloat.infinity : bounds.width
    frame.size = sizeThatFits(CGSize(width: width, height: .infinity))
  }

  // MARK: - Drawing

  /// Draws the text vertically centered in the bounds, cut with "…" to the cells and rows that
  /// fit; call `super` when you override it.
  ///
  /// The canvas gets the lines (``Canvas/drawText(lines:in:attributes:)``), in a rectangle as
  /// wide as the bounds and as high as the lines, with the label's font, color and alignment.
  /// Nothing is drawn when the text is empty or the bounds are narrower than one cell.
  ///
  /// The lines are laid out once and kept until the text, ``numberOfLines`` or the cells and
  /// rows the bounds hold change, so that a label drawn on every frame (a list scrolling) is
  /// not wrapped and measured again each time.
  ///
  /// - Parameter canvas: Where to draw.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    // The window's own display pass draws into nothing (it runs `draw(in:)` for its side
    // effects, as UIKit runs `drawRect:`): the text is laid out when a renderer draws it.
    guard !(canvas is NullCanvas) else { return }
    let cells = TextMetrics.wholeCells(in: bounds.width)
    guard let text, !text.isEmpty, cells > 0, bounds.height > 0 else { return }
    let rows = max(1, Int(min(bounds.height / TextMetrics.lineHeight + 1e-9, 1e9)))
    let limit = numberOfLines == 0 ? rows : min(numberOfLines, rows)
    let lines: [TextLine]
    if let drawnLayout, drawnLayout.cells == cells, drawnLayout.limit == limit {
      lines = drawnLayout.lines
    } else {
      lines = TextMetrics.lines(of: text, numberOfLines: limit, maxWidth: bounds.width)
        .map { TextLine(TextMetrics.truncated($0, toCells: cells)) }
      drawnLayout = (cells, limit, lines)
    }
    let height = CGFloat(lines.count) * TextMetrics.lineHeight
    let rect = CGRect(
      x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    canvas.drawText(
      lines: lines, in: rect,
      attributes: TextAttributes(
        fontSize: fontSize, isBold: isBold, color: textColor,
        alignment: textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection)))
  }

  /// The lines last drawn, with the cells per line and the line limit they were laid out for.
  ///
  /// `nil` after the text changes. A cache of drawing, not state: nothing observes it.
  @exclusivity(unchecked) private var drawnLayout: (cells: Int, limit: Int, lines: [TextLine])?

  private func naturalSize(_ text: String?, _ numberOfLines: Int) -> CGSize {
    // Unwrapped by `guard let`, not `?? ""`: the text is then borrowed, not copied (a retain
    // and a release of a title on every change).
    guard let text else { return naturalSize(of: "", numberOfLines) }
    return naturalSize(of: text, numberOfLines)
  }

  private func naturalSize(of text: String, _ numberOfLines: Int) -> CGSize {
    // A loop, not `first(where:)`: a closure handed to a function that is not main-actor
    // isolated checks the executor at run time (about 220 instructions) on every call.
    // By index: a `for known in` loop copies each entry, retaining and releasing its text.
    for index in recentSizes.indices
    where recentSizes[index].lines == numberOfLines
      && recentSizes[index].text.isSameText(as: text)
    {
      return recentSizes[index].size
    }
    let size = TextMetrics.size(of: text, numberOfLines: numberOfLines)
    if recentSizes.count == Self.recentSizesLimit { recentSizes.removeFirst() }
    recentSizes.append((text, numberOfLines, size))
    return size
  }

  /// The last texts measured, with their line limits and sizes: a refresh control's label goes
  /// back and forth between a few titles, and measuring one again costs far more than finding it.
  @exclusivity(unchecked) private var recentSizes: [(text: String, lines: Int, size: CGSize)] =
    []

  /// How many measured texts ``recentSizes`` keeps: a component's titles per state.
  private static let recentSizesLimit = 5

  /// Redraws the label, and asks the superview for layout if the natural size changed from
  /// `oldSize()`.
  ///
  /// A superview that is to lay out anyway (a refresh component whose state changed, say) is
  /// not asked, and neither size is measured: the new one is when layout reads it.
  private func contentDidChange(from oldSize: () -> CGSize) {
    setNeedsDisplay()
    guard let superview, !superview.needsLayout else { return }
    if oldSize() != intrinsicContentSize { superview.setNeedsLayout() }
  }
}

/// Refuses font sizes that are not positive, finite numbers.
private func acceptPositiveFinite(_ current: CGFloat, _ proposed: CGFloat) -> CGFloat? {
  proposed.isFinite && proposed > 0 ? proposed : nil
}

/// Turns negative line counts into 0 (no limit).
private func acceptNonNegative(_ current: Int, _ proposed: Int) -> Int? {
  max(proposed, 0)
}
