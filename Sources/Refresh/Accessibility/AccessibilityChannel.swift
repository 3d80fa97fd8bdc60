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
  ///
  /// Each read puts the kept posts in order, a copy of up to ``capacity`` of them: read it
  /// when you need the history, not on every post (``onPost`` hands each one over as it comes).
  public var posts: [AccessibilityPost] {
    Array(kept[oldest...] + kept[..<oldest])
  }

  /// The posts kept, as a ring once it is full.
  ///
  /// `kept[oldest]` is the oldest, and a new post takes its place, so a full channel keeps
  /// posting at a constant cost; dropping the oldest from the front of an array moved all the
  /// others on every post (500 of them, on every state change of a component after its 500th).
  ///
  /// Main-actor confined, and no access to either calls out while it holds them, so the
  /// dynamic exclusivity checks are turned off.
  @exclusivity(unchecked) private var kept: [AccessibilityPost] = []
  @exclusivity(unchecked) private var oldest = 0

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
    guard !argument.isBlank else { return }
    let post = AccessibilityPost(notification, argument)
    if kept.count < Self.capacity {
      kept.append(post)
    } else {
      kept[oldest] = post
      oldest = oldest == Self.capacity - 1 ? 0 : oldest + 1
    }
    onPost?(post)
  }

  /// Forgets the posts kept so far.
  public func removeAllPosts() {
    kept.removeAll()
    oldest = 0
  }
}

extension String {
  /// Whether every character is whitespace (an empty string is blank).
  ///
  /// A loop, not `allSatisfy(_:)`: a closure handed to a function that is not main-actor
  /// isolated checks the executor at run time when it is made in main-actor code.
  fileprivate var isBlank: Bool {
    // Most posts begin with a visible ASCII character, which answers at once: iterating
    // characters and asking each for its Unicode properties costs about 600 instructions.
    if let first = utf8.first, first > 0x20, first < 0x7F { return false }
    for character in self where !character.isWhitespace { return false }
    return true
  }
}
