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

  /// Creates a mouse event.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - button: The button.
  ///   - column: The column, 0-based.
  ///   - row: The row, 0-based.
  public init(kind: Kind, button: Int = 0, column: Int, row: Int) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
  }
}
