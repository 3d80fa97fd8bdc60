import Foundation
import Refresh

/// The character of a ``TerminalCell``, in eight bytes and no heap storage: what lets a grid of
/// cells be filled, compared and hashed as plain memory.
///
/// A character of up to seven UTF-8 bytes (every single scalar, and most clusters: an accented
/// letter, `"❤️"`, a keycap) is stored inline: its bytes from the lowest byte up, and their count
/// in the highest. A longer cluster (a skin-tone emoji, a flag, a ZWJ sequence) is stored once
/// in a table shared by every grid, and the glyph holds its index there, marked by `0xFF` in the
/// highest byte; the table only grows, by one entry per distinct long cluster ever drawn.
///
/// Two glyphs are equal when their characters have the same UTF-8 bytes, which is what a
/// terminal is sent (`Character`'s own equality also equates canonically equivalent spellings).
struct TerminalGlyph: Hashable, Sendable {
  /// The packed bytes and count, or the table index and the mark.
  private(set) var bits: UInt64

  /// The mark, in the highest byte, of a glyph stored in the table.
  private static let tableMark: UInt64 = 0xFF

  /// The space: blank and continuation cells.
  static let space = TerminalGlyph(ascii: 0x20)

  /// A glyph of one ASCII byte.
  ///
  /// - Parameter byte: A byte below 0x80.
  init(ascii byte: UInt8) {
    bits = UInt64(byte) | 1 << 56
  }

  private init(bits: UInt64) {
    self.bits = bits
  }

  /// The glyph of a character laid out in a line, from its packed bytes when it has them.
  init(_ displayed: DisplayedCharacter) {
    // `packedUTF8` is this type's inline form: the bytes from the lowest up, the count on top.
    self = displayed.packedUTF8 != 0 ? Self(bits: displayed.packedUTF8) : Self(displayed.character)
  }

  /// The glyph of a character.
  init(_ character: Character) {
    let packed = DisplayedCharacter.packedUTF8(of: character)
    if packed != 0 {
      bits = packed
    } else {
      bits = Self.tableMark << 56 | UInt64(glyphTable.index(of: String(character)))
    }
  }

  /// The number of UTF-8 bytes stored inline; 0 for a glyph in the table.
  private var inlineCount: Int {
    let count = bits >> 56
    return count == Self.tableMark ? 0 : Int(count)
  }

  /// The character.
  var character: Character {
    let count = inlineCount
    if count == 1 { return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: bits))) }
    if count == 0 {
      return Character(glyphTable.string(at: Int(truncatingIfNeeded: bits & 0xFFFF_FFFF)))
    }
    return withUnsafeBytes(of: bits.littleEndian) { bytes in
      Character(String(decoding: bytes.prefix(count), as: UTF8.self))
    }
  }

  /// The cells the character takes, as ``TextMetrics/cellWidth(of:)`` says.
  var cellWidth: Int {
    if inlineCount == 1 {
      let byte = UInt8(truncatingIfNeeded: bits)
      return byte >= 0x20 && byte < 0x7F ? 1 : 0
    }
    return TextMetrics.cellWidth(of: character)
  }

  /// The number of UTF-8 bytes ``append(to:)`` writes.
  var byteCount: Int {
    let count = inlineCount
    if count > 0 { return count }
    return glyphTable.string(at: Int(truncatingIfNeeded: bits & 0xFFFF_FFFF)).utf8.count
  }

  /// Whether the character is a cluster of several scalars (see `TerminalCell.isCluster`).
  var isCluster: Bool {
    let count = inlineCount
    if count == 1 { return false }
    // Longer than seven bytes is more than one scalar (a scalar takes at most four).
    if count == 0 { return true }
    // Count the bytes that start a scalar: those that are not 0b10xxxxxx.
    var starts = 0
    var rest = bits
    for _ in 0..<count {
      if rest & 0xC0 != 0x80 { starts += 1 }
      rest >>= 8
    }
    return starts > 1
  }

  /// Appends the character's UTF-8 bytes.
  func append(to bytes: inout [UInt8]) {
    let count = inlineCount
    if count == 0 {
      bytes.append(
        contentsOf: glyphTable.string(at: Int(truncatingIfNeeded: bits & 0xFFFF_FFFF)).utf8)
      return
    }
    var rest = bits
    for _ in 0..<count {
      bytes.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }
}

/// The clusters too long to store inline, shared by every grid, on every thread.
private let glyphTable = GlyphTable()

private final class GlyphTable: @unchecked Sendable {
  // An `NSLock`, not `Synchronization.Mutex`: with Swift 6.3 on Linux the thread sanitizer does
  // not see `Mutex`'s futex and reported two tests that drew long clusters at once as a race
  // (see DESIGN.md's soundness rules). `NSLock` is a pthread mutex, which it intercepts.
  private let lock = NSLock()
  /// Reached only while holding `lock`: what makes the class sendable.
  private var strings: [String] = []
  private var indices: [String: Int] = [:]

  /// The index of a cluster, adding it when it is new.
  func index(of string: String) -> Int {
    lock.withLock {
      if let index = indices[string] { return index }
      strings.append(string)
      indices[string] = strings.count - 1
      return strings.count - 1
    }
  }

  /// The cluster at an index.
  func string(at index: Int) -> String {
    lock.withLock { strings[index] }
  }
}
