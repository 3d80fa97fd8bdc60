import Refresh

/// Just enough of a terminal to read what the demo draws: cursor positioning (`CSI r;c H`),
/// erasing (`CSI 2J`, `CSI K`), scrolling regions (`CSI t;b r`, `CSI n S`, `CSI n T`), text
/// (wide characters take two cells), and every other escape sequence understood and ignored.
public struct ScreenEmulator {
  /// The characters on screen, by row and column.
  public private(set) var cells: [[Character]]
  private var row = 0
  private var column = 0
  private var pending: [UInt8] = []
  private var region: ClosedRange<Int>?

  /// Text looked for at the end of every frame (`ESC[?2026l`), so that a message shown for
  /// less than a read of the pseudo-terminal is still seen; setting it clears
  /// ``watchedTextWasShown``.
  public var watchedText: String? {
    didSet { watchedTextWasShown = false }
  }

  /// Whether a frame that ended since ``watchedText`` was set showed it.
  public private(set) var watchedTextWasShown = false

  /// Creates a blank screen.
  public init(columns: Int, rows: Int) {
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
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
        if byte == 0x0D { column = 0 }
        if byte == 0x0A { row = min(row + 1, cells.count - 1) }
        index += 1
      } else {
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard index + length <= pending.count else { break }
        let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
        for character in text { put(character) }
        index += length
      }
    }
    pending.removeFirst(index)
  }

  private mutating func put(_ character: Character) {
    let width = max(1, TextMetrics.cellWidth(of: character))
    guard row < cells.count, column < cells[row].count else { return }
    cells[row][column] = character
    if width == 2, column + 1 < cells[row].count { cells[row][column + 1] = "\u{0}" }
    column += width
  }

  /// The length of the escape sequence at `index`, or `nil` if it is not complete yet.
  private func escapeLength(at index: Int) -> Int? {
    guard index + 1 < pending.count else { return nil }
    guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
    var end = index + 2
    while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
    return end < pending.count ? end - index + 1 : nil
  }

  private mutating func apply(_ sequence: [UInt8]) {
    guard sequence.count >= 3, sequence[1] == UInt8(ascii: "[") else { return }
    let final = sequence.last!
    let parameters = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
    if parameters == "?2026", final == UInt8(ascii: "l"), let watchedText,
      text.contains(watchedText)
    {
      watchedTextWasShown = true
    }
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      row = max(0, (numbers.first ?? 1) - 1)
      column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
    case UInt8(ascii: "J") where parameters == "2":
      for index in cells.indices { cells[index] = Array(repeating: " ", count: cells[index].count) }
    case UInt8(ascii: "r"):
      region = numbers.count == 2 ? (numbers[0] - 1)...(numbers[1] - 1) : nil
      row = 0
      column = 0
    case UInt8(ascii: "S"), UInt8(ascii: "T"):
      let lines = region ?? 0...(cells.count - 1)
      let count = numbers.first ?? 1
      let blank = Array(repeating: Character(" "), count: cells[0].count)
      for _ in 0..<count {
        if final == UInt8(ascii: "S") {
          cells.remove(at: lines.lowerBound)
          cells.insert(blank, at: lines.upperBound)
        } else {
          cells.remove(at: lines.upperBound)
          cells.insert(blank, at: lines.lowerBound)
        }
      }
    case UInt8(ascii: "K"):
      if row < cells.count {
        for index in column..<cells[row].count { cells[row][index] = " " }
      }
    default:
      break
    }
  }
}
