import Foundation
import Rendering

/// Lays a storyboard's frames out as one SVG document: a title line over a filmstrip of the
/// frames, each captioned, shown scaled down so that a whole strip of phone screens fits a page.
///
/// The frames keep their 375 × 667 point coordinates in the document's `viewBox`; only the
/// document's `width` and `height` are scaled. Captions and the title are set large enough to
/// stay readable at that scale.
enum StoryboardDocument {
  /// The margin around and between frames, in points.
  static let spacing: CGFloat = 16

  /// The height of the caption band under each frame, and the captions' font size, in points.
  static let captionHeight: CGFloat = 40
  static let captionFontSize: CGFloat = 22

  /// The height of the title band over the strip, and the title's font size, in points.
  static let titleHeight: CGFloat = 56
  static let titleFontSize: CGFloat = 26

  /// The SVG document of a storyboard's frames.
  ///
  /// - Parameters:
  ///   - title: The line over the strip.
  ///   - frames: The frames, in order.
  ///   - columns: The number of frames per row.
  ///   - scale: The size the document is shown at, relative to its points.
  /// - Returns: The document's text, the same for the same frames.
  @MainActor
  static func svg(title: String, frames: [StoryFrame], columns: Int, scale: Double) -> String {
    let strip = SVGCanvas.filmstrip(
      frames: frames.map { (caption: $0.caption, canvas: $0.canvas) }, columns: columns,
      spacing: spacing, captionHeight: captionHeight, captionFontSize: captionFontSize)
    let (width, stripHeight) = viewBoxSize(of: strip)
    let height = stripHeight + titleHeight
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\""
    text += " width=\"\(number(width * scale))\" height=\"\(number(height * scale))\""
    text += " viewBox=\"0 0 \(number(width)) \(number(height))\">\n"
    text += "<title>\(escaped(title))</title>\n"
    text += "<rect x=\"0\" y=\"0\" width=\"\(number(width))\" height=\"\(number(height))\""
    text += " fill=\"#ffffff\"/>\n"
    text += "<text x=\"\(number(spacing))\" y=\"\(number(spacing + (titleHeight - spacing) / 2))\""
    text += " font-family=\"monospace\" font-size=\"\(number(titleFontSize))\""
    text += " font-weight=\"bold\" dominant-baseline=\"central\" fill=\"#333333\">"
    text += escaped(title) + "</text>\n"
    // The strip, without its XML declaration, nested below the title band.
    var body = strip
    if let declarationEnd = body.range(of: "?>\n") {
      body.removeSubrange(body.startIndex..<declarationEnd.upperBound)
    }
    if let root = body.range(of: "<svg ") {
      body.replaceSubrange(root, with: "<svg x=\"0\" y=\"\(number(titleHeight))\" ")
    }
    text += body
    text += "</svg>\n"
    return text
  }

  /// The width and height in the `viewBox="0 0 w h"` of a document's root element.
  private static func viewBoxSize(of document: String) -> (CGFloat, CGFloat) {
    guard let start = document.range(of: "viewBox=\"0 0 ")?.upperBound,
      let end = document[start...].firstIndex(of: "\"")
    else { return (0, 0) }
    let values = document[start..<end].split(separator: " ").compactMap { Double($0) }
    guard values.count == 2 else { return (0, 0) }
    return (CGFloat(values[0]), CGFloat(values[1]))
  }

  /// A number with at most three decimals and no trailing zeros: "12", "0.5", "790.5".
  static func number(_ value: CGFloat) -> String {
    guard value.isFinite else { return "0" }
    var text = String(format: "%.3f", Double(value))
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Text made safe for XML content and attribute values.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
