import Foundation
import Testing

@testable import Refresh

/// `cancelRefreshing()`: the refresh is called off as if it had not happened (MJRefresh has no
/// cancel; the behaviour follows the end's formulas, less what a finished refresh records).
@MainActor
@Suite("Cancelling a refresh")
struct RefreshCancelTests {
  let scene = Scene()

  /// A header whose end callbacks are counted, refreshing once shown (the 0.25 s show).
  func refreshingHeader(
    endActions: inout Int, completions: inout Int, asyncBlock: (@MainActor () async throws -> Void)?
  ) -> RefreshNormalHeader {
    let header = RefreshNormalHeader(frame: .zero)
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.asyncRefreshingBlock = asyncBlock
    scene.scroll.header = header
    scene.clock.advance(by: 0)
    header.beginRefreshing()
    scene.clock.advance(by: header.fastAnimationDuration)
    return header
  }

  @Test func aCancelledHeaderHidesAndRecordsNothing() {
    var endActions = 0
    var completions = 0
    let header = refreshingHeader(
      endActions: &endActions, completions: &completions, asyncBlock: nil)
    header.endRefreshingAnimationBeginAction = { endActions += 1 }
    header.endRefreshingCompletionBlock = { completions += 1 }
    #expect(header.state == .refreshing)
    // Refreshing: the top inset is 64 + 54 and the content rests at -118.
    #expect(scene.scroll.adjustedContentInset.top == 118)
    #expect(scene.scroll.contentOffset.y == -118)
    header.cancelRefreshing()
    #expect(header.state == .idle)
    #expect(header.stateLabel.text == "Pull down to refresh")
    // The inset goes back over the slow duration, 0.4 s, as an end's does.
    scene.clock.advance(by: header.slowAnimationDuration)
    #expect(scene.scroll.adjustedContentInset.top == 64)
    #expect(scene.scroll.contentOffset.y == -64)
    #expect(header.pullingPercent == 0)
    #expect(header.lastUpdatedTime == nil)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: No record")
    #expect(header.resultText == nil)
    #expect(endActions == 0)
    #expect(completions == 0)
    // The next refresh ends as usual, with its callbacks.
    header.beginRefreshing()
    scene.clock.advance(by: header.fastAnimationDuration)
    header.endRefreshing()
    scene.clock.advance(by: header.slowAnimationDuration)
    #expect(endActions == 1)
    #expect(completions == 1)
    #expect(header.lastUpdatedTime != nil)
  }

  /// The asynchronous work's task is cancelled at once (the work sees `Task.isCancelled`);
  /// checked on the task itself, so that no test waits on the scheduler.
  @Test func cancellingCancelsTheAsynchronousWork() {
    var endActions = 0
    var completions = 0
    let header = refreshingHeader(
      endActions: &endActions, completions: &completions,
      asyncBlock: { try await Task.sleep(for: .seconds(30)) })
    header.endRefreshingCompletionBlock = { completions += 1 }
    #expect(header.state == .refreshing)
    let task = header.refreshingTask
    #expect(task != nil)
    #expect(task?.isCancelled == false)
    header.cancelRefreshing()
    #expect(task?.isCancelled == true)
    #expect(header.refreshingTask == nil)
    #expect(header.state == .idle)
    scene.clock.advance(by: header.slowAnimationDuration)
    #expect(completions == 0)
    #expect(scene.scroll.adjustedContentInset.top == 64)
  }

  @Test func anAutomaticFooterCancelsInPlace() {
    scene.scroll.contentSize.height = 300
    var completions = 0
    let footer = RefreshAutoNormalFooter {}
    footer.endRefreshingCompletionBlock = { completions += 1 }
    scene.scroll.footer = footer
    scene.clock.advance(by: 0)
    let bottomInset = scene.scroll.adjustedContentInset.bottom
    footer.beginRefreshing()
    scene.clock.advance(by: 0.1)
    #expect(footer.state == .refreshing)
    footer.cancelRefreshing()
    #expect(footer.state == .idle)
    #expect(footer.stateLabel.text == "Tap or pull up to load more")
    #expect(scene.scroll.adjustedContentInset.bottom == bottomInset)
    #expect(completions == 0)
  }

  @Test(arguments: [RefreshState.idle, .pulling, .noMoreData, .failed])
  func outsideARefreshItDoesNothing(state: RefreshState) {
    let footer = RefreshBackNormalFooter {}
    scene.scroll.footer = footer
    scene.clock.advance(by: 0)
    switch state {
    case .pulling: footer.state = .pulling
    case .noMoreData: footer.endRefreshingWithNoMoreData()
    case .failed:
      footer.beginRefreshing()
      scene.clock.advance(by: 0.25)
      footer.endRefreshingWithFailure()
    default: break
    }
    #expect(footer.state == state)
    footer.cancelRefreshing()
    #expect(footer.state == state)
  }

  /// A refresh still waiting for a window to show in (``RefreshState/willRefresh``) is called
  /// off before it shows: no callback, no completion.
  @Test func aRefreshNotYetShownIsCancelledBeforeItShows() {
    let offScreen = Scene(inWindow: false)
    var callbacks = 0
    var completions = 0
    let header = RefreshNormalHeader { callbacks += 1 }
    header.endRefreshingCompletionBlock = { completions += 1 }
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    offScreen.scroll.header = header
    header.beginRefreshing()
    #expect(header.state == .willRefresh)
    header.cancelRefreshing()
    #expect(header.state == .idle)
    // Put on screen later, it does not refresh.
    offScreen.window.addSubview(offScreen.scroll)
    offScreen.clock.advance(by: 1)
    #expect(header.state == .idle)
    #expect(callbacks == 0)
    #expect(completions == 0)
    #expect(offScreen.scroll.adjustedContentInset.top == 64)
  }
}
