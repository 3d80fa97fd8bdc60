/// Decodes the bytes a terminal sends into ``InputEvent``s: UTF-8 text, control keys, CSI and
/// SS3 key sequences (Shift-Tab's `ESC [ Z` among them, ``Key/backTab``), SGR mouse reports (`ESC [ < b ; x ; y M` or `m`), bracketed pastes
/// (`ESC [ 200 ~` text `ESC [ 201 ~`), focus reports (`ESC [ I`, `ESC [ O`), the kitty
/// keyboard protocol's keys (`ESC [ code ; modifiers u`) and the terminal's replies to queries
/// (``InputEvent/reply(_:)``: DECRPM, the kitty keyboard flags, DA1, the cell size).
///
/// A kitty key becomes the keys its legacy encoding gives, so that an app sees the same keys
/// with the protocol on or off: `ESC [ 27 u` is ``Key/escape``, `ESC [ 99 ; 5 u` (Ctrl-C) is
/// `.control(3)`, and Alt with a key (`ESC [ 106 ; 3 u`) is ``Key/escape`` then the key.
/// Modifiers that have no legacy encoding (Ctrl with a digit, Super) are dropped, as legacy
/// terminals drop them.
///
/// Feed it bytes as they arrive; a sequence split across reads is completed by the next read.
/// Bad input never stops it: malformed or overlong sequences and invalid UTF-8 are dropped, and
/// an Escape that nothing follows is reported once ``flush()`` is called (after a short pause).
///
/// A paste is one ``InputEvent/paste(_:)`` however long it is and however it is split: what it
/// holds (keys, escape sequences, Ctrl-C) is its text, and only the end marker ends it. The
/// cost is linear in the bytes. A paste whose end does not come ends at ``flush()`` with the
/// text that came, so that a terminal that stops mid-paste cannot turn every later key into
/// pasted text.
///
/// ```swift
/// var parser = InputParser()
/// parser.feed(Array("\u{1B}[<0;10;5M".utf8))  // [.mouse(press at column 9, row 4)]
/// ```
public struct InputParser: Sendable {
  /// Bytes of an incomplete sequence or character.
  private var pending: [UInt8] = []
  /// Whether the bytes of an overlong sequence are being dropped until its final byte.
  private var isDiscarding = false
  /// The bytes of the paste under way, its start marker read and its end not yet; `nil`
  /// outside a paste.
  private var pasted: [UInt8]?

  /// The marker that ends a bracketed paste, `ESC [ 201 ~`.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The longest escape sequence kept while waiting for its end; longer ones are dropped.
  public static let maximumSequenceLength = 64

  /// The size of a cell in pixels while the terminal reports mouse positions in pixels
  /// (SGR-Pixels, ``TerminalModes/sgrPixels``), or `nil` while it reports cells.
  ///
  /// When set, an SGR mouse report's position is a pixel, and the event's cell and the
  /// fractions within it (``MouseEvent/columnFraction``, ``MouseEvent/rowFraction``) are
  /// computed with this size. ``TerminalHost`` sets it when it turns SGR-Pixels on.
  public var cellSizeInPixels: (width: Int, height: Int)?

  /// Creates a parser.
  public init() {}

  /// Whether bytes of an unfinished sequence are waiting (a lone Escape, say), or a paste is
  /// under way (``isPasting``).
  public var hasPendingInput: Bool { !pending.isEmpty || pasted != nil }

  /// Whether a bracketed paste has begun and not yet ended.
  public var isPasting: Bool { pasted != nil }

  /// Decodes bytes, returning the complete events they finish.
  ///
  /// - Parameter bytes: The bytes read from the terminal.
  /// - Returns: The events, in order.
  public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] {
    pending += bytes
    var events: [InputEvent] = []
    var index = 0
    while isDiscarding, index < pending.count {
      if (0x40...0x7E).contains(pending[index]) { isDiscarding = false }
      index += 1
    }
    while index < pending.count {
      if pasted != nil {
        // Inside a paste every byte is text, up to the end marker.
        guard let next = continuePaste(at: index, into: &events) else { return events }
        index = next
        continue
      }
      switch decode(at: index) {
      case .event(let event, let length):
        events.append(event)
        index += length
      case .events(let decoded, let length):
        events += decoded
        index += length
      case .pasteStart(let length):
        pasted = []
        index += length
      case .skip(let length):
        index += length
      case .discard(let length):
        // An overlong sequence: drop it, and whatever follows up to its final byte.
        index += length
        isDiscarding = true
        while isDiscarding, index < pending.count {
          if (0x40...0x7E).contains(pending[index]) { isDiscarding = false }
          index += 1
        }
      case .incomplete:
        pending.removeFirst(index)
        return events
      }
    }
    pending.removeAll(keepingCapacity: true)
    return events
  }

  /// Ends whatever is waiting: a lone Escape becomes ``Key/escape``, a paste under way becomes
  /// a paste of the text that came, anything else is dropped.
  ///
  /// Call it when no byte has arrived for a short while (terminals send a sequence at once; a
  /// paste over a slow link may pause, so wait longer while ``isPasting``).
  ///
  /// - Returns: The Escape key or the paste, if one was waiting.
  public mutating func flush() -> [InputEvent] {
    defer {
      pending.removeAll()
      isDiscarding = false
      pasted = nil
    }
    if let pasted { return [.paste(Self.pasteText(pasted + pending))] }
    return pending.first == 0x1B ? [.key(.escape)] : []
  }

  /// Moves the paste's bytes from `start` on into ``pasted``, up to and past its end marker.
  ///
  /// - Returns: Where decoding goes on after the end marker, with the paste's event appended;
  ///   `nil` when the end has not come yet, with ``pending`` holding only what could still be
  ///   the start of the end marker.
  private mutating func continuePaste(at start: Int, into events: inout [InputEvent]) -> Int? {
    var index = start
    while let escape = pending[index...].firstIndex(of: 0x1B) {
      let available = pending[escape...].prefix(Self.pasteEnd.count)
      guard available.elementsEqual(Self.pasteEnd.prefix(available.count)) else {
        index = escape + 1
        continue
      }
      pasted! += pending[start..<escape]
      guard available.count == Self.pasteEnd.count else {
        // The marker may be split across reads: keep its first bytes for the next one.
        pending.removeFirst(escape)
        return nil
      }
      events.append(.paste(Self.pasteText(pasted!)))
      pasted = nil
      return escape + Self.pasteEnd.count
    }
    pasted! += pending[start...]
    pending.removeAll(keepingCapacity: true)
    return nil
  }

  /// A paste's text: its bytes as UTF-8 (U+FFFD for what is not), with the carriage returns
  /// terminals send for line breaks (`\r`, `\r\n`) as `\n`.
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var lines: [UInt8] = []
    lines.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard byte == 0x0D else {
        lines.append(byte)
        continue
      }
      lines.append(0x0A)
      if index < bytes.count, bytes[index] == 0x0A { index += 1 }
    }
    return String(decoding: lines, as: UTF8.self)
  }

  private enum Step {
    case event(InputEvent, length: Int)
    case events([InputEvent], length: Int)
    case pasteStart(length: Int)
    case skip(length: Int)
    case discard(length: Int)
    case incomplete
  }

  private func decode(at start: Int) -> Step {
    let byte = pending[start]
    switch byte {
    case 0x1B: return decodeEscape(at: start)
    case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
    case 0x09: return .event(.key(.tab), length: 1)
    case 0x7F, 0x08: return .event(.key(.backspace), length: 1)
    case 0x00..<0x20: return .event(.key(.control(byte)), length: 1)
    case 0x20..<0x7F: return .event(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
    default: return decodeUTF8(at: start)
    }
  }

  private func decodeUTF8(at start: Int) -> Step {
    let byte = pending[start]
    let length: Int
    switch byte {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .skip(length: 1)  // a stray continuation byte or an invalid lead
    }
    guard start + length <= pending.count else {
      // Wait for the rest, unless what has come already cannot continue this character.
      let available = pending[(start + 1)...]
      return available.allSatisfy { $0 & 0xC0 == 0x80 } ? .incomplete : .skip(length: 1)
    }
    let bytes = Array(pending[start..<(start + length)])
    guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
      let text = String(validating: bytes, as: UTF8.self), let character = text.first
    else { return .skip(length: 1) }
    return .event(.key(.character(character)), length: length)
  }

  private func decodeEscape(at start: Int) -> Step {
    guard start + 1 < pending.count else { return .incomplete }
    switch pending[start + 1] {
    case UInt8(ascii: "["): return decodeCSI(at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return .incomplete }
      let key = Self.cursorKey(final: pending[start + 2])
      return key.map { .event(.key($0), length: 3) } ?? .skip(length: 3)
    case 0x1B:
      return .event(.key(.escape), length: 1)
    default:
      // Alt with a key: report the Escape, then the key on its own.
      return .event(.key(.escape), length: 1)
    }
  }

  private func decodeCSI(at start: Int) -> Step {
    // ESC [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E)
    var end = start + 2
    while end < pending.count {
      let byte = pending[end]
      if (0x40...0x7E).contains(byte) { break }
      guard (0x20...0x3F).contains(byte) else { return .skip(length: end - start) }
      end += 1
      if end - start > Self.maximumSequenceLength { return .discard(length: end - start) }
    }
    guard end < pending.count else { return .incomplete }
    let parameters = Array(pending[(start + 2)..<end])
    let final = pending[end]
    let length = end - start + 1
    if parameters.first == UInt8(ascii: "<") {
      return mouse(parameters.dropFirst(), final: final).map { .event(.mouse($0), length: length) }
        ?? .skip(length: length)
    }
    if parameters.first == UInt8(ascii: "?") {
      return Self.reply(parameters.dropFirst(), final: final).map {
        .event(.reply($0), length: length)
      } ?? .skip(length: length)
    }
    if final == UInt8(ascii: "u") {
      return Self.kittyKey(parameters).map { .events($0, length: length) }
        ?? .skip(length: length)
    }
    if final == UInt8(ascii: "t") {
      // XTWINOPS' report of the cell size: `6 ; height ; width`, both at least a pixel.
      guard let numbers = Self.integers(parameters[...]), numbers.count == 3, numbers[0] == 6,
        numbers[1] > 0, numbers[2] > 0
      else { return .skip(length: length) }
      return .event(.reply(.cellSize(width: numbers[2], height: numbers[1])), length: length)
    }
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    if numbers == [200], final == UInt8(ascii: "~") { return .pasteStart(length: length) }
    if parameters.isEmpty, final == UInt8(ascii: "I") {
      return .event(.focusGained, length: length)
    }
    if parameters.isEmpty, final == UInt8(ascii: "O") { return .event(.focusLost, length: length) }
    let key: Key? =
      if final == UInt8(ascii: "~") {
        switch numbers.first ?? nil {
        case 1, 7: .home
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        // xterm's function keys (`ESC [ 15 ~` is F5); 11 to 14 are rxvt's F1 to F4.
        case let number?: Self.functionKeyCodes[number].map { .function($0) }
        default: nil
        }
      } else if parameters.isEmpty, final == UInt8(ascii: "Z") {
        .backTab
      } else {
        Self.cursorKey(final: final)
      }
    return key.map { .event(.key($0), length: length) } ?? .skip(length: length)
  }

  /// The numbers of `;`-separated parameters, `nil` when one is empty or not a number.
  private static func integers(_ bytes: ArraySlice<UInt8>) -> [Int]? {
    var numbers: [Int] = []
    for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
      guard field.count <= 9, let number = Int(String(decoding: field, as: UTF8.self)),
        number >= 0
      else { return nil }
      numbers.append(number)
    }
    return numbers
  }

  /// Decodes a reply that starts `ESC [ ?`: DECRPM (`? mode ; state $ y`), the kitty keyboard
  /// flags (`? flags u`) or DA1 (`? attributes c`).
  private static func reply(_ parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalReply? {
    switch final {
    case UInt8(ascii: "y"):
      guard parameters.last == UInt8(ascii: "$"), let numbers = integers(parameters.dropLast()),
        numbers.count == 2, let state = TerminalModeState(rawValue: numbers[1])
      else { return nil }
      return .mode(numbers[0], state)
    case UInt8(ascii: "u"):
      guard let numbers = integers(parameters), numbers.count == 1 else { return nil }
      return .keyboardFlags(numbers[0])
    case UInt8(ascii: "c"):
      guard let numbers = integers(parameters) else { return nil }
      return .deviceAttributes(numbers)
    default:
      return nil
    }
  }

  /// The kitty keyboard protocol's modifier bits (its modifier parameter less one).
  private static let shiftBit = 1
  private static let altBit = 2
  private static let controlBit = 4

  /// Kitty's code for the keypad's Enter, in its private-use range of functional keys.
  private static let keypadEnterCode = 57_414

  /// Decodes a kitty key, `code[:alternates] ; modifiers[:event] [; text] u`, into the keys
  /// its legacy encoding gives (see the overview); `nil` for a key legacy input has no bytes
  /// for, or a release.
  private static func kittyKey(_ parameters: [UInt8]) -> [InputEvent]? {
    let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    func firstNumber(_ index: Int, default value: Int) -> Int? {
      guard index < fields.count else { return value }
      let part = fields[index].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard let first = part.first, !first.isEmpty else { return value }
      guard first.count <= 9 else { return nil }
      return Int(String(decoding: first, as: UTF8.self))
    }
    guard let code = firstNumber(0, default: -1), code >= 0,
      let modifiers = firstNumber(1, default: 1), modifiers >= 1
    else { return nil }
    // A release (event type 3) is no key press; legacy input has no releases.
    if fields.count > 1 {
      let part = fields[1].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      if part.count > 1, part[1].elementsEqual("3".utf8) { return nil }
    }
    let bits = modifiers - 1
    var bytes: [UInt8]
    switch code {
    // Shift-Tab's legacy bytes are the back tab's, `ESC [ Z`.
    case 9 where bits & shiftBit != 0: bytes = [0x1B, UInt8(ascii: "["), UInt8(ascii: "Z")]
    case 27, 13, 9, 127, 8: bytes = [UInt8(code)]
    case keypadEnterCode: bytes = [0x0D]
    case 0x20..<0x7F:
      var byte = UInt8(code)
      if bits & shiftBit != 0, (0x61...0x7A).contains(byte) { byte -= 0x20 }
      if bits & controlBit != 0, let control = controlByte(byte) { byte = control }
      bytes = [byte]
    case 0x80..<0xE000, 0xF900...0x10FFFF:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      var text = String(scalar)
      if bits & shiftBit != 0 { text = text.uppercased() }
      bytes = Array(text.utf8)
    default:
      return nil  // kitty's other functional keys (private use), which legacy input lacks
    }
    if bits & altBit != 0 { bytes.insert(0x1B, at: 0) }
    var legacy = InputParser()
    return legacy.feed(bytes) + legacy.flush()
  }

  /// The control character Ctrl gives with a key in legacy input: Ctrl-A to Ctrl-Z, Ctrl-@,
  /// Ctrl-[ to Ctrl-_, Ctrl-Space, and xterm's Ctrl-2 to Ctrl-8; `nil` for the others.
  private static func controlByte(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x40...0x5F: byte - 0x40
    case 0x61...0x7A: byte - 0x60
    case 0x20, UInt8(ascii: "2"): 0
    case UInt8(ascii: "3")...UInt8(ascii: "7"): byte - UInt8(ascii: "3") + 0x1B
    case UInt8(ascii: "8"), UInt8(ascii: "?"): 0x7F
    default: nil
    }
  }

  /// The function keys of `ESC [ n ~` sequences, by `n` (xterm's numbering, which skips 16
  /// and 22).
  private static let functionKeyCodes: [Int: Int] = [
    11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12,
  ]

  /// The key a cursor sequence's final byte names, in both its `ESC [` and `ESC O` forms (F1 to
  /// F4 are `ESC O P` to `ESC O S`).
  private static func cursorKey(final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// Decodes the parameters of an SGR mouse report (`b;x;y`, 1-based cells).
  private func mouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> MouseEvent? {
    let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard fields.count == 3,
      let code = Int(String(decoding: fields[0], as: UTF8.self)),
      let x = Int(String(decoding: fields[1], as: UTF8.self)),
      let y = Int(String(decoding: fields[2], as: UTF8.self)),
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
      (0...1_000_000).contains(x), (0...1_000_000).contains(y), code >= 0
    else { return nil }
    var column = max(0, x - 1)
    var row = max(0, y - 1)
    var fractions = (column: 0.5, row: 0.5)
    if let cell = cellSizeInPixels, cell.width > 0, cell.height > 0 {
      // Pixels from 1 at the screen's top left corner: the cell, and where in it.
      fractions = (
        Double(column % cell.width) / Double(cell.width),
        Double(row % cell.height) / Double(cell.height)
      )
      column /= cell.width
      row /= cell.height
    }
    let button = code & 0b11
    if code & 64 != 0 {
      let (dx, dy) =
        switch button {
        case 0: (0, -1)
        case 1: (0, 1)
        case 2: (-1, 0)
        default: (1, 0)
        }
      return MouseEvent(
        kind: .wheel(dx: dx, dy: dy), column: column, row: row,
        columnFraction: fractions.column, rowFraction: fractions.row)
    }
    if final == UInt8(ascii: "m") {
      return MouseEvent(
        kind: .release, button: button, column: column, row: row,
        columnFraction: fractions.column, rowFraction: fractions.row)
    }
    let kind: MouseEvent.Kind = code & 32 != 0 ? .drag : .press
    return MouseEvent(
      kind: kind, button: button, column: column, row: row, columnFraction: fractions.column,
      rowFraction: fractions.row)
  }
}
