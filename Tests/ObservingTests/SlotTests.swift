import Testing

@testable import Observing

/// A slot drops its holes once more than 16 of them outnumber the live observers, and not before.
@Suite("Slot: compaction")
struct SlotTests {
  final class Owner {
    var value = 0
  }

  /// A slot of `count` indirect observers of `Owner.value`.
  static func slot(of count: Int, owner: Owner) -> Slot {
    var slot = Slot(
      key: .stored(object: ObjectIdentifier(owner), property: \Owner.value), owner: owner)
    for _ in 0..<count {
      slot.append(ObserverBox(options: [.new], isDirect: false, isAutomatic: true))
    }
    return slot
  }

  @Test func holesThatAreExactlyHalfStay() {
    let owner = Owner()
    var slot = Self.slot(of: 34, owner: owner)
    for position in 0..<17 { slot.removeEntry(at: position) }
    #expect(slot.entries.count == 34)
    #expect(slot.holes == 17)
    #expect(slot.liveCount == 17)
    slot.removeEntry(at: 17)
    #expect(slot.entries.count == 16)
    #expect(slot.holes == 0)
    #expect(slot.liveCount == 16)
    slot.checkInvariants(slotIndex: 0)
  }

  @Test func sixteenHolesStayHoweverFewTheLiveOnes() {
    let owner = Owner()
    var slot = Self.slot(of: 20, owner: owner)
    for position in 0..<16 { slot.removeEntry(at: position) }
    #expect(slot.entries.count == 20)
    #expect(slot.holes == 16)
    slot.removeEntry(at: 16)
    #expect(slot.entries.count == 3)
    #expect(slot.holes == 0)
    #expect(slot.entries.allSatisfy { $0 != nil })
  }

  @Test func removingAHoleAgainChangesNothing() {
    let owner = Owner()
    var slot = Self.slot(of: 3, owner: owner)
    slot.removeEntry(at: 1)
    slot.removeEntry(at: 1)
    #expect(slot.holes == 1)
    #expect(slot.liveCount == 2)
  }
}
