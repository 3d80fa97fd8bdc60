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
@Suite("RefreshStateMachine: events in, actions out")
struct RefreshStateMachineValueTests {
  typealias Machine = RefreshStateMachine
  typealias Event = RefreshStateMachine.Event

  /// A machine in `state`, reached through the events a component sends (and its transitions
  /// completed).
  static func machine(in state: RefreshState) -> Machine {
    var machine = Machine()
    let events: [Event] =
      switch state {
      case .idle: []
      case .pulling: [.pulled(armed: true)]
      case .refreshing: [.begin(onScreen: true)]
      case .willRefresh: [.begin(onScreen: false)]
      case .noMoreData: [.end(.noMoreData)]
      case .failed: [.begin(onScreen: true), .end(.failure)]
      }
    for event in events {
      _ = machine.handle(event)
      _ = machine.storedTransition()
      _ = machine.transitionDidComplete()
    }
    return machine
  }

  /// The events a component sends, and the state each leads to from each state.
  ///
  /// `nil` means nothing changes. Written out apart from the machine, so that a change to its
  /// table shows here; `displayed` is sent only while waiting for the screen.
  static let events: [Event] = [
    .pulled(armed: true), .pulled(armed: false), .begin(onScreen: true), .begin(onScreen: false),
    .end(.success), .end(.failure), .end(.noMoreData), .resetNoMoreData, .dismissFailure,
    .detached,
  ]

  static let table: [RefreshState: [RefreshState?]] = [
    // pulled(t), pulled(f), begin(t), begin(f), end(s), end(f), end(n), reset, dismiss, detach
    .idle: [.pulling, nil, .refreshing, .willRefresh, nil, nil, .noMoreData, nil, nil, nil],
    .pulling: [nil, .idle, .refreshing, .willRefresh, nil, nil, .noMoreData, nil, nil, .idle],
    .refreshing: [nil, nil, nil, nil, .idle, .failed, .noMoreData, nil, nil, .idle],
    .willRefresh: [nil, nil, .refreshing, nil, .idle, .failed, .noMoreData, nil, nil, .idle],
    .noMoreData: [nil, nil, .refreshing, .willRefresh, nil, nil, nil, .idle, nil, nil],
    .failed: [.pulling, nil, .refreshing, .willRefresh, nil, nil, .noMoreData, nil, .idle, .idle],
  ]

  @Test("Its legal transitions are the specification's", arguments: RefreshState.allCases)
  func tableIsTheSpecification(from start: RefreshState) {
    for end in RefreshState.allCases {
      #expect(
        Machine.allows(start, end) == legalTransitions.contains([start, end]),
        "\(start) → \(end)")
    }
  }

  @Test("Every state × event goes where the table says", arguments: RefreshState.allCases)
  func stateTimesEvent(from start: RefreshState) throws {
    let row = try #require(Self.table[start])
    for (event, expected) in zip(Self.events, row) {
      let machine = Self.machine(in: start)
      #expect(machine.transition(on: event) == expected, "\(start) on \(event)")
      if let expected {
        #expect(legalTransitions.contains([start, expected]), "\(start) on \(event)")
      }
      var handled = machine
      switch handled.handle(event) {
      case .transition(let transition):
        #expect(transition.from == start && transition.to == expected, "\(start) on \(event)")
        #expect(handled.state == expected)
      case .none:
        #expect(expected == nil, "\(start) on \(event)")
        #expect(handled.state == start)
      case let action:
        Issue.record("\(start) on \(event): \(action)")
      }
    }
    let displayed = Self.machine(in: .willRefresh).transition(on: .displayed)
    #expect(displayed == .refreshing)
  }

  @Test("An assignment of the public setter goes where it says when the table allows it")
  func assignments() {
    for start in RefreshState.allCases {
      for end in RefreshState.allCases where start == end || Machine.allows(start, end) {
        let target = Self.machine(in: start).transition(on: .assigned(end))
        #expect(target == (start == end ? nil : end), "\(start) → \(end)")
      }
    }
  }

  @Test("Entering refreshing issues a ticket and shows; waiting asks for the display pass")
  func beginningEffects() {
    var machine = Machine()
    #expect(
      machine.handle(.begin(onScreen: false))
        == .transition(.init(from: .idle, to: .willRefresh, effect: .awaitDisplay)))
    _ = machine.storedTransition()
    _ = machine.transitionDidComplete()
    let first = machine.ticket
    #expect(
      machine.handle(.displayed)
        == .transition(
          .init(from: .willRefresh, to: .refreshing, effect: .beginRefresh(machine.ticket))))
    #expect(machine.ticket != first)
    #expect(machine.currentEffect == .beginRefresh(machine.ticket))
    _ = machine.storedTransition()
    #expect(machine.transitionDidComplete() == [])
    #expect(machine.currentEffect == .none)
  }

  @Test("Ending says how and whether the refresh showed; a removal ends it with nothing")
  func endingEffects() {
    var shown = Self.machine(in: .refreshing)
    let ticket = shown.ticket
    #expect(
      shown.handle(.end(.failure))
        == .transition(
          .init(
            from: .refreshing, to: .failed, effect: .endRefresh(ticket, .failure, wasShown: true))))
    var waiting = Self.machine(in: .willRefresh)
    #expect(
      waiting.handle(.end(.noMoreData))
        == .transition(
          .init(
            from: .willRefresh, to: .noMoreData,
            effect: .endRefresh(waiting.ticket, .noMoreData, wasShown: false))))
    var removed = Self.machine(in: .refreshing)
    let before = removed.ticket
    #expect(
      removed.handle(.detached)
        == .transition(.init(from: .refreshing, to: .idle, effect: .none)))
    #expect(removed.ticket != before)
    #expect(!removed.isOfCurrentAttachment(before))
    #expect(removed.isOfCurrentAttachment(removed.ticket))
    // A removal at rest changes no state, and still supersedes what was ending.
    var resting = Self.machine(in: .idle)
    let old = resting.ticket
    #expect(resting.handle(.detached) == .none)
    #expect(!resting.isOfCurrentAttachment(old))
  }

  @Test("Callbacks asked for during a transition wait for the outermost, and run only if current")
  func callbacksWaitForTheOutermostTransition() {
    var machine = Machine()
    _ = machine.handle(.begin(onScreen: true))
    _ = machine.storedTransition()
    let first = machine.ticket
    // Asked for while the transition is in progress: they wait.
    #expect(machine.handle(.shown(first)) == .none)
    // A hook ends and begins again: two nested transitions.
    _ = machine.handle(.end(.success))
    _ = machine.storedTransition()
    #expect(machine.transitionDidComplete() == [])
    _ = machine.handle(.begin(onScreen: true))
    _ = machine.storedTransition()
    let second = machine.ticket
    #expect(machine.handle(.shown(second)) == .none)
    #expect(machine.transitionDidComplete() == [])
    // The outermost hands back the current refresh alone.
    #expect(machine.transitionDidComplete() == [second])
    #expect(machine.handle(.shown(second)) == .runCallbacks(second))
    #expect(machine.handle(.shown(first)) == .none)
  }

  @Test("An end that finishes settles only when no newer refresh began, and not after a removal")
  func hiddenFinishesTheEnd() {
    var machine = Self.machine(in: .refreshing)
    let ticket = machine.ticket
    #expect(machine.handle(.hidden(ticket)) == .finishEnd(settles: false), "still refreshing")
    _ = machine.handle(.end(.success))
    _ = machine.storedTransition()
    _ = machine.transitionDidComplete()
    #expect(machine.handle(.hidden(ticket)) == .finishEnd(settles: true))
    _ = machine.handle(.begin(onScreen: true))
    _ = machine.storedTransition()
    _ = machine.transitionDidComplete()
    #expect(machine.handle(.hidden(ticket)) == .finishEnd(settles: false))
    _ = machine.handle(.detached)
    #expect(machine.handle(.hidden(ticket)) == .none)
  }

  @Test("A transition decided while the last one is being stored supersedes it")
  func supersededTransitions() {
    var machine = Machine()
    _ = machine.handle(.begin(onScreen: true))
    // An observer of the state, told as it is stored, ends the refresh at once.
    _ = machine.handle(.end(.success))
    #expect(machine.storedTransition()?.to == .idle)
    #expect(machine.depth == 1)
    #expect(machine.transitionDidComplete() == [])
    #expect(machine.depth == 0)
    // The outer one's store finds nothing of the machine's: it is over.
    #expect(machine.storedTransition() == nil)
  }

  @Test("An event that the component's own code never sends in a state stops the program")
  func illegalEventsTrap() async {
    await #expect(processExitsWith: .failure) {
      var machine = RefreshStateMachine()
      _ = machine.handle(.displayed)
    }
    await #expect(processExitsWith: .failure) {
      var machine = RefreshStateMachine()
      _ = machine.handle(.begin(onScreen: true))
      _ = machine.handle(.assigned(.pulling))
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
