import Foundation

/// The text form of a recording's entries (see ``TerminalRecording``).
extension TerminalRecording {
  /// The names of the keys that have one, as the file spells them.
  private static let keyNames: [(Key, String)] = [
    (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"),
    (.pageUp, "pageUp"), (.pageDown, "pageDown"), (.home, "home"), (.end, "end"),
    (.enter, "enter"), (.escape, "escape"), (.tab, "tab"), (.backTab, "backTab"),
    (.backspace, "backspace"),
  ]

  /// One entry's line: the time to the millisecond, then the event.
  static func line(for entry: Entry) -> String {
    let time = String(format: "%.3f", entry.time)
    switch entry.event {
    case .end:
      return "\(time) end"
    case .resize(let columns, let rows):
      return "\(time) resize \(columns) \(rows)"
    case .input(.key(let key)):
      switch key {
      case .character(let character): return "\(time) key char \(quoted(character))"
      case .control(let code): return "\(time) key control \(code)"
      default: return "\(time) key \(keyNames.first { $0.0 == key }?.1 ?? "?")"
      }
    case .input(.mouse(let mouse)):
      let button = mouse.button == 0 ? "" : " button \(mouse.button)"
      switch mouse.kind {
      case .press: return "\(time) mouse press \(mouse.column) \(mouse.row)\(button)"
      case .drag: return "\(time) mouse drag \(mouse.column) \(mouse.row)\(button)"
      case .release: return "\(time) mouse release \(mouse.column) \(mouse.row)\(button)"
      case .wheel(let dx, let dy):
        return "\(time) mouse wheel \(dx) \(dy) \(mouse.column) \(mouse.row)\(button)"
      }
    case .input(.paste(let text)):
      return "\(time) paste \(quoted(text: text))"
    case .input(.focusGained):
      return "\(time) focus in"
    case .input(.focusLost):
      return "\(time) focus out"
    case .input(.reply(.mode(let mode, let state))):
      return "\(time) reply mode \(mode) \(state.rawValue)"
    case .input(.reply(.keyboardFlags(let flags))):
      return "\(time) reply keyboard \(flags)"
    case .input(.reply(.deviceAttributes(let attributes))):
      return "\(time) reply attributes" + attributes.map { " \($0)" }.joined()
    case .input(.reply(.cellSize(let width, let height))):
      return "\(time) reply cell \(width) \(height)"
    }
  }

  /// Reads one entry's line.
  static func entry(from line: String, number: Int) throws(ParseError) -> Entry {
    func fail(_ reason: String) -> ParseError { ParseError(line: number, reason: reason) }
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let first = words.first, let time = TimeInterval(first), time.isFinite, time >= 0
    else { throw fail("expected a time in seconds, found '\(words.first ?? "")'") }
    guard words.count >= 2 else { throw fail("expected an event after the time") }
    func integers(_ range: Range<Int>) throws(ParseError) -> [Int] {
      var values: [Int] = []
      for index in range {
        guard index < words.count, let value = Int(words[index]) else {
          throw fail("expected a whole number at word \(index + 1) of '\(line)'")
        }
        values.append(value)
      }
      return values
    }
    switch words[1] {
    case "end":
      guard words.count == 2 else { throw fail("'end' takes nothing after it") }
      return Entry(time: time, event: .end)
    case "resize":
      guard words.count == 4 else { throw fail("'resize' takes columns and rows") }
      let size = try integers(2..<4)
      guard size[0] > 0, size[1] > 0 else { throw fail("a size is at least 1 × 1 cells") }
      return Entry(time: time, event: .resize(columns: size[0], rows: size[1]))
    case "key":
      return Entry(time: time, event: .input(.key(try key(in: line, words: words, number: number))))
    case "mouse":
      guard words.count >= 3 else { throw fail("'mouse' takes a kind and a cell") }
      let kind = words[2]
      let place = kind == "wheel" ? try integers(3..<7) : try integers(3..<5)
      var rest = Array(words.dropFirst(kind == "wheel" ? 7 : 5))
      var button = 0
      if rest.first == "button" {
        guard rest.count >= 2, let value = Int(rest[1]), (0...2).contains(value) else {
          throw fail("'button' takes 0, 1 or 2")
        }
        button = value
        rest.removeFirst(2)
      }
      guard rest.isEmpty else { throw fail("unexpected '\(rest.joined(separator: " "))'") }
      let cell = place.suffix(2)
      guard cell.allSatisfy({ $0 >= 0 }) else { throw fail("cells are counted from 0") }
      let mouseKind: MouseEvent.Kind
      switch kind {
      case "press": mouseKind = .press
      case "drag": mouseKind = .drag
      case "release": mouseKind = .release
      case "wheel": mouseKind = .wheel(dx: place[0], dy: place[1])
      default: throw fail("unknown mouse event '\(kind)'")
      }
      let event = MouseEvent(
        kind: mouseKind, button: button, column: cell[cell.startIndex],
        row: cell[cell.startIndex + 1])
      return Entry(time: time, event: .input(.mouse(event)))
    case "paste":
      // The text is the quoted rest of the line.
      guard let open = line.firstIndex(of: "\""), let text = unquotedText(line[open...]) else {
        throw fail("'paste' takes a quoted text")
      }
      return Entry(time: time, event: .input(.paste(text)))
    case "focus":
      guard words.count == 3, words[2] == "in" || words[2] == "out" else {
        throw fail("'focus' takes 'in' or 'out'")
      }
      return Entry(time: time, event: .input(words[2] == "in" ? .focusGained : .focusLost))
    case "reply":
      return Entry(time: time, event: .input(.reply(try reply(words: words, number: number))))
    default:
      throw fail("unknown event '\(words[1])'")
    }
  }

  /// Reads a terminal reply's words: `mode 2026 2`, `keyboard 1`, `attributes 62 22`,
  /// `cell 8 16` (width, then height).
  private static func reply(words: [String], number: Int) throws(ParseError) -> TerminalReply {
    func fail(_ reason: String) -> ParseError { ParseError(line: number, reason: reason) }
    let numbers = words.dropFirst(3).compactMap { Int($0) }
    guard words.count >= 3, numbers.count == words.count - 3, numbers.allSatisfy({ $0 >= 0 })
    else { throw fail("'reply' takes a kind and whole numbers") }
    switch words[2] {
    case "mode":
      guard numbers.count == 2, let state = TerminalModeState(rawValue: numbers[1]) else {
        throw fail("'reply mode' takes a mode and a state, 0 to 4")
      }
      return .mode(numbers[0], state)
    case "keyboard":
      guard numbers.count == 1 else { throw fail("'reply keyboard' takes the flags") }
      return .keyboardFlags(numbers[0])
    case "attributes":
      return .deviceAttributes(numbers)
    case "cell":
      guard numbers.count == 2, numbers.allSatisfy({ $0 > 0 }) else {
        throw fail("'reply cell' takes a width and a height, in pixels")
      }
      return .cellSize(width: numbers[0], height: numbers[1])
    default:
      throw fail("unknown reply '\(words[2])'")
    }
  }

  private static func key(in line: String, words: [String], number: Int) throws(ParseError) -> Key {
    func fail(_ reason: String) -> ParseError { ParseError(line: number, reason: reason) }
    guard words.count >= 3 else { throw fail("'key' takes a key") }
    switch words[2] {
    case "char":
      // The character is the quoted rest of the line, which may hold spaces.
      guard let open = line.firstIndex(of: "\""), let character = unquoted(line[open...]) else {
        throw fail("'char' takes one quoted character")
      }
      return .character(character)
    case "control":
      guard words.count == 4, let code = UInt8(words[3]) else {
        throw fail("'control' takes a byte, 0 to 255")
      }
      return .control(code)
    default:
      guard words.count == 3, let key = keyNames.first(where: { $0.1 == words[2] })?.0 else {
        throw fail("unknown key '\(words[2...].joined(separator: " "))'")
      }
      return key
    }
  }

  /// A character in quotes: visible characters as they are, `"`, `\` and the rest as
  /// `\u{…}` escapes of their scalars.
  static func quoted(_ character: Character) -> String {
    quoted(text: String(character), keepingSpaces: false)
  }

  /// A text in quotes, as ``quoted(_:)`` writes a character, but with its spaces as they are
  /// (a paste's text is the rest of its line).
  static func quoted(text: String, keepingSpaces: Bool = true) -> String {
    var quoted = "\""
    for character in text {
      let isVisible =
        (!character.isWhitespace || (keepingSpaces && character == " ")) && character != "\""
        && character != "\\"
        && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
      if isVisible {
        quoted.append(character)
      } else {
        for scalar in character.unicodeScalars {
          quoted += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
      }
    }
    return quoted + "\""
  }

  /// The character of a quoted text, or `nil` when it is not one character in quotes.
  static func unquoted(_ text: Substring) -> Character? {
    guard let result = unquotedText(text), result.count == 1 else { return nil }
    return result.first
  }

  /// The text in quotes, with its `\u{…}` escapes read, or `nil` when it is not a quoted text.
  static func unquotedText(_ text: Substring) -> String? {
    guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
    var body = text.dropFirst().dropLast()
    var result = ""
    while let next = body.first {
      if body.hasPrefix("\\u{") {
        guard let close = body.firstIndex(of: "}"),
          let value = UInt32(body[body.index(body.startIndex, offsetBy: 3)..<close], radix: 16),
          let scalar = Unicode.Scalar(value)
        else { return nil }
        result.unicodeScalars.append(scalar)
        body = body[body.index(after: close)...]
      } else {
        guard next != "\\", next != "\"" else { return nil }
        result.append(next)
        body = body.dropFirst()
      }
    }
    return result
  }
}
