import Foundation
import Synchronization

/// A to-many change (insertion, removal, replacement) being carried out on this thread by the
/// `Observable` array and set methods: the assignment they make is reported with this kind and
/// indexes.
@usableFromInline
final class ToManyChange {
  @usableFromInline let kind: ObservedChangeKind
  /// The positions that changed in an array; `nil` for a set, whose elements have none.
  @usableFromInline let indexes: IndexSet?
  /// The removed or replaced elements, in the property's own type (an array or a set); `nil`
  /// for an insertion.
  @usableFromInline let oldElements: Any?
  /// The inserted or replacing elements, in the property's own type (an array or a set); `nil`
  /// for a removal.
  @usableFromInline let newElements: Any?
  let registry: ObjectIdentifier
  let object: ObjectIdentifier
  let property: AnyKeyPath

  init(
    kind: ObservedChangeKind,
    indexes: IndexSet?,
    oldElements: Any?,
    newElements: Any?,
    registry: ObservationRegistry,
    object: AnyObject,
    property: AnyKeyPath
  ) {
    self.kind = kind
    self.indexes = indexes
    self.oldElements = oldElements
    self.newElements = newElements
    self.registry = ObjectIdentifier(registry)
    self.object = ObjectIdentifier(object)
    self.property = property
  }

  /// The to-many change this thread is making to the given property of `object`, if any.
  static func current(
    for registry: ObservationRegistry,
    object: AnyObject,
    property: AnyKeyPath
  ) -> ToManyChange? {
    guard registry.core.hasToManyChangeInFlight,
      let change = ThreadState.current.toManyChanges.last,
      change.registry == ObjectIdentifier(registry),
      change.object == ObjectIdentifier(object), change.property == property
    else { return nil }
    return change
  }

  /// Runs `assignment` with this change announced on the current thread and counted in
  /// `registry`'s core.
  func perform(in registry: ObservationRegistry, _ assignment: () -> Void) {
    let thread = ThreadState.current
    let core = registry.core
    thread.toManyChanges.append(self)
    core.toManyChangesInFlight.add(1, ordering: .relaxed)
    defer {
      core.toManyChangesInFlight.subtract(1, ordering: .relaxed)
      thread.toManyChanges.removeLast()
    }
    assignment()
  }
}
