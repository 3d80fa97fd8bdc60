import Foundation
import Observing
import Testing

@testable import Refresh

/// MJRefresh's turned arrow: a hair less than half a turn, so the animation goes one way.
let turned: CGFloat = 0.000001 - .pi

@MainActor
@Suite("State, normal and gif components")
struct RefreshStateComponentTests {
  let scene = Scene()

  func attachNormalHeader() -> RefreshNormalHeader {
    let header = RefreshNormalHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    return header
  }

  @Test func headerTitlesFollowTheState() {
    let header = attachNormalHeader()
    #expect(header.stateLabel.text == "Pull down to refresh")
    scene.pull(to: -130)
    #expect(header.stateLabel.text == "Release to refresh")
    scene.release()
    #expect(header.stateLabel.text == "Loading...")
    header.setTitle("Fetching", for: .refreshing)
    #expect(header.stateLabel.text == "Fetching")
    #expect(header.stateLabel.isBold && header.stateLabel.fontSize == 14)
    #expect(header.stateLabel.textColor == .secondaryLabel)  // rgb(90, 90, 90) in SVG
  }

  @Test func switchingTheLanguageUpdatesAttachedComponents() {
    let header = attachNormalHeader()
    let footer = RefreshBackNormalFooter(frame: .zero)
    scene.scroll.footer = footer
    header.setTitle("Custom", for: .pulling)
    defer { RefreshConfig.default.languageCode = nil }
    RefreshConfig.default.languageCode = "zh-Hans"
    #expect(header.stateLabel.text == "下拉可以刷新")
    #expect(header.title(for: .pulling) == "Custom")
    #expect(footer.stateLabel.text == RefreshText.backFooterIdle.localized(language: "zh-Hans"))
    #expect(header.lastUpdatedTimeLabel.text?.hasPrefix("最后更新：") == true)
    RefreshConfig.default.languageCode = "en"
    #expect(header.stateLabel.text == "Pull down to refresh")
  }

  @Test func theArrowTurnsOverTheFastDuration() {
    let header = attachNormalHeader()
    #expect(header.arrowView.transform.rotation == 0)
    scene.pull(to: -130)
    #expect(header.arrowView.transform.rotation == turned)
    scene.clock.advance(by: 0.125)
    #expect(abs(header.arrowView.presentedRotation - turned / 2) < 1e-9)
    scene.clock.advance(by: 0.125)
    #expect(header.arrowView.presentedRotation == turned)
    scene.pull(to: -100)
    #expect(header.arrowView.transform.rotation == 0)
  }

  @Test func theSpinnerReplacesTheArrowWhileRefreshing() {
    let header = attachNormalHeader()
    #expect(!header.loadingView.isAnimating)
    #expect(header.loadingView.isHidden)
    header.beginRefreshing()
    #expect(header.loadingView.isAnimating)
    #expect(header.arrowView.isHidden)
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    #expect(header.loadingView.isAnimating)  // fading out over the slow duration
    scene.clock.advance(by: 0.4)
    #expect(!header.loadingView.isAnimating)
    #expect(!header.arrowView.isHidden)
  }

  @Test func theArrowSitsLeftOfTheWidestText() {
    let header = attachNormalHeader()
    scene.scroll.layoutIfNeeded()
    let textWidth =
      max(
        CGFloat(TextMetrics.cellCount(of: header.stateLabel.text!)),
        CGFloat(TextMetrics.cellCount(of: header.lastUpdatedTimeLabel.text!)))
      * TextMetrics.cellWidth
    #expect(header.arrowView.center.x == 375 / 2 - (textWidth / 2 + 25))
    #expect(header.arrowView.center.y == 27)
    #expect(header.stateLabel.frame == CGRect(x: 0, y: 0, width: 375, height: 27))
    #expect(header.lastUpdatedTimeLabel.frame == CGRect(x: 0, y: 27, width: 375, height: 27))
    header.lastUpdatedTimeLabel.isHidden = true
    scene.scroll.layoutIfNeeded()
    header.setNeedsLayout()
    scene.scroll.layoutIfNeeded()
    #expect(header.stateLabel.frame == header.bounds)
  }

  nonisolated static let lastUpdatedCases: [(TimeInterval, String)] = [
    (-3600, "Last update: Today 13:30"),
    (-86_400 * 3, "Last update: 05-17 14:30"),
    (-86_400 * 400, "Last update: 2023-04-16 14:30"),
  ]

  @Test(arguments: lastUpdatedCases)
  func lastUpdatedTimeText(offset: TimeInterval, text: String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    // 2024-05-20 14:30 UTC
    let now = Date(timeIntervalSince1970: 1_716_215_400)
    let header = RefreshStateHeader(frame: .zero)
    header.calendar = calendar
    header.currentDate = { now }
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore(
      dates: [RefreshHeader.defaultLastUpdatedTimeKey: now + offset])
    #expect(header.lastUpdatedTimeLabel.text == text)
  }

  @Test func noRecordWithoutADateAndACustomFormatter() {
    let header = RefreshStateHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    #expect(header.lastUpdatedTimeLabel.text == "Last update: No record")
    header.lastUpdatedTimeText = { $0 == nil ? "never" : "once" }
    #expect(header.lastUpdatedTimeLabel.text == "never")
  }

  @Test func refreshingRecordsTheTimeAndShowsIt() {
    let header = attachNormalHeader()
    header.currentDate = { Date(timeIntervalSince1970: 1_716_215_400) }
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing()
    #expect(header.lastUpdatedTime == Date(timeIntervalSince1970: 1_716_215_400))
    #expect(header.lastUpdatedTimeLabel.text?.hasPrefix("Last update: ") == true)
    #expect(header.lastUpdatedTimeLabel.text != "Last update: No record")
  }

  @Test func theResultTextShowsInTheStateLabel() {
    let header = attachNormalHeader()
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing(result: "Updated 20 items")
    #expect(header.stateLabel.text == "Updated 20 items")
    scene.clock.advance(by: 1)
    #expect(header.stateLabel.text == "Pull down to refresh")
  }

  /// A normal header that refreshed and holds "Updated 20 items", its spinner faded (0.5 s
  /// into a hold of 1 s).
  func headerHoldingAResult() -> RefreshNormalHeader {
    let header = attachNormalHeader()
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing(result: "Updated 20 items")
    scene.clock.advance(by: 0.5)
    return header
  }

  /// A held result shows without the arrow, which would invite a pull beside the news of the
  /// one that just ended (SmartRefreshLayout's classic header hides its arrow when it
  /// finishes); the arrow comes back with the idle title as the header hides.
  @Test func theArrowStaysHiddenWhileAResultIsHeld() {
    let header = headerHoldingAResult()
    #expect(!header.loadingView.isAnimating)
    #expect(header.stateLabel.text == "Updated 20 items")
    #expect(header.arrowView.isHidden)
    scene.clock.advance(by: 0.5)
    #expect(header.stateLabel.text == "Pull down to refresh")
    #expect(!header.arrowView.isHidden)
    #expect(header.arrowView.transform.rotation == 0)
  }

  /// A pull during the hold turns the arrow as ever; let go of short of the threshold, the
  /// header is idle with the result still held, and the arrow hides again.
  @Test func aPullDuringTheHoldShowsTheArrowUntilItIsLetGo() {
    let header = headerHoldingAResult()
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    #expect(!header.arrowView.isHidden)
    #expect(header.stateLabel.text == "Updated 20 items")
    scene.pull(to: -80)
    #expect(header.state == .idle)
    #expect(header.resultText == "Updated 20 items")
    #expect(header.arrowView.isHidden)
  }

  /// A refresh begun during the hold ends it, and the spinner, not the arrow, shows.
  @Test func aRefreshDuringTheHoldShowsTheSpinnerAlone() {
    let header = headerHoldingAResult()
    header.beginRefreshing()
    #expect(header.resultText == nil)
    #expect(header.loadingView.isAnimating)
    #expect(header.arrowView.isHidden)
  }

  /// A result that ends before the spinner has faded (a hold shorter than the slow duration)
  /// leaves the arrow to come back when the fade ends, as after a plain end.
  @Test func aShortHoldGivesTheArrowBackWhenTheSpinnerHasFaded() {
    let header = attachNormalHeader()
    header.resultHoldDuration = 0.1
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    header.endRefreshing(result: "Updated 20 items")
    scene.clock.advance(by: 0.2)
    #expect(header.resultText == nil)
    #expect(header.arrowView.isHidden)
    #expect(header.loadingView.isAnimating)
    scene.clock.advance(by: 0.3)
    #expect(!header.loadingView.isAnimating)
    #expect(!header.arrowView.isHidden)
  }

  @Test(arguments: [(0.0, 0), (0.3, 1), (0.6, 2), (0.99, 3), (1.5, 3)])
  func gifFramesFollowThePull(percent: CGFloat, index: Int) {
    let header = RefreshGifHeader(frame: .zero)
    let frames = ["a", "b", "c", "d"].map { Image.glyph(Character($0)) }
    header.setImages(frames, for: .idle)
    header.pullingPercent = percent
    #expect(header.gifView.image == frames[index])
  }

  @Test func gifFramesLoopWhileRefreshing() {
    let header = RefreshGifHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let frames = ["1", "2", "3", "4"].map { Image.glyph(Character($0)) }
    header.setImages(frames, duration: 0.4, for: .refreshing)
    scene.scroll.header = header
    header.beginRefreshing()
    #expect(header.gifView.isAnimating)
    scene.clock.advance(by: 0.1)
    #expect(header.gifView.currentImage == frames[1])
    #expect(header.labelLeftInset == 20)
  }

  /// Without a duration, the frames play at 0.1 s each (MJRefresh's `images.count * 0.1`).
  @Test func gifFramesWithoutADurationTakeATenthOfASecondEach() {
    let header = RefreshGifHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let frames = ["1", "2", "3", "4", "5"].map { Image.glyph(Character($0)) }
    header.setImages(frames, for: .refreshing)
    scene.scroll.header = header
    header.beginRefreshing()
    #expect(header.gifView.isAnimating)
    #expect(header.gifView.animationDuration == Double(5) * 0.1)
    scene.clock.advance(by: 0.2)
    #expect(header.gifView.currentImage == frames[2])
  }

  @Test func theAutoFooterLoadsWhenItsTitleIsTapped() {
    let footer = RefreshAutoNormalFooter(frame: .zero)
    footer.isAutomaticallyRefresh = false
    var calls = 0
    footer.refreshingBlock = { calls += 1 }
    scene.scroll.footer = footer
    scene.clock.advance(by: 0)
    #expect(footer.stateLabel.text == "Tap or pull up to load more")
    scene.scroll.contentOffset.y = 1377
    let center = footer.stateLabel.convert(
      CGPoint(x: footer.stateLabel.bounds.midX, y: footer.stateLabel.bounds.midY), to: nil)
    #expect(scene.window.sendTap(at: center))
    #expect(calls == 1)
    #expect(footer.stateLabel.text == "Loading...")
    #expect(footer.loadingView.isAnimating)
    footer.endRefreshingWithNoMoreData()
    #expect(footer.stateLabel.text == "No more data")
    scene.window.sendTap(at: center)
    #expect(calls == 1)
  }

  @Test func theRefreshingTitleCanBeHidden() {
    let footer = RefreshAutoNormalFooter(frame: .zero)
    footer.isRefreshingTitleHidden = true
    scene.scroll.footer = footer
    // Only the refreshing title is hidden: the others show.
    #expect(footer.stateLabel.text == footer.title(for: .idle))
    #expect(footer.stateLabel.text != nil)
    footer.beginRefreshing()
    #expect(footer.stateLabel.text == nil)
    footer.endRefreshing()
    #expect(footer.stateLabel.text == footer.title(for: .idle))
  }

  @Test func theAutoHeadersRefreshingTitleCanBeHidden() {
    let header = RefreshAutoNormalHeader(frame: .zero)
    header.isRefreshingTitleHidden = true
    scene.scroll.header = header
    #expect(header.stateLabel.text == header.title(for: .idle))
    #expect(header.stateLabel.text != nil)
    header.beginRefreshing()
    #expect(header.state == .refreshing)
    #expect(header.stateLabel.text == nil)
    header.isRefreshingTitleHidden = false
    #expect(header.stateLabel.text == header.title(for: .refreshing))
  }

  @Test func theBackFootersArrowPointsUpThenDown() {
    let footer = RefreshBackNormalFooter(frame: .zero)
    scene.scroll.footer = footer
    #expect(footer.arrowView.transform.rotation == turned)
    scene.pull(to: 1400)
    #expect(footer.arrowView.transform.rotation == 0)
    #expect(footer.stateLabel.text == "Release to load more")
    footer.endRefreshingWithNoMoreData()
    #expect(footer.arrowView.isHidden)
    #expect(footer.stateLabel.text == "No more data")
  }

  @Test func trailerTitlesAndArrow() {
    let scene = Scene(topInset: 0)
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
    let trailer = RefreshNormalTrailer(frame: .zero)
    scene.scroll.trailer = trailer
    #expect(trailer.stateLabel.text == "Slide to see details")
    scene.pull(toX: 700)
    #expect(trailer.stateLabel.text == "Release to see details")
    #expect(trailer.arrowView.transform.rotation == (0.000001 - .pi / 2 as CGFloat))
  }

  /// The trailer's title is a column as wide as its widest character: one cell for Latin
  /// letters, two for a wide (CJK) one, 8 points from the trailer's outer edge.
  @Test func trailerTitleColumnIsAsWideAsItsWidestCharacter() {
    let scene = Scene(topInset: 0)
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
    let trailer = RefreshNormalTrailer(frame: .zero)
    scene.scroll.trailer = trailer
    scene.clock.advance(by: 0)
    #expect(trailer.stateLabel.frame.width == TextMetrics.cellWidth)
    #expect(trailer.stateLabel.frame.maxX == trailer.frame.width - 8)
    trailer.setTitle("查看详情", for: .idle)
    scene.clock.advance(by: 0)
    #expect(trailer.stateLabel.frame.width == 2 * TextMetrics.cellWidth)
    #expect(trailer.stateLabel.frame.maxX == trailer.frame.width - 8)
  }
}

/// A header written as a user would: a subclass of the state header that overrides the hooks.
@MainActor
final class CountingHeader: RefreshStateHeader {
  let badge = Label.refreshLabel()
  var events: [String] = []
  var offsets: [CGFloat] = []

  override func prepare() {
    super.prepare()
    frame.size.height = 80
    badge.text = "★"
    addSubview(badge)
    lastUpdatedTimeLabel.isHidden = true
    events.append("prepare")
  }

  override func placeSubviews() {
    super.placeSubviews()
    badge.frame = CGRect(x: 10, y: 10, width: 18, height: 18)
  }

  override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
    super.scrollViewContentOffsetDidChange(change)
    if let new = change?.newValue { offsets.append(new.y) }
  }

  override func scrollViewPanStateDidChange(_ change: ObservedChange<PanState>?) {
    super.scrollViewPanStateDidChange(change)
    events.append("pan \(change?.newValue.map(String.init(describing:)) ?? "-")")
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    events.append("\(oldState)->\(state)")
    badge.textColor = state == .pulling ? .orange : .refreshText
  }
}

@MainActor
@Suite("A custom component written as a user would")
struct CustomComponentTests {
  @Test func theHooksRunAndTheFormulasUseTheNewHeight() {
    let scene = Scene()
    let header = CountingHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    #expect(header.frame == CGRect(x: 0, y: -80, width: 375, height: 80))
    #expect(header.badge.frame == CGRect(x: 10, y: 10, width: 18, height: 18))
    #expect(header.stateLabel.frame == header.bounds)
    scene.pull(to: -100)
    #expect(header.pullingPercent == 36.0 / 80)
    scene.pull(to: -145)  // threshold -64 - 80 = -144
    #expect(header.state == .pulling)
    #expect(header.badge.textColor == .orange)
    scene.release()
    #expect(scene.scroll.adjustedContentInset.top == 144)
    // The state hook runs inside the pan hook's `super` call, so "pan ended" comes last.
    #expect(
      header.events == [
        "prepare", "pan began", "pan changed", "pan changed", "idle->pulling",
        "pulling->refreshing", "pan ended",
      ])
    #expect(header.offsets.prefix(2) == [-100, -145])
  }

  @Test func hiddenOrNonInteractiveComponentsIgnoreOffsetAndPan() {
    let scene = Scene()
    let header = CountingHeader(frame: .zero)
    scene.scroll.header = header
    header.isHidden = true
    scene.pull(to: -200)
    #expect(header.offsets.isEmpty)
    #expect(header.state == .idle)
    header.isHidden = false
    header.isUserInteractionEnabled = false
    scene.pull(to: -210)
    #expect(header.offsets.isEmpty)
  }
}
