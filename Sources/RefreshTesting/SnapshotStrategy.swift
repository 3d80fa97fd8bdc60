import Foundation
import Refresh
import Rendering

/// How a value becomes the text of a snapshot, and the extension of its reference file.
///
/// The strategies for views draw them: ``terminal(columns:rows:)`` (the cells as text),
/// ``styledTerminal(columns:rows:)`` (with colours and bold), ``svg`` (an SVG document). A
/// ``Filmstrip`` has the same three, for its frames together; text has ``lines``.
///
/// ```swift
/// assertSnapshot(of: header, as: .terminal(columns: 42, rows: 3))
/// assertSnapshot(of: scene.window, as: .svg)
/// ```
///
/// A strategy of your own turns a value into text:
///
/// ```swift
/// extension SnapshotStrategy where Value == ScrollModel {
///   static var insets: SnapshotStrategy {
///     SnapshotStrategy(pathExtension: "txt") { "\($0.adjustedContentInset)\n" }
///   }
/// }
/// ```
public struct SnapshotStrategy<Value> {
  /// The extension of the reference file, without the dot: `txt`, `svg`.
  public var pathExtension: String
  /// Makes the snapshot's text.
  public var render: @MainActor (Value) -> String

  /// Creates a strategy.
  ///
  /// - Parameters:
  ///   - pathExtension: The extension of the reference file, without the dot.
  ///   - render: Makes the snapshot's text.
  public init(pathExtension: String, render: @escaping @MainActor (Value) -> String) {
    self.pathExtension = pathExtension
    self.render = render
  }

  /// A strategy for another type that converts its values to this one's first.
  ///
  /// ```swift
  /// let windowOfTheScene: SnapshotStrategy<RefreshScene> =
  ///   SnapshotStrategy<Window>.terminal().converting { $0.window }
  /// ```
  ///
  /// - Parameter transform: Turns a value of the new type into one of this type.
  /// - Returns: The strategy.
  public func converting<Other>(_ transform: @escaping @MainActor (Other) -> Value)
    -> SnapshotStrategy<Other>
  {
    let render = self.render
    return SnapshotStrategy<Other>(pathExtension: pathExtension) { render(transform($0)) }
  }
}

extension SnapshotStrategy where Value == String {
  /// The text itself, in a `.txt` file.
  public static var lines: SnapshotStrategy<String> {
    SnapshotStrategy(pathExtension: "txt") { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
  }
}

extension SnapshotStrategy where Value: View {
  /// The view drawn on a `TerminalCanvas`, as the text of its cells: one line per row, without
  /// the spaces at the ends of the lines.
  ///
  /// The view is laid out first (as a host does before each frame), then drawn with its frame's
  /// origin at the top left cell: a window, or any view alone, such as a header.
  ///
  /// - Parameters:
  ///   - columns: The canvas's width in cells; `nil` for as many as the view's width needs
  ///     (9 points a cell).
  ///   - rows: The canvas's height in cells; `nil` for as many as the view's height needs
  ///     (18 points a cell).
  /// - Returns: The strategy.
  public static func terminal(columns: Int? = nil, rows: Int? = nil) -> SnapshotStrategy {
    SnapshotStrategy(pathExtension: "txt") { view in
      TerminalSnapshot.text(of: TerminalSnapshot.canvas(of: view, columns: columns, rows: rows))
    }
  }

  /// The view drawn on a `TerminalCanvas`, as text with its colours and bold: each row's
  /// characters, then under them a letter per cell naming its style, with the styles listed
  /// first (`a = fg 16 bg 231`, `b = bold fg 231 bg 18`, colours as xterm 256 indices), one a
  /// line.
  ///
  /// - Parameters:
  ///   - columns: The canvas's width in cells; `nil` for the view's width.
  ///   - rows: The canvas's height in cells; `nil` for the view's height.
  /// - Returns: The strategy.
  public static func styledTerminal(columns: Int? = nil, rows: Int? = nil)
    -> SnapshotStrategy
  {
    SnapshotStrategy(pathExtension: "txt") { view in
      TerminalSnapshot.styledText(
        of: TerminalSnapshot.canvas(of: view, columns: columns, rows: rows))
    }
  }

  /// The view drawn on an `SVGCanvas` of its size, as a standalone SVG document (laid out
  /// first, its frame's origin at the document's top left).
  public static var svg: SnapshotStrategy {
    SnapshotStrategy(pathExtension: "svg") { view in
      TerminalSnapshot.svgCanvas(of: view).document()
    }
  }
}

extension SnapshotStrategy where Value == ComponentRecorder {
  /// The recorder's samples, one a line (``ComponentRecorder/timeline``).
  public static var timeline: SnapshotStrategy<ComponentRecorder> {
    SnapshotStrategy(pathExtension: "txt") { $0.timeline }
  }
}
