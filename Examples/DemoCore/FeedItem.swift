/// One post of the demo's feed.
public struct FeedItem: Hashable, Sendable {
  /// The headline.
  public var title: String
  /// Who posted it.
  public var author: String
  /// How long ago, in minutes.
  public var minutesAgo: Int

  /// Creates a post.
  ///
  /// - Parameters:
  ///   - title: The headline.
  ///   - author: Who posted it.
  ///   - minutesAgo: How long ago.
  public init(title: String, author: String, minutesAgo: Int) {
    self.title = title
    self.author = author
    self.minutesAgo = minutesAgo
  }

  /// "12 min ago", "3 h ago" or "2 d ago".
  public var age: String {
    switch minutesAgo {
    case ..<1: "just now"
    case ..<60: "\(minutesAgo) min ago"
    case ..<(60 * 24): "\(minutesAgo / 60) h ago"
    default: "\(minutesAgo / (60 * 24)) d ago"
    }
  }
}
