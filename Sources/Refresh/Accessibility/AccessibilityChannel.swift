import Foundation

/// The one channel through which a window's views tell assistive technology what changed:
/// the per-window counterpart of UIKit's `UIAccessibility.post(notification:argument:)`.
///
/// Components announce what a sighted user sees change; a host reads the posts aloud (the
/// terminal host, in its accessible mode, writes each as a line), and tests read ``posts``:
///
/// ```swift
/// list.header = RefreshNormalHeader {}
/// list.header?.beginRefreshing()
/// clock.advance(by: 0)
/// window.accessibility.posts.last?.text  // "Loading..."
/// ```
///
/// Announcements are always posted. What comes into view and the focus are posted only while
/// ``isScreenReaderRunning`` (UIKit's `UIAccessibility.isVoiceOverRunning`), since working out
/// what a row reads on every scroll costs time nobody needs otherwise.
@MainActor
public final class AccessibilityChannel {
  /// The most recent posts, oldest first (at most ``capacity``).
  public private(set) var posts: [AccessibilityPost] = []

  /// How many posts ``posts`` keeps; older ones are dropped.
  public static let capacity = 500

  /// Called with every post as it is made.
  public var onPost: ((AccessibilityPost) -> Void)?

  /// Whether something reads the screen aloud, so that rows coming into view and the focus
  /// are posted too; `false` unless set (the terminal host sets it in its accessible mode).
  public var isScreenReaderRunning = false

  /// Creates a channel; every window has one (`Window/accessibility`).
  public init() {}

  /// Posts a notification.
  ///
  /// - Parameters:
  ///   - notification: Its kind.
  ///   - argument: What it reads; an empty or blank text is ignored.
  public func post(notification: AccessibilityNotification, argument: String) {
    guard argument.contains(where: { !$0.isWhitespace }) else { return }
    let post = AccessibilityPost(notification, argument)
    posts.append(post)
    if posts.count > Self.capacity { posts.removeFirst(posts.count - Self.capacity) }
    onPost?(post)
  }

  /// Forgets the posts kept so far.
  public func removeAllPosts() {
    posts.removeAll()
  }
}
