import Refresh

/// A color as a terminal cell holds it: the terminal's own (default) color, an xterm 256-color
/// palette entry, or red, green and blue (written in 256-color mode as the nearest entry).
///
/// ``TerminalFrameBuffer`` writes it in its ``TerminalFrameBuffer/colorMode``: 24-bit
/// (`38;2;r;g;b`), a 256-color index (`38;5;n`), one of the 16 system colors (`30`–`37`,
/// `90`–`97`), or not at all; the terminal's own color is `39` (text) or `49` (background).
///
/// ```swift
/// TerminalColor(Color(red: 95, green: 135, blue: 175)).xterm256Index  // 67
/// TerminalColor.default.xterm256Index  // nil: the terminal decides
/// ```
///
/// An integer literal is a palette index: `TerminalCell(foreground: 16, background: 231)` is
/// black on white.
public struct TerminalColor: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The color in 26 bits.
  ///
  /// A ``TerminalCell`` holds two of them and its attributes in one word: red, green and blue
  /// in the low 24 bits, or a palette index in the low 8 with `paletteTag`, or `defaultTag`
  /// alone for the terminal's own color. A color of channels that are exactly a palette entry
  /// of the cube or the grays is stored as that index, so that two colors are equal when their
  /// channels and their index both are.
  let rawValue: UInt32

  /// The bits that ``rawValue`` uses.
  static let bitCount = 26
  /// The mark of a palette index.
  private static let paletteTag: UInt32 = 1 << 24
  /// The mark of the terminal's own color.
  private static let defaultTag: UInt32 = 2 << 24

  /// The terminal's own color: its foreground for text, its background for backgrounds.
  public static let `default` = TerminalColor(rawValue: defaultTag)

  /// A color of bits that a ``TerminalCell`` stored.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The color of some channels; the opacity and the role are not looked at.
  ///
  /// - Parameter color: The color.
  public init(_ color: Color) {
    let opaque = Color(red: color.red, green: color.green, blue: color.blue)
    let index = opaque.xterm256Index
    if Color(xterm256Index: index) == opaque {
      self.init(rawValue: Self.paletteTag | UInt32(index))
    } else {
      self.init(
        rawValue: UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
    }
  }

  /// An entry of the xterm 256-color palette, with its channels (xterm's defaults for 0...15).
  ///
  /// - Parameter index: The palette index.
  public init(xterm256Index index: UInt8) {
    self.init(rawValue: Self.paletteTag | UInt32(index))
  }

  /// An entry of the xterm 256-color palette, written as its index.
  ///
  /// - Parameter index: The palette index.
  public init(integerLiteral index: UInt8) {
    self.init(xterm256Index: index)
  }

  /// Whether this is the terminal's own color.
  public var isDefault: Bool { rawValue == Self.defaultTag }

  /// The palette index this color was stored as, if it was.
  private var paletteIndex: UInt8? {
    rawValue & Self.defaultTag == 0 && rawValue & Self.paletteTag != 0
      ? UInt8(truncatingIfNeeded: rawValue) : nil
  }

  /// The channels, or `nil` for the terminal's own color.
  public var color: Color? {
    if isDefault { return nil }
    if let index = paletteIndex { return Color(xterm256Index: index) }
    return Color(
      red: UInt8(truncatingIfNeeded: rawValue >> 16),
      green: UInt8(truncatingIfNeeded: rawValue >> 8), blue: UInt8(truncatingIfNeeded: rawValue))
  }

  /// The xterm 256-color index written in 256-color mode, or `nil` for the terminal's own color:
  /// the palette entry itself, or the one nearest the channels (`Color.xterm256Index`).
  public var xterm256Index: UInt8? {
    if isDefault { return nil }
    return paletteIndex ?? color?.xterm256Index
  }

  /// The nearest of the 16 system colors (xterm's defaults, `0...15`), or `nil` for the
  /// terminal's own color: what 16-color mode writes.
  public var systemColorIndex: UInt8? {
    guard let color else { return nil }
    if let index = paletteIndex, index < 16 { return index }
    var best: (index: UInt8, distance: Int) = (0, .max)
    for index in UInt8(0)..<16 {
      let candidate = Color(xterm256Index: index)
      let red = Int(candidate.red) - Int(color.red)
      let green = Int(candidate.green) - Int(color.green)
      let blue = Int(candidate.blue) - Int(color.blue)
      let distance = red * red + green * green + blue * blue
      if distance < best.distance { best = (index, distance) }
    }
    return best.index
  }

  /// `default`, the palette index of a color that is a palette entry (`16`, `244`), or the
  /// channels of any other (`#5A5A5A`).
  public var description: String {
    guard let color else { return "default" }
    return paletteIndex.map(String.init) ?? color.description
  }
}
