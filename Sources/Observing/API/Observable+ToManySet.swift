import Foundation

/// Mutations of an `@Observed` set that its direct observers see as insertions, removals and
/// replacements, as KVO reports the set mutations of `mutableSetValue(forKey:)`.
///
/// The kinds and values follow Foundation's `NSKeyValueSetMutationKind`: a union is an
/// insertion of the elements that were not there yet, a subtraction and an intersection are
/// removals of the elements that left, and replacing the contents is a replacement, with the
/// elements that left as the old value and those that arrived as the new one. Sets have no
/// indexes, so ``ObservedChange/indexes`` is `nil`. As in Foundation, the change is reported even
/// when no element moves (with an empty set).
///
/// ```swift
/// final class Team: Observable {
///   let observationRegistry = ObservationRegistry()
///   @Observed var members: Set<String> = ["ada"]
/// }
///
/// let team = Team()
/// let token = team.observe(\.members, options: [.old, .new]) { _, change in
///   print(change.kind, change.newValue ?? [], change.oldValue ?? [])
/// }
/// team.formUnion(["ada", "grace"], in: \.members)  // insertion ["grace"] []
/// team.subtract(["ada"], from: \.members)  // removal [] ["ada"]
/// token.invalidate()
/// ```
extension Observable {
  /// Adds the elements of a sequence to an `@Observed` set, reporting an insertion of those
  /// that were not in it.
  ///
  /// This is KVO's union set mutation.
  ///
  /// - Parameters:
  ///   - other: The elements to add.
  ///   - keyPath: The `@Observed` set property.
  public func formUnion<Element>(
    _ other: some Sequence<Element>,
    in keyPath: ReferenceWritableKeyPath<Self, Set<Element>>
  ) {
    changeSet(keyPath, .insertion) { current in ([], Set(other).subtracting(current)) }
  }

  /// Removes the elements of a sequence from an `@Observed` set, reporting a removal of those
  /// that were in it.
  ///
  /// This is KVO's minus set mutation.
  ///
  /// - Parameters:
  ///   - other: The elements to remove.
  ///   - keyPath: The `@Observed` set property.
  public func subtract<Element>(
    _ other: some Sequence<Element>,
    from keyPath: ReferenceWritableKeyPath<Self, Set<Element>>
  ) {
    changeSet(keyPath, .removal) { current in (current.intersection(other), []) }
  }

  /// Keeps only the elements of an `@Observed` set that are also in a sequence, reporting a
  /// removal of the others.
  ///
  /// This is KVO's intersect set mutation.
  ///
  /// - Parameters:
  ///   - other: The elements that may stay.
  ///   - keyPath: The `@Observed` set property.
  public func formIntersection<Element>(
    _ other: some Sequence<Element>,
    in keyPath: ReferenceWritableKeyPath<Self, Set<Element>>
  ) {
    changeSet(keyPath, .removal) { current in (current.subtracting(other), []) }
  }

  /// Makes an `@Observed` set hold exactly the elements of a sequence, reporting a replacement
  /// of the elements that left by those that arrived.
  ///
  /// This is KVO's set set mutation. Assigning the property instead reports a `.setting` with
  /// the whole sets.
  ///
  /// - Parameters:
  ///   - keyPath: The `@Observed` set property.
  ///   - newElements: The elements the set holds afterwards.
  public func replaceElements<Element>(
    of keyPath: ReferenceWritableKeyPath<Self, Set<Element>>,
    with newElements: some Sequence<Element>
  ) {
    let result = Set(newElements)
    changeSet(keyPath, .replacement) { current in
      (current.subtracting(result), result.subtracting(current))
    }
  }

  // MARK: One element

  /// Adds one element to an `@Observed` set: ``formUnion(_:in:)`` with that element alone, so
  /// the insertion reported is empty when the element was already there.
  ///
  /// - Parameters:
  ///   - newElement: The element to add.
  ///   - keyPath: The `@Observed` set property.
  public func insert<Element>(
    _ newElement: Element,
    into keyPath: ReferenceWritableKeyPath<Self, Set<Element>>
  ) {
    formUnion(CollectionOfOne(newElement), in: keyPath)
  }

  /// Removes one element from an `@Observed` set: ``subtract(_:from:)`` with that element
  /// alone, so the removal reported is empty when the element was not there.
  ///
  /// - Parameters:
  ///   - element: The element to remove.
  ///   - keyPath: The `@Observed` set property.
  public func remove<Element>(
    _ element: Element,
    from keyPath: ReferenceWritableKeyPath<Self, Set<Element>>
  ) {
    subtract(CollectionOfOne(element), from: keyPath)
  }

  /// Carries out a set mutation and reports it: `plan` tells, from the current set, which
  /// elements leave and which arrive.
  ///
  /// As in Foundation, an insertion has no old value and a removal no new one.
  private func changeSet<Element>(
    _ keyPath: ReferenceWritableKeyPath<Self, Set<Element>>,
    _ kind: ObservedChangeKind,
    _ plan: (Set<Element>) -> (left: Set<Element>, arrived: Set<Element>)
  ) {
    let current = self[keyPath: keyPath]
    let (left, arrived) = plan(current)
    performToManyChange(
      kind, indexes: nil, old: kind == .insertion ? nil : left,
      new: kind == .removal ? nil : arrived, keyPath,
      result: current.subtracting(left).union(arrived))
  }
}
