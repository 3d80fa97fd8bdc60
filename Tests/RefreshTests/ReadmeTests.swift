import Foundation
import Testing

@testable import Refresh

/// Your data source: `reload` and `loadMore` call back when their request is done.
@MainActor protocol Feed {
  func reload(_ done: @escaping () -> Void)
  func loadMore(_ done: @escaping (_ hasMore: Bool) -> Void)
}

/// A stand-in for the README's data source.
@MainActor
final class TwoPageFeed: Feed {
  var pages = 0
  func reload(_ done: @escaping () -> Void) { done() }
  func loadMore(_ done: @escaping (Bool) -> Void) {
    pages += 1
    done(pages < 2)
  }
}

// The README's examples, as written there, so that they cannot rot.

@MainActor func scrollAround() -> CGFloat {
  let clock = ManualFrameClock()
  let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
  let scroll = ScrollModel(frame: window.bounds)
  window.addSubview(scroll)
  scroll.contentSize = CGSize(width: 375, height: 2000)

  scroll.beginDragging(at: CGPoint(x: 100, y: 400))
  scroll.drag(to: CGPoint(x: 100, y: 300))  // 1:1 inside the content: offset 100
  scroll.endDragging(velocity: CGPoint(x: 0, y: -1000))  // an upward fling
  clock.advance(by: 5)  // glides -1000 / (1000 ln 0.998) pt
  return scroll.contentOffset.y  // 599.4998… (100 + 499.4998…), at rest
}

@MainActor func attachRefresh(to scroll: ScrollModel, feed: Feed) {
  scroll.header = RefreshNormalHeader {
    feed.reload { scroll.header?.endRefreshing() }
  }
  scroll.footer = RefreshAutoNormalFooter {
    feed.loadMore { hasMore in
      if hasMore {
        scroll.footer?.endRefreshing()
      } else {
        scroll.footer?.endRefreshingWithNoMoreData()
      }
    }
  }
}

final class StarHeader: RefreshStateHeader {
  let star = Label(text: "★")

  override func prepare() {
    super.prepare()
    frame.size.height = 80
    star.textColor = .refreshText  // idle until the first change of state
    addSubview(star)
  }

  override func placeSubviews() {
    super.placeSubviews()
    star.center = CGPoint(x: 30, y: frame.height / 2)
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    star.textColor = state == .pulling ? .orange : .refreshText
  }
}

@MainActor
@Suite("README examples of Refresh")
struct RefreshReadmeTests {
  @Test func drivingAScrollModel() {
    // The resting distance of a 1000 pt/s fling, -v / (1000 ln r) with r = 0.998, past 100.
    #expect(abs(scrollAround() - (100 - 1000 / (1000 * log(0.998)))) < 1e-6)
  }

  @Test func attachingAHeaderAndAFooter() {
    let scene = Scene()
    let feed = TwoPageFeed()
    attachRefresh(to: scene.scroll, feed: feed)
    scene.scroll.header?.beginRefreshing()
    scene.clock.advance(by: 0.25)
    #expect(scene.scroll.header?.state == .idle)
    scene.scroll.footer?.beginRefreshing()
    #expect(scene.scroll.footer?.state == .idle)
    scene.scroll.footer?.beginRefreshing()
    #expect(scene.scroll.footer?.state == .noMoreData)
    #expect(feed.pages == 2)
  }

  @Test func theCustomHeader() {
    let scene = Scene()
    let header = StarHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    scene.scroll.header = header
    #expect(header.star.textColor == .refreshText)  // before any change of state
    scene.clock.advance(by: 0)
    #expect(header.star.center == CGPoint(x: 30, y: 40))
    scene.pull(to: -150)
    #expect(header.star.textColor == .orange)
  }
}
