import DemoCore
import Foundation
import Refresh
import Testing

@MainActor
@Suite("The simulated feed service")
struct FeedServiceTests {
  let clock = ManualFrameClock()

  @Test func aRefreshAnswersAfterItsDelay() {
    let service = FeedService(clock: clock)
    var answers: [Int] = []
    service.refresh { answers.append($0) }
    clock.advance(by: 1.19)
    #expect(answers.isEmpty)
    clock.advance(by: 0.01)
    #expect(answers == [3])
    #expect(service.feed.items.count == 18)
  }

  @Test func pagesArriveUntilThereAreNoMore() {
    let service = FeedService(clock: clock)
    var more: [Bool] = []
    for _ in 0..<3 {
      service.loadNextPage { more.append($0) }
      clock.advance(by: 0.8)
    }
    #expect(more == [true, true, false])
    #expect(service.feed.items.count == 58)  // the 58 posts of the archive
  }

  @Test func cancelledRequestsNeverAnswer() {
    let service = FeedService(clock: clock)
    var answered = false
    service.refresh { _ in answered = true }
    service.cancelPendingRequests()
    clock.advance(by: 5)
    #expect(!answered)
    #expect(service.feed.items.count == 15)
  }
}
