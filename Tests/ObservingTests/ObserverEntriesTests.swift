import Testing

@testable import Observing

/// A slot's entries: kept in order, copied on write so that what a snapshot or a walk holds never
/// changes, at an address that stays valid while the storage lives, and released when it goes.
@Suite("ObserverEntries")
struct ObserverEntriesTests {
  static func box() -> ObserverBox {
    ObserverBox(options: [.new], isDirect: false, isAutomatic: true)
  }

  @Test(arguments: [0, 1, 2, 3, 17, 1_000])
  func appendingKeepsEveryObserverInOrder(count: Int) {
    let boxes = (0..<count).map { _ in Self.box() }
    var entries = ObserverEntries()
    for box in boxes { entries.append(box) }
    #expect(entries.count == count)
    #expect(entries.storage.capacity >= count)
    #expect(entries.map { $0.map(ObjectIdentifier.init) } == boxes.map(ObjectIdentifier.init))
    entries.withElements { elements in
      #expect(elements.count == count)
      #expect(elements.map { $0.map(ObjectIdentifier.init) } == boxes.map(ObjectIdentifier.init))
    }
  }

  @Test func anEmptyListAllocatesNothingOfItsOwn() {
    let first = ObserverEntries()
    let second = ObserverEntries()
    #expect(first.storage === second.storage)
    #expect(first.storage.capacity == 0)
    var grown = first
    grown.append(Self.box())
    #expect(grown.storage !== first.storage)
    #expect(first.isEmpty && first.storage.count == 0)
  }

  @Test func aCopyNeverSeesTheOriginalsLaterChanges() {
    let (a, b, c) = (Self.box(), Self.box(), Self.box())
    var entries = ObserverEntries(capacity: 8)
    entries.append(a)
    entries.append(b)
    // What a walk keeps: the address and the count, with the storage held by the copy.
    let snapshot = entries
    let address = snapshot.baseAddress
    entries.clear(at: 0)
    entries.append(c)
    #expect(snapshot.storage !== entries.storage, "the shared storage was written")
    #expect(snapshot.map { $0.map(ObjectIdentifier.init) } == [a, b].map(ObjectIdentifier.init))
    #expect(address[0] === a && address[1] === b)
    #expect(entries.count == 3)
    #expect(entries[0] == nil && entries[1] === b && entries[2] === c)
  }

  @Test func aUniqueListChangesInPlaceUntilItIsFull() {
    var entries = ObserverEntries(capacity: 2)
    // By address: a reference held here would make the storage shared, and so copied.
    func address(_ entries: ObserverEntries) -> UnsafeMutableRawPointer {
      Unmanaged.passUnretained(entries.storage).toOpaque()
    }
    let first = address(entries)
    entries.append(Self.box())
    entries.append(Self.box())
    entries.clear(at: 1)
    #expect(address(entries) == first)
    #expect(entries[1] == nil)
    // Full: the next append moves the elements to storage twice as large (the old one is
    // still alive when the new one is made, so their addresses differ).
    entries.append(Self.box())
    #expect(address(entries) != first)
    #expect(entries.storage.capacity == 4)
    #expect(entries.count == 3 && entries[1] == nil)
  }

  @Test func appendingAnotherListKeepsBothInOrder() {
    let boxes = (0..<5).map { _ in Self.box() }
    var first = ObserverEntries()
    var second = ObserverEntries()
    for box in boxes[..<2] { first.append(box) }
    for box in boxes[2...] { second.append(box) }
    second.clear(at: 1)
    first.append(contentsOf: second)
    let expected = [boxes[0], boxes[1], boxes[2], nil, boxes[4]].map {
      $0.map(ObjectIdentifier.init)
    }
    #expect(first.map { $0.map(ObjectIdentifier.init) } == expected)
    #expect(second.count == 3)
  }

  @Test func theStorageReleasesItsObserversWhenItGoes() {
    weak var released: ObserverBox?
    weak var cleared: ObserverBox?
    do {
      var entries = ObserverEntries()
      entries.append(Self.box())
      entries.append(Self.box())
      released = entries[0]
      cleared = entries[1]
      entries.clear(at: 1)
      #expect(cleared == nil, "a cleared entry still holds its observer")
      #expect(released != nil)
    }
    #expect(released == nil, "the storage kept an observer after it went")
  }

  @Test func anIndexOutsideTheEntriesTraps() async {
    await #expect(processExitsWith: .failure) {
      var entries = ObserverEntries()
      entries.append(ObserverEntriesTests.box())
      entries.clear(at: 1)
    }
    await #expect(processExitsWith: .failure) {
      let entries = ObserverEntries()
      _ = entries[0]
    }
  }

  /// Invalidating an observer clears its entry in the slot's own storage: no copy of the other
  /// observers, so invalidating n observations one by one is linear in n, not quadratic.
  @Test func invalidatingChangesTheEntriesInPlace() {
    final class Dial: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var reading = 0
    }
    let dial = Dial()
    let tokens = (0..<64).map { _ in dial.observe(\.reading) { _, _ in } }
    func storage() -> ObjectIdentifier {
      dial.observationRegistry.core.state.withLock { ObjectIdentifier($0.slots[0].entries.storage) }
    }
    let before = storage()
    // Fewer than the holes that make the slot compact itself: every one is cleared in place.
    for token in tokens.prefix(16) {
      token.invalidate()
      #expect(storage() == before)
    }
    #expect(dial.observationRegistry.count == 48)
    for token in tokens { token.invalidate() }
    #expect(dial.observationRegistry.count == 0)
  }
}
