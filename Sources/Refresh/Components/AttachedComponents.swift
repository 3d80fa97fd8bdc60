import Foundation
import Observing

/// The refresh components attached to one scroll model: one observation of each of its
/// `contentOffset`, `contentSize` and `panState` that they share, handed on to each of them in
/// the order they attached (a refreshing one first, for the offset and the insets), and how
/// many of them are refreshing.
///
/// The scroll model holds it (`ScrollModel.attachedComponents`), and it holds the components
/// strongly: a component cannot go while attached, and a scroll model that goes takes it and
/// its observations along. Nothing here holds the scroll model. The observations' handlers
/// hold this object, which holds their tokens: a cycle that the last component to leave
/// breaks (it ends the observations), and that the scroll model's registry breaks as it goes
/// with the scroll model (it drops its observers). A handler that found this object through
/// the scroll model instead would retain and release it on every change.
///
/// One observation per property, however many components, keeps the scroll model's observers
/// at three: each change costs one delivery of `Observing` and a loop over the components,
/// not one delivery per component. The observations are registered as the first component
/// attaches and removed as the last one leaves, so a bare scroll model notifies nobody.
///
/// A component leaving while a change is handed on (an automatic footer whose block removes it)
/// misses the rest of that change, as an invalidated observation would, and lives until the
/// change has been handed on. A component that attaches meanwhile gets the next change.
@MainActor
final class AttachedComponents {
  /// The attached components in the order they attached, in memory this object owns and walks
  /// without retaining anything (see ``forEachAttached(_:)``).
  ///
  /// Main-actor confined and private; every access is over before anything is called (a walk
  /// reads positions one at a time, and calls out between the reads), so no access to it can
  /// overlap another and the dynamic exclusivity check is turned off.
  @exclusivity(unchecked)
  private var members = MemberStorage()

  /// The shared observations; empty while no component is attached.
  private var tokens: [ObservationToken] = []

  /// How many attached components are refreshing or about to (their `isRefreshing`).
  ///
  /// Kept as the components' states change (see ``refreshingWillChange(of:to:)``), so that
  /// the test that one refresh runs at a time reads a number instead of walking the
  /// components on every offset change of a pull.
  private(set) var refreshingCount = 0

  /// Whether no component is attached.
  var isEmpty: Bool { members.attachedCount == 0 }

  /// Whether `component` is attached here.
  func contains(_ component: RefreshComponent) -> Bool {
    members.contains(component)
  }

  /// Adds a component, after those attached before it; the first one starts the observations.
  func attach(_ component: RefreshComponent, to scroll: ScrollModel) {
    members.append(component)
    if component.machine.isRefreshing { refreshingCount += 1 }
    guard tokens.isEmpty else { return }
    tokens = [
      scroll.observe(\.contentOffset, options: [.old, .new]) { [self] scroll, change in
        contentOffsetDidChange(change, in: scroll)
      },
      scroll.observe(\.contentSize, options: [.old, .new]) { [self] scroll, change in
        contentSizeDidChange(change, in: scroll)
      },
      scroll.observe(\.panState, options: [.old, .new]) { [self] scroll, change in
        panStateDidChange(change, in: scroll)
      },
    ]
  }

  /// Removes a component; the last one ends the observations.
  func detach(_ component: RefreshComponent) {
    guard members.remove(component) else { return }
    if component.machine.isRefreshing { refreshingCount -= 1 }
    guard members.attachedCount == 0 else { return }
    for token in tokens { token.invalidate() }
    tokens = []
  }

  /// A component is about to change to `newState`; counts it in or out of the refreshing ones.
  func refreshingWillChange(of component: RefreshComponent, to newState: RefreshState) {
    guard contains(component) else { return }
    refreshingCount += newState == .refreshing || newState == .willRefresh ? 1 : -1
  }

  // MARK: Handing changes on

  private func contentOffsetDidChange(_ change: ObservedChange<CGPoint>, in scroll: ScrollModel) {
    guard refreshingCount == 0 else {
      handOnRefreshingFirst(change, in: scroll)
      return
    }
    // Wrapped once for all of them: the hooks take an optional change.
    let change = Optional(change)
    forEachAttached { $0.scrollOffsetWasObserved(change, in: scroll) }
  }

  /// Calls `body` with each component attached when the call begins and still attached when
  /// its turn comes, in the order they attached.
  ///
  /// A component that attaches meanwhile is told from the next change on; one that leaves
  /// meanwhile misses the rest of this one, and stays alive until the walk is over.
  ///
  /// Nothing is retained: the storage keeps each component alive while any walk is under way
  /// (see `MemberStorage`), and this object stays alive through its walks, which run inside
  /// the handlers of its observations, whose closures hold it.
  private func forEachAttached(_ body: (RefreshComponent) -> Void) {
    let walk = members.beginWalk()
    for position in 0..<walk.count {
      members.member(at: position, of: walk)?._withUnsafeGuaranteedRef(body)
    }
    members.endWalk()
  }

  /// The user's content inset changed; called by the scroll model, which observes nothing
  /// for it (``ScrollModel/contentInset`` is not `@Observed`).
  func contentInsetDidChange(in scroll: ScrollModel) {
    handOnRefreshingFirst { $0.scrollInsetWasChanged(in: scroll) }
  }

  /// Hands a change of the offset or the insets on to the members, the refreshing ones first.
  ///
  /// A refreshing component's inset follows the offset (a header gives its inset back as the
  /// content scrolls up past the top, MJRefresh's `insetT`), and every other component measures
  /// its pull from the insets: told first, the refreshing one sets the inset for this offset
  /// before the others measure, whatever order they attached in. (In MJRefresh the order of
  /// the observers decides, and a footer observed first measures from the header's old inset.)
  /// With nothing refreshing, the members are told in the order they attached.
  @inline(never)
  private func handOnRefreshingFirst(_ change: ObservedChange<CGPoint>, in scroll: ScrollModel) {
    let change = Optional(change)
    handOnRefreshingFirst { $0.scrollOffsetWasObserved(change, in: scroll) }
  }

  /// Hands a change on as ``handOnRefreshingFirst(_:in:)`` describes.
  private func handOnRefreshingFirst(_ body: (RefreshComponent) -> Void) {
    let walk = members.beginWalk()
    // Which members refresh, read before anyone is told: a component whose refresh ends on
    // the way is still told once. With none refreshing, all are told in the order they
    // attached.
    var refreshing = PositionSet(count: walk.count)
    for position in 0..<walk.count
    where members.member(at: position, of: walk)?.takeUnretainedValue().state == .refreshing {
      refreshing.insert(position)
    }
    for position in 0..<walk.count where refreshing.contains(position) {
      members.member(at: position, of: walk)?._withUnsafeGuaranteedRef(body)
    }
    for position in 0..<walk.count where !refreshing.contains(position) {
      members.member(at: position, of: walk)?._withUnsafeGuaranteedRef(body)
    }
    members.endWalk()
  }

  private func contentSizeDidChange(_ change: ObservedChange<CGSize>, in scroll: ScrollModel) {
    forEachAttached { $0.scrollSizeWasObserved(change, in: scroll) }
  }

  private func panStateDidChange(_ change: ObservedChange<PanState>, in scroll: ScrollModel) {
    forEachAttached { $0.scrollPanStateWasObserved(change, in: scroll) }
  }

  #if DEBUG
    /// Checks that the count of refreshing components is theirs, and the members' storage.
    ///
    /// Traps when it is not. Debug builds and tests only.
    func _checkInvariants() {
      var refreshing = 0
      var attached = 0
      members.forEachAttachedForChecking { component in
        attached += 1
        if component.isRefreshing { refreshing += 1 }
      }
      precondition(
        refreshingCount == refreshing,
        "\(refreshingCount) components counted refreshing, \(refreshing) are")
      precondition(
        attached == members.attachedCount,
        "\(members.attachedCount) components counted attached, \(attached) are")
      precondition(tokens.count == (attached == 0 ? 0 : 3), "\(tokens.count) observations")
      members.checkInvariants()
    }
  #endif
}

/// A set of positions in a walk, a bit each: while a component refreshes, every offset change
/// notes which members refresh before telling any, and a scroll model's few components fit one
/// word, so nothing is allocated; more than 64 take an array.
private struct PositionSet {
  private var bits: UInt64 = 0
  private var more: [Bool] = []

  init(count: Int) {
    if count > UInt64.bitWidth { more = Array(repeating: false, count: count) }
  }

  mutating func insert(_ position: Int) {
    if more.isEmpty { bits |= 1 << UInt64(position) } else { more[position] = true }
  }

  func contains(_ position: Int) -> Bool {
    more.isEmpty ? bits & (1 << UInt64(position)) != 0 : more[position]
  }
}
