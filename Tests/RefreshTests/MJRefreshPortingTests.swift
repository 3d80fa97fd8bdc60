import Foundation
import Observing
import Testing

@testable import Refresh

/// MJRefresh's README examples as a porting user writes them in Swift, with only the scroll
/// view's type changed, and each porting item with its exact numbers.
///
/// The scene is the design's: a 375 × 667 window, a 64-point top inset, 2000 points of content.
@MainActor
@Suite("Porting from MJRefresh")
struct MJRefreshPortingTests {
  /// The view controller of MJRefresh's README, ported.
  @MainActor
  final class FeedController {
    let scene = Scene()
    var tableView: ScrollModel { scene.scroll }
    var newData = 0
    var moreData = 0

    func loadNewData() {
      newData += 1
      tableView.header?.endRefreshing()
    }

    func loadMoreData() {
      moreData += 1
      tableView.footer?.endRefreshing()
    }
  }

  // MARK: README examples

  @Test func readmeHeaderWithABlock() {
    let controller = FeedController()
    var loads = 0
    // MJRefresh: tableView.mj_header = MJRefreshNormalHeader(refreshingBlock: { ... })
    controller.tableView.header = RefreshNormalHeader(refreshingBlock: {
      loads += 1
      controller.tableView.header?.endRefreshing()
    })
    controller.tableView.header?.beginRefreshing()
    controller.scene.clock.advance(by: 0.25)
    #expect(loads == 1)
    #expect(controller.tableView.header?.state == .idle)
  }

  @Test func readmeHeaderWithTargetAction() {
    var controller: FeedController? = FeedController()
    let scene = controller!.scene
    // MJRefresh: MJRefreshNormalHeader(refreshingTarget: self, refreshingAction: #selector(...))
    let header = RefreshNormalHeader(
      refreshingTarget: controller!, refreshingAction: FeedController.loadNewData)
    controller!.tableView.header = header
    #expect(header.refreshingTarget === controller)
    scene.pull(to: -130)
    scene.release()
    scene.clock.advance(by: 0.25)
    #expect(controller!.newData == 1)
    #expect(header.state == .idle)
    // The target is held weakly: once it is gone, refreshing calls nobody.
    controller = nil
    #expect(header.refreshingTarget == nil)
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(header.state == .refreshing)
  }

  @Test func readmeFootersAndTheirTargets() {
    let controller = FeedController()
    let auto = RefreshAutoNormalFooter(
      refreshingTarget: controller, refreshingAction: FeedController.loadMoreData)
    controller.tableView.footer = auto
    // 2000 - 667 + 44 = 1377: the auto footer loads there, as the content moves up.
    controller.scene.pull(to: 1380)
    #expect(controller.moreData == 1)
    let back = RefreshBackNormalFooter()
    back.setRefreshingTarget(controller, refreshingAction: FeedController.loadMoreData)
    controller.tableView.footer = back
    #expect(auto.superview == nil)
    // happenOffsetY = 2000 - (667 - 64) - 64 = 1333, armed past 1333 + 44 = 1377.
    controller.scene.pull(to: 1390)
    #expect(back.state == .pulling)
    controller.scene.release()
    controller.scene.clock.advance(by: 0.25)
    #expect(controller.moreData == 2)
  }

  @Test func readmeTrailer() {
    let scene = Scene(topInset: 0)
    scene.scroll.contentSize = CGSize(width: 1000, height: 667)
    var details = 0
    // MJRefresh: scrollView.mj_trailer = MJRefreshNormalTrailer(refreshingBlock: { ... })
    scene.scroll.trailer = RefreshNormalTrailer(refreshingBlock: {
      details += 1
      scene.scroll.trailer?.endRefreshing()
    })
    scene.pull(toX: 700)  // past 625 + 60 = 685
    scene.release()
    scene.clock.advance(by: 0.25)
    #expect(details == 1)
  }

  @Test func readmeChaining() {
    let scene = Scene()
    var events: [String] = []
    // MJRefresh's README, in Swift:
    let header = RefreshNormalHeader { events.append("refresh") }
      .setAnimationDisabled()
      .autoChangeTransparency(true)
      .afterBeginningAction { events.append("began") }
      .endingAnimationBeginningAction { events.append("ending") }
      .afterEndingAction { events.append("ended") }
      .setTitle("Pull, pull", for: .idle)
      .link(to: scene.scroll)
    #expect(scene.scroll.header === header)
    #expect(header.isAutomaticallyChangeAlpha)
    #expect(header.fastAnimationDuration == 0 && header.slowAnimationDuration == 0)
    #expect(header.stateLabel.text == "Pull, pull")
    header.beginRefreshing()
    scene.clock.advance(by: 0)
    header.endRefreshing()
    scene.clock.advance(by: 0)
    #expect(events == ["refresh", "began", "ending", "ended"])
    // A footer links as the footer, a trailer as the trailer, replacing what was there.
    let footer = RefreshBackStateFooter().setTitle("More", for: .idle).link(to: scene.scroll)
    #expect(scene.scroll.footer === footer)
    let trailer = RefreshStateTrailer().link(to: scene.scroll)
    #expect(scene.scroll.trailer === trailer)
    let gif = RefreshGifHeader()
      .setImages([.glyph("◐"), .glyph("◓")], for: .refreshing)
      .setImages([.glyph("◜")], duration: 1, for: .idle)
      .link(to: scene.scroll)
    #expect(scene.scroll.header === gif)
    #expect(header.superview == nil)
  }

  /// MJRefresh's DIY example: a component written on the base class, which sets its state and
  /// runs the callback itself.
  @MainActor
  final class DIYRefresh: RefreshComponent {
    let label = Label(frame: .zero)

    override func prepare() {
      super.prepare()
      frame.size.height = 50
      addSubview(label)
    }

    override func placeSubviews() {
      super.placeSubviews()
      label.frame = bounds
    }

    override func scrollViewContentOffsetDidChange(_ change: ObservedChange<CGPoint>?) {
      super.scrollViewContentOffsetDidChange(change)
      guard let offset = change?.newValue, state == .idle, offset.y < -150 else { return }
      state = .refreshing
    }

    override func stateDidChange(from oldState: RefreshState) {
      super.stateDidChange(from: oldState)
      label.text = state == .refreshing ? "Loading" : "Pull"
      if state == .refreshing { executeRefreshingCallback() }
    }
  }

  @Test func readmeDIYComponentOnTheBaseClass() {
    let scene = Scene()
    var calls = 0
    var began = 0
    let diy = DIYRefresh(refreshingBlock: { calls += 1 })
      .afterBeginningAction { began += 1 }
      .link(to: scene.scroll)
    #expect(diy.superview === scene.scroll)
    scene.pull(to: -160)
    #expect(diy.state == .refreshing)
    #expect(diy.label.text == "Loading")
    #expect(calls == 1)
    #expect(began == 1)
    diy.endRefreshing()
    #expect(diy.label.text == "Pull")
  }

  // MARK: Names and shapes

  @Test func defaultLastUpdatedTimeKeyIsMJRefreshs() {
    #expect(RefreshHeader.defaultLastUpdatedTimeKey == "MJRefreshHeaderLastUpdatedTimeKey")
    #expect(RefreshHeader().lastUpdatedTimeKey == "MJRefreshHeaderLastUpdatedTimeKey")
  }

  @Test func asyncRefreshingBlockEndsRefreshingWhenItReturns() async {
    let scene = Scene()
    let header = RefreshHeader(asyncRefreshingBlock: { await Task.yield() })
    scene.scroll.header = header
    header.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(header.state == .refreshing)
    for _ in 0..<20 where header.state == .refreshing { await Task.yield() }
    #expect(header.state == .idle)
  }

  @Test func isAutomaticallyChangeAlphaFollowsThePull() {
    let scene = Scene()
    let header = RefreshHeader().autoChangeTransparency(true).link(to: scene.scroll)
    #expect(header.alpha == 0)
    scene.pull(to: -64 - 27)  // half of 54
    #expect(header.pullingPercent == 0.5)
    #expect(header.alpha == 0.5)
  }

  /// As in MJRefresh, the flag stops loading as the footer scrolls into view; a release at
  /// the end still loads.
  @Test func isAutomaticallyRefreshFalseDoesNotLoadAsTheFooterComesIntoView() {
    let scene = Scene()
    var loads = 0
    let footer = RefreshAutoFooter(refreshingBlock: { loads += 1 })
    footer.isAutomaticallyRefresh = false
    scene.scroll.footer = footer
    scene.pull(to: 1400)  // past the trigger line, 2000 - 667 + 44 = 1377
    #expect(loads == 0)
    scene.release()  // at the end: 1400 >= 2000 + 44 - 667
    #expect(loads == 1)
  }

  @Test func autoFooterHonoursTheIgnoredBottomInset() {
    let scene = Scene()
    let footer = RefreshAutoFooter()
    footer.ignoredScrollViewContentInsetBottom = 20
    scene.scroll.footer = footer
    #expect(footer.frame.minY == 2020)
    scene.scroll.contentSize.height = 2500
    #expect(footer.frame.minY == 2520)
    footer.ignoredScrollViewContentInsetBottom = 0
    #expect(footer.frame.minY == 2500)
  }

  // MARK: Behaviour

  @Test func hidingAnAutoFooterReturnsItToIdleAndGivesItsInsetBack() {
    let scene = Scene()
    let footer = RefreshAutoNormalFooter()
    scene.scroll.footer = footer
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    footer.beginRefreshing()
    #expect(footer.state == .refreshing)
    footer.isHidden = true
    #expect(footer.state == .idle)
    #expect(scene.scroll.adjustedContentInset.bottom == 0)
    scene.scroll.contentSize.height = 2400
    footer.isHidden = false
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    #expect(footer.frame.minY == 2400)
  }

  @Test func aComponentDetachedWhilePullingReturnsToIdle() {
    let scene = Scene()
    var loads = 0
    let header = RefreshNormalHeader(refreshingBlock: { loads += 1 })
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    scene.pull(to: -130)
    #expect(header.state == .pulling)
    scene.scroll.header = nil
    #expect(header.state == .idle)
    #expect(header.pullingPercent == 0)
    scene.release()
    scene.clock.advance(by: 1)
    // Attached again, a small drag and release starts nothing.
    scene.scroll.header = header
    scene.pull(to: -70)
    scene.release()
    scene.clock.advance(by: 1)
    #expect(header.state == .idle)
    #expect(loads == 0)
    #expect(scene.scroll.adjustedContentInset.top == 64)
  }

  @Test func theArrowIsTintedLikeTheTitle() {
    for component in [RefreshNormalHeader(), RefreshBackNormalFooter(), RefreshNormalTrailer()]
      as [RefreshComponent]
    {
      let arrow =
        (component as? RefreshNormalHeader)?.arrowView
        ?? (component as? RefreshBackNormalFooter)?.arrowView
        ?? (component as! RefreshNormalTrailer).arrowView
      let label =
        (component as? RefreshStateHeader)?.stateLabel
        ?? (component as? RefreshBackStateFooter)?.stateLabel
        ?? (component as! RefreshStateTrailer).stateLabel
      #expect(arrow.tintColor == .secondaryLabel)
      label.textColor = .red
      #expect(arrow.tintColor == .red)
    }
  }

  @Test func theLastUpdatedTextIsRebuiltOnEveryStateChange() {
    let scene = Scene()
    let header = RefreshStateHeader()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    var minutes = 0
    header.lastUpdatedTimeText = { _ in "\(minutes) min ago" }
    scene.scroll.header = header
    minutes = 5
    scene.pull(to: -130)  // idle -> pulling
    #expect(header.lastUpdatedTimeLabel.text == "5 min ago")
    minutes = 6
    scene.pull(to: -100)  // pulling -> idle
    #expect(header.lastUpdatedTimeLabel.text == "6 min ago")
  }

  @Test func gifComponentsGrowToTheirTallestFrameAndHugTheText() {
    let scene = Scene()
    RefreshConfig.default.languageCode = "en"
    defer { RefreshConfig.default.languageCode = nil }
    let frame = Image(named: "dropdown_anim__0001", size: CGSize(width: 60, height: 70))
    let header = RefreshGifHeader()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.setImages([frame], for: .idle)
      .setImages([Image(named: "small", size: CGSize(width: 10, height: 10))], for: .pulling)
      .link(to: scene.scroll)
    scene.scroll.layoutIfNeeded()
    #expect(header.frame.height == 70)  // grown from 54, not shrunk by the smaller frames
    #expect(header.frame.minY == -70)
    // Texts 180 and 198 points wide ("Last update: No record"), gap 20: the frames end at
    // 375 / 2 - 198 / 2 - 20 = 68.5, and are 60 wide.
    #expect(header.gifView.frame == CGRect(x: 8.5, y: 0, width: 60, height: 70))
    let footer = RefreshAutoGifFooter()
    scene.scroll.footer = footer
    #expect(scene.scroll.adjustedContentInset.bottom == 44)
    footer.setImages([frame], for: .refreshing)
    #expect(footer.frame.height == 70)
    #expect(scene.scroll.adjustedContentInset.bottom == 70)
  }

  @Test func componentsFollowTheScrollModelsWidthWhenItRotates() {
    let scene = Scene()
    let header = RefreshNormalHeader()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    let footer = RefreshBackNormalFooter()
    scene.scroll.footer = footer
    let trailer = RefreshNormalTrailer()
    scene.scroll.trailer = trailer
    #expect(header.autoresizingMask == .flexibleWidth)
    #expect(trailer.autoresizingMask == .flexibleHeight)
    scene.scroll.frame.size = CGSize(width: 768, height: 1024)
    scene.scroll.layoutIfNeeded()
    #expect(header.frame.width == 768)
    #expect(header.stateLabel.frame.width == 768)
    #expect(footer.frame.width == 768)
    #expect(footer.stateLabel.frame.width == 768)
    #expect(trailer.frame.height == 1024)
    #expect(trailer.frame.width == 60)
  }

  /// With paging, the end of a load scrolls back up by the bottom inset (MJRefresh's auto
  /// footer), and the end completion waits for it.
  @Test func aPagingAutoFooterScrollsBackUpByItsInsetWhenALoadEnds() {
    let scene = Scene(topInset: 0)
    scene.scroll.isPagingEnabled = true
    var ended = 0
    let footer = RefreshAutoNormalFooter().afterEndingAction { ended += 1 }
    scene.scroll.footer = footer
    scene.pull(to: 1377)  // 2000 - 667 + 44
    #expect(footer.state == .refreshing)
    footer.endRefreshing()
    #expect(footer.state == .idle)
    let offsetY = scene.scroll.contentOffset.y
    #expect(offsetY == 1333)  // 1377 - 44
    #expect(ended == 0)
    scene.clock.advance(by: 0.4)
    #expect(ended == 1)
  }
}
