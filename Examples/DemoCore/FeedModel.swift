/// The demo's data source: a feed loaded a page at a time, to which refreshes add new posts.
public struct FeedModel: Sendable {
  /// The posts loaded so far, newest first.
  public private(set) var items: [FeedItem] = []
  /// How many posts a page holds.
  public let pageSize: Int
  /// Whether every page has been loaded.
  public var hasMorePages: Bool { loadedFromArchive < archive.count }

  private let archive: [FeedItem]
  private var loadedFromArchive = 0
  private var arriving: [FeedItem]

  /// Creates a feed with its first page loaded.
  ///
  /// - Parameters:
  ///   - archive: The posts available by paging, newest first (the shipped feed by default).
  ///   - arriving: The posts later refreshes bring, oldest first.
  ///   - pageSize: How many posts a page holds (at least 1).
  public init(
    archive: [FeedItem]? = nil, arriving: [FeedItem]? = nil, pageSize: Int = 15
  ) {
    self.archive = archive ?? FeedData.initial
    self.arriving = arriving ?? FeedData.arriving
    self.pageSize = max(1, pageSize)
    loadNextPage()
  }

  /// Appends the next page; returns how many posts came.
  @discardableResult
  public mutating func loadNextPage() -> Int {
    let page = archive[loadedFromArchive..<min(loadedFromArchive + pageSize, archive.count)]
    items += page
    loadedFromArchive += page.count
    return page.count
  }

  /// Puts up to `count` newer posts at the top; returns how many came (none when the server
  /// has nothing new).
  @discardableResult
  public mutating func refresh(count: Int = 3) -> Int {
    let fresh = arriving.prefix(max(0, count))
    arriving.removeFirst(fresh.count)
    for index in items.indices { items[index].minutesAgo += 2 }
    items.insert(contentsOf: fresh.reversed(), at: 0)
    return fresh.count
  }
}
