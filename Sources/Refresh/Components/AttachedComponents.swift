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
/// at three: each change costs one delivery of `Observing` and a loop over a plain array,
/// not one delivery per component. The observations are registered as the first component
/// attaches and removed as the last one leaves, so a bare scroll model notifies nobody.
///
/// A component leaving while a change is handed on (an automatic footer whose block removes it)
/// misses the rest of that change, as an invalidated observation would: the loop runs over a
/// copy of the members, and each member says whether it is still attached. A component that
/// attaches meanwhile gets the next change.
@MainActor
final class AttachedComponents {
  /// One attachment of a component: the loop skips it once the component has left.
  private final class Member {
    let component: RefreshComponent
    var isAttached = true

    init(_ component: RefreshComponent) {
      self.component = component
    }
  }

  /// The attached components, in the order they attached.
  ///
  /// Read on every change handed on. Main-actor confined and private: every access here is
  /// over before anything is called (the loops run over a copy; `contains` and `firstIndex`
  /// only compare identities), so no access to it can overlap another and the dynamic
  /// exclusivity check is turned off.
  @exclusivity(unchecked)
  private var members: [Member] = []

  /// The shared observations; empty while no component is attached.
  private var tokens: [ObservationToken] = []

  /// How many attached components are refreshing or about to (their `isRefreshing`).
  ///
  /// Kept as the components' states change (see ``refreshingWillChange(of:to:)``), so that
  /// the test that one refresh runs at a time reads a number instead of walking the
  /// components on every offset change of a pull.
  private(set) var refreshingCount = 0

  /// Whether no component is attached.
  var isEmpty: Bool { members.isEmpty }

  /// Whether `component` is attached here.
  func contains(_ component: RefreshComponent) -> Bool {
    members.contains { $0.component === component }
  }

  /// Adds a component, after those attached before it; the first one starts the observations.
  func attach(_ component: RefreshComponent, to scroll: ScrollModel) {
    members.append(Member(component))
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
    guard let index = members.firstIndex(where: { $0.component === component }) else { return }
    members[index].isAttached = false
    members.remove(at: index)
    if component.machine.isRefreshing { refreshingCount -= 1 }
    guard members.isEmpty else { return }
    for token in tokens { token.invalidate() }
    tokens = []
  }

  /// A component is about to change to `newState`; counts it in or out of the refreshing ones.
  func refreshingWillChange(of component: RefreshComponent, to newState: RefreshState) {
    guard contains(component) else { return }
    refreshingCount += newState == .refreshing || newState == .willRefresh ? 1 : -1
  }

  // MARK: Handing changes on

  // Each loop holds the member, not the component: a component is a view that its subviews
  // reference weakly, and retaining an object with weak references takes the slow path.

  private func contentOffsetDidChange(_ change: ObservedChange<CGPoint>, in scroll: ScrollModel) {
    guard refreshingCount == 0 else {
      handOnRefreshingFirst(change, in: scroll)
      return
    }
    // Wrapped once for all of them: the hooks take an optional change.
    let change = Optional(change)
    forEachAttached { $0.scrollOffsetWasObserved(change, in: scroll) }
  }

  /// Calls `body` with each component still attached, in the order they attached.
  ///
  /// The walk runs over a copy of the members, which holds them, so it retains none of them (a
  /// retain and a release each, otherwise, on every offset change of a pull).
  private func forEachAttached(_ body: (RefreshComponent) -> Void) {
    let members = members
    Self.forEachUnretained(members) { member in
      guard member.isAttached else { return }
      body(member.component)
    }
  }

  /// Calls `body` with each of `members` in turn, without retaining them.
  ///
  /// Sound: `members` is an array value that the caller holds for the call, so its buffer and
  /// every member in it stay alive, unchanged, until this returns (a change to the stored
  /// members meanwhile copies them to a new buffer first), and `body` borrows each member.
  ///
  /// Nonisolated, and so is the closure it hands the standard library: a main-actor closure
  /// passed there would check the executor at run time on every call.
  private nonisolated static func forEachUnretained(
    _ members: [Member],
    _ body: (Member) -> Void
  ) {
    precondition(
      MemoryLayout<Member>.size == MemoryLayout<UnsafeRawPointer>.size,
      "a member reference is not one pointer")
    members.withUnsafeBufferPointer { buffer in
      guard let base = UnsafeRawPointer(buffer.baseAddress) else { return }
      for position in buffer.indices {
        let pointer = base.load(
          fromByteOffset: position &* MemoryLayout<Member>.stride, as: UnsafeRawPointer.self)
        Unmanaged<Member>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
      }
    }
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
    let members = members
    // Which members refresh, read before anyone is told: a component whose refresh ends on
    // the way is still told once. With none refreshing, all are told in the order they
    // attached.
    let refreshing = members.filter { $0.component.state == .refreshing }
    for member in refreshing where member.isAttached { body(member.component) }
    for member in members
    where member.isAttached && !refreshing.contains(where: { $0 === member }) {
      body(member.component)
    }
  }

  private func contentSizeDidChange(_ change: ObservedChange<CGSize>, in scroll: ScrollModel) {
    forEachAttached { $0.scrollSizeWasObserved(change, in: scroll) }
  }

  private func panStateDidChange(_ change: ObservedChange<PanState>, in scroll: ScrollModel) {
    forEachAttached { $0.scrollPanStateWasObserved(change, in: scroll) }
  }

  #if DEBUG
    /// Checks that the count of refreshing components is theirs.
    ///
    /// Traps when it is not. Debug builds and tests only.
    func _checkInvariants() {
      let refreshing = members.filter { $0.component.isRefreshing }.count
      precondition(
        refreshingCount == refreshing,
        "\(refreshingCount) components counted refreshing, \(refreshing) are")
      precondition(tokens.count == (members.isEmpty ? 0 : 3), "\(tokens.count) observations")
    }
  #endif
}
