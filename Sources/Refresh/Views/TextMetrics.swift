import Foundation

/// How much room text takes on the grid of monospaced cells that renderers draw on: the one
/// measure of text that layout (``Label``), the terminal renderer and the SVG renderer share.
///
/// A cell is ``cellWidth`` × ``lineHeight`` points (9 × 18, a terminal cell), so MJRefresh's
/// 54-point header is three rows. Text is measured per `Character` (grapheme cluster), each
/// taking 0, 1 or 2 cells; ``cellWidth(of:)`` lists the rules, which follow a terminal with
/// Unicode 15 `wcwidth` widths that keeps a grapheme cluster in one place.
///
/// Font size and weight do not change the metrics: a cell is a cell.
///
/// ```swift
/// TextMetrics.cellCount(of: "下拉可以刷新")  // 12
/// TextMetrics.size(of: "下拉可以刷新")  // 108 × 18
/// TextMetrics.truncated("下拉可以刷新", toCells: 5)  // "下拉…"
/// ```
public enum TextMetrics {
  /// The width of one cell, in points.
  public static let cellWidth: CGFloat = 9

  /// The height of one line of text (one row of cells), in points.
  public static let lineHeight: CGFloat = 18

  /// The ellipsis that ends cut text; it takes one cell.
  static let ellipsis: Character = "…"

  /// The number of cells the widest line of a text takes.
  ///
  /// Lines are separated by line breaks (`\n`, `\r\n`, `\r` and the other Unicode newlines).
  ///
  /// - Parameter text: The text.
  /// - Returns: The cell count of its widest line; 0 for an empty text.
  public static func cellCount(of text: String) -> Int {
    paragraphs(of: text).map(cellCount(ofLine:)).max() ?? 0
  }

  /// The lines a text is shown in: split at line breaks, wrapped to a width, limited in number.
  ///
  /// Wrapping breaks between characters, never inside one: a wide character that does not fit
  /// at the end of a line starts the next one. A line always takes at least one character, so a
  /// width narrower than a character still shows it. When lines are left out, the last line
  /// shown ends with "…" (cut to fit the width).
  ///
  /// ```swift
  /// TextMetrics.lines(of: "松开立即刷新", maxWidth: 36)  // ["松开", "立即", "刷新"]
  /// TextMetrics.lines(of: "松开立即刷新", numberOfLines: 2, maxWidth: 36)  // ["松开", "立…"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; an empty text has no lines.
  ///   - numberOfLines: The most lines to show; 0 (or less) for no limit.
  ///   - maxWidth: The width to wrap to, in points. A width that is not a positive, finite
  ///     number (0, negative, `NaN`, infinity) means no wrapping, as a `UILabel` treats a zero
  ///     width.
  /// - Returns: The lines, without line breaks.
  public static func lines(of text: String, numberOfLines: Int = 0, maxWidth: CGFloat = .infinity)
    -> [String]
  {
    lines(of: text, numberOfLines: numberOfLines, maxCells: cellLimit(forWidth: maxWidth))
  }

  /// The size a text takes: its widest line's cells by its lines' rows.
  ///
  /// ```swift
  /// TextMetrics.size(of: "Pull down\nto refresh", numberOfLines: 0)  // 90 × 36
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; an empty text has a zero size.
  ///   - numberOfLines: The most lines to show (1 by default, as a `UILabel`); 0 for no limit.
  ///   - maxWidth: The width to wrap to, in points; see ``lines(of:numberOfLines:maxWidth:)``
  ///     for widths that are not positive and finite.
  /// - Returns: The width (cells × ``cellWidth``) and height (lines × ``lineHeight``); the width
  ///   exceeds `maxWidth` only when `maxWidth` is narrower than one character.
  public static func size(of text: String, numberOfLines: Int = 1, maxWidth: CGFloat = .infinity)
    -> CGSize
  {
    let shown = lines(of: text, numberOfLines: numberOfLines, maxWidth: maxWidth)
    let cells = shown.map { cellCount(ofLine: Substring($0)) }.max() ?? 0
    return CGSize(width: CGFloat(cells) * cellWidth, height: CGFloat(shown.count) * lineHeight)
  }

  /// Cuts each line of a text to a number of cells, ending a cut line with "…".
  ///
  /// A cut never splits a character: a wide character that would straddle the limit is left
  /// out, so the result can be one cell narrower than `cells`.
  ///
  /// ```swift
  /// TextMetrics.truncated("下拉可以刷新", toCells: 4)  // "下…" (3 cells)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; lines of a multi-line text are cut one by one and joined with `\n`.
  ///   - cells: The most cells a line may take; 0 or less leaves nothing.
  /// - Returns: The text unchanged when it fits, else the cut text.
  public static func truncated(_ text: String, toCells cells: Int) -> String {
    guard cells > 0 else { return "" }
    guard cellCount(of: text) > cells else { return text }
    return paragraphs(of: text).map { line in
      cellCount(ofLine: line) > cells ? ellipsized(line, toCells: cells) : String(line)
    }.joined(separator: "\n")
  }

  // MARK: - Internals

  /// The whole cells that fit in a width: 0 for none (or `NaN`), at most a billion.
  static func wholeCells(in width: CGFloat) -> Int {
    guard width > 0 else { return 0 }
    // The epsilon keeps a width computed as cells × 9 from losing a cell to rounding.
    return Int(min((width / cellWidth + 1e-9).rounded(.down), 1e9))
  }

  /// The cells to wrap to for a width, or `nil` for no wrapping; at least one cell.
  private static func cellLimit(forWidth width: CGFloat) -> Int? {
    width.isFinite && width > 0 ? max(1, wholeCells(in: width)) : nil
  }

  private static func lines(of text: String, numberOfLines: Int, maxCells: Int?) -> [String] {
    guard !text.isEmpty else { return [] }
    let limit = numberOfLines > 0 ? numberOfLines : Int.max
    var lines: [String] = []
    for paragraph in paragraphs(of: text) {
      lines += wrapped(paragraph, toCells: maxCells)
      if lines.count > limit { break }
    }
    guard lines.count > limit else { return lines }
    lines.removeLast(lines.count - limit)
    lines[limit - 1] = ellipsized(Substring(lines[limit - 1]), toCells: maxCells ?? Int.max)
    return lines
  }

  private static func paragraphs(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }

  private static func cellCount(ofLine line: Substring) -> Int {
    line.reduce(0) { $0 + cellWidth(of: $1) }
  }

  /// Breaks a line into pieces of at most `cells` cells (a piece holds at least one character).
  private static func wrapped(_ line: Substring, toCells cells: Int?) -> [String] {
    guard let cells else { return [String(line)] }
    var pieces: [String] = []
    var start = line.startIndex
    var used = 0
    for index in line.indices {
      let width = cellWidth(of: line[index])
      if used + width > cells, index > start {
        pieces.append(String(line[start..<index]))
        start = index
        used = 0
      }
      used += width
    }
    pieces.append(String(line[start...]))
    return pieces
  }

  /// The longest start of a line that leaves one cell of `cells`, followed by "…".
  private static func ellipsized(_ line: Substring, toCells cells: Int) -> String {
    var end = line.startIndex
    var used = 0
    for index in line.indices {
      used += cellWidth(of: line[index])
      if used > cells - 1 { break }
      end = line.index(after: index)
    }
    return String(line[..<end]) + String(ellipsis)
  }
}
