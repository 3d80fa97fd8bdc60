import Foundation
import Refresh

extension SVGCanvas {
  /// A standalone SVG document that lays frames out in a grid, left to right and top to
  /// bottom, each with its caption centered under it: a storyboard of a refresh, say.
  ///
  /// Each frame is a nested `<svg>` (so that nothing it draws spills onto its neighbors) with
  /// its own clipping path ids, prefixed `f0-`, `f1-`… so that they stay unique, and a thin
  /// border. Cells are as large as the largest frame.
  ///
  /// ```swift
  /// let strip = SVGCanvas.filmstrip(
  ///   frames: [(caption: "idle", canvas: idle), (caption: "pulling", canvas: pulling)],
  ///   columns: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - frames: The frames in order, each with its caption (escaped).
  ///   - columns: The number of frames per row; less than 1 counts as 1.
  ///   - spacing: The margin around and between cells, in points.
  ///   - captionHeight: The height of the caption line under each frame, in points.
  ///   - captionFontSize: The captions' font size, in points: larger when the strip is shown
  ///     scaled down, so that captions stay readable; one that is not positive and finite
  ///     counts as 12.
  /// - Returns: The document's text.
  public static func filmstrip(
    frames: [(caption: String, canvas: SVGCanvas)], columns: Int, spacing: CGFloat = 16,
    captionHeight: CGFloat = 24, captionFontSize: CGFloat = 12
  ) -> String {
    let columns = max(1, min(columns, max(frames.count, 1)))
    let rows = (frames.count + columns - 1) / columns
    let spacing = spacing.isFinite ? max(spacing, 0) : 0
    let captionHeight = captionHeight.isFinite ? max(captionHeight, 0) : 0
    let cellWidth = frames.map(\.canvas.size.width).max() ?? 0
    let frameHeight = frames.map(\.canvas.size.height).max() ?? 0
    let cellHeight = frameHeight + captionHeight
    let width = spacing + CGFloat(columns) * (cellWidth + spacing)
    let height = spacing + CGFloat(rows) * (cellHeight + spacing)
    let fontFamily = escapedXML(frames.first?.canvas.fontFamily ?? "monospace")
    let fontSize = captionFontSize.isFinite && captionFontSize > 0 ? captionFontSize : 12

    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\""
    text += " width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\""
    text += " viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\">\n"
    text += rectMarkup(CGRect(x: 0, y: 0, width: width, height: height))
    text += paint("fill", .white) + "/>\n"
    for (index, frame) in frames.enumerated() {
      let size = frame.canvas.size
      let x =
        spacing + CGFloat(index % columns) * (cellWidth + spacing) + (cellWidth - size.width) / 2
      let y = spacing + CGFloat(index / columns) * (cellHeight + spacing)
      let place = "x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\""
      text += "<svg \(place) width=\"\(svgNumber(size.width))\""
      text += " height=\"\(svgNumber(size.height))\""
      text += " viewBox=\"0 0 \(svgNumber(size.width)) \(svgNumber(size.height))\">\n"
      text += frame.canvas.content(idPrefix: "f\(index)-")
      text += "</svg>\n"
      text += rectMarkup(CGRect(x: x, y: y, width: size.width, height: size.height))
      text += " fill=\"none\"" + paint("stroke", .lightGray) + " stroke-width=\"1\"/>\n"
      text += "<text x=\"\(svgNumber(x + size.width / 2))\""
      text += " y=\"\(svgNumber(y + frameHeight + captionHeight / 2))\""
      text += " font-family=\"\(fontFamily)\" font-size=\"\(svgNumber(fontSize))\""
      text += " text-anchor=\"middle\""
      text += " dominant-baseline=\"central\"" + paint("fill", .refreshText)
      text += ">\(escapedXML(frame.caption))</text>\n"
    }
    text += "</svg>\n"
    return text
  }
}
