extension TextMetrics {
  /// The characters of one line in the order they show from left to right, for a terminal,
  /// whose cells show characters in the order they are written.
  ///
  /// A simplified Unicode Bidirectional Algorithm (UAX #9, <https://www.unicode.org/reports/tr9/>)
  /// for a line without embeddings or isolates: the paragraph's direction is its first strong
  /// character's (P2–P3), right to left for Hebrew and Arabic script and left to right for other
  /// letters; digits, with the separators between them (`14:30`, `1,000`), keep their order and
  /// take the direction of a left-to-right letter before them (W4, W7); neutral characters
  /// between two characters of one direction take it, and the paragraph's otherwise (N1–N2);
  /// trailing spaces take the paragraph's (L1); then runs are reversed from the highest level
  /// down (L2), and brackets in right-to-left runs are mirrored (L4). A line with no
  /// right-to-left character comes back as it is.
  ///
  /// ```swift
  /// String(TextMetrics.visualOrder(of: "أفلت للتحديث"))  // "ثيدحتلل تلفأ"
  /// String(TextMetrics.visualOrder(of: "Post #100"))  // "Post #100"
  /// ```
  ///
  /// Shaping (Arabic letters joined into their contextual forms) is left to the terminal.
  ///
  /// - Parameter line: One line of text, without line breaks.
  /// - Returns: Its characters in display order.
  public static func visualOrder<Line: StringProtocol>(of line: Line) -> [Character] {
    let characters = Array(line)
    guard characters.contains(where: { bidiClass(of: $0) == .rightToLeft }) else {
      return characters
    }
    let classes = characters.map(bidiClass(of:))
    let paragraph = classes.first { $0 == .leftToRight || $0 == .rightToLeft } ?? .leftToRight
    let isRightToLeft = paragraph == .rightToLeft
    var resolved = classes
    // W4: a separator between two digits joins the number.
    for index in resolved.indices.dropFirst().dropLast()
    where resolved[index] == .neutral && numberSeparators.contains(characters[index])
      && resolved[index - 1] == .number && resolved[index + 1] == .number
    {
      resolved[index] = .number
    }
    // W7: digits after a left-to-right letter (or at the start of a left-to-right line) are
    // left to right.
    var lastStrong = paragraph
    for index in resolved.indices {
      switch resolved[index] {
      case .leftToRight, .rightToLeft: lastStrong = resolved[index]
      case .number where lastStrong == .leftToRight: resolved[index] = .leftToRight
      default: break
      }
    }
    // N1–N2: neutrals between two of one direction (digits count as right to left) take it.
    func direction(_ bidi: BidiClass) -> BidiClass { bidi == .number ? .rightToLeft : bidi }
    var index = 0
    while index < resolved.count {
      guard resolved[index] == .neutral else {
        index += 1
        continue
      }
      var end = index
      while end < resolved.count, resolved[end] == .neutral { end += 1 }
      let before = index > 0 ? direction(resolved[index - 1]) : paragraph
      let after = end < resolved.count ? direction(resolved[end]) : paragraph
      let taken = before == after ? before : paragraph
      for neutral in index..<end { resolved[neutral] = taken }
      index = end
    }
    // I1–I2: the levels.
    var levels = resolved.map { bidi -> Int in
      switch (bidi, isRightToLeft) {
      case (.rightToLeft, _): 1
      case (.number, _): 2
      case (_, true): 2
      default: 0
      }
    }
    // L1: trailing spaces take the paragraph's level.
    var trailing = characters.count - 1
    while trailing >= 0, characters[trailing].isWhitespace {
      levels[trailing] = isRightToLeft ? 1 : 0
      trailing -= 1
    }
    // L2: reverse every run at or above each level, from the highest down to the lowest odd.
    var order = Array(characters.indices)
    let highest = levels.max() ?? 0
    for level in stride(from: highest, through: 1, by: -1) {
      var start = 0
      while start < order.count {
        guard levels[order[start]] >= level else {
          start += 1
          continue
        }
        var end = start
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[start..<end].reverse()
        start = end
      }
    }
    // L4: mirrored brackets in right-to-left runs.
    return order.map { position in
      let character = characters[position]
      guard levels[position] % 2 == 1, let mirror = mirroredBrackets[character] else {
        return character
      }
      return mirror
    }
  }

  /// The direction of the first strong character of a line (UAX #9's P2), or `nil` when it has
  /// none (digits, punctuation).
  ///
  /// - Parameter line: The text.
  /// - Returns: Right to left for Hebrew or Arabic script first, left to right for other
  ///   letters first.
  public static func writingDirection<Line: StringProtocol>(of line: Line)
    -> UserInterfaceLayoutDirection?
  {
    for character in line {
      switch bidiClass(of: character) {
      case .leftToRight: return .leftToRight
      case .rightToLeft: return .rightToLeft
      default: continue
      }
    }
    return nil
  }

  /// The few bidirectional classes this algorithm tells apart.
  enum BidiClass {
    /// Letters of left-to-right scripts (UAX #9's L).
    case leftToRight
    /// Letters of Hebrew, Arabic and the other right-to-left scripts (R and AL).
    case rightToLeft
    /// Digits (EN and AN).
    case number
    /// Everything else: spaces, punctuation, symbols (the neutral and weak classes).
    case neutral
  }

  /// The class of a character, by its first scalar.
  static func bidiClass(of character: Character) -> BidiClass {
    guard let scalar = character.unicodeScalars.first else { return .neutral }
    let value = scalar.value
    if value < 0x80 {
      if (0x30...0x39).contains(value) { return .number }
      let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
      return isLetter ? .leftToRight : .neutral
    }
    // Arabic-Indic and Extended Arabic-Indic digits (AN, EN).
    if (0x0660...0x0669).contains(value) || (0x06F0...0x06F9).contains(value) { return .number }
    // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their extensions and
    // presentation forms, and the right-to-left scripts of the supplementary planes.
    if (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
      || (0xFE70...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
      || (0x1E800...0x1EFFF).contains(value)
    {
      return .rightToLeft
    }
    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
      return .leftToRight
    }
    return .neutral
  }

  /// Separators that join the digits on both sides into one number (UAX #9's CS and ES).
  private static let numberSeparators: Set<Character> = [":", ",", ".", "/", "-", "+"]

  /// Brackets and their mirror images (`BidiMirroring.txt`'s common pairs).
  private static let mirroredBrackets: [Character: Character] = [
    "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»",
    "»": "«",
  ]
}
