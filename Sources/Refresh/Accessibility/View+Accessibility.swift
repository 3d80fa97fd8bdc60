import Foundation

extension View {
  /// What assistive technology reads for this view and its subviews: its
  /// ``accessibilityLabel`` and ``accessibilityValue`` when it is an accessibility element,
  /// else what its visible subviews read, joined by commas.
  ///
  /// A list reads a row this way when it comes into view: a row of two labels reads
  /// "Title, author".
  public var accessibilityText: String {
    guard !isHidden else { return "" }
    if isAccessibilityElement {
      return [accessibilityLabel, accessibilityValue].compactMap { $0 }.filter { !$0.isEmpty }
        .joined(separator: ", ")
    }
    return subviews.map(\.accessibilityText).filter { !$0.isEmpty }.joined(separator: ", ")
  }

  /// Posts a notification to the window's ``Window/accessibility`` channel (nothing happens
  /// off screen): UIKit's `UIAccessibility.post(notification:argument:)`.
  ///
  /// - Parameters:
  ///   - notification: Its kind.
  ///   - argument: What it reads.
  public func postAccessibility(_ notification: AccessibilityNotification, _ argument: String) {
    window?.accessibility.post(notification: notification, argument: argument)
  }
}
