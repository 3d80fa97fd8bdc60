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

  /// How many to-many changes are in flight on all threads; lets setters skip the thread-local
  /// lookup when there are none.
  static let inFlight = Atomic<Int>(0)

  /// Whether any thread is making a to-many change: one relaxed load.
  static var isAnyInFlight: Bool { inFlight.load(ordering: .relaxed) != 0 }

  /// The to-many change this thread is making to the given property of `object`, if any.
  static func current(
    for registry: ObservationRegistry,
    object: AnyObject,
    property: AnyKeyPath
  ) -> ToManyChange? {
    guard inFlight.load(ordering: .relaxed) != 0,
      let change = ThreadState.current.toManyChanges.last,
      change.registry == ObjectIdentifier(registry),
      change.object == ObjectIdentifier(object), change.property == property
    else { return nil }
    return change
  }

  /// Runs `assignment` with this change announced on the current thread.
  func perform(_ assignment: () -> Void) {
    let thread = ThreadState.current
    thread.toManyChanges.append(self)
    Self.inFlight.add(1, ordering: .relaxed)
    defer {
      Self.inFlight.subtract(1, ordering: .relaxed)
      thread.toManyChanges.removeLast()
    }
    assignment()
  }
}
