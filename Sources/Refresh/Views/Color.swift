/// An RGBA color with 8-bit channels.
///
/// ```swift
/// label.textColor = Color(red: 90, green: 90, blue: 90)  // MJRefresh's label gray
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red channel, 0...255.
  public var red: UInt8
  /// The green channel, 0...255.
  public var green: UInt8
  /// The blue channel, 0...255.
  public var blue: UInt8
  /// The opacity, from 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a color from 8-bit channels and an opacity.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The opacity, clamped to 0...1 (`NaN` counts as 0).
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
  }

  /// Creates a color from a `0xRRGGBB` number.
  ///
  /// - Parameters:
  ///   - hex: The red, green and blue channels in the low 24 bits.
  ///   - alpha: The opacity.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF),
      alpha: alpha)
  }

  /// The same color with another opacity.
  ///
  /// - Parameter alpha: The new opacity.
  /// - Returns: The color with that opacity.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// `#RRGGBB`, with the opacity when it is not 1.
  public var description: String {
    let hex = [red, green, blue].map { channel in
      let digits = String(channel, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    return alpha == 1 ? "#\(hex)" : "#\(hex) alpha \(alpha)"
  }

  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// White.
  public static let white = Color(red: 255, green: 255, blue: 255)
  /// A mid gray.
  public static let gray = Color(red: 128, green: 128, blue: 128)
  /// A light gray.
  public static let lightGray = Color(red: 170, green: 170, blue: 170)
  /// A dark gray.
  public static let darkGray = Color(red: 85, green: 85, blue: 85)
  /// Red.
  public static let red = Color(red: 255, green: 59, blue: 48)
  /// Orange.
  public static let orange = Color(red: 255, green: 149, blue: 0)
  /// Yellow.
  public static let yellow = Color(red: 255, green: 204, blue: 0)
  /// Green.
  public static let green = Color(red: 52, green: 199, blue: 89)
  /// Blue.
  public static let blue = Color(red: 0, green: 122, blue: 255)
  /// Purple.
  public static let purple = Color(red: 175, green: 82, blue: 222)
  /// The text color of MJRefresh's labels, rgb(90, 90, 90).
  public static let refreshText = Color(red: 90, green: 90, blue: 90)
}
