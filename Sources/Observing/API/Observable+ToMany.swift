import Foundation

extension Observable {
  /// Inserts elements into an `@Observed` array, reporting an insertion with its indexes.
  ///
  /// As with `NSMutableArray.insert(_:at:)`, each index is the position the element will have
  /// in the resulting array. Direct observers of the array receive a change of kind
  /// `.insertion`, the inserted elements as `newValue` and `indexes`:
  ///
  /// ```swift
  /// person.insert(["b", "c"], at: IndexSet([1, 2]), into: \.friends)
  /// ```
  ///
  /// - Parameters:
  ///   - newElements: The elements to insert, in index order.
  ///   - indexes: Their positions in the resulting array; as many as there are elements.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: `indexes.count == newElements.count`, and every index is at most the count
  ///   of the array at the moment its element is inserted.
  public func insert<Element>(
    _ newElements: [Element],
    at indexes: IndexSet,
    into keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    precondition(
      indexes.count == newElements.count,
      "insert(_:at:into:) was given \(newElements.count) elements for \(indexes.count) indexes")
    var result = self[keyPath: keyPath]
    for (element, index) in zip(newElements, indexes) {
      precondition(
        index <= result.count,
        "insert(_:at:into:): index \(index) is beyond the end of the array (\(result.count))")
      result.insert(element, at: index)
    }
    performToManyChange(
      .insertion, indexes: indexes, old: nil, new: newElements, keyPath, result: result)
  }

  /// Appends an element to an `@Observed` array, reporting an insertion at the end.
  ///
  /// - Parameters:
  ///   - newElement: The element to append.
  ///   - keyPath: The `@Observed` array property.
  public func append<Element>(
    _ newElement: Element,
    to keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    insert([newElement], at: IndexSet(integer: self[keyPath: keyPath].count), into: keyPath)
  }

  /// Removes the elements at the given indexes of an `@Observed` array, reporting a removal.
  ///
  /// Direct observers of the array receive a change of kind `.removal`, the removed elements as
  /// `oldValue` and `indexes`.
  ///
  /// - Parameters:
  ///   - indexes: Positions in the current array.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: Every index is a valid position in the array.
  public func removeElements<Element>(
    at indexes: IndexSet,
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    var result = self[keyPath: keyPath]
    precondition(indexes, areValidIn: result, "removeElements(at:from:)")
    let removed = indexes.map { result[$0] }
    for index in indexes.reversed() {
      result.remove(at: index)
    }
    performToManyChange(
      .removal, indexes: indexes, old: removed, new: nil, keyPath, result: result)
  }

  /// Replaces the elements at the given indexes of an `@Observed` array, reporting a
  /// replacement.
  ///
  /// Direct observers of the array receive a change of kind `.replacement`, the new elements as
  /// `newValue`, the replaced ones as `oldValue`, and `indexes`.
  ///
  /// - Parameters:
  ///   - indexes: Positions in the current array.
  ///   - newElements: The replacements, in index order; as many as there are indexes.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: `indexes.count == newElements.count` and every index is in range.
  public func replaceElements<Element>(
    at indexes: IndexSet,
    with newElements: [Element],
    in keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    precondition(
      indexes.count == newElements.count,
      "replaceElements(at:with:in:) was given \(newElements.count) elements for "
        + "\(indexes.count) indexes")
    var result = self[keyPath: keyPath]
    precondition(indexes, areValidIn: result, "replaceElements(at:with:in:)")
    let replaced = indexes.map { result[$0] }
    for (element, index) in zip(newElements, indexes) {
      result[index] = element
    }
    performToManyChange(
      .replacement, indexes: indexes, old: replaced, new: newElements, keyPath, result: result)
  }

  /// Assigns `result`, reporting it to the collection's direct observers as the given to-many
  /// change.
  ///
  /// As in Foundation, an insertion has no old elements and a removal no new ones: those
  /// values are absent (`nil`) even when the observer asked for them.
  ///
  /// - Parameters:
  ///   - kind: The kind of change to report.
  ///   - indexes: The positions that changed in an array; `nil` for a set.
  ///   - old: The removed or replaced elements, in the collection's own type.
  ///   - new: The inserted or replacing elements, in the collection's own type.
  ///   - keyPath: The `@Observed` collection property.
  ///   - result: The collection after the change.
  func performToManyChange<Elements>(
    _ kind: ObservedChangeKind,
    indexes: IndexSet?,
    old: Elements?,
    new: Elements?,
    _ keyPath: ReferenceWritableKeyPath<Self, Elements>,
    result: Elements
  ) {
    let registry = observationRegistry
    guard registry.hasStoredObservers else {
      self[keyPath: keyPath] = result
      return
    }
    guard let property = directProperty(of: keyPath) else {
      // Not an @Observed array of this object: an ordinary assignment.
      self[keyPath: keyPath] = result
      return
    }
    let change = ToManyChange(
      kind: kind,
      indexes: indexes,
      oldElements: old,
      newElements: new,
      registry: registry,
      object: self,
      property: property
    )
    change.perform(in: registry) { self[keyPath: keyPath] = result }
  }
}

/// Traps with a message naming `method` unless every index is a position in `array`.
private func precondition<Element>(
  _ indexes: IndexSet,
  areValidIn array: [Element],
  _ method: StaticString
) {
  guard let last = indexes.last else { return }
  precondition(
    last < array.count, "\(method): index \(last) is out of range (count \(array.count))")
}
