import Foundation
import Observing
import Testing

@Suite("To-many changes of observed arrays")
struct ToManyTests {
  @Test func insertionReportsTheInsertedElementsAndIndexes() {
    let person = Person()
    person.friends = ["a", "d"]
    let log = Log<ObservedChange<[String]>>()
    let token = person.observe(\.friends, options: [.old, .new]) { _, change in
      log.append(change)
    }
    person.insert(["b", "c"], at: IndexSet([1, 2]), into: \.friends)
    #expect(person.friends == ["a", "b", "c", "d"])
    // As in Foundation, an insertion has no old value although `.old` was asked for.
    #expect(
      log.values == [
        ObservedChange(kind: .insertion, newValue: ["b", "c"], indexes: [1, 2])
      ])
    token.invalidate()
  }

  @Test func appendIsAnInsertionAtTheEnd() {
    let person = Person()
    let log = Log<ObservedChange<[String]>>()
    let token = person.observe(\.friends, options: .new) { _, change in log.append(change) }
    person.append("x", to: \.friends)
    person.append("y", to: \.friends)
    #expect(person.friends == ["x", "y"])
    #expect(log.values.map(\.indexes) == [IndexSet([0]), IndexSet([1])])
    #expect(log.values.map(\.kind) == [.insertion, .insertion])
    token.invalidate()
  }

  @Test func removalReportsTheRemovedElements() {
    let person = Person()
    person.friends = ["a", "b", "c", "d"]
    let log = Log<ObservedChange<[String]>>()
    let token = person.observe(\.friends, options: [.old, .new, .prior]) { _, change in
      log.append(change)
    }
    person.removeElements(at: IndexSet([0, 2]), from: \.friends)
    #expect(person.friends == ["b", "d"])
    // As in Foundation, a removal has no new value although `.new` was asked for.
    #expect(
      log.values == [
        ObservedChange(kind: .removal, oldValue: ["a", "c"], indexes: [0, 2], isPrior: true),
        ObservedChange(kind: .removal, oldValue: ["a", "c"], indexes: [0, 2]),
      ])
    token.invalidate()
  }

  @Test func replacementReportsBothSides() {
    let person = Person()
    person.friends = ["a", "b", "c"]
    let log = Log<ObservedChange<[String]>>()
    let token = person.observe(\.friends, options: [.old, .new]) { _, change in
      log.append(change)
    }
    person.replaceElements(at: IndexSet([1]), with: ["B"], in: \.friends)
    #expect(person.friends == ["a", "B", "c"])
    #expect(
      log.values == [
        ObservedChange(kind: .replacement, newValue: ["B"], oldValue: ["b"], indexes: [1])
      ])
    token.invalidate()
  }

  @Test func assignmentStaysASetting() {
    let person = Person()
    let log = Log<ObservedChange<[String]>>()
    let token = person.observe(\.friends, options: [.old, .new]) { _, change in
      log.append(change)
    }
    person.friends.append("x")
    #expect(log.values == [ObservedChange(kind: .setting, newValue: ["x"], oldValue: [])])
    token.invalidate()
  }

  @Test func keyPathObserversOfTheArraySeeSettings() {
    final class Team: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var members: [String] = []
      var size: Int { members.count }
    }
    let team = Team()
    let log = Log<ObservedChange<Int>>()
    let token = team.observe(\.size, options: [.old, .new]) { _, change in log.append(change) }
    team.insert(["a", "b"], at: IndexSet([0, 1]), into: \.members)
    #expect(log.values == [ObservedChange(kind: .setting, newValue: 2, oldValue: 0)])
    token.invalidate()
  }

  @Test func mutationsWithoutObserversStillApply() {
    let person = Person()
    person.insert(["a"], at: IndexSet([0]), into: \.friends)
    person.replaceElements(at: IndexSet([0]), with: ["b"], in: \.friends)
    person.append("c", to: \.friends)
    person.removeElements(at: IndexSet([0]), from: \.friends)
    #expect(person.friends == ["c"])
  }

  @Test func aHandlerMakingAnotherToManyChangeIsReportedDepthFirst() {
    let person = Person()
    var kinds: [ObservedChangeKind] = []
    let token = person.observe(\.friends, options: .new) { person, change in
      kinds.append(change.kind)
      if change.kind == .insertion {
        person.removeElements(at: IndexSet([0]), from: \.friends)
      }
    }
    person.append("a", to: \.friends)
    #expect(kinds == [.insertion, .removal])
    #expect(person.friends.isEmpty)
    token.invalidate()
  }
}

/// An object reached through a link, holding the array a key path ends on.
private final class Shelf: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var items: [String] = ["a", "d"]
}

private final class Room: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var shelf = Shelf()
}

@Suite("To-many changes through a link")
struct ToManyThroughLinkTests {
  @Test func anInsertionAtTheEndOfThePathKeepsItsKindAndIndexes() {
    let room = Room()
    let log = Log<ObservedChange<[String]>>()
    let token = room.observe(\.shelf.items, options: [.old, .new, .prior]) { _, change in
      log.append(change)
    }
    room.shelf.insert(["b", "c"], at: IndexSet([1, 2]), into: \.items)
    #expect(
      log.values == [
        ObservedChange(kind: .insertion, indexes: [1, 2], isPrior: true),
        ObservedChange(kind: .insertion, newValue: ["b", "c"], indexes: [1, 2]),
      ])
    token.invalidate()
  }

  @Test func removalsAndReplacementsToo() {
    let room = Room()
    let log = Log<ObservedChange<[String]>>()
    let token = room.observe(\.shelf.items, options: [.old, .new]) { _, change in
      log.append(change)
    }
    room.shelf.removeElements(at: IndexSet([0]), from: \.items)
    room.shelf.replaceElements(at: IndexSet([0]), with: ["D"], in: \.items)
    #expect(
      log.values == [
        ObservedChange(kind: .removal, oldValue: ["a"], indexes: [0]),
        ObservedChange(kind: .replacement, newValue: ["D"], oldValue: ["d"], indexes: [0]),
      ])
    token.invalidate()
  }

  @Test func aKeyAfterTheArrayMakesItASetting() {
    let room = Room()
    let log = Log<ObservedChange<Int>>()
    let token = room.observe(\.shelf.items.count, options: [.old, .new]) { _, change in
      log.append(change)
    }
    room.shelf.append("e", to: \.items)
    #expect(log.values == [ObservedChange(kind: .setting, newValue: 3, oldValue: 2)])
    token.invalidate()
  }

  @Test func replacingTheLinkIsASettingAndTheNewArrayIsFollowed() {
    let room = Room()
    let log = Log<ObservedChange<[String]>>()
    let token = room.observe(\.shelf.items, options: [.old, .new]) { _, change in
      log.append(change)
    }
    let old = room.shelf
    let replacement = Shelf()
    replacement.items = ["x"]
    room.shelf = replacement
    old.append("ignored", to: \.items)
    replacement.append("y", to: \.items)
    #expect(
      log.values == [
        ObservedChange(kind: .setting, newValue: ["x"], oldValue: ["a", "d"]),
        ObservedChange(kind: .insertion, newValue: ["y"], indexes: [1]),
      ])
    token.invalidate()
  }
}
