import Refresh

extension Color {
  /// The nearest color of the xterm 256-color palette, as its index (16...255).
  ///
  /// The palette has a 6 × 6 × 6 color cube at 16...231, whose channel levels are
  /// `0, 95, 135, 175, 215, 255` (index `16 + 36 r + 6 g + b`), and 24 grays at 232...255, whose
  /// level is `8 + 10 i`. Each channel picks its nearest cube level, the average of the three
  /// channels picks the nearest gray, and of those two candidates the one at the smaller
  /// squared RGB distance wins (the cube on a tie). Indexes 0...15 are never returned: terminals
  /// theme them. The opacity is ignored.
  ///
  /// ```swift
  /// Color(red: 95, green: 135, blue: 175).xterm256Index  // 67
  /// Color(red: 128, green: 128, blue: 128).xterm256Index  // 244, the gray 128
  /// ```
  public var xterm256Index: UInt8 {
    // No array: a cell colored by its channels works this out each time it is written.
    let levels = (nearestCubeLevel(red), nearestCubeLevel(green), nearestCubeLevel(blue))
    let cubeIndex = 16 + 36 * levels.0 + 6 * levels.1 + levels.2
    let cube = (cubeLevel(levels.0), cubeLevel(levels.1), cubeLevel(levels.2))

    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let grayStep = min(max((average - 3) / 10, 0), 23)
    let gray = 8 + 10 * grayStep

    let cubeDistance = squaredDistance(to: cube)
    let grayDistance = squaredDistance(to: (gray, gray, gray))
    return UInt8(grayDistance < cubeDistance ? 232 + grayStep : cubeIndex)
  }

  /// The opaque color of an xterm 256-color palette entry.
  ///
  /// Indexes 16...255 are the color cube and the grays described in ``xterm256Index``;
  /// 0...15 are xterm's default system colors.
  ///
  /// - Parameter index: A palette index.
  public init(xterm256Index index: UInt8) {
    switch index {
    case 0..<16:
      self.init(hex: systemColors[Int(index)])
    case 16..<232:
      let cube = Int(index) - 16
      self.init(
        red: UInt8(cubeLevels[cube / 36]), green: UInt8(cubeLevels[cube / 6 % 6]),
        blue: UInt8(cubeLevels[cube % 6]))
    default:
      let level = UInt8(8 + 10 * (Int(index) - 232))
      self.init(red: level, green: level, blue: level)
    }
  }

  /// The color mixed with another: `fraction` 1 gives this color, 0 gives `other`.
  ///
  /// - Parameters:
  ///   - other: The color to mix toward.
  ///   - fraction: How much of this color to keep, 0...1.
  /// - Returns: An opaque color.
  func mixed(with other: Color, keeping fraction: Double) -> Color {
    let keep = min(max(fraction, 0), 1)
    func channel(_ mine: UInt8, _ theirs: UInt8) -> UInt8 {
      UInt8((Double(mine) * keep + Double(theirs) * (1 - keep)).rounded())
    }
    return Color(
      red: channel(red, other.red), green: channel(green, other.green),
      blue: channel(blue, other.blue))
  }

  private func squaredDistance(to other: (Int, Int, Int)) -> Int {
    let red = Int(self.red) - other.0
    let green = Int(self.green) - other.1
    let blue = Int(self.blue) - other.2
    return red * red + green * green + blue * blue
  }
}

/// The channel levels of the 6 × 6 × 6 cube.
private let cubeLevels = [0, 95, 135, 175, 215, 255]

/// The channel value of a cube level (0...5): `0, 95, 135, 175, 215, 255`.
private func cubeLevel(_ level: Int) -> Int {
  level == 0 ? 0 : 55 + 40 * level
}

/// The index (0...5) of the cube level nearest to a channel value: the midpoints between the
/// levels are 47.5, 115, 155, 195 and 235.
private func nearestCubeLevel(_ value: UInt8) -> Int {
  let value = Int(value)
  if value < 48 { return 0 }
  if value < 115 { return 1 }
  return (value - 35) / 40
}

/// xterm's default colors for indexes 0...15.
private let systemColors: [UInt32] = [
  0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
  0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
]
