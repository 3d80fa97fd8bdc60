import Foundation

/// The mutations of `Array` a Swift user reaches for, on an `@Observed` array: each reports
/// the insertion, removal or replacement it makes, with its indexes, exactly as the `IndexSet`
/// forms (``Observable/insert(_:at:into:)-(_,IndexSet,_)``,
/// ``Observable/removeElements(at:from:)``, ``Observable/replaceElements(at:with:in:)``) report
/// it; they share one step that applies and reports a change.
///
/// A call that changes nothing (an empty sequence appended, an empty range removed, a
/// predicate that matches no element) notifies nobody. Indexes out of range trap with a message
/// naming the method, as `Array`'s own methods trap.
extension Observable {
  /// Appends the elements of a sequence to an `@Observed` array, reporting one insertion at
  /// the end.
  ///
  /// ```swift
  /// person.append(contentsOf: ["b", "c"], to: \.friends)  // .insertion at [1, 2]
  /// ```
  ///
  /// - Parameters:
  ///   - newElements: The elements to append, in order; an empty sequence changes nothing and
  ///     notifies nobody.
  ///   - keyPath: The `@Observed` array property.
  public func append<Element>(
    contentsOf newElements: some Sequence<Element>,
    to keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    let inserted = Array(newElements)
    guard !inserted.isEmpty else { return }
    var result = self[keyPath: keyPath]
    performInsertion(of: inserted, at: result.count, into: &result, keyPath)
  }

  /// Inserts an element at a position of an `@Observed` array, reporting an insertion at that
  /// index.
  ///
  /// ```swift
  /// person.insert("b", at: 1, into: \.friends)  // .insertion at [1]
  /// ```
  ///
  /// - Parameters:
  ///   - newElement: The element to insert.
  ///   - index: Its position in the resulting array: from `0` to the array's `count`.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: `index` is in `0...count`.
  public func insert<Element>(
    _ newElement: Element,
    at index: Int,
    into keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    var result = self[keyPath: keyPath]
    precondition(insertionIndex: index, in: result, "insert(_:at:into:)")
    performInsertion(of: [newElement], at: index, into: &result, keyPath)
  }

  /// Inserts the elements of a collection at a position of an `@Observed` array, reporting
  /// one insertion of consecutive indexes.
  ///
  /// ```swift
  /// person.insert(contentsOf: ["b", "c"], at: 1, into: \.friends)  // .insertion at [1, 2]
  /// ```
  ///
  /// - Parameters:
  ///   - newElements: The elements to insert, in order; an empty collection changes nothing.
  ///   - index: The position of the first of them in the resulting array: from `0` to the
  ///     array's `count`.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: `index` is in `0...count`.
  public func insert<Element>(
    contentsOf newElements: some Collection<Element>,
    at index: Int,
    into keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    var result = self[keyPath: keyPath]
    precondition(insertionIndex: index, in: result, "insert(contentsOf:at:into:)")
    let inserted = Array(newElements)
    guard !inserted.isEmpty else { return }
    performInsertion(of: inserted, at: index, into: &result, keyPath)
  }

  /// Removes the element at a position of an `@Observed` array, reporting a removal at that
  /// index.
  ///
  /// ```swift
  /// let removed = person.remove(at: 0, from: \.friends)  // .removal at [0]
  /// ```
  ///
  /// - Parameters:
  ///   - index: A valid position in the array.
  ///   - keyPath: The `@Observed` array property.
  /// - Returns: The removed element.
  /// - Precondition: `index` is in `0..<count`.
  @discardableResult
  public func remove<Element>(
    at index: Int,
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) -> Element {
    var result = self[keyPath: keyPath]
    precondition(elementIndex: index, in: result, "remove(at:from:)")
    return performRemoval(of: index..<index + 1, from: &result, keyPath)[0]
  }

  /// Removes the first element of an `@Observed` array, reporting a removal at index 0.
  ///
  /// - Parameter keyPath: The `@Observed` array property.
  /// - Returns: The removed element.
  /// - Precondition: The array is not empty.
  @discardableResult
  public func removeFirst<Element>(
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) -> Element {
    precondition(!self[keyPath: keyPath].isEmpty, "removeFirst(from:): the array is empty")
    return remove(at: 0, from: keyPath)
  }

  /// Removes the last element of an `@Observed` array, reporting a removal at its index.
  ///
  /// - Parameter keyPath: The `@Observed` array property.
  /// - Returns: The removed element.
  /// - Precondition: The array is not empty; ``popLast(from:)`` answers `nil` instead.
  @discardableResult
  public func removeLast<Element>(
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) -> Element {
    let count = self[keyPath: keyPath].count
    precondition(count > 0, "removeLast(from:): the array is empty")
    return remove(at: count - 1, from: keyPath)
  }

  /// Removes the last element of an `@Observed` array if there is one, reporting a removal at
  /// its index.
  ///
  /// - Parameter keyPath: The `@Observed` array property.
  /// - Returns: The removed element, or `nil` (and no notification) when the array is empty.
  public func popLast<Element>(
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) -> Element? {
    let count = self[keyPath: keyPath].count
    return count == 0 ? nil : remove(at: count - 1, from: keyPath)
  }

  /// Removes a range of positions of an `@Observed` array, reporting one removal of those
  /// indexes.
  ///
  /// ```swift
  /// person.removeSubrange(1..<3, from: \.friends)  // .removal at [1, 2]
  /// ```
  ///
  /// - Parameters:
  ///   - bounds: The positions to remove (`1..<3`, `2...`, `..<4`); an empty range changes
  ///     nothing.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: The range lies within `0...count`.
  public func removeSubrange<Element>(
    _ bounds: some RangeExpression<Int>,
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    var result = self[keyPath: keyPath]
    let range = bounds.relative(to: result)
    precondition(range, isWithin: result, "removeSubrange(_:from:)")
    guard !range.isEmpty else { return }
    performRemoval(of: range, from: &result, keyPath)
  }

  /// Removes the elements of an `@Observed` array that satisfy a predicate, reporting one
  /// removal of their indexes.
  ///
  /// The predicate sees every element before anything changes; if it throws, the array is left
  /// as it was and nobody is notified.
  ///
  /// ```swift
  /// person.removeAll(where: { $0.hasPrefix("x") }, from: \.friends)
  /// ```
  ///
  /// - Parameters:
  ///   - shouldBeRemoved: Whether an element is to be removed.
  ///   - keyPath: The `@Observed` array property.
  public func removeAll<Element>(
    where shouldBeRemoved: (Element) throws -> Bool,
    from keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) rethrows {
    let array = self[keyPath: keyPath]
    var indexes = IndexSet()
    var removed: [Element] = []
    var kept: [Element] = []
    kept.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      if try shouldBeRemoved(element) {
        indexes.insert(index)
        removed.append(element)
      } else {
        kept.append(element)
      }
    }
    guard !removed.isEmpty else { return }
    performToManyChange(.removal, indexes: indexes, old: removed, new: nil, keyPath, result: kept)
  }

  /// Removes every element of an `@Observed` array, reporting one removal of all its indexes.
  ///
  /// Assigning `[]` instead reports a `.setting` of the whole array, as in KVO.
  ///
  /// - Parameter keyPath: The `@Observed` array property; an empty array changes nothing.
  public func removeAll<Element>(from keyPath: ReferenceWritableKeyPath<Self, [Element]>) {
    removeSubrange(0..<self[keyPath: keyPath].count, from: keyPath)
  }

  /// Replaces the element at a position of an `@Observed` array, reporting a replacement at
  /// that index: the array's `person.friends[1] = "B"`, told to observers as a to-many change.
  ///
  /// ```swift
  /// person.replaceElement(at: 1, with: "B", in: \.friends)  // .replacement at [1]
  /// ```
  ///
  /// - Parameters:
  ///   - index: A valid position in the array.
  ///   - newElement: The element to put there.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: `index` is in `0..<count`.
  public func replaceElement<Element>(
    at index: Int,
    with newElement: Element,
    in keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    precondition(elementIndex: index, in: self[keyPath: keyPath], "replaceElement(at:with:in:)")
    replaceSubrange(index..<index + 1, with: CollectionOfOne(newElement), in: keyPath)
  }

  /// Replaces a range of positions of an `@Observed` array with the elements of a collection,
  /// which may be longer or shorter, reporting each part as KVO can tell it.
  ///
  /// KVO has no kind for "these three became these five". The positions both sides share are
  /// reported as one replacement; then the extra new elements as one insertion after them, or
  /// the extra old ones as one removal. Observers can replay the changes in order:
  ///
  /// ```swift
  /// // ["a", "b", "c", "d"] becomes ["a", "X", "d"]:
  /// person.replaceSubrange(1..<3, with: ["X"], in: \.friends)
  /// // .replacement at [1] (b -> X), then .removal at [2] (c)
  /// ```
  ///
  /// - Parameters:
  ///   - bounds: The positions to replace (`1..<3`, `2...`); may be empty, to insert.
  ///   - newElements: Their replacements, in order; may be empty, to remove.
  ///   - keyPath: The `@Observed` array property.
  /// - Precondition: The range lies within `0...count`.
  public func replaceSubrange<Element>(
    _ bounds: some RangeExpression<Int>,
    with newElements: some Collection<Element>,
    in keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    var result = self[keyPath: keyPath]
    let range = bounds.relative(to: result)
    precondition(range, isWithin: result, "replaceSubrange(_:with:in:)")
    let replacements = Array(newElements)
    let shared = min(range.count, replacements.count)
    if shared > 0 {
      performReplacement(
        of: range.lowerBound..<range.lowerBound + shared, with: Array(replacements[..<shared]),
        in: &result, keyPath)
    }
    let rest = range.lowerBound + shared
    if replacements.count > shared {
      // Read again: an observer of the replacement may have changed the array.
      result = self[keyPath: keyPath]
      let inserted = Array(replacements[shared...])
      precondition(insertionIndex: rest, in: result, "replaceSubrange(_:with:in:)")
      performInsertion(of: inserted, at: rest, into: &result, keyPath)
    } else if range.count > shared {
      result = self[keyPath: keyPath]
      let positions = rest..<range.upperBound
      precondition(positions, isWithin: result, "replaceSubrange(_:with:in:)")
      performRemoval(of: positions, from: &result, keyPath)
    }
  }

  /// Inserts `inserted`, not empty, into `array` at `index`, already checked, and reports it
  /// as one insertion of consecutive indexes, with `array` as the property's new value.
  @inline(__always)
  private func performInsertion<Element>(
    of inserted: [Element],
    at index: Int,
    into array: inout [Element],
    _ keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    array.insert(contentsOf: inserted, at: index)
    performToManyChange(
      .insertion, indexes: IndexSet(integersIn: index..<index + inserted.count), old: nil,
      new: inserted, keyPath, result: array)
  }

  /// Removes `range`, not empty and already checked, from `array`, and reports it as one
  /// removal of those indexes, with `array` as the property's new value.
  ///
  /// - Returns: The removed elements.
  @inline(__always)
  @discardableResult
  private func performRemoval<Element>(
    of range: Range<Int>,
    from array: inout [Element],
    _ keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) -> [Element] {
    let removed = Array(array[range])
    array.removeSubrange(range)
    performToManyChange(
      .removal, indexes: IndexSet(integersIn: range), old: removed, new: nil, keyPath,
      result: array)
    return removed
  }

  /// Replaces `range`, not empty and already checked, of `array` with `replacing`, as many
  /// elements, and reports it as one replacement of those indexes, with `array` as the
  /// property's new value.
  @inline(__always)
  private func performReplacement<Element>(
    of range: Range<Int>,
    with replacing: [Element],
    in array: inout [Element],
    _ keyPath: ReferenceWritableKeyPath<Self, [Element]>
  ) {
    let replaced = Array(array[range])
    array.replaceSubrange(range, with: replacing)
    performToManyChange(
      .replacement, indexes: IndexSet(integersIn: range), old: replaced, new: replacing,
      keyPath, result: array)
  }
}

/// Traps with a message naming `method` unless `index` is a position an element can be
/// inserted at in `array` (`0...count`).
private func precondition<Element>(
  insertionIndex index: Int,
  in array: [Element],
  _ method: StaticString
) {
  precondition(
    index >= 0 && index <= array.count,
    "\(method): index \(index) is out of range for insertion (0...\(array.count))")
}

/// Traps with a message naming `method` unless `index` is the position of an element of
/// `array` (`0..<count`).
private func precondition<Element>(
  elementIndex index: Int,
  in array: [Element],
  _ method: StaticString
) {
  precondition(
    index >= 0 && index < array.count,
    "\(method): index \(index) is out of range (count \(array.count))")
}

/// Traps with a message naming `method` unless `range` lies within `array`'s positions.
private func precondition<Element>(
  _ range: Range<Int>,
  isWithin array: [Element],
  _ method: StaticString
) {
  precondition(
    range.lowerBound >= 0 && range.upperBound <= array.count,
    "\(method): range \(range) is out of bounds (count \(array.count))")
}
