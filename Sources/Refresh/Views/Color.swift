/// An RGBA color with 8-bit channels, or a system color that the renderer resolves.
///
/// ```swift
/// label.textColor = Color(red: 90, green: 90, blue: 90)  // MJRefresh's label gray
/// label.textColor = .label  // the terminal's own text color
/// ```
///
/// The system colors (``label``, ``secondaryLabel``, ``systemBackground``,
/// ``selectedContentBackground``) carry a ``role``: a terminal draws them in its own colors,
/// whatever its theme, as UIKit resolves its dynamic colors; their channels are their look on a
/// light surface (what SVG draws).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red channel, 0...255.
  public var red: UInt8
  /// The green channel, 0...255.
  public var green: UInt8
  /// The blue channel, 0...255.
  public var blue: UInt8
  /// The opacity, from 0 (transparent) to 1 (opaque).
  public var alpha: Double
  /// What the color stands for when it is a system color, or `nil` for a fixed color.
  public let role: ColorRole?

  /// Creates a color from 8-bit channels and an opacity.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The opacity, clamped to 0...1 (`NaN` counts as 0).
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.init(red: red, green: green, blue: blue, alpha: alpha, role: nil)
  }

  /// Creates a system color: its role, with its channels on a light surface.
  ///
  /// - Parameters:
  ///   - red: The red channel on a light surface.
  ///   - green: The green channel on a light surface.
  ///   - blue: The blue channel on a light surface.
  ///   - alpha: The opacity, clamped to 0...1 (`NaN` counts as 0).
  ///   - role: What the color stands for, or `nil` for a fixed color.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1, role: ColorRole?) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
    self.role = role
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
    Color(red: red, green: green, blue: blue, alpha: alpha, role: role)
  }

  /// `#RRGGBB`, with the opacity when it is not 1 and the role of a system color.
  public var description: String {
    let hex = [red, green, blue].map { channel in
      let digits = String(channel, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    let color = alpha == 1 ? "#\(hex)" : "#\(hex) alpha \(alpha)"
    return role.map { "\($0) (\(color))" } ?? color
  }

  /// The surface's own text color (`UIColor.label`).
  ///
  /// In a terminal, the terminal's foreground (SGR 39); black on a light surface. The default of
  /// ``Label/textColor``.
  public static let label = Color(red: 0, green: 0, blue: 0, role: .label)

  /// A quieter text color that reads on light and dark surfaces alike (`UIColor.secondaryLabel`).
  ///
  /// In a terminal, a mid gray, rgb(128, 128, 128), whose contrast is about 4:1 on white and 5:1
  /// on black (WCAG 2 contrast ratios 3.95 and 5.32); MJRefresh's rgb(90, 90, 90) on a light
  /// surface. The refresh components' default (``RefreshConfig/textColor``).
  public static let secondaryLabel = Color(red: 90, green: 90, blue: 90, role: .secondaryLabel)

  /// The surface's own background (`UIColor.systemBackground`).
  ///
  /// In a terminal, the terminal's background (SGR 49); white on a light surface. The default
  /// of `TerminalHost.background`.
  public static let systemBackground = Color(
    red: 255, green: 255, blue: 255, role: .systemBackground)

  /// The background of selected content (AppKit's `selectedContentBackgroundColor`): reverse
  /// video in a terminal, the terminal's own colors swapped, which shows with no color at all
  /// (`NO_COLOR`); a light gray, rgb(208, 208, 208), on a light surface.
  public static let selectedContentBackground = Color(
    red: 208, green: 208, blue: 208, role: .selectedContentBackground)

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
