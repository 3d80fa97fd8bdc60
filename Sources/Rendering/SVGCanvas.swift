import Foundation
import Refresh

/// A canvas that records what views draw as the elements of a standalone SVG document.
///
/// ```swift
/// let canvas = SVGCanvas(size: window.frame.size)
/// window.render(in: canvas)
/// try canvas.document().write(toFile: "frame.svg", atomically: true, encoding: .utf8)
/// ```
///
/// Coordinates are the canvas's points, one SVG user unit each. How each primitive looks:
/// - ``fill(_:color:)``: a `<rect>`, cut to `state.clip`, with `opacity` when translucent.
/// - ``drawText(_:in:attributes:)``: a `<text>` per line, in ``fontFamily`` at the font size,
///   `font-weight="bold"` when bold, `text-anchor` `start`, `middle` or `end` for the alignment,
///   lines centered vertically in the rectangle and clipped to it.
/// - ``drawImage(_:in:tint:)``: `Image.arrow` as a `<polygon>` pointing down, glyph images as a
///   `<text>` of their character, other images as a `<text>` of their name's first letter;
///   rotated by `state.rotation` about the rectangle's center (`transform="rotate(deg cx cy)"`).
/// - ``drawSpinner(in:color:frame:)``: eight spokes, `<line>`s in a `<g>`, the brightest at
///   `frame % 8` clockwise from the top.
///
/// An element entirely outside `state.clip` is left out; one partly outside is wrapped in a
/// `<g clip-path="url(#clip…)">` whose `<clipPath>` is declared in the document's `<defs>`. All
/// text, captions and attribute values are escaped, so a title such as `<b>&"x"` stays text.
@MainActor
public final class SVGCanvas: Canvas {
  /// The size of the document, in points.
  public let size: CGSize

  /// The color painted under everything, or `nil` for a transparent document.
  public var background: Color?

  /// The font family of text, glyph images and captions.
  public var fontFamily: String

  /// The drawing view's placement, set by the render walk before each view draws.
  public var state: CanvasState

  /// The elements recorded so far, in drawing order.
  private var elements: [Element] = []

  /// The distinct clipping rectangles, in order of first use; an element refers to one by index.
  private var clipRects: [CGRect] = []

  /// One recorded element: its markup, and the clipping rectangle it needs, if any.
  private struct Element {
    var markup: String
    var clip: Int?
  }

  /// Creates an empty canvas.
  ///
  /// - Parameters:
  ///   - size: The document's size, in points; usually the window's.
  ///   - background: The color under everything, or `nil` for none.
  ///   - fontFamily: The font family of text.
  public init(size: CGSize, background: Color? = .white, fontFamily: String = "monospace") {
    let width = size.width.isFinite ? max(size.width, 0) : 0
    let height = size.height.isFinite ? max(size.height, 0) : 0
    self.size = CGSize(width: width, height: height)
    self.background = background
    self.fontFamily = fontFamily
    state = CanvasState(clip: CGRect(x: 0, y: 0, width: width, height: height))
  }

  /// The number of elements recorded (each line of text counts one).
  public var elementCount: Int { elements.count }

  /// Forgets every element and resets ``state`` to the whole canvas, to draw another frame.
  public func clear() {
    elements.removeAll()
    clipRects.removeAll()
    state = CanvasState(clip: CGRect(origin: .zero, size: size))
  }

  /// The standalone SVG document: an XML declaration and an `<svg>` element of the canvas's
  /// size, with the clipping paths, the background and the elements.
  ///
  /// - Returns: The document's text.
  public func document() -> String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\""
    text += " width=\"\(svgNumber(size.width))\" height=\"\(svgNumber(size.height))\""
    text += " viewBox=\"0 0 \(svgNumber(size.width)) \(svgNumber(size.height))\">\n"
    text += content(idPrefix: "")
    text += "</svg>\n"
    return text
  }

  /// The `<defs>`, background and elements, with clipping path ids starting with a prefix.
  func content(idPrefix: String) -> String {
    var text = ""
    if !clipRects.isEmpty {
      text += "<defs>\n"
      for (index, rect) in clipRects.enumerated() {
        text += "<clipPath id=\"\(idPrefix)clip\(index)\">\(rectMarkup(rect))/></clipPath>\n"
      }
      text += "</defs>\n"
    }
    if let background {
      text += rectMarkup(CGRect(origin: .zero, size: size)) + paint("fill", background) + "/>\n"
    }
    for element in elements {
      if let clip = element.clip {
        text += "<g clip-path=\"url(#\(idPrefix)clip\(clip))\">\(element.markup)</g>\n"
      } else {
        text += element.markup + "\n"
      }
    }
    return text
  }

  // MARK: - Canvas

  /// Records a `<rect>`: the rectangle cut to `state.clip`, with the color's and the state's
  /// opacity.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The fill color.
  public func fill(_ rect: CGRect, color: Color) {
    let opacity = Double(state.alpha) * color.alpha
    let area = state.convert(rect).intersection(state.clip)
    guard opacity > 0, area.isFinite, area.width > 0, area.height > 0 else { return }
    record(rectMarkup(area) + paint("fill", color) + opacityMarkup(opacity) + "/>", bounds: area)
  }

  /// Records a scroll indicator's thumb: a `<rect>` with rounded ends (radius half its
  /// thickness), cut to `state.clip`, as UIKit draws its indicators.
  ///
  /// - Parameters:
  ///   - rect: The thumb, in the drawing view's coordinates.
  ///   - color: The indicator's color.
  public func drawScrollIndicator(in rect: CGRect, color: Color) {
    let opacity = Double(state.alpha) * color.alpha
    let area = state.convert(rect).intersection(state.clip)
    guard opacity > 0, area.isFinite, area.width > 0, area.height > 0 else { return }
    let radius = min(area.width, area.height) / 2
    record(
      rectMarkup(area) + " rx=\"\(svgNumber(radius))\"" + paint("fill", color)
        + opacityMarkup(opacity) + "/>", bounds: area)
  }

  /// Records a `<text>` for each line, centered vertically as a block in the rectangle, aligned
  /// horizontally, and clipped to the rectangle and `state.clip`.
  ///
  /// - Parameters:
  ///   - text: The text; line breaks (`\n`, `\r\n`...) separate lines, one line height
  ///     (1.2 × the font size) apart.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: Font size, weight, color and alignment.
  public func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes) {
    guard !text.isEmpty else { return }
    drawText(lines: TextLine.lines(of: text), in: rect, attributes: attributes)
  }

  /// Records lines already laid out, as ``drawText(_:in:attributes:)`` records them, using
  /// each line's cell count as it is.
  ///
  /// - Parameters:
  ///   - lines: The lines, top to bottom.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - attributes: The font size, weight, color and alignment.
  public func drawText(lines: [TextLine], in rect: CGRect, attributes: TextAttributes) {
    let area = state.convert(rect)
    let opacity = Double(state.alpha) * attributes.color.alpha
    let fontSize = attributes.fontSize.isFinite ? max(attributes.fontSize, 0) : 0
    guard !lines.isEmpty, opacity > 0, fontSize > 0, area.isFinite, area.width > 0,
      area.height > 0
    else { return }
    let lineHeight = fontSize * 1.2
    let firstCenter = area.midY - lineHeight * CGFloat(lines.count - 1) / 2
    let (x, anchor): (CGFloat, String)
    switch attributes.alignment {
    case .left: (x, anchor) = (area.minX, "start")
    case .center: (x, anchor) = (area.midX, "middle")
    case .right: (x, anchor) = (area.maxX, "end")
    }
    for (index, line) in lines.enumerated() where !line.text.isEmpty {
      let y = firstCenter + lineHeight * CGFloat(index)
      // Monospace advance is about 0.6 em a cell; the estimate only decides whether to clip.
      let width = CGFloat(line.cellCount) * fontSize * 0.6
      let left: CGFloat
      switch attributes.alignment {
      case .left: left = x
      case .center: left = x - width / 2
      case .right: left = x - width
      }
      let extent = CGRect(x: left, y: y - lineHeight / 2, width: width, height: lineHeight)
      var markup = "<text x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\""
      // A rotated view (a letter turning, say) turns its text about the rectangle's center.
      markup += rotationMarkup(about: CGPoint(x: area.midX, y: area.midY))
      markup += textStyle(fontSize: fontSize, isBold: attributes.isBold, anchor: anchor)
      markup += paint("fill", attributes.color) + opacityMarkup(opacity)
      markup += ">\(escapedXML(line.text))</text>"
      record(markup, bounds: extent, clip: area.intersection(state.clip))
    }
  }

  /// Records the image, centered in the rectangle and rotated by `state.rotation` about its
  /// center: the arrow as a `<polygon>` filling the rectangle, other images as one character of
  /// text as tall as the rectangle's smaller side allows.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - tint: The image's color.
  public func drawImage(_ image: Image, in rect: CGRect, tint: Color) {
    let area = state.convert(rect)
    let opacity = Double(state.alpha) * tint.alpha
    guard opacity > 0, area.isFinite, area.width > 0, area.height > 0 else { return }
    let rotation = rotationMarkup(about: CGPoint(x: area.midX, y: area.midY))
    var markup: String
    if image == .arrow {
      markup = "<polygon points=\"\(arrowPoints(in: area))\"" + paint("fill", tint)
      markup += opacityMarkup(opacity) + rotation + "/>"
    } else {
      guard let character = image.glyph ?? image.name.first else { return }
      markup = "<text x=\"\(svgNumber(area.midX))\" y=\"\(svgNumber(area.midY))\""
      markup += textStyle(
        fontSize: min(area.width, area.height) * 0.9, isBold: false, anchor: "middle")
      markup += paint("fill", tint) + opacityMarkup(opacity) + rotation
      markup += ">\(escapedXML(String(character)))</text>"
    }
    record(markup, bounds: rotatedBounds(of: area))
  }

  /// Records eight spokes around the rectangle's center, fading behind the brightest, which
  /// turns one spoke clockwise per frame.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in the drawing view's coordinates.
  ///   - color: The spokes' color.
  ///   - frame: The animation frame; any integer, negative ones included.
  public func drawSpinner(in rect: CGRect, color: Color, frame: Int) {
    let area = state.convert(rect)
    let opacity = Double(state.alpha) * color.alpha
    guard opacity > 0, area.isFinite, area.width > 0, area.height > 0 else { return }
    let spokes = 8
    let head = (frame % spokes + spokes) % spokes
    let radius = min(area.width, area.height) / 2
    let center = CGPoint(x: area.midX, y: area.midY)
    var markup = "<g" + paint("stroke", color) + opacityMarkup(opacity)
    markup += " stroke-width=\"\(svgNumber(max(1, radius * 0.2)))\" stroke-linecap=\"round\">"
    for spoke in 0..<spokes {
      let angle = CGFloat(spoke) * 2 * .pi / CGFloat(spokes)
      let (sine, cosine) = (sin(angle), cos(angle))
      let inner = radius * 0.45
      let outer = radius * 0.9
      let behind = (head - spoke + spokes) % spokes
      markup += "<line x1=\"\(svgNumber(center.x + sine * inner))\""
      markup += " y1=\"\(svgNumber(center.y - cosine * inner))\""
      markup += " x2=\"\(svgNumber(center.x + sine * outer))\""
      markup += " y2=\"\(svgNumber(center.y - cosine * outer))\""
      markup += " stroke-opacity=\"\(svgNumber(1 - CGFloat(behind) * 0.11))\"/>"
    }
    markup += "</g>"
    record(markup, bounds: area)
  }

  // MARK: - Elements

  /// Records an element that covers `bounds`: it is left out when it lies outside `clip` (by
  /// default `state.clip`) and clipped when it crosses the clip's edge.
  private func record(_ markup: String, bounds: CGRect, clip: CGRect? = nil) {
    let clip = clip ?? state.clip
    guard clip.isFinite, clip.width > 0, clip.height > 0, bounds.intersects(clip) else { return }
    if clip.contains(bounds) {
      elements.append(Element(markup: markup, clip: nil))
      return
    }
    let index: Int
    if let known = clipRects.firstIndex(of: clip) {
      index = known
    } else {
      index = clipRects.count
      clipRects.append(clip)
    }
    elements.append(Element(markup: markup, clip: index))
  }

  /// The corners of MJRefresh's arrow pointing down in a rectangle: a shaft and a head.
  private func arrowPoints(in area: CGRect) -> String {
    let top = area.minY + area.height * 0.05
    let bottom = area.maxY - area.height * 0.05
    let headHeight = min((bottom - top) * 0.4, area.width)
    let headHalf = area.width * 0.45
    let shaftHalf = max(area.width * 0.1, 0.75)
    let neck = bottom - headHeight
    let x = area.midX
    let points: [(CGFloat, CGFloat)] = [
      (x - shaftHalf, top), (x + shaftHalf, top), (x + shaftHalf, neck), (x + headHalf, neck),
      (x, bottom), (x - headHalf, neck), (x - shaftHalf, neck),
    ]
    return points.map { "\(svgNumber($0.0)),\(svgNumber($0.1))" }.joined(separator: " ")
  }

  /// ` transform="rotate(…)"` for `state.rotation` about a point (in degrees, clockwise on screen,
  /// as SVG's y axis points down), or nothing when there is no rotation.
  private func rotationMarkup(about point: CGPoint) -> String {
    let rotation = state.rotation.isFinite ? state.rotation : 0
    let degrees = (rotation * 180 / .pi).truncatingRemainder(dividingBy: 360)
    guard svgNumber(degrees) != "0" else { return "" }
    return
      " transform=\"rotate(\(svgNumber(degrees)) \(svgNumber(point.x)) \(svgNumber(point.y)))\""
  }

  /// The bounding box of a rectangle turned by `state.rotation` about its center.
  private func rotatedBounds(of area: CGRect) -> CGRect {
    let rotation = state.rotation.isFinite ? state.rotation : 0
    let (sine, cosine) = (abs(sin(rotation)), abs(cos(rotation)))
    let width = area.width * cosine + area.height * sine
    let height = area.width * sine + area.height * cosine
    return CGRect(
      x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
  }

  private func textStyle(fontSize: CGFloat, isBold: Bool, anchor: String) -> String {
    var markup = " font-family=\"\(escapedXML(fontFamily))\" font-size=\"\(svgNumber(fontSize))\""
    if isBold { markup += " font-weight=\"bold\"" }
    markup += " text-anchor=\"\(anchor)\" dominant-baseline=\"central\" xml:space=\"preserve\""
    return markup
  }
}

// MARK: - Markup helpers

/// `<rect x= y= width= height=`, unterminated so that attributes can follow.
func rectMarkup(_ rect: CGRect) -> String {
  "<rect x=\"\(svgNumber(rect.minX))\" y=\"\(svgNumber(rect.minY))\""
    + " width=\"\(svgNumber(rect.width))\" height=\"\(svgNumber(rect.height))\""
}

/// ` fill="#rrggbb"` (or another paint attribute) for a color; its opacity is not included.
func paint(_ attribute: String, _ color: Color) -> String {
  let hex = [color.red, color.green, color.blue].map { channel in
    let digits = String(channel, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }.joined()
  return " \(attribute)=\"#\(hex)\""
}

/// ` opacity="…"` below 1, nothing at 1.
func opacityMarkup(_ opacity: Double) -> String {
  let text = svgNumber(CGFloat(min(max(opacity, 0), 1)))
  return text == "1" ? "" : " opacity=\"\(text)\""
}

/// A coordinate with at most 3 decimals and no trailing zeros: `12`, `0.5`, `-3.142`; `0` for
/// non-finite values, and at most 10¹² in magnitude.
func svgNumber(_ value: CGFloat) -> String {
  guard value.isFinite else { return "0" }
  let thousandths = (min(max(value, -1e12), 1e12) * 1000).rounded()
  let whole = Int(thousandths)
  let sign = whole < 0 ? "-" : ""
  let integer = abs(whole) / 1000
  var fraction = abs(whole) % 1000
  guard fraction != 0 else { return sign + String(integer) }
  var digits = 3
  while fraction % 10 == 0 {
    fraction /= 10
    digits -= 1
  }
  let decimals = String(fraction)
  return sign + String(integer) + "." + String(repeating: "0", count: digits - decimals.count)
    + decimals
}

/// Text made safe for XML content and attribute values: `&`, `<`, `>`, `"` and `'` become
/// entities, and the characters XML 1.0 does not allow (C0 controls other than tab, line feed
/// and carriage return; U+FFFE and U+FFFF) are dropped.
func escapedXML(_ text: String) -> String {
  var result = ""
  result.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
    default:
      let value = scalar.value
      if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
