import Foundation
import Refresh
import Testing

@testable import Rendering

@Suite("xterm 256 colors")
struct XtermColorTests {
  @Test(
    arguments: [
      (0, 0, 0, 16), (255, 255, 255, 231), (95, 135, 175, 67), (255, 0, 0, 196),
      (0, 255, 0, 46), (0, 0, 255, 21), (215, 95, 0, 166), (135, 215, 255, 117),
    ] as [(UInt8, UInt8, UInt8, UInt8)])
  func cubeValuesMapToTheirCubeIndex(red: UInt8, green: UInt8, blue: UInt8, index: UInt8) {
    #expect(Color(red: red, green: green, blue: blue).xterm256Index == index)
  }

  @Test(
    arguments: [(8, 232), (18, 233), (98, 241), (128, 244), (228, 254), (238, 255)]
      as [(UInt8, UInt8)])
  func grayValuesMapToTheirGrayIndex(level: UInt8, index: UInt8) {
    #expect(Color(red: level, green: level, blue: level).xterm256Index == index)
  }

  @Test(
    arguments: [
      (250, 250, 250, 231), (100, 100, 100, 241), (3, 3, 3, 16), (5, 5, 5, 232),
      (255, 59, 48, 203), (255, 149, 0, 208), (90, 90, 90, 240),
    ] as [(UInt8, UInt8, UInt8, UInt8)])
  func otherValuesMapToTheNearestEntry(red: UInt8, green: UInt8, blue: UInt8, index: UInt8) {
    #expect(Color(red: red, green: green, blue: blue).xterm256Index == index)
  }

  @Test func everyPaletteColorMapsBackToItsIndex() {
    for index in UInt8(16)...255 {
      #expect(Color(xterm256Index: index).xterm256Index == index)
    }
  }

  @Test func opacityIsIgnored() {
    #expect(Color(red: 255, green: 0, blue: 0, alpha: 0.2).xterm256Index == 196)
  }
}
