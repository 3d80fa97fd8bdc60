import Foundation
import Observing
import Testing

@testable import Refresh

/// What can happen to a component.
enum ComponentEvent: String, CaseIterable, Sendable {
  case dragPastThreshold, dragBack, release, begin, end, endWithNoMoreData, resetNoMoreData
  case endWithFailure
}

/// The transitions a component may make; anything else is a bug.
///
/// Written out here, apart from
/// ``RefreshStateMachine/allows(_:_:)``, so that a change to the machine's table shows as a test
/// failure.
let legalTransitions: Set<[RefreshState]> = [
  [.idle, .pulling], [.idle, .refreshing], [.idle, .willRefresh], [.idle, .noMoreData],
  [.idle, .failed],
  [.pulling, .idle], [.pulling, .refreshing], [.pulling, .willRefresh], [.pulling, .noMoreData],
  [.refreshing, .idle], [.refreshing, .noMoreData], [.refreshing, .failed],
  [.willRefresh, .refreshing], [.willRefresh, .idle], [.willRefresh, .noMoreData],
  [.willRefresh, .failed],
  [.noMoreData, .idle], [.noMoreData, .refreshing], [.noMoreData, .willRefresh],
  [.failed, .idle], [.failed, .pulling], [.failed, .refreshing], [.failed, .willRefresh],
  [.failed, .noMoreData],
]

/// The machine on its own, as a value: events in, actions out.
@Suite("RefreshStateMachine: the bookkeeping as a value")
struct RefreshStateMachineValueTests {
  @Test("Its table is the specification's", arguments: RefreshState.allCases)
  func tableIsTheSpecification(from start: RefreshState) {
    for end in RefreshState.allCases {
      #expect(
        RefreshStateMachine.allows(start, end) == legalTransitions.contains([start, end]),
        "\(start) → \(end)")
    }
  }

  @Test("A new state runs the hooks once; the same state again does nothing")
  func stateChangeRunsTheHooks() {
    var machine = RefreshStateMachine()
    #expect(machine.stateDidChange(to: .idle) == .none)
    #expect(machine.stateDidChange(to: .pulling) == .runStateDidChange(from: .idle))
    #expect(machine.state == .pulling)
    #expect(machine.depth == 1)
    #expect(machine.stateChangeDidComplete() == [])
    #expect(machine.depth == 0)
  }

  @Test("Callbacks asked for during a change wait for the outermost one, and run only if current")
  func callbacksWaitForTheOutermostChange() {
    var machine = RefreshStateMachine()
    #expect(machine.stateDidChange(to: .refreshing) == .runStateDidChange(from: .idle))
    let first = machine.refreshDidBegin()
    #expect(first == 1)
    #expect(machine.callbacksRequested(generation: first) == .wait)
    // A hook that changes the state again nests a change: nothing runs at its end.
    #expect(machine.stateDidChange(to: .idle) == .runStateDidChange(from: .refreshing))
    #expect(machine.stateChangeDidComplete() == [])
    #expect(machine.stateDidChange(to: .refreshing) == .runStateDidChange(from: .idle))
    let second = machine.refreshDidBegin()
    #expect(machine.callbacksRequested(generation: second) == .wait)
    #expect(machine.stateChangeDidComplete() == [])
    // The outermost change hands both back; only the second is still current.
    #expect(machine.stateChangeDidComplete() == [first, second])
    #expect(!machine.isCallbackCurrent(generation: first))
    #expect(machine.isCallbackCurrent(generation: second))
    #expect(machine.callbacksRequested(generation: second) == .run)
    #expect(machine.callbacksRequested(generation: first) == .drop)
  }

  @Test("The end of a refresh is current until another begins")
  func endIsCurrentUntilAnotherBegins() {
    var machine = RefreshStateMachine()
    _ = machine.stateDidChange(to: .refreshing)
    _ = machine.stateChangeDidComplete()
    let generation = machine.refreshDidBegin()
    #expect(!machine.isEndCurrent(generation: generation), "still refreshing")
    _ = machine.stateDidChange(to: .idle)
    _ = machine.stateChangeDidComplete()
    #expect(machine.isEndCurrent(generation: generation))
    _ = machine.refreshDidBegin()
    #expect(!machine.isEndCurrent(generation: generation))
  }

  @Test("Detaching supersedes what is refreshing or ending, and disarms a pull; other states stay")
  func detachingEndsARefresh() {
    for (state, action) in [
      (RefreshState.idle, RefreshStateMachine.DetachAction.keepState),
      (.pulling, .becomeIdle), (.refreshing, .becomeIdle), (.willRefresh, .becomeIdle),
      (.noMoreData, .keepState), (.failed, .becomeIdle),
    ] {
      var machine = RefreshStateMachine()
      if state == .failed {
        _ = machine.stateDidChange(to: .refreshing)
        _ = machine.stateChangeDidComplete()
      }
      if state != .idle {
        _ = machine.stateDidChange(to: state)
        _ = machine.stateChangeDidComplete()
      }
      let generation = machine.generation
      #expect(machine.isOfCurrentAttachment(generation: generation), "\(state)")
      #expect(machine.detach() == action, "\(state)")
      // Whatever was refreshing or ending belongs to the scroll model left.
      #expect(machine.generation == generation + 1, "\(state)")
      #expect(!machine.isOfCurrentAttachment(generation: generation), "\(state)")
      #expect(machine.isOfCurrentAttachment(generation: machine.generation), "\(state)")
    }
  }

  @MainActor
  @Test("A component refuses a state it may not change to, and notifies nobody")
  func componentRefusesAnIllegalState() {
    let scene = Scene()
    let footer = RefreshBackFooter(frame: .zero)
    scene.scroll.footer = footer
    footer.beginRefreshing()
    let recorder = StateRecorder(footer)
    footer.state = .pulling
    #expect(footer.state == .refreshing)
    footer.state = .willRefresh
    #expect(footer.state == .refreshing)
    #expect(recorder.transitions.isEmpty)
    #expect(footer.machine.state == .refreshing)
  }
}

@MainActor
@Suite("The state machine: every state × every event")
struct RefreshStateMachineTests {
  /// The back footer's table: from each state, the state each event leads to (the other kinds
  /// differ only where ``expected(for:from:on:)`` says).
  nonisolated static let table: [RefreshState: [ComponentEvent: RefreshState]] = [
    .idle: [
      .dragPastThreshold: .pulling, .dragBack: .idle, .release: .idle, .begin: .refreshing,
      .end: .idle, .endWithNoMoreData: .noMoreData, .resetNoMoreData: .idle,
      .endWithFailure: .idle,
    ],
    .pulling: [
      .dragPastThreshold: .pulling, .dragBack: .idle, .release: .refreshing,
      .begin: .refreshing, .end: .pulling, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .pulling, .endWithFailure: .pulling,
    ],
    .refreshing: [
      .dragPastThreshold: .refreshing, .dragBack: .refreshing, .release: .refreshing,
      .begin: .refreshing, .end: .idle, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .refreshing, .endWithFailure: .failed,
    ],
    .willRefresh: [
      .dragPastThreshold: .willRefresh, .dragBack: .willRefresh, .release: .willRefresh,
      .begin: .willRefresh, .end: .idle, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .willRefresh, .endWithFailure: .failed,
    ],
    .noMoreData: [
      .dragPastThreshold: .noMoreData, .dragBack: .noMoreData, .release: .noMoreData,
      .begin: .refreshing, .end: .noMoreData, .endWithNoMoreData: .noMoreData,
      .resetNoMoreData: .idle, .endWithFailure: .noMoreData,
    ],
    // A failure stays until it is retried: a pull past the threshold arms again, a pull that
    // stops short or a stray end keeps it.
    .failed: [
      .dragPastThreshold: .pulling, .dragBack: .failed, .release: .failed, .begin: .refreshing,
      .end: .failed, .endWithNoMoreData: .noMoreData, .resetNoMoreData: .failed,
      .endWithFailure: .failed,
    ],
  ]

  /// The same table for another kind: the automatic footer and header have no pull, so they
  /// never arm, a drag to their trigger line loads at once (a new drag retries a failure) and
  /// a release away from their edge does nothing; the header, the leader and the trailer follow
  /// the back footer's table.
  nonisolated static func expected(
    for kind: ComponentKind, from start: RefreshState, on event: ComponentEvent
  ) -> RefreshState {
    if kind.loadsByItself, start == .failed, event == .dragPastThreshold { return .refreshing }
    if kind.loadsByItself, start == .idle {
      if event == .dragPastThreshold { return .refreshing }
      if event == .release { return .idle }
    }
    return table[start]![event]!
  }

  nonisolated static let cases: [(ComponentKind, RefreshState, ComponentEvent)] =
    ComponentKind.allCases.flatMap { kind in
      RefreshState.allCases.flatMap { state in
        ComponentEvent.allCases.compactMap { event in
          kind.allows(state, event) ? (kind, state, event) : nil
        }
      }
    }

  @Test(arguments: cases)
  func transition(of kind: ComponentKind, from start: RefreshState, on event: ComponentEvent)
    throws
  {
    let rig = ComponentRig(kind, inWindow: start != .willRefresh)
    let component = rig.component
    switch start {
    case .idle: break
    case .pulling: rig.dragPastThreshold()
    case .refreshing, .willRefresh: component.beginRefreshing()
    case .noMoreData: rig.endWithNoMoreData()
    case .failed:
      component.beginRefreshing()
      component.endRefreshingWithFailure()
    }
    try #require(component.state == start)
    let recorder = StateRecorder(component)
    switch event {
    case .dragPastThreshold: rig.dragPastThreshold(further: true)
    case .dragBack: rig.dragBack()
    case .release: rig.scene.release()
    case .begin: component.beginRefreshing()
    case .end: component.endRefreshing()
    case .endWithNoMoreData: rig.endWithNoMoreData()
    case .resetNoMoreData: rig.resetNoMoreData()
    case .endWithFailure: component.endRefreshingWithFailure()
    }
    #expect(component.state == Self.expected(for: kind, from: start, on: event))
    for transition in recorder.transitions {
      #expect(legalTransitions.contains([transition.from, transition.to]), "\(transition)")
    }
  }
}

/// The six kinds of component the state table covers.
enum ComponentKind: String, CaseIterable, Sendable {
  case header, backFooter, autoFooter, trailer, leader, autoHeader

  /// Whether the table has a row for a state and an event: the automatic footer and header
  /// never pull, and the header has no "no more data" methods (its no-more-data state is
  /// forced).
  func allows(_ state: RefreshState, _ event: ComponentEvent) -> Bool {
    switch self {
    case .autoFooter, .autoHeader: state != .pulling
    case .header: event != .endWithNoMoreData && event != .resetNoMoreData
    case .backFooter, .trailer, .leader: true
    }
  }

  /// Whether the kind loads by itself as its edge comes into view, with no pull to arm.
  var loadsByItself: Bool { self == .autoFooter || self == .autoHeader }
}

/// A component of one kind in the standard scene, with its pulls.
///
/// The numbers, from the geometry (DESIGN.md), with a 64-point top inset and 2000 points of
/// content in a 667-point viewport:
/// - header: arms past `-orig.top - h = -64 - 54 = -118`;
/// - back footer: arms past `happenOffsetY + h = 1333 + 44 = 1377`;
/// - automatic footer: loads past `contentH - frameH + h + insetB - h = 2000 - 667 + 44 = 1377`;
/// - trailer (1000 points of content across a 375-point viewport): arms past `625 + 60 = 685`;
/// - leader (the same content): arms past `-orig.left - w = 0 - 60 = -60`;
/// - automatic header: its 44 points make the top inset 108, and it loads as the offset,
///   shrinking, reaches `-inset.top + h - h = -108`.
@MainActor
struct ComponentRig {
  let kind: ComponentKind
  let scene: Scene
  let component: RefreshComponent

  init(_ kind: ComponentKind, inWindow: Bool) {
    self.kind = kind
    scene = Scene(inWindow: inWindow)
    switch kind {
    case .header:
      let header = RefreshHeader(frame: .zero)
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      scene.scroll.header = header
      component = header
    case .backFooter:
      component = RefreshBackFooter(frame: .zero)
      scene.scroll.footer = component as? RefreshFooter
    case .autoFooter:
      component = RefreshAutoFooter(frame: .zero)
      scene.scroll.footer = component as? RefreshFooter
    case .trailer:
      scene.scroll.contentSize.width = 1000
      component = RefreshTrailer(frame: .zero)
      scene.scroll.trailer = component as? RefreshTrailer
    case .leader:
      scene.scroll.contentSize.width = 1000
      component = RefreshLeader(frame: .zero)
      scene.scroll.leader = component as? RefreshLeader
    case .autoHeader:
      component = RefreshAutoHeader(frame: .zero)
      scene.scroll.header = component as? RefreshHeader
    }
  }

  /// The pulls of this kind in this scene.
  var driver: PullDriver { PullDriver(kind: kind, scene: scene) }

  func dragPastThreshold(further: Bool = false) { driver.dragPastThreshold(further: further) }

  func dragBack() { driver.dragBack() }

  func endWithNoMoreData() {
    switch component {
    case let footer as RefreshFooter: footer.endRefreshingWithNoMoreData()
    case let trailer as RefreshTrailer: trailer.endRefreshingWithNoMoreData()
    case let leader as RefreshLeader: leader.endRefreshingWithNoMoreData()
    case let header as RefreshAutoHeader: header.endRefreshingWithNoMoreData()
    default: component.state = .noMoreData
    }
  }

  func resetNoMoreData() {
    switch component {
    case let footer as RefreshFooter: footer.resetNoMoreData()
    case let trailer as RefreshTrailer: trailer.resetNoMoreData()
    case let leader as RefreshLeader: leader.resetNoMoreData()
    case let header as RefreshAutoHeader: header.resetNoMoreData()
    default: break
    }
  }
}

/// The pulls that arm a component of a kind, and pull it back, in the standard scene (see
/// ``ComponentRig`` for the numbers); it holds no component.
@MainActor
struct PullDriver {
  let kind: ComponentKind
  let scene: Scene

  /// Drags past the threshold (a little further the second time, so that the offset grows).
  func dragPastThreshold(further: Bool = false) {
    let extra: CGFloat = further ? 10 : 0
    switch kind {
    case .header: scene.pull(to: -130 - extra)
    case .backFooter, .autoFooter: scene.pull(to: 1400 + extra)
    case .trailer: scene.pull(toX: 700 + extra)
    case .leader: scene.pull(toX: -70 - extra)
    case .autoHeader: scene.pull(to: -110 - extra)
    }
  }

  /// Drags back inside the threshold, the component partly in view.
  func dragBack() {
    switch kind {
    case .header: scene.pull(to: -100)
    case .backFooter, .autoFooter: scene.pull(to: 1340)
    case .trailer: scene.pull(toX: 650)
    case .leader: scene.pull(toX: -40)
    case .autoHeader: scene.pull(to: -90)
    }
  }
}
