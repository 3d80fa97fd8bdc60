import Foundation
import Testing

@testable import Refresh

// The code of the Refresh articles, as written there (DocumentationSampleTests checks that every
// line of each sample appears in these files, in order), so that it compiles and runs.

// Refresh.md
struct LandingPage {
  @MainActor func attach(to scroll: ScrollModel, reload: @escaping () -> Void) {
    scroll.header = RefreshNormalHeader { reload() }
    scroll.footer = RefreshAutoNormalFooter { scroll.footer?.endRefreshingWithNoMoreData() }
  }
}

// GettingStarted.md
@MainActor
func makeFeed(in window: Window) -> ScrollModel {
  let scroll = ScrollModel(frame: window.bounds)
  window.addSubview(scroll)
  scroll.contentSize = CGSize(width: 375, height: 2000)

  scroll.header = RefreshNormalHeader {
    // Reload, then:
    scroll.header?.endRefreshing()
  }
  scroll.footer = RefreshBackNormalFooter {
    // Load the next page, then:
    scroll.footer?.endRefreshingWithNoMoreData()
  }
  return scroll
}

@MainActor
func attach(to scroll: ScrollModel, reload: @escaping @MainActor () async -> Void) {
  scroll.header = RefreshNormalHeader(asyncRefreshingBlock: {
    await reload()
  })
}

@MainActor func useChinese() {
  RefreshConfig.default.languageCode = "zh-Hans"
}

// WritingACustomComponent.md
final class BadgeHeader: RefreshStateHeader {
  let badge = Label(text: "★")

  override func prepare() {
    super.prepare()
    frame.size.height = 80
    lastUpdatedTimeLabel.isHidden = true
    badge.textColor = .refreshText  // idle until the first change of state
    addSubview(badge)
  }

  override func placeSubviews() {
    super.placeSubviews()
    badge.center = CGPoint(x: 30, y: frame.height / 2)
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    badge.textColor = state == .pulling ? .orange : .refreshText
    if state == .refreshing { setTitle("Fetching the latest...", for: .refreshing) }
  }
}

// ComposingAComponentFromParts.md
final class ClockHeader: RefreshHeader, ArrowAndSpinnerComponent {
  let indicatorPart = ArrowAndSpinnerPart()
  let title = Label(text: "Pull for the latest")

  override func prepare() {
    super.prepare()
    frame.size.height = 72
    addSubview(title)
    addPart(indicatorPart)
  }

  override func placeSubviews() {
    super.placeSubviews()
    // The parts are placed by `super`: the indicator sits in the middle, as there is no
    // state title beside it; move it up and put the title under it.
    arrowView.center.y = 24
    loadingView.center.y = 24
    title.frame = CGRect(x: 0, y: 44, width: frame.width, height: 18)
    title.textAlignment = .center
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .pulling: title.text = "Let go for the latest"
    case .refreshing, .willRefresh: title.text = "Fetching..."
    default: title.text = "Pull for the latest"
    }
  }
}
final class PullBarPart: RefreshComponentPart {
  let bar = View()
  private var percent: CGFloat = 0

  var followsPullingPercent: Bool { true }

  func didAttach(to component: RefreshComponent) {
    bar.backgroundColor = .orange
    component.addSubview(bar)
  }

  func willDetach(from component: RefreshComponent) {
    bar.removeFromSuperview()
  }

  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent) {
    bar.isHidden = state == .refreshing
  }

  func follow(pullingPercent: CGFloat, in component: RefreshComponent) {
    percent = min(max(pullingPercent, 0), 1)
    component.setNeedsLayout()
  }

  func place(in component: RefreshComponent) {
    let width = component.frame.width * percent
    bar.frame = CGRect(x: (component.frame.width - width) / 2, y: 0, width: width, height: 2)
  }
}

@MainActor func attachBarredHeader(to scroll: ScrollModel, reload: @escaping () -> Void) {
  let header = RefreshNormalHeader { reload() }
  header.addPart(PullBarPart())
  scroll.header = header
}
final class NoticeHeader: RefreshHeader, StateTitledComponent {
  let stateTitlePart = StateTitlePart(defaults: .header)

  override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
    setTitle("Pull to see what's new", for: .idle)
  }
}

// MigratingFromMJRefresh.md
@MainActor
final class FeedController {
  let tableView: ScrollModel

  init(tableView: ScrollModel) {
    self.tableView = tableView
    tableView.header = RefreshNormalHeader(refreshingBlock: { [weak self] in
      self?.loadNewData()
    })
    tableView.footer = RefreshAutoNormalFooter(
      refreshingTarget: self, refreshingAction: FeedController.loadMoreData)
  }

  func loadNewData() { tableView.header?.endRefreshing() }

  func loadMoreData() { tableView.footer?.endRefreshingWithNoMoreData() }
}

@MainActor
func attachHeader(to scroll: ScrollModel, reload: @escaping () -> Void) {
  RefreshNormalHeader(refreshingBlock: reload)
    .autoChangeTransparency(true)
    .afterEndingAction { print("hidden") }
    .link(to: scroll)
}

@MainActor
func useTheAppsTitles() {
  RefreshConfig.default.i18nBundle = .main
  RefreshConfig.default.i18nFilename = "Refresh"
}

// Raw driving, as the manual-clock article once showed it (the article now lives in
// RefreshTesting, whose tests compile its samples): a test of its own.
@MainActor
@Test func releasingPastTheThresholdRefreshes() {
  let clock = ManualFrameClock()
  let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
  let scroll = ScrollModel(frame: window.bounds)
  window.addSubview(scroll)
  scroll.contentSize = CGSize(width: 375, height: 2000)
  scroll.contentInset = EdgeInsets(top: 64)
  scroll.contentOffset = CGPoint(x: 0, y: -64)
  var refreshes = 0
  let header = RefreshNormalHeader { refreshes += 1 }
  scroll.header = header

  // Raw driving: the pan state and offset, as UIKit's KVO would report a gesture.
  scroll.panState = .began
  scroll.contentOffset = CGPoint(x: 0, y: -130)
  #expect(header.state == .pulling)
  scroll.panState = .ended
  #expect(header.state == .refreshing)
  #expect(scroll.adjustedContentInset.top == 118)

  clock.advance(by: 0.25)  // the header is shown: the callback runs
  #expect(refreshes == 1)

  header.endRefreshing()
  #expect(header.state == .idle)  // at once
  clock.advance(by: 0.4)
  #expect(scroll.adjustedContentInset.top == 64)
}

// ScrollPhysicsArticle.md: the paging sample.
// A 320 × 480 scroll model, 2400 points of content, in a window on `clock`.
@MainActor func page(_ scroll: ScrollModel, on clock: ManualFrameClock) {
  scroll.isPagingEnabled = true  // 480-point pages
  scroll.beginDragging(at: CGPoint(x: 160, y: 400))
  scroll.drag(to: CGPoint(x: 160, y: 150))  // offset 250
  scroll.endDragging(velocity: .zero)
  clock.advance(by: 0.1)  // 480 - 460 / e ≈ 310.8, on the spring
  clock.advance(by: 2)  // 480
}

@MainActor
@Suite("Documentation samples of Refresh")
struct RefreshDocumentationSampleTests {
  @Test func gettingStarted() async {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    let scroll = makeFeed(in: window)
    scroll.header?.beginRefreshing()
    clock.advance(by: 0.25)
    #expect(scroll.header?.state == .idle)
    scroll.footer?.beginRefreshing()
    clock.advance(by: 0.25)
    #expect(scroll.footer?.state == .noMoreData)

    var reloaded = false
    attach(to: scroll) { reloaded = true }
    scroll.header?.beginRefreshing()
    clock.advance(by: 0.25)
    for _ in 0..<20 where !reloaded { await Task.yield() }
    #expect(reloaded)

    defer { RefreshConfig.default.languageCode = nil }
    useChinese()
    #expect(RefreshConfig.default.languageCode == "zh-Hans")
  }

  @Test func theBadgeHeader() {
    let scene = Scene()
    let header = BadgeHeader(frame: .zero)
    #expect(header.badge.textColor == .refreshText)  // before any change of state
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    #expect(header.frame.height == 80)
    scene.pull(to: -145)  // 64 + 80 past the top arms it
    #expect(header.state == .pulling)
    #expect(header.badge.textColor == .orange)
    scene.release()
    #expect(header.stateLabel.text == "Fetching the latest...")
  }

  @Test func thePagingSample() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 320, height: 2400)
    var offsets: [CGFloat] = []
    let token = scroll.observe(\.contentOffset, options: .new) { _, change in
      offsets.append(change.newValue!.y)
    }
    defer { token.invalidate() }
    page(scroll, on: clock)
    // The offset right after the 0.1-second step, on the spring, and at rest.
    let afterFirstStep = offsets.first { $0 > 250 }
    #expect(afterFirstStep.map { abs($0 - (480 - 460 / M_E)) < 1e-9 } == true)
    #expect(offsets.last == 480)
  }

  /// The article's header of parts: the kit's arrow turns and its spinner spins beside a title
  /// of its own, 72 points tall (arming 72 points past the 64-point inset).
  @Test func theComposedHeaderSample() {
    let scene = Scene()
    let header = ClockHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    #expect(header.arrowView.center == CGPoint(x: 187.5, y: 24))
    #expect(header.title.frame == CGRect(x: 0, y: 44, width: 375, height: 18))
    scene.pull(to: -64 - 73)
    #expect(header.state == .pulling)
    #expect(header.title.text == "Let go for the latest")
    #expect(header.arrowView.transform.rotation == turned)
    scene.release()
    #expect(header.title.text == "Fetching...")
    #expect(header.loadingView.isAnimating && header.arrowView.isHidden)
  }

  /// The article's bar follows the pull, hides while refreshing, and leaves with its part.
  @Test func thePullBarSample() throws {
    let scene = Scene()
    attachBarredHeader(to: scene.scroll) {}
    let header = try #require(scene.scroll.header)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let part = try #require(header.part(ofType: PullBarPart.self))
    scene.pull(to: -64 - 27)
    header.layoutIfNeeded()
    #expect(part.bar.frame == CGRect(x: 93.75, y: 0, width: 187.5, height: 2))
    scene.pull(to: -64 - 108)
    header.layoutIfNeeded()
    #expect(part.bar.frame.width == 375)
    scene.release()
    #expect(part.bar.isHidden)
    header.removePart(part)
    #expect(part.bar.superview == nil)
  }

  @Test func theNoticeHeaderSample() {
    let header = NoticeHeader(frame: .zero)
    #expect(header.stateLabel.text == "Pull to see what's new")
    #expect(header.title(for: .pulling) == "Release to refresh")
  }

  @Test func theLandingPageSample() {
    let scene = Scene()
    var calls: [String] = []
    LandingPage().attach(to: scene.scroll) { calls.append("reload") }
    scene.scroll.header?.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(calls == ["reload"])
  }
}

/// Every line of every Swift sample in the README and the articles appears, in order, in the
/// files that compile it, so a sample cannot drift from code that builds.
@Suite("Documentation samples stay compiled")
struct DocumentationSampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let documents = [
    "README.md",
    "Sources/Observing/Observing.docc/Observing.md",
    "Sources/Observing/Observing.docc/ObservingKeyPaths.md",
    "Sources/Observing/Observing.docc/ObservationAndSwiftUI.md",
    "Sources/Refresh/Refresh.docc/Refresh.md",
    "Sources/Refresh/Refresh.docc/GettingStarted.md",
    "Sources/Refresh/Refresh.docc/WritingACustomComponent.md",
    "Sources/Refresh/Refresh.docc/ComposingAComponentFromParts.md",
    "Sources/Refresh/Refresh.docc/ScrollPhysicsArticle.md",
    "Sources/Refresh/Refresh.docc/MigratingFromMJRefresh.md",
    "Sources/Refresh/Refresh.docc/FailureRetryAndTheSecondFloor.md",
  ]

  static let compiledSamples = [
    "Tests/ObservingTests/ReadmeTests.swift",
    "Tests/ObservingTests/DocumentationSamples.swift",
    "Tests/RefreshTests/ReadmeTests.swift",
    "Tests/RefreshTests/DocumentationSamples.swift",
  ]

  /// The Swift code blocks of a Markdown file.
  static func swiftBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(String(line))
      }
    }
    return blocks
  }

  /// Lines without indentation, trailing comments' spacing, or emptiness.
  static func normalized(_ lines: [String]) -> [String] {
    lines.map { line in
      line.trimmingCharacters(in: .whitespaces).replacingOccurrences(
        of: "\\s+//", with: "  //", options: .regularExpression)
    }.filter { !$0.isEmpty && $0 != "import Observing" && $0 != "import Refresh" }
  }

  @Test(arguments: documents)
  func everySampleIsCompiled(document: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
    let compiled = try Self.compiledSamples.map { path in
      Self.normalized(
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
    // A block marked "not compiled" (a manifest fragment) is run by no test.
    for block in Self.swiftBlocks(in: text)
    where !(block.first.map { $0.hasPrefix("//") && $0.contains("not compiled") } ?? false) {
      let lines = Self.normalized(block)
      let found = compiled.contains { source in
        // Each line in order, anywhere after the previous one.
        var position = source.startIndex
        for line in lines {
          guard let match = source[position...].firstIndex(of: line) else { return false }
          position = source.index(after: match)
        }
        return true
      }
      #expect(found, "a sample of \(document) is not compiled:\n\(block.joined(separator: "\n"))")
    }
  }
}

// FailureRetryAndTheSecondFloor.md
@MainActor func tunePull(of scroll: ScrollModel, reload: @escaping () -> Void) {
  let header = RefreshNormalHeader { reload() }
  header.triggerDistance = 80  // arms 80 points down, although it is 54 tall
  header.maximumPullDistance = 150  // never comes down further than 150 points
  scroll.header = header
}

@MainActor
func addSecondFloor(to scroll: ScrollModel, promotion: View, reload: @escaping () -> Void) {
  let header = RefreshTwoLevelHeader { reload() }
  header.secondFloorView.addSubview(promotion)
  header.onOpenSecondFloor = { print("second floor open") }
  scroll.header = header
}

@MainActor
func addBothEnds(to gallery: ScrollModel, reload: @escaping () -> Void) {
  gallery.leader = RefreshNormalLeader { reload() }
  gallery.trailer = RefreshNormalTrailer { gallery.trailer?.endRefreshingWithNoMoreData() }
}

@MainActor
func makeChat(_ list: ListView, loadOlder: @escaping (@escaping (Int) -> Void) -> Void) {
  list.staysAtEnd = true
  list.header = RefreshAutoNormalHeader {
    loadOlder { count in
      list.insertRows(at: Array(0..<count))
      list.header?.endRefreshing()
    }
  }
}

// FailureRetryAndTheSecondFloor.md, failure and list policies
@MainActor
func addRetryingFooter(to list: ListView, loadPage: @escaping (@escaping (Bool) -> Void) -> Void) {
  list.footer = RefreshAutoNormalFooter {
    loadPage { succeeded in
      if succeeded {
        list.footer?.endRefreshing()
      } else {
        list.footer?.endRefreshingWithFailure()  // "Load failed. Tap to retry."
      }
    }
  }
}

struct Offline: LocalizedError {
  var errorDescription: String? { "You are offline" }
}

@MainActor
func addHeader(to scroll: ScrollModel, isOnline: @escaping @MainActor () -> Bool) {
  scroll.header = RefreshNormalHeader(asyncRefreshingBlock: {
    guard isOnline() else { throw Offline() }  // the header shows "You are offline"
    try await Task.sleep(for: .seconds(1))
  })
}

@MainActor
func configure(_ list: ListView, loadMore: @escaping () -> Void) {
  list.footer = RefreshAutoNormalFooter { loadMore() }
  list.footer?.isAutomaticallyHidden = true  // no footer below an empty list
  list.allowsSimultaneousRefreshing = true  // MJRefresh's way: refresh while a page loads
}

@MainActor
@Suite("Samples of the article on failure and retry")
struct FailureArticleSampleTests {
  @Test func theFooterFailsAndRetries() {
    let scene = Scene()
    let list = ListView(frame: scene.window.bounds)
    scene.window.addSubview(list)
    var succeeds = false
    addRetryingFooter(to: list) { done in done(succeeds) }
    list.footer?.beginRefreshing()
    #expect(list.footer?.state == .failed)
    succeeds = true
    list.footer?.beginRefreshing()
    #expect(list.footer?.state == .idle)
  }

  @Test func theHeaderShowsTheOfflineError() async {
    let scene = Scene()
    addHeader(to: scene.scroll) { false }
    let header = scene.scroll.header as? RefreshNormalHeader
    header?.beginRefreshing()
    scene.clock.advance(by: 0.25)
    while header?.state == .refreshing { await Task.yield() }
    #expect(header?.state == .failed)
    #expect(header?.stateLabel.text == "You are offline")
  }

  @Test func thePoliciesAreSet() {
    let scene = Scene()
    let list = ListView(frame: scene.window.bounds)
    scene.window.addSubview(list)
    configure(list) {}
    #expect(list.footer?.isAutomaticallyHidden == true)
    #expect(list.footer?.isHidden == true)  // no rows
    #expect(list.allowsSimultaneousRefreshing)
  }
}

@MainActor
@Suite("Samples of the article on failure, retry and the second floor")
struct SecondFloorArticleSampleTests {
  @Test func theSamplesRun() {
    let scene = Scene()
    var reloads = 0
    tunePull(of: scene.scroll) { reloads += 1 }
    #expect(scene.scroll.header?.triggerDistance == 80)
    #expect(scene.scroll.header?.maximumPullDistance == 150)
    addSecondFloor(to: scene.scroll, promotion: View()) { reloads += 1 }
    let twoLevel = scene.scroll.header as? RefreshTwoLevelHeader
    twoLevel?.openSecondFloor()
    #expect(twoLevel?.isSecondFloorOpen == true)
    addBothEnds(to: scene.scroll) { reloads += 1 }
    #expect(scene.scroll.leader is RefreshNormalLeader)

    let list = ListView(frame: scene.window.bounds)
    scene.window.addSubview(list)
    let source = RowSource(count: 30)
    list.dataSource = source
    list.layoutIfNeeded()
    makeChat(list) { done in
      source.insert(["older"], at: 0)
      done(1)
    }
    list.contentOffset.y = -44
    #expect(list.numberOfRows == 31)
    #expect(list.header?.state == .idle)
    #expect(list.contentOffset.y == -8)  // -44 + 36: the row on screen stays in place
  }
}
