/// What a view tells assistive technology: the kinds of ``AccessibilityPost``, after UIKit's
/// `UIAccessibility.Notification`.
public enum AccessibilityNotification: Hashable, Sendable {
  /// Something to say now, as a sighted user sees it change ("Release to refresh",
  /// "Loading...", "Updated 20 items", "No more data"): UIKit's `.announcement`.
  case announcement
  /// An element came into view (a list's row scrolled or inserted into sight); the text is
  /// what it reads.
  case appeared
  /// The focus moved to an element (a list's selected row): UIKit's `.layoutChanged` with the
  /// element as its argument.
  case focused
}

/// One notification with the text it reads, as the window's ``AccessibilityChannel`` keeps it.
public struct AccessibilityPost: Hashable, Sendable {
  /// The kind of notification.
  public var notification: AccessibilityNotification
  /// What assistive technology reads.
  public var text: String

  /// Creates a post.
  ///
  /// - Parameters:
  ///   - notification: The kind of notification.
  ///   - text: What it reads.
  public init(_ notification: AccessibilityNotification, _ text: String) {
    self.notification = notification
    self.text = text
  }
}
