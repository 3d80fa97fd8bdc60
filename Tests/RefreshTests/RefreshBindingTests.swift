import Foundation
import Observing
import Testing

@testable import Refresh

/// A model that keeps "is loading" itself, as view models do.
@MainActor
final class LoadingModel: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var isLoading = false
  @Observed var isLoadingMore = false
}

/// `bindRefreshing(to:_:)`: a component and a model's `Bool` kept in step, both ways.
@MainActor
@Suite("Refresh by binding")
struct RefreshBindingTests {
  let scene = ListInWindow()
  var clock: ManualFrameClock { scene.clock }
  var window: Window { scene.window }
  var list: ListView { scene.list }
  func frames(_ count: Int) { scene.frames(count) }
  let model = LoadingModel()

  /// True begins refreshing, shown as a pull; false ends it.
  @Test func theModelDrivesTheHeader() {
    var refreshed = 0
    let header = RefreshNormalHeader { refreshed += 1 }
    list.header = header
    header.bindRefreshing(to: model, \.isLoading)
    var states: [RefreshState] = []
    let token = header.observe(\.state) { header, _ in states.append(header.state) }
    defer { token.invalidate() }
    model.isLoading = true
    #expect(header.isPlayingPull)
    frames(60)
    #expect(states == [.pulling, .refreshing])
    #expect(refreshed == 1)
    #expect(list.contentOffset.y == -54)
    #expect(model.isLoading)
    model.isLoading = false
    frames(30)
    #expect(states == [.pulling, .refreshing, .idle])
    #expect(list.contentOffset.y == 0)
    #expect(list.adjustedContentInset.top == 0)
    #expect(refreshed == 1)
  }

  /// A refresh begun by a pull sets the model; its end, by any means, clears it.
  @Test(arguments: ["success", "failure", "cancel", "no more data"])
  func theHeaderDrivesTheModel(ending: String) {
    let footer = RefreshBackNormalFooter {}
    list.footer = footer
    footer.bindRefreshing(to: model, \.isLoadingMore)
    var seen: [Bool] = []
    let token = model.observe(\.isLoadingMore) { model, _ in seen.append(model.isLoadingMore) }
    defer { token.invalidate() }
    list.perform(.bottom)
    frames(30)
    list.perform(.bottom)
    frames(60)
    #expect(footer.state == .refreshing)
    #expect(seen == [true])
    switch ending {
    case "success": footer.endRefreshing()
    case "failure": footer.endRefreshingWithFailure()
    case "cancel": footer.cancelRefreshing()
    default: footer.endRefreshingWithNoMoreData()
    }
    frames(30)
    #expect(seen == [true, false])
    #expect(!model.isLoadingMore)
  }

  /// True when the component cannot begin (another one refreshes) is answered with false.
  @Test func aRefusedBeginSetsTheModelBack() {
    let header = RefreshNormalHeader {}
    let footer = RefreshBackNormalFooter {}
    list.header = header
    list.footer = footer
    footer.bindRefreshing(to: model, \.isLoadingMore)
    header.beginRefreshing()
    frames(30)
    model.isLoadingMore = true
    #expect(!model.isLoadingMore)
    #expect(footer.state == .idle)
  }

  /// A played pull that a real finger takes over and lets go before the threshold refreshes
  /// nothing: the model is set back to false.
  @Test func aPullTakenOverAndAbandonedSetsTheModelBack() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.bindRefreshing(to: model, \.isLoading)
    model.isLoading = true
    frames(3)
    list.beginDragging(at: CGPoint(x: 100, y: 100))
    frames(2)
    #expect(!header.isPlayingPull)
    list.endDragging(velocity: .zero)
    frames(60)
    #expect(header.state == .idle)
    #expect(!model.isLoading)
  }

  /// Bound while true, the component begins; bound while refreshing, the model is set.
  @Test func bindingSyncsAtOnce() {
    let header = RefreshNormalHeader {}
    list.header = header
    model.isLoading = true
    header.bindRefreshing(to: model, \.isLoading)
    #expect(header.isPlayingPull)
    let footer = RefreshAutoNormalFooter {}
    list.footer = footer
    frames(60)
    header.endRefreshing()
    footer.beginRefreshing()
    #expect(!model.isLoadingMore)
    footer.bindRefreshing(to: model, \.isLoadingMore)
    #expect(model.isLoadingMore)
  }

  /// Unbound, or with the model gone, the two go their own ways; binding again replaces the
  /// binding.
  @Test func unbindingAndRebinding() {
    let header = RefreshNormalHeader {}
    list.header = header
    header.bindRefreshing(to: model, \.isLoading)
    header.unbindRefreshing()
    model.isLoading = true
    #expect(!header.isPlayingPull)
    model.isLoading = false
    header.bindRefreshing(to: model, \.isLoading)
    header.bindRefreshing(to: model, \.isLoadingMore)
    model.isLoading = true
    #expect(!header.isPlayingPull)
    model.isLoadingMore = true
    #expect(header.isPlayingPull)
    var gone: LoadingModel? = LoadingModel()
    let other = RefreshAutoNormalFooter {}
    list.footer = other
    other.bindRefreshing(to: gone!, \.isLoadingMore)
    gone = nil
    other.beginRefreshing()
    #expect(other.state == .refreshing)
  }
}
