// How many terminal cells a character takes. Refresh's `TextMetrics` (on another branch) answers
// the same question for layout; the two are to be unified. Until then this is the renderers' own,
// deliberately small, copy.

/// The number of terminal cells a character (a grapheme cluster) occupies: 0, 1 or 2.
///
/// The first scalar that has a width decides: East Asian Wide and Fullwidth scalars (UAX #11)
/// take 2 cells; combining marks, format characters and controls take 0, so a base letter with
/// accents takes 1. Ambiguous-width scalars (arrows, box drawing) count 1, as terminals do
/// outside CJK locales.
func cellWidth(of character: Character) -> Int {
  for scalar in character.unicodeScalars {
    let width = cellWidth(of: scalar)
    if width > 0 { return width }
  }
  return 0
}

/// The number of cells a string occupies on one line: the sum of its characters' widths.
func cellWidth(of text: some StringProtocol) -> Int {
  var total = 0
  for character in text { total += cellWidth(of: character) }
  return total
}

/// The number of cells one scalar occupies on its own: 0, 1 or 2.
func cellWidth(of scalar: Unicode.Scalar) -> Int {
  let value = scalar.value
  if value < 0x7F { return value >= 0x20 ? 1 : 0 }
  if value < 0xA0 { return 0 }  // DEL and the C1 controls.
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format, .control:
    return 0
  default:
    break
  }
  // Hangul medial vowels and final consonants combine with the preceding initial.
  if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
  return isWide(value) ? 2 : 1
}

/// Whether a scalar value is East Asian Wide (W) or Fullwidth (F) in UAX #11.
private func isWide(_ value: UInt32) -> Bool {
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

/// The East Asian Wide and Fullwidth ranges of Unicode 15, sorted; emoji with default emoji
/// presentation are Wide.
private let wideRanges: [ClosedRange<UInt32>] = [
  0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
  0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
  0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
  0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
  0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
  0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
  0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
  0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
  0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
  0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CFF,
  0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF, 0x1F004...0x1F004,
  0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
  0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
  0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
  0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
  0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
  0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
  0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
  0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
  0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
  0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
  0x30000...0x3FFFD,
]
