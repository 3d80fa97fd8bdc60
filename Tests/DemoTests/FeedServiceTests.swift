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

/// Failing requests: asked for, and now and then by themselves.
@MainActor
@Suite("The simulated feed service fails now and then")
struct FeedServiceFailureTests {
  let clock = ManualFrameClock()

  /// The answers of `count` page requests: `true` for a page, `false` for a failure.
  func pageAnswers(_ service: FeedService, count: Int) -> [Bool] {
    var answers: [Bool] = []
    for _ in 0..<count {
      service.fetchNextPage { answers.append((try? $0.get()) != nil) }
      clock.advance(by: 0.8)
    }
    return answers
  }

  @Test func theNextRequestFailsWhenAskedAndOnlyIt() {
    let service = FeedService(clock: clock)
    service.failsNextRequest = true
    var answers: [Result<Int, FeedFailure>] = []
    service.fetchNewPosts { answers.append($0) }
    clock.advance(by: 1.2)
    service.fetchNewPosts { answers.append($0) }
    clock.advance(by: 1.2)
    #expect(answers == [.failure(FeedFailure()), .success(3)])
    #expect(!service.failsNextRequest)
    // The failure left the feed as it was; the success brought the three posts.
    #expect(service.feed.items.count == 18)
  }

  @Test func aFailedPageLeavesTheFeedAsItWas() {
    let service = FeedService(clock: clock)
    service.failsNextRequest = true
    #expect(pageAnswers(service, count: 1) == [false])
    #expect(service.feed.items.count == 15)
  }

  @Test func byDefaultNothingFailsByItself() {
    #expect(pageAnswers(FeedService(clock: clock), count: 3) == [true, true, true])
  }

  @Test func theSameSeedFailsTheSameRequests() {
    func run(seed: UInt64) -> [Bool] {
      let service = FeedService(clock: clock, feed: FeedModel(), failureSeed: seed)
      service.failureRate = 0.5
      return pageAnswers(service, count: 12)
    }
    let first = run(seed: 7)
    #expect(run(seed: 7) == first)
    // Half the requests, give or take, fail.
    #expect(first.contains(false) && first.contains(true))
  }

  @Test func aRateOfOneFailsEverythingAndOutOfRangeRatesAreClamped() {
    let service = FeedService(clock: clock)
    service.failureRate = 7
    #expect(pageAnswers(service, count: 3) == [false, false, false])
    service.failureRate = -1
    #expect(pageAnswers(service, count: 2) == [true, true])
  }
}
