import Dispatch
import Testing

@testable import Observing

/// The registry's list of slots: it grows keeping every slot as it was, changes slots in place,
/// releases what its slots hold when it goes, and checks its indices.
@Suite("SlotList")
struct SlotListTests {
  final class Owner {
    var value = 0
  }

  /// A stored slot of `owner`'s `value`, holding `observers` observers.
  static func slot(of owner: Owner, observers: Int = 0) -> Slot {
    var slot = Slot(
      key: .stored(object: ObjectIdentifier(owner), property: \Owner.value), owner: owner)
    for _ in 0..<observers {
      slot.append(ObserverBox(options: [.new], isDirect: false, isAutomatic: true))
    }
    return slot
  }

  @Test(arguments: [0, 1, 4, 5, 9, 100])
  func appendingKeepsEverySlotInOrder(count: Int) {
    let owners = (0..<count).map { _ in Owner() }
    var list = SlotList()
    for (index, owner) in owners.enumerated() {
      list.append(Self.slot(of: owner, observers: index % 3))
      #expect(list.buffer.capacity >= list.count, "\(list.count) slots in the buffer")
    }
    #expect(list.count == count)
    #expect(list.isEmpty == (count == 0))
    #expect(list.map(\.object) == owners.map(ObjectIdentifier.init))
    #expect(list.map(\.liveCount) == (0..<count).map { $0 % 3 })
    #expect(Array(list.indices) == Array(0..<count))
  }

  @Test func aSlotChangesInPlaceAndEveryCopySeesIt() {
    let owner = Owner()
    var list = SlotList()
    list.append(Self.slot(of: owner))
    list.append(Self.slot(of: owner))
    let copy = list
    list[1].append(ObserverBox(options: [], isDirect: false, isAutomatic: true))
    #expect(list[1].liveCount == 1)
    #expect(list[0].liveCount == 0)
    // Not copied on write: the state that holds the list is never copied, and a copy would
    // be the same list.
    #expect(copy[1].liveCount == 1)
  }

  @Test func replacingASlotReleasesTheOldOne() {
    weak var oldBox: ObserverBox?
    let owner = Owner()
    var list = SlotList()
    do {
      var slot = Self.slot(of: owner)
      let box = ObserverBox(options: [], isDirect: false, isAutomatic: true)
      oldBox = box
      slot.append(box)
      list.append(slot)
    }
    #expect(oldBox != nil)
    list[0] = Self.slot(of: owner, observers: 2)
    #expect(oldBox == nil)
    #expect(list[0].liveCount == 2)
  }

  @Test func theListReleasesItsSlotsWhenItGoesAndWhenItGrows() {
    weak var first: ObserverBox?
    weak var last: ObserverBox?
    let owner = Owner()
    do {
      var list = SlotList()
      for index in 0..<9 {
        var slot = Self.slot(of: owner)
        let box = ObserverBox(options: [], isDirect: false, isAutomatic: true)
        if index == 0 { first = box }
        if index == 8 { last = box }
        slot.append(box)
        list.append(slot)
      }
      // Grown twice (4, 8, 16): the slots moved, none was released.
      #expect(first != nil && last != nil)
      #expect(list.allSatisfy { $0.liveCount == 1 })
    }
    #expect(first == nil)
    #expect(last == nil)
  }

  @Test func anIndexPastTheEndTraps() async {
    await #expect(processExitsWith: .failure) {
      var list = SlotList()
      list.append(SlotListTests.slot(of: Owner()))
      _ = list[1]
    }
    await #expect(processExitsWith: .failure) {
      let list = SlotList()
      list[-1] = SlotListTests.slot(of: Owner())
    }
  }
}

extension SlotListTests {
  @Test func emptyListsShareOneBufferAndNeverWriteToIt() {
    let first = SlotList()
    var second = SlotList()
    #expect(first.buffer === second.buffer)
    second.append(Self.slot(of: Owner()))
    #expect(first.buffer !== second.buffer)
    #expect(first.isEmpty)
    #expect(SlotList().isEmpty)
    #expect(second.count == 1)
  }
}

extension SlotListTests {
  /// Lists that start empty on many threads at once leave the buffer they share as it was (the
  /// thread sanitizer's run of the suite checks that none writes to it).
  @Test func emptyListsGrowOnManyThreadsAtOnce() {
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<200 {
        var list = SlotList()
        list.append(SlotListTests.slot(of: Owner()))
        #expect(list.count == 1)
      }
    }
    #expect(SlotList().isEmpty)
  }
}
