import Foundation
import Testing

@testable import Refresh

/// A list's "Refresh" and "Load more": the pull a screen-reader user cannot make, as actions.
@MainActor
@Suite("Accessibility actions: Refresh and Load more")
struct AccessibilityActionTests {
  let scene = ListInWindow()
  var clock: ManualFrameClock { scene.clock }
  var window: Window { scene.window }
  var list: ListView { scene.list }
  func frames(_ count: Int) { scene.frames(count) }

  var names: [String] { list.accessibilityCustomActions.map(\.name) }
  var refresh: String { RefreshConfig.default.localized(.refreshAction) }
  var loadMore: String { RefreshConfig.default.localized(.loadMoreAction) }
  var announcements: [String] { scene.announcements }

  @Test func aListWithoutComponentsOffersNone() {
    #expect(names.isEmpty)
    #expect(!list.performAccessibilityAction(named: "Refresh"))
  }

  /// "Refresh" plays the header's pull: the announcements, states and offsets of a pull.
  @Test func refreshPlaysTheHeadersPull() {
    var refreshed = 0
    let header = RefreshNormalHeader { refreshed += 1 }
    list.header = header
    list.footer = RefreshAutoNormalFooter {}
    #expect(names == [refresh, loadMore])
    var states: [RefreshState] = []
    let token = header.observe(\.state) { header, _ in states.append(header.state) }
    defer { token.invalidate() }
    #expect(list.performAccessibilityAction(named: refresh))
    frames(60)
    #expect(states == [.pulling, .refreshing])
    #expect(refreshed == 1)
    #expect(list.contentOffset.y == -54)
    #expect(list.adjustedContentInset.top == 54)
    #expect(
      announcements == [
        RefreshConfig.default.localized(.headerPulling),
        RefreshConfig.default.localized(.headerRefreshing),
      ])
    // While the header refreshes, nothing else can begin: no action is offered.
    #expect(names.isEmpty)
    #expect(!list.performAccessibilityAction(named: refresh))
    header.endRefreshing()
    frames(30)
    #expect(names == [refresh, loadMore])
  }

  /// "Load more" loads an automatic footer at once and plays a back footer's pull.
  @Test(arguments: [false, true])
  func loadMoreLoadsTheFooter(back: Bool) {
    var loads = 0
    list.footer =
      back ? RefreshBackNormalFooter { loads += 1 } : RefreshAutoNormalFooter { loads += 1 }
    #expect(names == [loadMore])
    #expect(list.performAccessibilityAction(named: loadMore))
    frames(90)
    #expect(list.footer?.state == .refreshing)
    #expect(loads == 1)
    // A back footer is pulled into view at the end; an automatic one loads where the list is,
    // as its `beginRefreshing()` does, leaving the rows being read in place.
    #expect(list.contentOffset.y == (back ? list.maximumContentOffset.y : 0))
  }

  /// Out of data, the footer offers nothing; failed, it offers "Load more" again, which
  /// retries.
  @Test func theFootersStateDecides() {
    var loads = 0
    let footer = RefreshAutoNormalFooter { loads += 1 }
    list.footer = footer
    list.performAccessibilityAction(named: loadMore)
    footer.endRefreshingWithNoMoreData()
    #expect(names.isEmpty)
    footer.resetNoMoreData()
    footer.beginRefreshing()
    footer.endRefreshingWithFailure()
    #expect(footer.state == .failed)
    #expect(names == [loadMore])
    #expect(list.performAccessibilityAction(named: loadMore))
    #expect(footer.state == .refreshing)
    #expect(loads == 3)
  }

  /// A hidden or non-interactive header offers nothing; without a header the leader refreshes.
  @Test func hiddenComponentsOfferNothingAndALeaderRefreshes() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.isHidden = true
    #expect(names.isEmpty)
    header.isHidden = false
    header.isUserInteractionEnabled = false
    #expect(names.isEmpty)
    list.header = nil
    list.leader = RefreshNormalLeader {}
    #expect(names == [refresh])
  }

  /// An automatic header (a chat list's older messages) loads more, at the top.
  @Test func anAutomaticHeaderLoadsMore() {
    var loads = 0
    list.header = RefreshAutoNormalHeader { loads += 1 }
    #expect(names == [loadMore])
    #expect(list.performAccessibilityAction(named: loadMore))
    #expect(loads == 1)
  }

  /// The list's own actions follow the components'; appending to what it returns keeps one
  /// "Refresh", and an action of a removed component does nothing.
  @Test func ownActionsComeAfterAndAreKeptOnce() {
    list.header = RefreshNormalHeader {}
    var marked = 0
    list.accessibilityCustomActions.append(
      AccessibilityAction(name: "Mark all read") {
        marked += 1
        return true
      })
    #expect(names == [refresh, "Mark all read"])
    #expect(list.performAccessibilityAction(named: "Mark all read"))
    #expect(marked == 1)
    let stale = list.accessibilityCustomActions[0]
    list.header = nil
    #expect(names == ["Mark all read"])
    #expect(!stale.handler())
  }

  @Test(
    "The names are translated",
    arguments: [
      ("de", "Aktualisieren", "Mehr laden"), ("zh-Hans", "刷新", "加载更多"), ("ja", "更新", "さらに読み込む"),
    ])
  func theNamesAreTranslated(language: String, refresh: String, loadMore: String) {
    #expect(RefreshText.refreshAction.localized(language: language) == refresh)
    #expect(RefreshText.loadMoreAction.localized(language: language) == loadMore)
  }
}
