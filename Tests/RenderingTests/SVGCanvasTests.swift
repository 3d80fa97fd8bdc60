import Foundation
import Refresh
import TestSupport
import Testing

@testable import Rendering

@MainActor
@Suite("SVGCanvas")
struct SVGCanvasTests {
  let canvas = SVGCanvas(size: CGSize(width: 200, height: 100))

  private func parsed() throws -> XMLNode {
    try #require(XMLNode.parse(canvas.document()))
  }

  /// The drawn elements: the root's children after `<defs>` and the background.
  private func drawn() throws -> [XMLNode] {
    try parsed().children.filter { $0.name != "defs" }.dropFirst().map { $0 }
  }

  @Test func anEmptyCanvasIsAWellFormedDocumentOfItsSize() throws {
    let svg = try parsed()
    #expect(svg.name == "svg")
    #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(svg.attributes["width"] == "200")
    #expect(svg.attributes["height"] == "100")
    #expect(svg.attributes["viewBox"] == "0 0 200 100")
    #expect(svg.children.count == 1)
    #expect(
      svg.children[0].attributes == [
        "x": "0", "y": "0", "width": "200", "height": "100", "fill": "#ffffff",
      ])
    canvas.background = nil
    #expect(try parsed().children.isEmpty)
  }

  @Test func fillsAreRectsInCanvasCoordinatesWithOpacity() throws {
    canvas.state.origin = CGPoint(x: 10, y: 20)
    canvas.state.alpha = 0.5
    canvas.fill(CGRect(x: 5, y: 0, width: 30.25, height: 40), color: Color.red.withAlpha(0.5))
    let rect = try #require(try drawn().first)
    #expect(rect.name == "rect")
    #expect(
      rect.attributes == [
        "x": "15", "y": "20", "width": "30.25", "height": "40", "fill": "#ff3b30",
        "opacity": "0.25",
      ])
  }

  @Test func fillsAreCutToTheClip() throws {
    canvas.state.clip = CGRect(x: 0, y: 0, width: 100, height: 50)
    canvas.fill(CGRect(x: 50, y: 25, width: 100, height: 100), color: .blue)
    canvas.fill(CGRect(x: 150, y: 0, width: 10, height: 10), color: .blue)
    let rects = try drawn()
    #expect(rects.count == 1)
    #expect(rects[0].attributes["x"] == "50")
    #expect(rects[0].attributes["width"] == "50")
    #expect(rects[0].attributes["height"] == "25")
  }

  @Test(
    arguments: [
      (TextAlignment.left, "10", "start"), (.center, "60", "middle"), (.right, "110", "end"),
    ])
  func textCarriesItsAttributes(alignment: TextAlignment, x: String, anchor: String) throws {
    canvas.drawText(
      "Pull", in: CGRect(x: 10, y: 0, width: 100, height: 54),
      attributes: TextAttributes(
        fontSize: 12, isBold: true, color: .refreshText, alignment: alignment))
    let text = try #require(try drawn().first)
    #expect(text.name == "text")
    #expect(text.text == "Pull")
    #expect(
      text.attributes == [
        "x": x, "y": "27", "font-family": "monospace", "font-size": "12", "font-weight": "bold",
        "text-anchor": anchor, "dominant-baseline": "central", "xml:space": "preserve",
        "fill": "#5a5a5a",
      ])
  }

  @Test func linesAreCenteredAsABlock() throws {
    canvas.drawText(
      "one\ntwo", in: CGRect(x: 0, y: 0, width: 200, height: 100),
      attributes: TextAttributes(fontSize: 10))
    let texts = try drawn()
    #expect(texts.map(\.text) == ["one", "two"])
    #expect(texts.map { $0.attributes["y"] } == ["44", "56"])
  }

  @Test(arguments: [#"<b>&"x"</b>"#, "Tom's <script>", "a & b", "]]> --> <!--"])
  func markupInTextStaysText(title: String) throws {
    canvas.fontFamily = #"Menlo", "<mono>"#
    canvas.drawText(title, in: CGRect(x: 0, y: 0, width: 200, height: 20), attributes: .init())
    let text = try #require(try drawn().first)
    #expect(text.text == title)
    #expect(text.children.isEmpty)
    #expect(text.attributes["font-family"] == #"Menlo", "<mono>"#)
  }

  @Test func allFiveSpecialCharactersAreEscaped() {
    canvas.drawText(
      #"<b>&"x"'</b>"#, in: CGRect(x: 0, y: 0, width: 200, height: 20), attributes: .init())
    #expect(canvas.document().contains(">&lt;b&gt;&amp;&quot;x&quot;&apos;&lt;/b&gt;</text>"))
  }

  @Test func controlCharactersThatXMLForbidsAreDropped() throws {
    canvas.drawText(
      "a\u{1}b\u{FFFF}c", in: CGRect(x: 0, y: 0, width: 200, height: 20), attributes: .init())
    #expect(try drawn().first?.text == "abc")
  }

  @Test func theArrowIsAPolygonRotatedAboutTheRectangleCenter() throws {
    canvas.state.origin = CGPoint(x: 100, y: 0)
    canvas.state.rotation = .pi
    canvas.drawImage(.arrow, in: CGRect(x: 0, y: 0, width: 20, height: 40), tint: .gray)
    let arrow = try #require(try drawn().first)
    #expect(arrow.name == "polygon")
    #expect(arrow.attributes["fill"] == "#808080")
    #expect(arrow.attributes["transform"] == "rotate(180 110 20)")
    #expect(
      arrow.attributes["points"]
        == "108,2 112,2 112,23.6 119,23.6 110,38 101,23.6 108,23.6")
  }

  @Test(
    arguments: [
      (0, nil), (.pi / 2, "rotate(90 60 60)"), (-.pi / 4, "rotate(-45 60 60)"),
      (2 * .pi, nil), (1, "rotate(57.296 60 60)"),
    ] as [(CGFloat, String?)])
  func rotationIsInDegreesClockwise(rotation: CGFloat, transform: String?) throws {
    canvas.state.rotation = rotation
    canvas.drawImage(.arrow, in: CGRect(x: 50, y: 50, width: 20, height: 20), tint: .gray)
    #expect(try drawn().first?.attributes["transform"] == transform)
  }

  @Test(
    arguments: [(Image.glyph("◐"), "◐"), (Image(named: "checkmark"), "c"), (.glyph("<"), "<")])
  func otherImagesAreText(image: Image, text: String) throws {
    canvas.drawImage(image, in: CGRect(x: 0, y: 0, width: 20, height: 30), tint: .black)
    let element = try #require(try drawn().first)
    #expect(element.name == "text")
    #expect(element.text == text)
    #expect(element.attributes["x"] == "10")
    #expect(element.attributes["y"] == "15")
    #expect(element.attributes["font-size"] == "18")
    #expect(element.attributes["text-anchor"] == "middle")
  }

  @Test(arguments: [(0, 0), (3, 3), (8, 0), (-1, 7)])
  func theSpinnerHasEightSpokesBrightestAtTheFrame(frame: Int, brightest: Int) throws {
    canvas.drawSpinner(in: CGRect(x: 0, y: 0, width: 40, height: 40), color: .gray, frame: frame)
    let group = try #require(try drawn().first)
    #expect(group.name == "g")
    #expect(group.attributes["stroke"] == "#808080")
    let lines = group.elements(named: "line")
    #expect(lines.count == 8)
    let opacities = lines.map { Double($0.attributes["stroke-opacity"]!)! }
    #expect(opacities.firstIndex(of: opacities.max()!) == brightest)
    #expect(opacities[brightest] == 1)
    // Spoke 0 points up from the center (20, 20).
    #expect(lines[0].attributes["x1"] == "20")
    #expect(lines[0].attributes["y2"] == "2")
  }

  @Test func elementsOutsideTheClipAreLeftOutAndThosePartlyOutsideAreClipped() throws {
    let clip = CGRect(x: 0, y: 0, width: 100, height: 50)
    canvas.state.clip = clip
    // Inside, across the edge, outside.
    canvas.drawImage(.arrow, in: CGRect(x: 10, y: 10, width: 20, height: 20), tint: .gray)
    canvas.drawImage(.arrow, in: CGRect(x: 90, y: 40, width: 20, height: 20), tint: .gray)
    canvas.drawImage(.arrow, in: CGRect(x: 150, y: 10, width: 20, height: 20), tint: .gray)
    canvas.drawSpinner(in: CGRect(x: 0, y: 40, width: 20, height: 20), color: .gray, frame: 0)
    let svg = try parsed()
    let clipPaths = svg.elements(named: "clipPath")
    #expect(clipPaths.count == 1)
    #expect(clipPaths[0].attributes["id"] == "clip0")
    #expect(
      clipPaths[0].children.first?.attributes == [
        "x": "0", "y": "0", "width": "100", "height": "50",
      ])
    let drawn = try drawn()
    #expect(drawn.map(\.name) == ["polygon", "g", "g"])
    #expect(drawn[0].attributes["clip-path"] == nil)
    #expect(drawn[1].attributes["clip-path"] == "url(#clip0)")
    #expect(drawn[1].children.map(\.name) == ["polygon"])
    #expect(drawn[2].attributes["clip-path"] == "url(#clip0)")
    #expect(drawn[2].children.first?.elements(named: "line").count == 8)
  }

  @Test func textIsClippedToItsRectangle() throws {
    canvas.drawText("short", in: CGRect(x: 0, y: 0, width: 100, height: 20), attributes: .init())
    canvas.drawText(
      "a line far too long for its box", in: CGRect(x: 0, y: 20, width: 40, height: 20),
      attributes: .init())
    let svg = try parsed()
    #expect(
      svg.elements(named: "clipPath").first?.children.first?.attributes == [
        "x": "0", "y": "20", "width": "40", "height": "20",
      ])
    let drawn = try drawn()
    #expect(drawn.map(\.name) == ["text", "g"])
    #expect(drawn[1].children.first?.text == "a line far too long for its box")
  }

  @Test func aRotatedArrowIsClippedByItsTurnedBounds() throws {
    // 10 × 40 at the clip's bottom edge: upright it fits; a quarter turn makes it 40 wide.
    canvas.state.clip = CGRect(x: 0, y: 0, width: 100, height: 50)
    canvas.drawImage(.arrow, in: CGRect(x: 5, y: 5, width: 10, height: 40), tint: .gray)
    canvas.state.rotation = .pi / 2
    canvas.drawImage(.arrow, in: CGRect(x: 5, y: 5, width: 10, height: 40), tint: .gray)
    #expect(try drawn().map(\.name) == ["polygon", "g"])
  }

  @Test func clearForgetsTheElements() throws {
    canvas.state.clip = CGRect(x: 0, y: 0, width: 10, height: 10)
    canvas.drawText("x", in: CGRect(x: 0, y: 0, width: 200, height: 20), attributes: .init())
    #expect(canvas.elementCount == 1)
    canvas.clear()
    #expect(canvas.elementCount == 0)
    #expect(canvas.state.clip == CGRect(x: 0, y: 0, width: 200, height: 100))
    #expect(try parsed().elements(named: "defs").isEmpty)
  }

  @Test func aFilmstripLaysFramesOutWithCaptionsAndUniqueIds() throws {
    var frames: [(caption: String, canvas: SVGCanvas)] = []
    for caption in ["idle", "pulling", #"<b>&"x"</b>"#] {
      let frame = SVGCanvas(size: CGSize(width: 100, height: 50))
      frame.state.clip = CGRect(x: 0, y: 0, width: 50, height: 50)
      frame.drawImage(.arrow, in: CGRect(x: 40, y: 10, width: 20, height: 20), tint: .gray)
      frames.append((caption, frame))
    }
    let strip = try #require(
      XMLNode.parse(SVGCanvas.filmstrip(frames: frames, columns: 2, spacing: 10)))
    #expect(strip.attributes["width"] == "230")
    #expect(strip.attributes["height"] == "178")
    let nested = strip.children.filter { $0.name == "svg" }
    #expect(nested.map { $0.attributes["x"] } == ["10", "120", "10"])
    #expect(nested.map { $0.attributes["y"] } == ["10", "10", "94"])
    let ids = strip.elements(named: "clipPath").compactMap { $0.attributes["id"] }
    #expect(ids == ["f0-clip0", "f1-clip0", "f2-clip0"])
    let captions = strip.children.filter { $0.name == "text" }
    #expect(captions.map(\.text) == ["idle", "pulling", #"<b>&"x"</b>"#])
    #expect(captions.map { $0.attributes["y"] } == ["72", "72", "156"])
  }

  @Test func filmstripCaptionsTakeTheirFontSize() throws {
    let frame = SVGCanvas(size: CGSize(width: 100, height: 50))
    func captionSizes(_ fontSize: CGFloat?) throws -> [String?] {
      let document =
        if let fontSize {
          SVGCanvas.filmstrip(frames: [("a", frame)], columns: 1, captionFontSize: fontSize)
        } else {
          SVGCanvas.filmstrip(frames: [("a", frame)], columns: 1)
        }
      let strip = try #require(XMLNode.parse(document))
      return strip.children.filter { $0.name == "text" }.map { $0.attributes["font-size"] }
    }
    #expect(try captionSizes(nil) == ["12"])
    #expect(try captionSizes(22.5) == ["22.5"])
    #expect(try captionSizes(0) == ["12"])
    #expect(try captionSizes(.nan) == ["12"])
  }

  @Test(
    arguments: [
      (0, "0"), (12, "12"), (0.5, "0.5"), (-3.14159, "-3.142"), (0.05, "0.05"), (-0.0001, "0"),
      (1.0004, "1"), (.infinity, "0"),
    ] as [(CGFloat, String)])
  func numbersAreShort(value: CGFloat, text: String) {
    #expect(svgNumber(value) == text)
  }
}
