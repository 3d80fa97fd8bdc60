import Foundation
import TestSupport
import Testing

@testable import Refresh

@MainActor
@Suite("Accessibility: labels, values and the announcement channel")
struct AccessibilityTests {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = RowSource(count: 30)

  /// A 375 × 360 list of thirty 36-point rows: ten fit.
  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
    list.dataSource = source
  }

  var announcements: [String] {
    window.accessibility.posts.filter { $0.notification == .announcement }.map(\.text)
  }

  @Test func labelsReadTheirTextAndViewsTheirSubviews() {
    let row = View()
    let title = Label(text: "Title")
    let byline = Label(text: "author")
    row.addSubview(title)
    row.addSubview(byline)
    #expect(title.isAccessibilityElement)
    #expect(!row.isAccessibilityElement)
    #expect(row.accessibilityText == "Title, author")
    byline.isHidden = true
    #expect(row.accessibilityText == "Title")
    title.accessibilityLabel = "Headline"
    title.accessibilityValue = "unread"
    #expect(row.accessibilityText == "Headline, unread")
    title.accessibilityLabel = nil
    #expect(title.accessibilityLabel == "Title")
  }

  @Test func aPullAnnouncesWhatItShows() {
    let header = RefreshNormalHeader {}
    list.header = header
    clock.advance(by: 0)
    list.panState = .began
    list.contentOffset.y = -60  // past the 54-point threshold
    list.contentOffset.y = -40  // back before it
    list.contentOffset.y = -70
    list.panState = .ended
    clock.advance(by: 0.3)
    #expect(
      announcements == [
        "Release to refresh", "Pull down to refresh", "Release to refresh", "Loading...",
      ])
    #expect(header.accessibilityLabel == "Loading...")
    #expect(header.isAccessibilityElement)
    header.endRefreshing(result: "Updated 20 items")
    #expect(announcements.last == "Updated 20 items")
    #expect(header.accessibilityLabel == "Updated 20 items")
    // The header hides after the hold, silently.
    let count = window.accessibility.posts.count
    clock.advance(by: 2)
    #expect(window.accessibility.posts.count == count)
  }

  /// A refresh that ends without a result says it finished: a header with a last-updated time
  /// reads the new time, a footer its title again, and a refresh that failed its failure.
  @Test func aRefreshThatEndsWithoutAResultSaysItFinished() {
    let header = RefreshNormalHeader {}
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    header.calendar = calendar
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    // 2024-05-20 10:00:00 UTC, plus the clock's time.
    let start = Date(timeIntervalSince1970: 1_716_199_200)
    let clock = clock
    header.currentDate = { start + clock.now }
    list.header = header
    let footer = RefreshAutoNormalFooter {}
    list.footer = footer
    clock.advance(by: 0)
    header.beginRefreshing()
    clock.advance(by: 0.3)
    header.endRefreshing()
    #expect(announcements.last == "Last update: Today 10:00")
    clock.advance(by: 2)
    let afterHeader = announcements.count
    footer.beginRefreshing()
    clock.advance(by: 0.3)
    #expect(announcements.last == "Loading...")
    footer.endRefreshing()
    #expect(announcements.count == afterHeader + 2)
    #expect(announcements.last == "Tap or pull up to load more")
    footer.beginRefreshing()
    clock.advance(by: 0.3)
    footer.endRefreshingWithNoMoreData()
    #expect(announcements.last == "No more data")
  }

  /// A component reads as the title it shows, whenever that changes (a title set for the
  /// current state, a language, a held result), not only as of its last state change.
  @Test func aComponentReadsAsTheTitleItShowsNow() {
    let header = RefreshNormalHeader {}
    list.header = header
    clock.advance(by: 0)
    #expect(header.accessibilityLabel == "Pull down to refresh")
    header.setTitle("Pull for news", for: .idle)
    #expect(header.accessibilityLabel == "Pull for news")
    header.stateLabel.isHidden = true
    #expect(header.accessibilityLabel == nil)
    header.stateLabel.isHidden = false
    header.beginRefreshing()
    clock.advance(by: 0.3)
    header.endRefreshing(result: "Updated 3 items")
    #expect(header.accessibilityLabel == "Updated 3 items")
    clock.advance(by: 2)
    #expect(header.state == .idle)
    #expect(header.accessibilityLabel == "Pull for news")
  }

  /// A held result is what a header reads as even when no state label shows it (the title
  /// hidden, a header with no title).
  @Test func aHeldResultIsReadWithTheTitleHidden() {
    let header = RefreshNormalHeader {}
    header.stateLabel.isHidden = true
    list.header = header
    clock.advance(by: 0)
    header.beginRefreshing()
    clock.advance(by: 0.3)
    #expect(header.accessibilityLabel == nil)
    header.endRefreshing(result: "Updated 3 items")
    #expect(header.accessibilityLabel == "Updated 3 items")
    clock.advance(by: 2)
    #expect(header.accessibilityLabel == nil)
  }

  /// A label the app gives a component is what it reads as from then on, through state
  /// changes and results, as UIKit keeps an accessibility label it was given; `nil` returns
  /// to the title.
  @Test func aLabelTheAppSetsIsKeptThroughStateChanges() {
    let header = RefreshNormalHeader {}
    list.header = header
    clock.advance(by: 0)
    header.accessibilityLabel = "News feed refresh"
    list.panState = .began
    list.contentOffset.y = -60
    #expect(header.state == .pulling)
    list.panState = .ended
    clock.advance(by: 0.3)
    header.endRefreshing(result: "Updated 3 items")
    #expect(header.accessibilityLabel == "News feed refresh")
    // The announcements still say what changed.
    #expect(announcements == ["Release to refresh", "Loading...", "Updated 3 items"])
    header.accessibilityLabel = nil
    #expect(header.accessibilityLabel == "Updated 3 items")
  }

  @Test func footersAnnounceLoadingAndTheEndOfTheData() {
    let footer = RefreshAutoNormalFooter {}
    list.footer = footer
    clock.advance(by: 0)
    footer.beginRefreshing()
    footer.endRefreshingWithNoMoreData()
    #expect(announcements == ["Loading...", "No more data"])
  }

  @Test func aFailedLoadAnnouncesItsRetryTitle() {
    let footer = RefreshAutoNormalFooter {}
    list.footer = footer
    clock.advance(by: 0)
    footer.beginRefreshing()
    footer.endRefreshingWithFailure()
    #expect(footer.state == .failed)
    #expect(announcements == ["Loading...", "Load failed. Tap to retry."])
  }

  @Test func rowsComingIntoViewAndTheFocusArePostedOnlyToAScreenReader() {
    clock.advance(by: 0)
    #expect(window.accessibility.posts.isEmpty)
    list.contentOffset.y = 72
    clock.advance(by: 0)
    #expect(window.accessibility.posts.isEmpty)

    window.accessibility.isScreenReaderRunning = true
    list.contentOffset.y = 144  // rows 4 to 13 in view: 12 and 13 are new
    clock.advance(by: 0)
    #expect(
      window.accessibility.posts == [.init(.appeared, "item 12"), .init(.appeared, "item 13")])
    window.accessibility.removeAllPosts()
    list.selectRow(at: 5, scrollsToVisible: false)
    clock.advance(by: 0)
    #expect(window.accessibility.posts == [.init(.focused, "item 5")])
  }

  @Test func aRefreshReadsOnlyItsNewRows() {
    window.accessibility.isScreenReaderRunning = true
    clock.advance(by: 0)
    #expect(window.accessibility.posts.count == 10)  // the first screen, in order
    #expect(window.accessibility.posts.first?.text == "item 0")
    window.accessibility.removeAllPosts()
    source.insert(["new 0", "new 1"], at: 0)
    list.insertRows(at: [0, 1])
    clock.advance(by: 0)
    #expect(
      window.accessibility.posts == [.init(.appeared, "new 0"), .init(.appeared, "new 1")])
  }

  /// Rows inserted among the rows in view are read, and the rows around them, already read,
  /// are not read again under their new numbers.
  @Test func rowsInsertedAmongTheRowsInViewAreRead() {
    window.accessibility.isScreenReaderRunning = true
    clock.advance(by: 0)
    window.accessibility.removeAllPosts()
    source.insert(["new 3"], at: 3)
    source.insert(["new 5"], at: 5)
    list.insertRows(at: [3, 5])
    clock.advance(by: 0)
    #expect(
      window.accessibility.posts == [.init(.appeared, "new 3"), .init(.appeared, "new 5")])
  }

  /// In a horizontal pager of two lists, the page it does not show reads nothing.
  ///
  /// Turned to, that page reads its rows at its next layout, and the page turned away from
  /// reads them again when it comes back. A hidden list reads nothing either.
  @Test func onlyTheListsInTheWindowsBoundsReadTheirRows() {
    list.removeFromSuperview()
    let pager = ScrollModel(frame: window.bounds)
    pager.isPagingEnabled = true
    pager.contentSize = CGSize(width: 2 * 375, height: 360)
    window.addSubview(pager)
    let second = ListView(frame: CGRect(x: 375, y: 0, width: 375, height: 360))
    let secondSource = RowSource(count: 30)
    secondSource.items = (0..<30).map { "other \($0)" }
    second.dataSource = secondSource
    list.frame = window.bounds
    pager.addSubview(list)
    pager.addSubview(second)
    window.accessibility.isScreenReaderRunning = true
    clock.advance(by: 0)
    #expect(window.accessibility.posts.map(\.text) == (0..<10).map { "item \($0)" })
    window.accessibility.removeAllPosts()
    pager.contentOffset.x = 375
    list.setNeedsLayout()
    second.setNeedsLayout()
    clock.advance(by: 0)
    #expect(window.accessibility.posts.map(\.text) == (0..<10).map { "other \($0)" })
    window.accessibility.removeAllPosts()
    pager.contentOffset.x = 0
    list.setNeedsLayout()
    second.setNeedsLayout()
    clock.advance(by: 0)
    #expect(window.accessibility.posts.map(\.text) == (0..<10).map { "item \($0)" })
    window.accessibility.removeAllPosts()
    pager.isHidden = true
    list.setNeedsLayout()
    clock.advance(by: 0)
    pager.isHidden = false
    list.setNeedsLayout()
    clock.advance(by: 0)
    #expect(window.accessibility.posts.map(\.text) == (0..<10).map { "item \($0)" })
  }

  @Test func blankTextsAreNotPostedAndOldPostsAreDropped() {
    let channel = AccessibilityChannel()
    channel.post(notification: .announcement, argument: "  ")
    #expect(channel.posts.isEmpty)
    for index in 0..<(AccessibilityChannel.capacity + 5) {
      channel.post(notification: .announcement, argument: "\(index)")
    }
    #expect(channel.posts.count == AccessibilityChannel.capacity)
    #expect(channel.posts.first?.text == "5")
    #expect(channel.posts.last?.text == "\(AccessibilityChannel.capacity + 4)")
  }

  /// Blank is whitespace only, in any script; a text with anything else is posted.
  @Test(arguments: [
    ("", true), (" ", true), ("\t\n", true), ("\u{00A0}", true), ("\u{3000}\u{2028}", true),
    ("!", false), ("~", false), ("\u{7F}", false), ("\u{1F}", false), (" x", false),
    ("\u{00A0}é", false), ("下拉", false),
  ])
  func onlyWhitespaceIsBlank(text: String, isBlank: Bool) {
    let channel = AccessibilityChannel()
    channel.post(notification: .announcement, argument: text)
    #expect(channel.posts.isEmpty == isBlank)
  }

  /// Posts and blank ones in seeded random order, and one clearing, against a plain array
  /// that keeps the last `capacity` posts: the channel keeps the same posts in the same
  /// order, across several wraps of its ring before and after the clearing.
  @Test(arguments: [1, 7, 42])
  func theKeptPostsAreTheLastOnesInOrder(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let capacity = AccessibilityChannel.capacity
    let channel = AccessibilityChannel()
    var expected: [AccessibilityPost] = []
    var handed: [AccessibilityPost] = []
    channel.onPost = { handed.append($0) }
    let clearing = Int.random(in: capacity * 3..<capacity * 4, using: &random)
    var wraps = 0
    for step in 0..<(capacity * 8) {
      if step == clearing {
        channel.removeAllPosts()
        expected.removeAll()
      } else if Int.random(in: 0..<10, using: &random) == 0 {
        channel.post(notification: .announcement, argument: " ")
      } else {
        let post = AccessibilityPost(.announcement, "post \(step)")
        channel.post(notification: post.notification, argument: post.text)
        expected.append(post)
        if expected.count > capacity {
          expected.removeFirst()
          wraps += 1
        }
      }
      if step % 97 == 0 { #expect(channel.posts == expected) }
    }
    #expect(channel.posts == expected)
    #expect(wraps > capacity * 2)
    #expect(handed.count == handed.filter { !$0.text.allSatisfy(\.isWhitespace) }.count)
  }
}
