extension TextMetrics {
  /// The number of cells a character (a grapheme cluster) takes: 0, 1 or 2.
  ///
  /// The widths are those a modern terminal draws: Unicode 15 `wcwidth` widths for each scalar
  /// (East Asian Wide and Fullwidth from UAX #11, <https://www.unicode.org/reports/tr11/>, take
  /// two cells), with a grapheme cluster kept together in one place:
  ///
  /// - An emoji sequence (UTS #51, <https://www.unicode.org/reports/tr51/>) takes two cells: an
  ///   emoji with the emoji presentation selector U+FE0F (`"❤️"`, `"⚠️"`, the keycap `"1️⃣"`), a
  ///   pair of regional indicators (the flag `"🇺🇦"`), an emoji with a skin-tone modifier
  ///   (`"👍🏽"`), emoji joined by U+200D (`"👨‍👩‍👧"`) and tag sequences (England's flag,
  ///   `"\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"`).
  /// - Any other cluster takes the cells of its scalars added up, at most two: East Asian Wide
  ///   and Fullwidth scalars two (CJK, kana, Hangul syllables, fullwidth forms, emoji shown as
  ///   emoji by default, the vertical ellipsis `"︙"`); combining marks, format characters such
  ///   as U+200B and U+200D, controls, the variation selectors and Hangul's medial vowels and
  ///   final consonants none (`"e\u{301}"` takes one); everything else one, half-width kana
  ///   included (`"ｶ"` takes one, `"ｶﾞ"`, two half-width scalars in one cluster, two).
  /// - The soft hyphen U+00AD takes one cell, as Markus Kuhn's `wcwidth`
  ///   (<https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c>) and terminals give it;
  ///   a lone regional indicator takes one (it is Neutral in UAX #11); ambiguous-width
  ///   characters (arrows, box drawing, "…") take one, as terminals do outside CJK locales.
  ///
  /// Measured against tmux 3.3a (`tmux capture-pane`, and the cursor after each string), every
  /// rule above matches what it draws except for two kinds of emoji sequence, which tmux 3.3a
  /// draws at the width of their scalars: those with U+FE0F (one cell for `"❤️"`, `"⚠️"` and
  /// `"1️⃣"`) and those with a skin-tone modifier (four cells for `"👍🏽"`); terminals that size
  /// whole clusters draw them in two, as here. The terminal renderer places the cell after every
  /// multi-scalar cluster explicitly, so a terminal that disagrees shows only that one cluster
  /// out of shape, never the rest of the line shifted.
  ///
  /// ```swift
  /// TextMetrics.cellWidth(of: "下")  // 2
  /// TextMetrics.cellWidth(of: "❤️")  // 2
  /// TextMetrics.cellWidth(of: "❤")  // 1
  /// TextMetrics.cellWidth(of: "\u{200B}")  // 0
  /// ```
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: The cells it takes: 0, 1 or 2.
  @inlinable
  public static func cellWidth(of character: Character) -> Int {
    // One ASCII byte first, inlined into the renderers' loops: a printable character takes a
    // cell, a control none.
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first { return byte >= 0x20 && byte < 0x7F ? 1 : 0 }
    return cellWidth(ofCluster: character)
  }

  /// ``cellWidth(of:)`` for every character but a single ASCII one.
  @usableFromInline
  static func cellWidth(ofCluster character: Character) -> Int {
    let scalars = character.unicodeScalars
    if isEmojiSequence(scalars) { return 2 }
    var cells = 0
    for scalar in scalars { cells += cellWidth(of: scalar) }
    return min(cells, 2)
  }

  /// Whether a cluster is an emoji sequence of UTS #51 (ED-14 to ED-17): a presentation, keycap,
  /// modifier, flag, tag or ZWJ sequence.
  private static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
    guard let base = scalars.first else { return false }
    let rest = scalars.dropFirst()
    guard let second = rest.first else { return false }
    if isRegionalIndicator(base) { return isRegionalIndicator(second) }
    guard base.properties.isEmoji else { return false }
    var previous = base
    for scalar in rest {
      switch scalar.value {
      // The emoji presentation selector, the combining keycap, the cancel tag.
      case 0xFE0F, 0x20E3, 0xE007F: return true
      default:
        if previous.value == 0x200D, scalar.properties.isEmoji { return true }
        if scalar.properties.isEmojiModifier, previous.properties.isEmojiModifierBase {
          return true
        }
      }
      previous = scalar
    }
    return false
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// The cells one scalar takes on its own (`wcwidth`): 0, 1 or 2.
  private static func cellWidth(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }  // DEL and the C1 controls.
    if value == 0xAD { return 1 }  // The soft hyphen, shown as a hyphen by terminals.
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
      return 0
    default:
      break
    }
    // Hangul medial vowels and final consonants join the initial consonant before them.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// Whether a scalar value is East Asian Wide (W) or Fullwidth (F) in UAX #11.
  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= wideRanges[0].lowerBound else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The East Asian Wide and Fullwidth ranges of Unicode 15's `EastAsianWidth.txt`, sorted;
  /// emoji with default emoji presentation are Wide there.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
    0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
    0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
    0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
    0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
    0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
