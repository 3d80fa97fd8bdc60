import Foundation
import Refresh

/// A canvas that draws into a grid of terminal character cells.
///
/// Points map to cells of ``cellSize`` (9 × 18 pt by default): cell `(column, row)` covers
/// `column * 9 ..< (column + 1) * 9` horizontally and `row * 18 ..< (row + 1) * 18` vertically, so a
/// view at y = 54 starts at row 3 and MJRefresh's 54 pt header is 3 rows tall. A rectangle
/// covers the cells whose *centers* it contains, so rectangles that tile in points tile in
/// cells, with no cell painted twice.
///
/// ```swift
/// let canvas = TerminalCanvas(columns: 42, rows: 37)
/// window.render(in: canvas)
/// var buffer = TerminalFrameBuffer()
/// session.write(buffer.frame(from: canvas))
/// ```
///
/// How each primitive looks:
/// - ``fill(_:color:)`` sets the background of the covered cells and erases their characters,
///   as an opaque view covers what lies behind it. There is no blending: a fill whose opacity
///   (`state.alpha` times the color's) is below 0.5 draws nothing, any other draws the color.
/// - ``drawText(_:in:attributes:)`` writes characters over the existing backgrounds; text whose
///   opacity is below 1 is faded toward each cell's background, or, over the terminal's own
///   background (or in its own text color), drawn from an opacity of 0.5 and not below.
/// - System colors (`Color.role`) become the terminal's own: `Color.label` text and a
///   `Color.systemBackground` background are the terminal's foreground and background (SGR
///   39 and 49), `Color.selectedContentBackground` is reverse video, and
///   `Color.secondaryLabel` a mid gray (see ``terminalColor(_:isBackground:)``).
/// - ``drawImage(_:in:tint:)`` draws one character at the rectangle's center: an arrow turned
///   by `state.rotation`, a glyph image's character, or the first letter of any other name.
/// - ``drawSpinner(in:color:frame:)`` draws one Braille dot pattern of a spinning sequence.
@MainActor
public final class TerminalCanvas: Canvas {
  /// The size of one cell, in points.
  public let cellSize: CGSize

  /// The cells drawn so far.
  ///
  /// Changed only by this class's drawing methods, which call out to no code that could reach
  /// the canvas while they hold it (the ink's color is a local function), so the dynamic
  /// exclusivity check, paid by every text drawn, is turned off.
  @exclusivity(unchecked) public private(set) var grid: TerminalGrid

  /// The drawing view's placement, set by the render walk before each view draws.
  ///
  /// A plain value read and written whole, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) public var state: CanvasState

  /// The color ``clear(background:)`` fills the grid with when given none.
  public var defaultBackground: Color

  /// The text color of blank cells.
  public var defaultForeground: Color

  /// The frames ``drawSpinner(in:color:frame:)`` cycles through.
  public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Creates a canvas of a given number of cells, cleared to the background.
  ///
  /// - Parameters:
  ///   - columns: The number of cells in a row.
  ///   - rows: The number of rows.
  ///   - cellSize: The size of one cell, in points; dimensions that are not positive and finite
  ///     count as the default 9 × 18.
  ///   - background: The color of empty cells.
  ///   - foreground: The text color of empty cells.
  public init(
    columns: Int, rows: Int, cellSize: CGSize = CGSize(width: 9, height: 18),
    background: Color = .white, foreground: Color = .black
  ) {
    let width = cellSize.width.isFinite && cellSize.width > 0 ? cellSize.width : 9
    let height = cellSize.height.isFinite && cellSize.height > 0 ? cellSize.height : 18
    self.cellSize = CGSize(width: width, height: height)
    defaultBackground = background
    defaultForeground = foreground
    grid = TerminalGrid(
      columns: columns, rows: rows,
      filledWith: Self.blankCell(foreground: foreground, background: background))
    state = CanvasState(clip: .zero)
    state = fullState
  }

  /// Creates a canvas with enough cells to show a size in points (partial cells count).
  ///
  /// - Parameters:
  ///   - size: The size to cover, such as a window's.
  ///   - cellSize: The size of one cell, in points.
  ///   - background: The color of empty cells.
  ///   - foreground: The text color of empty cells.
  public convenience init(
    covering size: CGSize, cellSize: CGSize = CGSize(width: 9, height: 18),
    background: Color = .white, foreground: Color = .black
  ) {
    func count(_ length: CGFloat, _ cell: CGFloat) -> Int {
      guard length.isFinite, length > 0, cell.isFinite, cell > 0 else { return 0 }
      return Int(min((length / cell).rounded(.up), 100_000))
    }
    self.init(
      columns: count(size.width, cellSize.width), rows: count(size.height, cellSize.height),
      cellSize: cellSize, background: background, foreground: foreground)
  }

  /// The number of cells in a row.
  public var columns: Int { grid.columns }

  /// The number of rows.
  public var rows: Int { grid.rows }

  /// The cell at a column and row.
  ///
  /// - Parameters:
  ///   - column: The column, `0..<columns`.
  ///   - row: The row, `0..<rows`.
  public subscript(column: Int, row: Int) -> TerminalCell {
    grid[column, row]
  }

  /// Erases every cell to a background color and resets ``state`` to the whole grid.
  ///
  /// - Parameter background: The new background, or `nil` for ``defaultBackground``.
  public func clear(background: Color? = nil) {
    grid.fill(
      with: Self.blankCell(
        foreground: defaultForeground, background: background ?? defaultBackground))
    state = fullState
  }

  /// A blank cell of two colors; `Color.selectedContentBackground` makes it reverse video.
  private static func blankCell(foreground: Color, background: Color) -> TerminalCell {
    TerminalCell(
      foreground: terminalColor(foreground, isBackground: false),
      background: terminalColor(background, isBackground: true),
      isInverse: background.role == .selectedContentBackground)
  }

  /// The cell color of a color: the terminal's own for `Color.label` text and a
  /// `Color.systemBackground` or `Color.selectedContentBackground` background (reverse
  /// video swaps the terminal's own two), rgb(128, 128, 128) for `Color.secondaryLabel`, the
  /// channels otherwise.
  ///
  /// - Parameters:
  ///   - color: The color drawn.
  ///   - isBackground: Whether it colors a background (else text).
  /// - Returns: The color the cell holds.
  nonisolated public static func terminalColor(_ color: Color, isBackground: Bool)
    -> TerminalColor
  {
    switch color.role {
    case .label: isBackground ? TerminalColor(color) : .default
    case .systemBackground, .selectedContentBackground:
      isBackground ? .default : TerminalColor(color)
    case .secondaryLabel: secondaryLabel
    case nil: TerminalColor(color)
    }
  }

  /// `Color.secondaryLabel` in a terminal: the mid gray rgb(128, 128, 128).
  nonisolated private static let secondaryLabel = TerminalColor(
    Color(red: 128, green: 128, blue: 128))
  private var fullState: CanvasState {
    CanvasState(
      clip: CGRect(
        x: 0, y: 0, width: CGFloat(columns) * cellSize.width,
        height: CGFloat(rows) * cellSize.height))
  }

  // MARK: - Canvas

  /// Paints the background of the cells a rectangle covers and erases their characters.
  ///
  /// Nothing is drawn when the combined opacity (`state.alpha` times `color.alpha`) is below
  /// 0.5; otherwise the color is drawn as if opaque.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The fill color.
  public func fill(_ rect: CGRect, color: Color) {
    guard Double(state.alpha) * color.alpha >= 0.5 else { return }
    let cells = coveredCells(state.convert(rect).intersection(state.clip))
    let background = Self.terminalColor(color, isBackground: true)
    let isInverse = color.role == .selectedContentBackground
    for row in cells.rows {
      for column in cells.columns {
        var cell = grid[column, row].blanked
        cell.background = background
        cell.isInverse = isInverse
        grid.put(cell, at: column, row: row)
      }
    }
  }

  /// Writes text into the cells of a rectangle, one line per line break (`\n`, `\r\n`...).
  ///
  /// Right-to-left text (Arabic, Hebrew) is written in the order it shows, left to right
  /// (`TextMetrics.visualOrder(of:)`), since terminals lay cells out in the order they are
  /// written.
  ///
  /// Lines are centered vertically among the rows the rectangle covers (a rectangle too short
  /// to cover a row's center uses the row its center lies in) and aligned horizontally among
  /// its columns (likewise); lines that do not fit are dropped from the end, and a line wider
  /// than the rectangle shows its beginning, whatever the alignment. Characters outside the
  /// rectangle's cells, `state.clip` (cells whose centers it contains) or the grid are not drawn,
  /// and a wide character is drawn whole or not at all.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: The color, weight and alignment; the font size is ignored.
  public func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes) {
    guard !text.isEmpty else { return }
    drawText(lines: TextLine.lines(of: text), in: rect, attributes: attributes)
  }

  /// Writes lines already laid out into the cells of a rectangle, as
  /// ``drawText(_:in:attributes:)`` writes them, using each line's cell count as it is.
  ///
  /// A line of printable ASCII is written a byte per cell.
  ///
  /// - Parameters:
  ///   - lines: The lines, top to bottom.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: The color, weight and alignment; the font size is ignored.
  public func drawText(lines: [TextLine], in rect: CGRect, attributes: TextAttributes) {
    let area = state.convert(rect)
    let ink = Ink(color: attributes.color, alpha: state.alpha)
    guard area.isFinite, area.width > 0, area.height > 0, !lines.isEmpty, ink.isVisible
    else { return }
    let layout = cellSpans(area, fallback: true)
    let clip = coveredCells(state.clip)
    let visible = (
      columns: layout.columns.clamped(to: clip.columns), rows: layout.rows.clamped(to: clip.rows)
    )
    let firstRow = layout.rows.lowerBound + max(0, (layout.rows.count - lines.count) / 2)
    let shownLines = lines.prefix(layout.rows.count)
    // One access to the grid for the whole text, rather than one per character.
    Self.write(
      shownLines, firstRow: firstRow, columns: layout.columns, visible: visible,
      attributes: attributes, ink: ink, into: &grid)
  }

  /// Writes the lines of ``drawText(lines:in:attributes:)`` into the grid.
  private static func write(
    _ shownLines: ArraySlice<TextLine>, firstRow: Int, columns: Range<Int>,
    visible: (columns: Range<Int>, rows: Range<Int>), attributes: TextAttributes, ink: Ink,
    into grid: inout TerminalGrid
  ) {
    for (offset, line) in shownLines.enumerated() {
      let row = firstRow + offset
      guard visible.rows.contains(row) else { continue }
      let spare = max(0, columns.count - line.cellCount)
      var column = columns.lowerBound
      switch attributes.alignment {
      case .left: break
      case .center: column += spare / 2
      case .right: column += spare
      }
      if line.isPrintableASCII {
        // A byte per cell: the part of the line inside the visible columns, in one run.
        let first = max(column, visible.columns.lowerBound)
        let end = min(column + line.cellCount, visible.columns.upperBound)
        guard first < end else { continue }
        let utf8 = Substring(line.text).utf8
        let start = utf8.index(utf8.startIndex, offsetBy: first - column)
        grid.putASCII(
          utf8[start..<utf8.index(start, offsetBy: end - first)], at: first, row: row,
          isBold: attributes.isBold, foreground: ink.foreground(over:))
        continue
      }
      // Cells show characters in the order they are written: right-to-left text is written in
      // display order, as the line laid it out.
      for displayed in line.displayedCharacters {
        let characterWidth = displayed.cellWidth
        if visible.columns.contains(column),
          visible.columns.contains(column + characterWidth - 1)
        {
          put(
            TerminalGlyph(displayed), width: characterWidth, at: column, row: row, ink: ink,
            isBold: attributes.isBold, into: &grid)
        }
        column += characterWidth
      }
    }
  }

  /// Draws an image as one character at the center of a rectangle.
  ///
  /// `Image.arrow` becomes the arrow nearest to its turned direction (see
  /// ``arrowCharacter(rotation:)``), a glyph image its character, and any other image the first
  /// letter of its name. An empty rectangle draws nothing.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - tint: The character's color.
  public func drawImage(_ image: Image, in rect: CGRect, tint: Color) {
    let character: Character?
    if image == .arrow {
      character = Self.arrowCharacter(rotation: state.rotation)
    } else if let glyph = image.glyph {
      character = glyph
    } else {
      character = image.name.first
    }
    guard let character else { return }
    drawCentered(character, in: rect, color: tint)
  }

  /// Draws one frame of a Braille spinner at the center of a rectangle: character
  /// `frame % 10` of ``spinnerFrames``.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The spinner's color.
  ///   - frame: The animation frame; any integer, negative ones included.
  public func drawSpinner(in rect: CGRect, color: Color, frame: Int) {
    let count = Self.spinnerFrames.count
    drawCentered(Self.spinnerFrames[(frame % count + count) % count], in: rect, color: color)
  }

  /// The character of a scroll indicator's thumb: a full block, which shows in the
  /// terminal's own colors, and under `NO_COLOR`, as well as in any color.
  public static let scrollIndicatorCharacter: Character = "█"

  /// Draws a scroll indicator's thumb as ``scrollIndicatorCharacter`` in every cell the
  /// rectangle covers, and at least in the one its center lies in along each axis, so that a
  /// thumb thinner or shorter than a cell still shows as one column (or row) of blocks.
  ///
  /// The block is drawn in the color over the cells' backgrounds; in a reverse-video cell (a
  /// selected row) it takes the terminal's background color, so it stands out there too.
  ///
  /// - Parameters:
  ///   - rect: The thumb, in the drawing view's coordinates.
  ///   - color: The indicator's color.
  public func drawScrollIndicator(in rect: CGRect, color: Color) {
    let ink = Ink(color: color, alpha: state.alpha)
    guard ink.isVisible else { return }
    let cells = cellSpans(state.convert(rect), fallback: true)
    let visible = coveredCells(state.clip)
    let glyph = TerminalGlyph(Self.scrollIndicatorCharacter)
    for row in cells.rows.clamped(to: visible.rows) {
      for column in cells.columns.clamped(to: visible.columns) {
        Self.put(glyph, width: 1, at: column, row: row, ink: ink, isBold: false, into: &grid)
      }
    }
  }

  /// The arrow character for MJRefresh's arrow image turned by an angle.
  ///
  /// The image points down; the angle turns it clockwise on screen and is rounded to the
  /// nearest quarter turn (an exact eighth turn rounds away from zero):
  /// 0 → "↓", π/2 → "←", π → "↑", -π/2 → "→".
  ///
  /// - Parameter rotation: The rotation, in radians; non-finite angles count as 0.
  /// - Returns: One of "↓", "←", "↑" and "→".
  public static func arrowCharacter(rotation: CGFloat) -> Character {
    guard rotation.isFinite else { return "↓" }
    let turn = rotation.truncatingRemainder(dividingBy: 2 * .pi)
    let quarter = Int((turn / (.pi / 2)).rounded())
    return ["↓", "←", "↑", "→"][(quarter % 4 + 4) % 4]
  }

  // MARK: - Cells

  /// Draws one character at the cell holding a rectangle's center, a wide one centered on it.
  private func drawCentered(_ character: Character, in rect: CGRect, color: Color) {
    let area = state.convert(rect)
    let width = TextMetrics.cellWidth(of: character)
    guard area.isFinite, area.width > 0, area.height > 0, width > 0 else { return }
    let column = Int((area.midX / cellSize.width - CGFloat(width) / 2 + 0.5).rounded(.down))
    let row = Int((area.midY / cellSize.height).rounded(.down))
    let visible = coveredCells(state.clip)
    let ink = Ink(color: color, alpha: state.alpha)
    guard visible.rows.contains(row), visible.columns.contains(column),
      visible.columns.contains(column + width - 1), ink.isVisible
    else { return }
    Self.put(
      TerminalGlyph(character), width: width, at: column, row: row, ink: ink, isBold: false,
      into: &grid)
  }

  /// A text color at the drawing state's opacity, converted once per call rather than per cell.
  private struct Ink {
    var color: Color
    /// The combined opacity, `state.alpha` times the color's.
    var opacity: Double
    /// The cell color of the ink drawn opaque.
    var cellColor: TerminalColor

    init(color: Color, alpha: CGFloat) {
      self.color = color
      opacity = Double(alpha) * color.alpha
      cellColor = TerminalCanvas.terminalColor(color, isBackground: false)
    }

    var isVisible: Bool { opacity > 0 }

    /// The text color over a cell: the ink itself, faded toward the cell's background when
    /// translucent and both colors are known; over the terminal's own colors, which nobody here
    /// knows, translucent text follows the fill rule: from 0.5 the ink, below it `nil`, nothing.
    func foreground(over cell: TerminalCell) -> TerminalColor? {
      if opacity >= 1 { return cellColor }
      if let text = cellColor.color, let background = cell.background.color, !cell.isInverse {
        return TerminalColor(text.mixed(with: background, keeping: opacity))
      }
      return opacity >= 0.5 ? cellColor : nil
    }
  }

  /// Writes a character over a cell's background, faded toward it when the ink is translucent.
  private static func put(
    _ glyph: TerminalGlyph, width: Int, at column: Int, row: Int, ink: Ink, isBold: Bool,
    into grid: inout TerminalGrid
  ) {
    var cell = grid[column, row]
    guard let foreground = ink.foreground(over: cell) else { return }
    cell.glyph = glyph
    cell.isBold = isBold
    cell.isContinuation = false
    cell.foreground = foreground
    if width == 2 {
      grid.putWide(cell, at: column, row: row)
    } else {
      grid.put(cell, at: column, row: row)
    }
  }

  /// The cells whose centers lie in a rectangle in canvas coordinates, within the grid.
  ///
  /// - Parameter rect: The rectangle, in canvas points.
  /// - Returns: The ranges of columns and rows, empty when no cell center is covered.
  func coveredCells(_ rect: CGRect) -> (columns: Range<Int>, rows: Range<Int>) {
    let cells = cellSpans(rect, fallback: false)
    return (cells.columns.clamped(to: 0..<columns), cells.rows.clamped(to: 0..<rows))
  }

  /// The cells whose centers lie in a rectangle, not limited to the grid.
  ///
  /// With `fallback`, a rectangle that covers no cell center along an axis but has some extent
  /// along it covers the cell its center lies in, so that short labels still show.
  private func cellSpans(_ rect: CGRect, fallback: Bool) -> (columns: Range<Int>, rows: Range<Int>)
  {
    guard rect.isFinite, rect.width > 0, rect.height > 0 else { return (0..<0, 0..<0) }
    // On `Double`, from the origin and size (both positive here, so they are the edges):
    // Foundation's `CGFloat` arithmetic and `CGRect` edges are calls that do not inline, and
    // this runs twice for every text drawn.
    func span(_ origin: CGFloat, _ length: CGFloat, _ cellLength: CGFloat) -> Range<Int> {
      let (low, high, size) = (Double(origin), Double(origin) + Double(length), Double(cellLength))
      func cell(_ value: Double) -> Int { Int(min(max(value, -1_000_000), 1_000_000)) }
      let first = cell((low / size - 0.5).rounded(.up))
      let end = cell((high / size - 0.5).rounded(.up))
      if first < end { return first..<end }
      guard fallback else { return first..<first }
      let middle = cell(((low + high) / 2 / size).rounded(.down))
      return middle..<middle + 1
    }
    let rect = rect.standardized
    return (
      span(rect.origin.x, rect.size.width, cellSize.width),
      span(rect.origin.y, rect.size.height, cellSize.height)
    )
  }
}
