import Foundation
import Refresh
import Testing

@testable import Storyboard

/// The `pager` storyboard, played with touches through the window (`.press`, `.move`,
/// `.lift`): a horizontal pager of three lists, turned by a flick, then the second list pulled
/// and refreshed alone.
@MainActor
@Suite("The pager storyboard")
struct PagerStoryboardTests {
  /// The indexes of a storyboard's `.call` steps, where the tests stop to look.
  private func calls(in steps: [StoryStep]) -> [Int] {
    steps.indices.filter {
      if case .call = steps[$0] { return true }
      return false
    }
  }

  @Test func theCaptionsGiveThePagersXThenTheSecondListsY() {
    let frames = StoryPlayer.record(.pager, interval: 0.1)
    #expect(
      frames.map(\.caption) == [
        // The flick across, the pager's spring onto the second page: the header stays idle.
        "0.00 s · idle · x 0", "0.10 s · idle · x 340", "0.20 s · idle · x 362",
        "0.30 s · idle · x 370", "0.40 s · idle · x 373", "0.50 s · idle · x 374",
        "0.60 s · idle · x 375",
        // The pull down on the second list, past 54 points, rubber-banded.
        "0.70 s · pulling · y \u{2212}68", "0.80 s · pulling · y \u{2212}123",
        // Released: refreshing, at the header's height after the fast duration (0.25 s).
        "0.90 s · refreshing · y \u{2212}100", "1.00 s · refreshing · y \u{2212}60",
        "1.10 s · refreshing · y \u{2212}54",
        // Ended: idle at once, the header hiding over the slow duration (0.4 s).
        "1.20 s · idle · y \u{2212}47", "1.30 s · idle · y \u{2212}27",
        "1.40 s · idle · y \u{2212}7", "1.50 s · idle · y 0",
      ])
    #expect(frames.allSatisfy { $0.state != nil })
    #expect(frames.prefix(7).allSatisfy { $0.axis == .horizontal })
    #expect(frames.dropFirst(7).allSatisfy { $0.axis == .vertical })
  }

  @Test func aFlickTurnsThePageAndAPullRefreshesTheSecondListAlone() throws {
    let steps = Storyboard.pager.steps
    let stops = calls(in: steps)
    try #require(stops.count == 2)
    let player = StoryPlayer(.pager, interval: 0.1)
    let scene = player.scene
    let pager = scene.scroll
    let lists = (0..<3).map { Storyboard.pagerList($0, in: scene) }
    let headers = try lists.map { try #require($0.header) }
    #expect(scene.subject === headers[1])

    // The flick: the pager is on the second page, its spring within half a point of rest (the
    // caption's 375; it comes to rest during the pull), and no list moved.
    player.play(Array(steps[..<stops[0]]))
    #expect(abs(pager.contentOffset.x - 375) < 0.5)
    #expect(pager.contentOffset.y == 0)
    #expect(!pager.isDragging)
    for (list, header) in zip(lists, headers) {
      #expect(list.contentOffset == .zero)
      #expect(header.state == .idle)
    }
    #expect(player.frames.first?.caption == "0.00 s · idle · x 0")
    #expect(player.frames.last?.caption == "0.60 s · idle · x 375")

    // The pull and release: the second list refreshes at MJRefresh's numbers, alone.
    player.play(Array(steps[stops[0]..<stops[1]]))
    #expect(headers[1].state == .refreshing)
    #expect(headers[1].frame.height == 54)
    #expect(lists[1].adjustedContentInset.top == 54)
    #expect(lists[1].contentOffset == CGPoint(x: 0, y: -54))
    #expect(pager.contentOffset == CGPoint(x: 375, y: 0))
    #expect(!pager.isDecelerating)
    for index in [0, 2] {
      #expect(headers[index].state == .idle)
      #expect(lists[index].contentOffset == .zero)
      #expect(lists[index].adjustedContentInset.top == 0)
    }
    #expect(player.frames.last?.caption == "1.10 s · refreshing · y \u{2212}54")

    // The end: the header hides above the list, back at the top over two new posts.
    player.play(Array(steps[stops[1]...]))
    #expect(headers[1].state == .idle)
    #expect(lists[1].adjustedContentInset.top == 0)
    #expect(lists[1].contentOffset == .zero)
    #expect(headers[1].frame.maxY <= lists[1].bounds.minY)
    #expect(player.frames.count == 16)
    #expect(player.frames.last?.caption == "1.50 s · idle · y 0")
    let feed = try #require(lists[1].dataSource as? FeedRows)
    #expect(feed.rows.prefix(3).map(\.number) == [52, 51, 50])
    let ended = try #require(player.frames.last).canvas.document()
    #expect(ended.contains("#52") && ended.contains("#51"))
  }
}
