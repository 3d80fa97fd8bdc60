import Foundation
import Observing
import Testing

@testable import Refresh

/// What can happen to a component.
enum ComponentEvent: String, CaseIterable, Sendable {
  case dragPastThreshold, dragBack, release, begin, end, endWithNoMoreData, resetNoMoreData
}

/// The transitions a component may make; anything else is a bug.
let legalTransitions: Set<[RefreshState]> = [
  [.idle, .pulling], [.idle, .refreshing], [.idle, .willRefresh], [.idle, .noMoreData],
  [.pulling, .idle], [.pulling, .refreshing], [.pulling, .willRefresh], [.pulling, .noMoreData],
  [.refreshing, .idle], [.refreshing, .noMoreData],
  [.willRefresh, .refreshing], [.willRefresh, .idle], [.willRefresh, .noMoreData],
  [.noMoreData, .idle], [.noMoreData, .refreshing], [.noMoreData, .willRefresh],
]

@MainActor
@Suite("The state machine: every state × every event")
struct RefreshStateMachineTests {
  /// The back footer's table: from each state, the state each event leads to.
  nonisolated static let table: [RefreshState: [ComponentEvent: RefreshState]] = [
    .idle: [
      .dragPastThreshold: .pulling, .dragBack: .idle, .release: .idle, .begin: .refreshing,
      .end: .idle, .endWithNoMoreData: .noMoreData, .resetNoMoreData: .idle,
    ],
    .pulling: [
      .dragPastThreshold: .pulling, .dragBack: .idle, .release: .refreshing,
      .begin: .refreshing, .end: .pulling, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .pulling,
    ],
    .refreshing: [
      .dragPastThreshold: .refreshing, .dragBack: .refreshing, .release: .refreshing,
      .begin: .refreshing, .end: .idle, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .refreshing,
    ],
    .willRefresh: [
      .dragPastThreshold: .willRefresh, .dragBack: .willRefresh, .release: .willRefresh,
      .begin: .willRefresh, .end: .idle, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .willRefresh,
    ],
    .noMoreData: [
      .dragPastThreshold: .noMoreData, .dragBack: .noMoreData, .release: .noMoreData,
      .begin: .refreshing, .end: .noMoreData, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .idle,
    ],
  ]

  nonisolated static let cases: [(RefreshState, ComponentEvent)] = RefreshState.allCases.flatMap {
    state in
    ComponentEvent.allCases.map { (state, $0) }
  }

  @Test(arguments: cases)
  func backFooter(from start: RefreshState, on event: ComponentEvent) throws {
    let scene = Scene(inWindow: start != .willRefresh)
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    // threshold: offsetY > happenOffsetY (1333) + 44
    switch start {
    case .idle: break
    case .pulling: scene.pull(to: 1400)
    case .refreshing, .willRefresh: footer.beginRefreshing()
    case .noMoreData: footer.endRefreshingWithNoMoreData()
    }
    try #require(footer.state == start)
    let recorder = StateRecorder(footer)
    switch event {
    case .dragPastThreshold: scene.pull(to: 1410)
    case .dragBack: scene.pull(to: 1340)
    case .release: scene.release()
    case .begin: footer.beginRefreshing()
    case .end: footer.endRefreshing()
    case .endWithNoMoreData: footer.endRefreshingWithNoMoreData()
    case .resetNoMoreData: footer.resetNoMoreData()
    }
    #expect(footer.state == Self.table[start]![event]!)
    for transition in recorder.transitions {
      #expect(legalTransitions.contains([transition.from, transition.to]), "\(transition)")
    }
  }
}
