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
    let current = self[keyPath: keyPath]
    let added = Set(other).subtracting(current)
    performToManyChange(
      .insertion, indexes: nil, old: nil, new: added, keyPath, result: current.union(added))
  }

  /// Adds one element to an `@Observed` set, reporting an insertion of it if it was not there.
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
    let current = self[keyPath: keyPath]
    let removed = current.intersection(other)
    performToManyChange(
      .removal, indexes: nil, old: removed, new: nil, keyPath,
      result: current.subtracting(removed))
  }

  /// Removes one element from an `@Observed` set, reporting a removal of it if it was there.
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
    let current = self[keyPath: keyPath]
    let kept = current.intersection(other)
    performToManyChange(
      .removal, indexes: nil, old: current.subtracting(kept), new: nil, keyPath, result: kept)
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
    let current = self[keyPath: keyPath]
    let result = Set(newElements)
    performToManyChange(
      .replacement, indexes: nil, old: current.subtracting(result),
      new: result.subtracting(current), keyPath, result: result)
  }
}
