import Foundation
import Refresh
import Rendering

/// Draws views for snapshots and turns canvases into text, with the public API of
/// `TerminalCanvas` and `SVGCanvas` only.
@MainActor
enum TerminalSnapshot {
  /// Lays a view out as a host does before a frame: the whole tree it belongs to.
  static func layOut(_ view: View) {
    var root = view
    while let parent = root.superview { root = parent }
    root.layoutIfNeeded()
  }

  /// The view drawn on a terminal canvas, its frame's origin at the top left cell.
  static func canvas(of view: View, columns: Int?, rows: Int?) -> TerminalCanvas {
    layOut(view)
    let size = view.frame.size
    let covering = TerminalCanvas(covering: size)
    let canvas = TerminalCanvas(
      columns: max(0, columns ?? covering.columns), rows: max(0, rows ?? covering.rows))
    view.render(in: canvas)
    return canvas
  }

  /// The view drawn on an SVG canvas of its size.
  static func svgCanvas(of view: View) -> SVGCanvas {
    layOut(view)
    let canvas = SVGCanvas(size: view.frame.size)
    view.render(in: canvas)
    return canvas
  }

  /// The characters of one row: a wide character once (its continuation cell adds nothing),
  /// without the spaces at the end.
  static func rowText(of canvas: TerminalCanvas, row: Int) -> String {
    var text = ""
    for column in 0..<canvas.columns {
      let cell = canvas[column, row]
      if !cell.isContinuation { text.append(cell.character) }
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The canvas's text, one line per row.
  static func text(of canvas: TerminalCanvas) -> String {
    (0..<canvas.rows).map { rowText(of: canvas, row: $0) }.joined(separator: "\n") + "\n"
  }

  /// The letters that name styles, in order of first use.
  static let styleLetters = Array(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  /// A cell's style, as the legend writes it: `bold fg 231 bg 18` (xterm 256-color indexes),
  /// `inverse fg default bg default` (the terminal's own colors, in reverse video).
  static func styleName(of cell: TerminalCell) -> String {
    func name(_ color: TerminalColor) -> String {
      color.xterm256Index.map(String.init) ?? "default"
    }
    return (cell.isBold ? "bold " : "") + (cell.isInverse ? "inverse " : "")
      + "fg \(name(cell.foreground)) bg \(name(cell.background))"
  }

  /// The canvas's text with its styles: the legend (`  a = fg 16 bg 231`, one style a line),
  /// then each row's text and, under it, one letter per cell (a wide character's two cells
  /// both get its letter), each line after a `│`.
  static func styledText(of canvas: TerminalCanvas) -> String {
    var letters: [String: Character] = [:]
    var legend: [String] = []
    var lines: [String] = []
    for row in 0..<canvas.rows {
      var styles = ""
      for column in 0..<canvas.columns {
        let cell = canvas[column, row]
        let name = styleName(of: cell)
        if letters[name] == nil {
          // Past the 62 letters, every further style shares `*`, listed once.
          let letter: Character =
            letters.count < styleLetters.count ? styleLetters[letters.count] : "*"
          letters[name] = letter
          legend.append("\(letter) = \(name)")
        }
        styles.append(letters[name]!)
      }
      lines.append("│" + rowText(of: canvas, row: row))
      lines.append("│" + styles)
    }
    return (legend.map { "  " + $0 } + lines).joined(separator: "\n") + "\n"
  }
}
