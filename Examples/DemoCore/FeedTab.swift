import Foundation
import Refresh

/// One page of the demo's pager: a feed with its own simulated server, rows, and a vertical
/// ``ListView`` with a header and a footer of its own.
///
/// ``DemoApp`` makes one for each of its tabs (``DemoApp/Tab``); pulling one tab's list
/// refreshes that tab alone, and its pages load into it alone.
///
/// ```swift
/// let tab = FeedTab(name: "Latest", service: FeedService(clock: clock))
/// tab.setHeader(DemoApp.standardHeaderStyles[0]) { Date() }
/// tab.setFooter(auto: true)
/// ```
@MainActor
public final class FeedTab {
  /// The name the tab strip shows.
  public let name: String
  /// The tab's simulated server.
  public let service: FeedService
  /// The list showing the tab's feed.
  public let list = ListView(frame: .zero)
  /// Whether the list is a chat: oldest post first, an automatic header loading older posts
  /// above, and the end kept in view (the `c` key).
  public private(set) var isChat = false

  private let source = FeedListSource()

  /// Creates a tab, its list showing the first page of the service's feed.
  ///
  /// - Parameters:
  ///   - name: The name the tab strip shows.
  ///   - service: The tab's simulated server.
  public init(name: String, service: FeedService) {
    self.name = name
    self.service = service
    source.items = service.feed.items
    list.dataSource = source
    list.reloadData()
    list.contentOffset = list.minimumContentOffset
  }

  /// Puts a header of a style on the list, in place of the one it has.
  ///
  /// - Parameters:
  ///   - style: The header's style.
  ///   - currentDate: The current date, for the header's last update time.
  public func setHeader(
    _ style: DemoApp.HeaderStyle, currentDate: @escaping @MainActor @Sendable () -> Date
  ) {
    installHeader(style, currentDate: currentDate)
  }

  /// Puts a new footer on the list, in place of the one it has.
  ///
  /// - Parameter auto: Whether the footer loads by itself (auto) or appears past the end
  ///   (back).
  public func setFooter(auto: Bool) {
    installFooter(auto: auto)
  }

  /// Turns the list into a chat list: oldest post first, an automatic header loading older
  /// posts above, the end in view.
  ///
  /// Requests under way are cancelled: their answers would end the components they were for.
  public func enterChat() {
    service.cancelPendingRequests()
    isChat = true
    list.footer = nil
    list.staysAtEnd = true
    let header = RefreshAutoNormalHeader(frame: .zero)
    header.refreshingBlock = { [weak self] in self?.loadOlderPosts() }
    if !service.feed.hasMorePages { header.endRefreshingWithNoMoreData() }
    list.header = header
    source.items = Array(service.feed.items.reversed())
    list.reloadData()
    list.contentOffset = list.maximumContentOffset
  }

  /// Turns a chat list back into the feed, newest first, with a header and a footer.
  ///
  /// - Parameters:
  ///   - style: The header's style.
  ///   - usesAutoFooter: Whether the footer loads by itself (auto) or appears past the end
  ///     (back).
  ///   - currentDate: The current date, for the header's last update time.
  public func leaveChat(
    header style: DemoApp.HeaderStyle, usesAutoFooter: Bool,
    currentDate: @escaping @MainActor @Sendable () -> Date
  ) {
    service.cancelPendingRequests()
    isChat = false
    list.staysAtEnd = false
    installHeader(style, currentDate: currentDate)
    installFooter(auto: usesAutoFooter)
    source.items = service.feed.items
    list.reloadData()
    list.contentOffset = list.minimumContentOffset
  }

  private func installHeader(
    _ style: DemoApp.HeaderStyle, currentDate: @escaping @MainActor @Sendable () -> Date
  ) {
    let header = style.make()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = currentDate
    header.refreshingBlock = { [weak self] in
      self?.service.fetchNewPosts { answer in
        guard let self else { return }
        guard case .success(let count) = answer else {
          self.list.header?.endRefreshingWithFailure()
          return
        }
        self.source.items = self.service.feed.items
        self.list.insertRows(at: Array(0..<count))
        self.list.header?.endRefreshing(
          result: DemoText.newPosts(
            count, language: RefreshConfig.default.languageCode ?? "en"))
      }
    }
    list.header = header
  }

  private func installFooter(auto: Bool) {
    let footer: RefreshFooter =
      auto ? RefreshAutoNormalFooter(frame: .zero) : RefreshBackNormalFooter(frame: .zero)
    footer.refreshingBlock = { [weak self] in
      self?.service.fetchNextPage { answer in
        guard let self else { return }
        // A failed load stays failed until it is tapped or reached by a new drag.
        guard case .success(let hasMorePages) = answer else {
          self.list.footer?.endRefreshingWithFailure()
          return
        }
        self.source.items = self.service.feed.items
        self.list.reloadData()
        if hasMorePages {
          self.list.footer?.endRefreshing()
        } else {
          self.list.footer?.endRefreshingWithNoMoreData()
        }
      }
    }
    if !service.feed.hasMorePages { footer.endRefreshingWithNoMoreData() }
    list.footer = footer
  }

  /// The older posts of a chat, inserted above the rows on screen, which stay where they are.
  private func loadOlderPosts() {
    service.fetchNextPage { [weak self] answer in
      guard let self, self.isChat else { return }
      guard case .success(let hasMorePages) = answer else {
        self.list.header?.endRefreshingWithFailure()
        return
      }
      let shown = self.source.items.count
      self.source.items = Array(self.service.feed.items.reversed())
      self.list.insertRows(at: Array(0..<max(0, self.source.items.count - shown)))
      guard let header = self.list.header as? RefreshAutoHeader else { return }
      if hasMorePages {
        header.endRefreshing()
      } else {
        header.endRefreshingWithNoMoreData()
      }
    }
  }
}
