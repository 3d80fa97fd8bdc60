import Foundation

/// Reads what the frame buffer needs from a terminal's compiled terminfo entry: how many colors
/// it has, and whether erasing fills with the background color set.
enum Terminfo {
  /// The compiled entry of a terminal type, or `nil` when none is found.
  ///
  /// - Parameters:
  ///   - term: The terminal type, `TERM`.
  ///   - environment: The variables that name terminfo directories.
  static func entry(of term: String, environment: [String: String]) -> [UInt8]? {
    guard !term.contains("/"), let first = term.unicodeScalars.first else { return nil }
    // ncurses' search order (terminfo(5), "Fetching Compiled Descriptions").
    var directories: [String] = []
    if let directory = environment["TERMINFO"], !directory.isEmpty { directories.append(directory) }
    if let home = environment["HOME"], !home.isEmpty { directories.append(home + "/.terminfo") }
    if let list = environment["TERMINFO_DIRS"] {
      directories += list.split(separator: ":").map(String.init)
    }
    directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    // Entries are filed under their first letter, or its hexadecimal code (macOS).
    let subdirectories = [String(first), String(first.value, radix: 16)]
    for directory in directories {
      for subdirectory in subdirectories {
        let path = "\(directory)/\(subdirectory)/\(term)"
        if let data = FileManager.default.contents(atPath: path) { return [UInt8](data) }
      }
    }
    return nil
  }

  /// The `colors` capability of a terminal type, or `nil` when no entry is found or the entry
  /// does not say.
  ///
  /// - Parameters:
  ///   - term: The terminal type, `TERM`.
  ///   - environment: The variables that name terminfo directories.
  static func colors(of term: String, environment: [String: String]) -> Int? {
    entry(of: term, environment: environment).flatMap(colors(inEntry:))
  }

  /// The `bce` (back color erase) capability of a terminal type, or `nil` when no entry is
  /// found or the entry is malformed.
  ///
  /// - Parameters:
  ///   - term: The terminal type, `TERM`.
  ///   - environment: The variables that name terminfo directories.
  static func backColorErase(of term: String, environment: [String: String]) -> Bool? {
    entry(of: term, environment: environment).flatMap(backColorErase(inEntry:))
  }

  /// The header of a compiled entry (term(5)): six little-endian 16-bit numbers (magic `0o432`,
  /// or `0o1036` when numbers are 32-bit; the sizes of the names, the booleans, the numbers,
  /// the strings and the string table), followed by the names and then one byte per boolean.
  private static func header(of bytes: [UInt8]) -> (
    isWide: Bool, nameSize: Int, booleanCount: Int, numberCount: Int
  )? {
    func short(at offset: Int) -> Int? {
      guard offset + 1 < bytes.count else { return nil }
      return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
    }
    guard let magic = short(at: 0), magic == 0o432 || magic == 0o1036,
      let nameSize = short(at: 2), let booleanCount = short(at: 4), let numberCount = short(at: 6),
      nameSize >= 0, booleanCount >= 0, numberCount >= 0
    else { return nil }
    return (magic == 0o1036, nameSize, booleanCount, numberCount)
  }

  /// The `bce` boolean of a compiled entry: the 29th boolean (index 28 in terminfo's order,
  /// `term.h`'s `back_color_erase`), 1 when set; an entry with fewer booleans lacks it.
  ///
  /// - Returns: Whether the entry sets it, or `nil` when the entry is malformed.
  static func backColorErase(inEntry bytes: [UInt8]) -> Bool? {
    guard let header = header(of: bytes) else { return nil }
    guard header.booleanCount > 28 else { return false }
    let offset = 12 + header.nameSize + 28
    guard offset < bytes.count else { return nil }
    return bytes[offset] == 1
  }

  /// The `colors` number of a compiled entry: after the header, the names and the booleans, a
  /// pad byte to an even offset, then the numbers, of which `colors` is the 14th (index 13).
  ///
  /// - Returns: The number, or `nil` when the entry is malformed or lacks it (-1).
  static func colors(inEntry bytes: [UInt8]) -> Int? {
    guard let header = header(of: bytes), header.numberCount > 13 else { return nil }
    var offset = 12 + header.nameSize + header.booleanCount
    if offset % 2 == 1 { offset += 1 }
    let value: Int
    if header.isWide {
      let start = offset + 13 * 4
      guard start + 3 < bytes.count else { return nil }
      value = Int(
        Int32(
          bitPattern: UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8
            | UInt32(bytes[start + 2]) << 16 | UInt32(bytes[start + 3]) << 24))
    } else {
      let start = offset + 13 * 2
      guard start + 1 < bytes.count else { return nil }
      value = Int(Int16(bitPattern: UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8))
    }
    return value >= 0 ? value : nil
  }
}
