/// The color of a scroll model's indicators (`UIScrollView.IndicatorStyle`).
///
/// ```swift
/// scroll.indicatorStyle = .white  // over dark content
/// ```
public enum ScrollIndicatorStyle: Hashable, Sendable {
  /// A gray that reads on light and dark surfaces alike (``Color/secondaryLabel``): in a
  /// terminal, over its own colors, whatever its theme.
  case `default`
  /// Black, for light content.
  case black
  /// White, for dark content.
  case white

  /// The color the indicators are drawn in.
  public var color: Color {
    switch self {
    case .default: .secondaryLabel
    case .black: .black
    case .white: .white
    }
  }
}
