import Foundation
import Testing

@testable import Refresh

@Suite("Image")
struct ImageTests {
  @Test func aNameAloneHasNoSize() {
    let image = Image(named: "checkmark")
    #expect(image.name == "checkmark")
    #expect(image.size == nil)
    #expect(Image.arrow.size == nil)
    #expect(Image.glyph("◐").size == nil)
    #expect(Image.glyph("◐").glyph == "◐")
  }

  @Test func theSizeIsKeptAndTellsImagesApart() {
    let small = Image(named: "frame1", size: CGSize(width: 50, height: 40))
    #expect(small.size == CGSize(width: 50, height: 40))
    #expect(small.description == "frame1")
    #expect(small != Image(named: "frame1"))
    #expect(small == Image(named: "frame1", size: CGSize(width: 50, height: 40)))
    #expect(Image(named: "frame1", size: .zero).size == .zero)
  }

  @Test(arguments: [
    CGSize(width: -1, height: 10), CGSize(width: 10, height: -0.5),
    CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: CGFloat.infinity),
  ])
  func aNegativeOrNonFiniteSizeIsRefused(size: CGSize) {
    #expect(Image(named: "frame", size: size).size == nil)
    var image = Image(named: "frame", size: CGSize(width: 20, height: 20))
    image.size = size
    #expect(image.size == nil)
    #expect(image == Image(named: "frame"))
  }
}
