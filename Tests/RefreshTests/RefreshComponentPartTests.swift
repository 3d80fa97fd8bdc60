import Foundation
import Observing
import Testing

@testable import Refresh

/// A header of a user's own: the kit's arrow and spinner, a title of its own (no state title
/// part), written with public API alone.
@MainActor
final class CompassHeader: RefreshHeader, ArrowAndSpinnerComponent {
  let indicatorPart = ArrowAndSpinnerPart()
  let title = Label(text: "Pull for the latest")

  override func prepare() {
    super.prepare()
    addSubview(title)
    addPart(indicatorPart)
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    title.text = state == .pulling ? "Let go" : "Pull for the latest"
  }
}

/// A part of a user's own that counts what it is told.
@MainActor
final class CountingPart: RefreshComponentPart {
  let followsPullingPercent: Bool
  var attached = 0
  var detached = 0
  var shown: [RefreshState] = []
  var updates = 0
  var placements = 0
  var percents: [CGFloat] = []

  init(followsPullingPercent: Bool = false) {
    self.followsPullingPercent = followsPullingPercent
  }

  func didAttach(to component: RefreshComponent) { attached += 1 }
  func willDetach(from component: RefreshComponent) { detached += 1 }
  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent) {
    shown.append(state)
  }
  func update(in component: RefreshComponent) { updates += 1 }
  func place(in component: RefreshComponent) { placements += 1 }
  func follow(pullingPercent: CGFloat, in component: RefreshComponent) {
    percents.append(pullingPercent)
  }
}

@MainActor
@Suite("Components composed from parts")
struct RefreshComponentPartTests {
  let scene = Scene()

  /// With no state title, the arrow and the spinner sit in the middle of the 54-point header:
  /// the arrow turns over at the threshold (-64 - 54 = -118) and the spinner spins while
  /// refreshing, as a Normal header's do.
  @Test func aHeaderOfPublicPartsWorks() {
    let header = CompassHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    var refreshes = 0
    header.refreshingBlock = { refreshes += 1 }
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    #expect(header.parts.count == 1)
    #expect(header.arrowView.superview === header && header.loadingView.superview === header)
    #expect(header.arrowView.center == CGPoint(x: 187.5, y: 27))
    #expect(header.loadingView.center == CGPoint(x: 187.5, y: 27))
    #expect(header.arrowView.transform.rotation == 0)
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    #expect(header.title.text == "Let go")
    #expect(header.arrowView.transform.rotation == turned)
    scene.release()
    #expect(header.state == .refreshing)
    #expect(header.arrowView.isHidden && header.loadingView.isAnimating)
    scene.clock.advance(by: 0.25)
    #expect(refreshes == 1)
    #expect(scene.scroll.adjustedContentInset.top == 118)
    header.endRefreshing()
    scene.clock.advance(by: 0.4)
    #expect(!header.loadingView.isAnimating && !header.arrowView.isHidden)
    #expect(header.arrowView.transform.rotation == 0)
    #expect(scene.scroll.adjustedContentInset.top == 64)
  }

  /// With a state title, the indicator sits MJRefresh's way: half the title's width and the
  /// label's 25-point inset left of the middle.
  @Test func anIndicatorSitsBesideAStateTitle() {
    let header = RefreshHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let title = StateTitlePart(defaults: .header)
    let indicator = ArrowAndSpinnerPart()
    header.addPart(title)
    header.addPart(indicator)
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    let textWidth = title.label.intrinsicContentSize.width
    #expect(title.label.text == "Pull down to refresh")
    #expect(textWidth > 0)
    #expect(header.indicatorCenter() == CGPoint(x: 187.5 - textWidth / 2 - 25, y: 27))
    #expect(indicator.arrowView.center == header.indicatorCenter())
    title.labelLeftInset = 40
    scene.clock.advance(by: 0)
    #expect(indicator.arrowView.center.x == 187.5 - textWidth / 2 - 40)
    // Hidden while refreshing, the title leaves the spinner in the middle.
    title.isHiddenWhileRefreshing = true
    header.beginRefreshing()
    scene.clock.advance(by: 0)
    #expect(title.label.text == nil)
    #expect(indicator.loadingView.center.x == 187.5)
  }

  @Test func partsAreToldInTheOrderTheyWereAdded() {
    let header = RefreshStateHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let part = CountingPart()
    header.addPart(part)
    header.addPart(part)
    #expect(part.attached == 1, "a part added twice is added once")
    #expect(header.parts.count == 3)
    #expect(header.parts.last === part)
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    let placed = part.placements
    #expect(placed > 0)
    scene.pull(to: -130)
    scene.release()
    #expect(part.shown == [.pulling, .refreshing])
    header.endRefreshing(result: "Updated 3 items")
    #expect(part.shown == [.pulling, .refreshing, .idle])
    #expect(part.updates == 1, "the held result is news to every part")
    #expect(part.percents.isEmpty, "a part that does not ask is not told of the percent")
    defer { RefreshConfig.default.languageCode = nil }
    RefreshConfig.default.languageCode = "de"
    #expect(part.updates == 2, "a language change updates every part")
  }

  @Test func aPartThatAsksFollowsThePullingPercent() {
    let header = RefreshHeader(frame: .zero)
    let part = CountingPart(followsPullingPercent: true)
    header.addPart(part)
    scene.scroll.header = header
    scene.pull(to: -64 - 27)
    #expect(part.percents.last == 0.5)
    scene.pull(to: -64 - 54)
    #expect(part.percents.last == 1)
    header.removePart(part)
    scene.pull(to: -64 - 27)
    #expect(part.percents.last == 1, "a removed part is told nothing")
  }

  @Test func removingAPartTakesItsViewsAway() {
    let header = RefreshNormalHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    let counting = CountingPart()
    header.addPart(counting)
    header.removePart(header.indicatorPart)
    #expect(header.arrowView.superview == nil && header.loadingView.superview == nil)
    #expect(header.part(ofType: ArrowAndSpinnerPart.self) == nil)
    header.removePart(header.stateTitlePart)
    #expect(header.stateLabel.superview == nil)
    #expect(header.titlePart == nil)
    #expect(header.accessibilityLabel == nil, "no title left to read")
    header.removePart(counting)
    header.removePart(counting)
    #expect(counting.detached == 1, "removing a part it does not have does nothing")
    #expect(header.parts.count == 1)
    #expect(header.parts.first === header.lastUpdatedTimePart)
    // The header still refreshes without them.
    header.beginRefreshing()
    #expect(header.state == .refreshing)
    #expect(counting.shown.isEmpty)
  }

  @Test func aBuiltInPartMovesFromOneComponentToAnother() {
    let first = RefreshHeader(frame: .zero)
    let second = RefreshHeader(frame: .zero)
    let title = StateTitlePart(defaults: .header)
    first.addPart(title)
    second.addPart(title)
    #expect(first.parts.isEmpty && first.titlePart == nil)
    #expect(second.parts.count == 1 && second.titlePart === title)
    #expect(title.label.superview === second)
    title.setTitle("Mine", for: .idle)
    #expect(title.label.text == "Mine")
  }

  /// Every built-in part leaves the component it belonged to when it joins another, and adding
  /// it again to its own component changes nothing.
  @Test func everyBuiltInPartMoves() {
    let time = LastUpdatedTimePart()
    let indicator = ArrowAndSpinnerPart()
    let frames = StateImagesPart()
    let parts: [(any RefreshComponentPart, View)] = [
      (time, time.label), (indicator, indicator.arrowView), (frames, frames.gifView),
    ]
    for (part, view) in parts {
      let first = RefreshHeader(frame: .zero)
      let second = RefreshHeader(frame: .zero)
      first.addPart(part)
      first.addPart(part)
      #expect(first.parts.count == 1 && view.superview === first, "\(part)")
      second.addPart(part)
      #expect(first.parts.isEmpty, "\(part)")
      #expect(second.parts.count == 1 && view.superview === second, "\(part)")
    }
  }

  /// A part that implements `follow(pullingPercent:in:)` without asking to follow the percent
  /// is not told of it: the default is not to follow.
  @Test func aPartFollowsThePercentOnlyWhenItAsks() {
    final class Unasked: RefreshComponentPart {
      var percents: [CGFloat] = []
      func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent)
      {}
      func place(in component: RefreshComponent) {}
      func follow(pullingPercent: CGFloat, in component: RefreshComponent) {
        percents.append(pullingPercent)
      }
    }
    let header = RefreshHeader(frame: .zero)
    let part = Unasked()
    #expect(!part.followsPullingPercent)
    header.addPart(part)
    scene.scroll.header = header
    scene.pull(to: -64 - 27)
    #expect(header.pullingPercent == 0.5)
    #expect(part.percents.isEmpty)
  }

  @Test func aComponentOfYourOwnGetsTheStateTitlesAPI() {
    final class NoticeHeader: RefreshHeader, StateTitledComponent {
      let stateTitlePart = StateTitlePart(defaults: .header)

      override func prepare() {
        super.prepare()
        addPart(stateTitlePart)
      }
    }
    let header = NoticeHeader(frame: .zero).setTitle("Pull to see what's new", for: .idle)
    #expect(header.stateLabel.text == "Pull to see what's new")
    #expect(header.title(for: .pulling) == "Release to refresh")
    header.setTitle(nil, for: .idle)
    #expect(header.stateLabel.text == "Pull down to refresh")
    #expect(header.labelLeftInset == 25)
  }

  /// MJRefresh's gif components keep 20 points beside their text; frames added beside a title
  /// whose inset was set keep it.
  @Test func framesKeepTwentyPointsBesideTheTitle() {
    #expect(RefreshGifHeader(frame: .zero).labelLeftInset == 20)
    #expect(RefreshBackGifFooter(frame: .zero).labelLeftInset == 20)
    #expect(RefreshAutoGifFooter(frame: .zero).labelLeftInset == 20)
    #expect(RefreshNormalHeader(frame: .zero).labelLeftInset == 25)
    let header = RefreshStateHeader(frame: .zero)
    header.labelLeftInset = 30
    header.addPart(StateImagesPart())
    #expect(header.labelLeftInset == 30)
  }

  /// Frames set before the part joins a component grow the component when it does.
  @Test func framesSetBeforeJoiningGrowTheComponent() {
    let frames = StateImagesPart()
    frames.setImages([Image(named: "tall", size: CGSize(width: 30, height: 70))], for: .refreshing)
    let header = RefreshHeader(frame: .zero)
    #expect(header.frame.height == 54)
    header.addPart(frames)
    #expect(header.frame.height == 70)
    #expect(frames.gifView.superview === header)
  }

  /// A subclass written as MJRefresh users write one (the article's `BadgeHeader`: a badge
  /// placed in `placeSubviews` and restyled in `stateDidChange(from:)`, both calling `super`
  /// first) keeps its layout and its restyling: the 80-point header arms 80 points past the
  /// top inset.
  @Test func anMJRefreshStyleSubclassBehavesUnchanged() {
    let header = BadgeHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    #expect(header.frame == CGRect(x: 0, y: -80, width: 375, height: 80))
    #expect(header.badge.center == CGPoint(x: 30, y: 40))
    #expect(header.stateLabel.frame == header.bounds)
    scene.pull(to: -64 - 80)
    #expect(header.state == .idle)
    scene.pull(to: -64 - 81)
    #expect(header.state == .pulling)
    #expect(header.badge.textColor == .orange)
    #expect(header.stateLabel.text == "Release to refresh")
    scene.release()
    #expect(header.state == .refreshing)
    #expect(header.badge.textColor == .refreshText)
    #expect(header.stateLabel.text == "Fetching the latest...")
    scene.clock.advance(by: 0.25)
    #expect(scene.scroll.adjustedContentInset.top == 144)
    #expect(scene.scroll.contentOffset.y == -144)
  }
}
