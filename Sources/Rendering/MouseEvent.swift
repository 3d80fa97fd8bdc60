/// A mouse event as SGR mouse reporting describes it.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press
    /// The mouse moved with a button down.
    case drag
    /// The button came up.
    case release
    /// The wheel turned (or a trackpad scrolled) by one notch.
    case wheel(dx: Int, dy: Int)
  }

  /// What happened.
  public var kind: Kind
  /// The button: 0 left, 1 middle, 2 right.
  public var button: Int
  /// The column, 0-based.
  public var column: Int
  /// The row, 0-based.
  public var row: Int
  /// Where in its column the pointer is, from 0 at the cell's left edge to just under 1 at
  /// its right: the middle, 0.5, unless the terminal reports pixels (SGR-Pixels,
  /// ``TerminalModes/sgrPixels``).
  public var columnFraction: Double
  /// Where in its row the pointer is, from 0 at the cell's top to just under 1 at its
  /// bottom: the middle, 0.5, unless the terminal reports pixels.
  public var rowFraction: Double

  /// Creates a mouse event.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - button: The button.
  ///   - column: The column, 0-based.
  ///   - row: The row, 0-based.
  ///   - columnFraction: Where in the column the pointer is, 0 to 1 (the middle unless given).
  ///   - rowFraction: Where in the row the pointer is, 0 to 1 (the middle unless given).
  public init(
    kind: Kind, button: Int = 0, column: Int, row: Int, columnFraction: Double = 0.5,
    rowFraction: Double = 0.5
  ) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
    self.columnFraction = columnFraction
    self.rowFraction = rowFraction
  }
}
