import Refresh
import Rendering

/// Enough of a terminal to read what a program draws, cell by cell with colors and attributes:
/// text (wide characters take two cells; a character written in the last column waits there to
/// wrap), SGR attributes (bold, reverse video, 16, 256 and 24-bit colors), cursor moves
/// (`CSI r;c H`, `A` `B` `C` `D`, `G`, `d`, carriage return, line feed, backspace), erasing
/// (`CSI 2J`, `CSI K`, `CSI n X`) and scrolling regions (`CSI t;b r`, `CSI n S`, `CSI n T`).
///
/// Erased and scrolled-in cells take the background set when the terminal has back color erase
/// (`bce`), the terminal's own otherwise. Private modes (`CSI ? … h`) are understood and
/// ignored; anything else a program writes that this emulator does not model, or that real
/// terminals disagree on (text written at a pending wrap, erasing in reverse video), is noted in
/// ``unexpected``.
public struct ScreenEmulator {
  /// The cells on screen, by row and column; the right half of a wide character is a
  /// continuation cell.
  public private(set) var styledCells: [[TerminalCell]]
  /// Whether erasing fills with the background set.
  public let hasBackgroundColorErase: Bool
  /// What the program wrote that this emulator does not model or that terminals disagree on.
  public private(set) var unexpected: [String] = []

  private var row = 0
  private var column = 0
  private var isPendingWrap = false
  private var pending: [UInt8] = []
  private var region: ClosedRange<Int>?
  private var foreground = TerminalColor.default
  private var background = TerminalColor.default
  private var isBold = false
  private var isInverse = false

  /// Text looked for at the end of every frame (`ESC[?2026l`), so that a message shown for
  /// less than a read of the pseudo-terminal is still seen; setting it clears
  /// ``watchedTextWasShown``.
  public var watchedText: String? {
    didSet { watchedTextWasShown = false }
  }

  /// Whether a frame that ended since ``watchedText`` was set showed it.
  public private(set) var watchedTextWasShown = false

  /// Creates a blank screen in the terminal's own colors.
  ///
  /// - Parameters:
  ///   - columns: The width in cells.
  ///   - rows: The height in cells.
  ///   - hasBackgroundColorErase: Whether erasing fills with the background set.
  public init(columns: Int, rows: Int, hasBackgroundColorErase: Bool = true) {
    self.hasBackgroundColorErase = hasBackgroundColorErase
    styledCells = Array(
      repeating: Array(
        repeating: TerminalCell(foreground: .default, background: .default), count: columns),
      count: rows)
  }

  /// The characters on screen, by row and column; the right half of a wide character is
  /// `"\u{0}"`.
  public var cells: [[Character]] {
    styledCells.map { line in line.map { $0.isContinuation ? "\u{0}" : $0.character } }
  }

  /// The screen as text, one line per row, without trailing spaces.
  public var text: String {
    cells.map { line in
      var text = String(line.filter { $0 != "\u{0}" })
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  /// Applies what a program wrote.
  public mutating func feed(_ bytes: [UInt8]) {
    pending += bytes
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        guard let length = escapeLength(at: index) else { break }
        apply(Array(pending[index..<(index + length)]))
        index += length
      } else if byte < 0x20 {
        control(byte)
        index += 1
      } else {
        // The text up to the next control byte, whole scalars only, so that a cluster of
        // several scalars is one character.
        var end = index
        while end < pending.count, pending[end] >= 0x20 {
          let length =
            pending[end] < 0x80 ? 1 : pending[end] < 0xE0 ? 2 : pending[end] < 0xF0 ? 3 : 4
          guard end + length <= pending.count else { break }
          end += length
        }
        guard end > index else { break }
        let text = String(decoding: pending[index..<end], as: UTF8.self)
        for character in text { put(character) }
        index = end
      }
    }
    pending.removeFirst(index)
  }

  private var rows: Int { styledCells.count }
  private var columns: Int { styledCells.first?.count ?? 0 }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      column = 0
      isPendingWrap = false
    case 0x0A:
      isPendingWrap = false
      if row == (region ?? 0...(rows - 1)).upperBound {
        scroll(up: 1)
      } else {
        row = min(row + 1, rows - 1)
      }
    case 0x08:
      column = max(0, column - 1)
      isPendingWrap = false
    default:
      unexpected.append("control byte \(byte)")
    }
  }

  /// What an erased cell holds: a blank in the background set, or the terminal's own.
  private mutating func erasedCell() -> TerminalCell {
    if isInverse { unexpected.append("an erase in reverse video") }
    return TerminalCell(
      foreground: .default, background: hasBackgroundColorErase ? background : .default)
  }

  private mutating func put(_ character: Character) {
    let width = max(1, TextMetrics.cellWidth(of: character))
    guard row < rows, column < columns else { return }
    if isPendingWrap {
      unexpected.append("text written at a pending wrap")
      return
    }
    if width == 2, column + 1 >= columns {
      unexpected.append("a wide character in the last column")
      return
    }
    // Writing over either half of a wide character blanks its other half.
    if styledCells[row][column].isContinuation, column > 0 {
      styledCells[row][column - 1] = Self.blanked(styledCells[row][column - 1])
    }
    let after = column + width
    if after < columns, styledCells[row][after].isContinuation {
      styledCells[row][after] = Self.blanked(styledCells[row][after])
    }
    styledCells[row][column] = TerminalCell(
      character: character, foreground: foreground, background: background, isBold: isBold,
      isInverse: isInverse)
    if width == 2 {
      styledCells[row][column + 1] = TerminalCell(
        foreground: foreground, background: background, isBold: isBold, isInverse: isInverse,
        isContinuation: true)
    }
    if column + width >= columns {
      column = columns - 1
      isPendingWrap = true
    } else {
      column += width
    }
  }

  /// What remains of half a wide character when the other half is overwritten: a blank in its
  /// colors.
  private static func blanked(_ cell: TerminalCell) -> TerminalCell {
    TerminalCell(
      foreground: cell.foreground, background: cell.background, isInverse: cell.isInverse)
  }

  /// The length of the escape sequence at `index`, or `nil` if it is not complete yet.
  private func escapeLength(at index: Int) -> Int? {
    guard index + 1 < pending.count else { return nil }
    guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
    var end = index + 2
    while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
    return end < pending.count ? end - index + 1 : nil
  }

  private mutating func scroll(up count: Int) {
    let lines = region ?? 0...(rows - 1)
    for _ in 0..<min(count, lines.count) {
      let blank = Array(repeating: erasedCell(), count: columns)
      styledCells.remove(at: lines.lowerBound)
      styledCells.insert(blank, at: lines.upperBound)
    }
  }

  private mutating func scroll(down count: Int) {
    let lines = region ?? 0...(rows - 1)
    for _ in 0..<min(count, lines.count) {
      let blank = Array(repeating: erasedCell(), count: columns)
      styledCells.remove(at: lines.upperBound)
      styledCells.insert(blank, at: lines.lowerBound)
    }
  }

  private mutating func erase(row: Int, columns range: Range<Int>) {
    guard row < rows else { return }
    for index in range where index < columns {
      // Erasing half of a wide character blanks its other half.
      if index == range.lowerBound, styledCells[row][index].isContinuation, index > 0 {
        styledCells[row][index - 1] = Self.blanked(styledCells[row][index - 1])
      }
      styledCells[row][index] = erasedCell()
    }
    let end = range.upperBound
    if end < columns, end > range.lowerBound, styledCells[row][end].isContinuation {
      styledCells[row][end] = Self.blanked(styledCells[row][end])
    }
  }

  private mutating func apply(_ sequence: [UInt8]) {
    guard sequence.count >= 3, sequence[1] == UInt8(ascii: "[") else {
      unexpected.append("escape sequence \(String(decoding: sequence.dropFirst(), as: UTF8.self))")
      return
    }
    let final = sequence.last!
    let parameters = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
    if parameters.hasPrefix("?") {
      if parameters == "?2026", final == UInt8(ascii: "l"), let watchedText,
        text.contains(watchedText)
      {
        watchedTextWasShown = true
      }
      return
    }
    // The host's queries (DA1) and the kitty keyboard push and pop draw nothing.
    if final == UInt8(ascii: "c") || parameters.hasPrefix(">") || parameters.hasPrefix("<") {
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    /// The first parameter, or 1 when it is missing or 0.
    let count = max(1, numbers.first ?? 1)
    func clampRow(_ value: Int) -> Int { min(max(0, value), rows - 1) }
    func clampColumn(_ value: Int) -> Int { min(max(0, value), columns - 1) }
    let before = isPendingWrap
    isPendingWrap = false
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      row = clampRow(max(1, numbers.first ?? 1) - 1)
      column = clampColumn(max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
    case UInt8(ascii: "A"): row = clampRow(row - count)
    case UInt8(ascii: "B"): row = clampRow(row + count)
    case UInt8(ascii: "C"):
      if before { unexpected.append("a relative move from a pending wrap") }
      column = clampColumn(column + count)
    case UInt8(ascii: "D"):
      if before { unexpected.append("a relative move from a pending wrap") }
      column = clampColumn(column - count)
    case UInt8(ascii: "G"): column = clampColumn(count - 1)
    case UInt8(ascii: "d"): row = clampRow(count - 1)
    case UInt8(ascii: "J") where parameters == "2":
      for line in 0..<rows { erase(row: line, columns: 0..<columns) }
    case UInt8(ascii: "K") where numbers.first ?? 0 == 0:
      erase(row: row, columns: column..<columns)
    case UInt8(ascii: "X"):
      erase(row: row, columns: column..<min(columns, column + count))
    case UInt8(ascii: "r"):
      region =
        numbers.count == 2 && numbers[0] >= 1 && numbers[1] > numbers[0]
        ? (numbers[0] - 1)...min(numbers[1] - 1, rows - 1) : nil
      row = 0
      column = 0
    case UInt8(ascii: "S"): scroll(up: count)
    case UInt8(ascii: "T"): scroll(down: count)
    case UInt8(ascii: "m"): setAttributes(numbers.isEmpty ? [0] : numbers)
    default:
      unexpected.append("CSI \(parameters) \(Character(Unicode.Scalar(final)))")
    }
  }

  private mutating func setAttributes(_ numbers: [Int]) {
    var index = 0
    func color(at start: Int) -> (TerminalColor, Int)? {
      guard start < numbers.count else { return nil }
      if numbers[start] == 5, start + 1 < numbers.count, (0...255).contains(numbers[start + 1]) {
        return (TerminalColor(xterm256Index: UInt8(numbers[start + 1])), 2)
      }
      if numbers[start] == 2, start + 3 < numbers.count {
        let channels = numbers[(start + 1)...(start + 3)].map { UInt8(clamping: $0) }
        return (TerminalColor(Color(red: channels[0], green: channels[1], blue: channels[2])), 4)
      }
      return nil
    }
    while index < numbers.count {
      let number = numbers[index]
      index += 1
      switch number {
      case 0:
        (foreground, background, isBold, isInverse) = (.default, .default, false, false)
      case 1: isBold = true
      case 22: isBold = false
      case 7: isInverse = true
      case 27: isInverse = false
      case 30...37: foreground = TerminalColor(xterm256Index: UInt8(number - 30))
      case 90...97: foreground = TerminalColor(xterm256Index: UInt8(number - 90 + 8))
      case 40...47: background = TerminalColor(xterm256Index: UInt8(number - 40))
      case 100...107: background = TerminalColor(xterm256Index: UInt8(number - 100 + 8))
      case 39: foreground = .default
      case 49: background = .default
      case 38, 48:
        guard let (value, used) = color(at: index) else {
          unexpected.append("SGR \(numbers)")
          return
        }
        if number == 38 { foreground = value } else { background = value }
        index += used
      default:
        unexpected.append("SGR \(number)")
      }
    }
  }
}
