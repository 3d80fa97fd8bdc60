import Foundation
import Refresh

/// How a component's title label looks in one state: its text and its colours.
///
/// ``ColoredRefreshHeader`` and ``LoadMoreFooter`` keep one per state, in a ``StateStylesPart``:
///
/// ```swift
/// header.setStyle(
///   LabelStyle(title: "Release!", textColor: .white, backgroundColor: .blue), for: .pulling)
/// ```
public struct LabelStyle: Hashable, Sendable {
  /// The title, or `nil` for the component's localized default.
  public var title: String?
  /// The colour of the title.
  public var textColor: Color
  /// The colour behind the title, or `nil` for none.
  public var backgroundColor: Color?

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` for the component's localized default.
  ///   - textColor: The colour of the title.
  ///   - backgroundColor: The colour behind the title, or `nil` for none.
  public init(title: String?, textColor: Color, backgroundColor: Color?) {
    self.title = title
    self.textColor = textColor
    self.backgroundColor = backgroundColor
  }
}

/// The `UIColor` constants seed 003 uses, channel for channel.
enum SeedColor {
  static let black = Color(red: 0, green: 0, blue: 0)
  static let red = Color(red: 255, green: 0, blue: 0)
  static let yellow = Color(red: 255, green: 255, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 255)
  static let lightGray = Color(red: 170, green: 170, blue: 170)
}
