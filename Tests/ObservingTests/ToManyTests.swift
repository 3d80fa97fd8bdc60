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

/// A link that may lead on to another, with an array and a set at its end.
private final class OptionalLink: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var items = ["a", "d"]
  @Observed var tags: Set<String> = ["x"]
  @Observed var next: OptionalLink?
}

private final class OptionalRoom: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var link: OptionalLink? = OptionalLink()
}

/// What a change says, with an optional value flattened, so that a change of `[String]` and
/// one of `[String]?` compare.
private struct Said<Value: Equatable>: Equatable {
  let kind: ObservedChangeKind
  let new: Value?
  let old: Value?
  let indexes: IndexSet?
  let isPrior: Bool

  init(_ change: ObservedChange<Value>) {
    (kind, new, old, indexes, isPrior) =
      (change.kind, change.newValue, change.oldValue, change.indexes, change.isPrior)
  }

  init(_ change: ObservedChange<Value?>) {
    (kind, new, old, indexes, isPrior) =
      (
        change.kind, change.newValue ?? nil, change.oldValue ?? nil, change.indexes,
        change.isPrior
      )
  }

  init(
    _ kind: ObservedChangeKind, new: Value? = nil, old: Value? = nil, indexes: IndexSet? = nil,
    isPrior: Bool = false
  ) {
    (self.kind, self.new, self.old, self.indexes, self.isPrior) =
      (kind, new, old, indexes, isPrior)
  }
}

/// Key paths through optional links (`\.link?.items`, the usual shape of a KVO key path whose
/// link may be nil) keep a to-many change's kind, elements and indexes, as GNUstep's KVO does.
@Suite("To-many changes through optional links")
struct ToManyThroughOptionalLinkTests {
  /// Every array method, by name, with what it does to `["a", "d"]`.
  fileprivate static let arrayMutations: [(String, @Sendable (OptionalLink) -> Void)] = [
    ("insert(_:at:into:)", { $0.insert("b", at: 1, into: \.items) }),
    ("insert(contentsOf:at:into:)", { $0.insert(contentsOf: ["b", "c"], at: 1, into: \.items) }),
    (
      "insert(_:at:into:) indexes", { $0.insert(["b", "c"], at: IndexSet([1, 2]), into: \.items) }
    ),
    ("append(_:to:)", { $0.append("e", to: \.items) }),
    ("append(contentsOf:to:)", { $0.append(contentsOf: ["e", "f"], to: \.items) }),
    ("remove(at:from:)", { $0.remove(at: 0, from: \.items) }),
    ("removeFirst(from:)", { $0.removeFirst(from: \.items) }),
    ("removeLast(from:)", { $0.removeLast(from: \.items) }),
    ("popLast(from:)", { _ = $0.popLast(from: \.items) }),
    ("removeSubrange(_:from:)", { $0.removeSubrange(0..<2, from: \.items) }),
    ("removeAll(where:from:)", { $0.removeAll(where: { $0 == "d" }, from: \.items) }),
    ("removeAll(from:)", { $0.removeAll(from: \.items) }),
    ("removeElements(at:from:)", { $0.removeElements(at: IndexSet([1]), from: \.items) }),
    ("replaceElement(at:with:in:)", { $0.replaceElement(at: 1, with: "D", in: \.items) }),
    (
      "replaceElements(at:with:in:)",
      {
        $0.replaceElements(at: IndexSet([0, 1]), with: ["A", "D"], in: \.items)
      }
    ),
    (
      "replaceSubrange(_:with:in:) longer",
      {
        $0.replaceSubrange(0..<1, with: ["A", "B"], in: \.items)
      }
    ),
    (
      "replaceSubrange(_:with:in:) shorter", { $0.replaceSubrange(0..<2, with: ["A"], in: \.items) }
    ),
  ]

  static let options: ObservingOptions = [.old, .new, .prior]

  /// Each method's changes reach `\.link?.items` and `\.link?.next?.items` as they reach a
  /// direct observer of the link's `items`: the same kinds, elements, indexes and prior
  /// notifications.
  @Test(arguments: arrayMutations.indices)
  func everyArrayMethodKeepsItsKind(method: Int) throws {
    let (name, mutate) = Self.arrayMutations[method]
    let room = OptionalRoom()
    let link = try #require(room.link)
    let end = OptionalLink()
    link.next = end
    var direct: [Said<[String]>] = []
    var oneLink: [Said<[String]>] = []
    var twoLinks: [Said<[String]>] = []
    let tokens = [
      link.observe(\.items, options: Self.options) { _, change in direct.append(Said(change)) },
      room.observe(\.link?.items, options: Self.options) { _, change in
        oneLink.append(Said(change))
      },
    ]
    mutate(link)
    #expect(!direct.isEmpty, "\(name)")
    #expect(direct.allSatisfy { $0.kind != .setting }, "\(name)")
    #expect(oneLink == direct, "\(name)")

    var directAtEnd: [Said<[String]>] = []
    let endTokens = [
      end.observe(\.items, options: Self.options) { _, change in
        directAtEnd.append(Said(change))
      },
      room.observe(\.link?.next?.items, options: Self.options) { _, change in
        twoLinks.append(Said(change))
      },
    ]
    mutate(end)
    #expect(twoLinks == directAtEnd, "\(name)")
    #expect(!twoLinks.isEmpty && twoLinks.allSatisfy { $0.kind != .setting }, "\(name)")
    for token in tokens + endTokens { token.invalidate() }
  }

  /// A set at the end of an optional link keeps the kind of its insertions and removals.
  @Test func aSetKeepsItsKind() throws {
    let room = OptionalRoom()
    let link = try #require(room.link)
    var seen: [Said<Set<String>>] = []
    let token = room.observe(\.link?.tags, options: [.old, .new]) { _, change in
      seen.append(Said(change))
    }
    link.insert("y", into: \.tags)
    link.remove("x", from: \.tags)
    #expect(
      seen == [Said(.insertion, new: ["y"]), Said(.removal, old: ["x"])])
    token.invalidate()
  }

  /// A link cleared or replaced is a setting of the whole value, as KVO reports it; after it,
  /// the new link's changes keep their kind, and the old one's are not heard.
  @Test func aLinkClearedOrReplacedIsASettingAndTheNewOneIsFollowed() throws {
    let room = OptionalRoom()
    let first = try #require(room.link)
    var seen: [Said<[String]>] = []
    let token = room.observe(\.link?.items, options: [.old, .new]) { _, change in
      seen.append(Said(change))
    }
    room.link = nil
    first.append("lost", to: \.items)
    let second = OptionalLink()
    second.items = ["x"]
    room.link = second
    second.insert("w", at: 0, into: \.items)
    first.append("lost again", to: \.items)
    #expect(
      seen == [
        Said(.setting, new: nil, old: ["a", "d"]),
        Said(.setting, new: ["x"], old: nil),
        Said(.insertion, new: ["w"], indexes: [0]),
      ])
    token.invalidate()
  }

  /// Observed while the link is nil, the key path becomes a chain once a link is set.
  @Test func observedWhileTheLinkIsNilItKeepsTheKindOnceALinkComes() {
    let room = OptionalRoom()
    room.link = nil
    var seen: [Said<[String]>] = []
    let token = room.observe(\.link?.items, options: [.old, .new, .prior]) { _, change in
      seen.append(Said(change))
    }
    let link = OptionalLink()
    room.link = link
    link.remove(at: 1, from: \.items)
    #expect(
      seen == [
        Said(.setting, isPrior: true),
        Said(.setting, new: ["a", "d"]),
        Said(.removal, old: ["d"], indexes: [1], isPrior: true),
        Said(.removal, old: ["d"], indexes: [1]),
      ])
    token.invalidate()
  }

  /// The middle link of two cleared: a setting; set again, the kind comes back.
  @Test func theMiddleOfTwoLinksClearedAndSetAgain() throws {
    let room = OptionalRoom()
    let link = try #require(room.link)
    let end = OptionalLink()
    link.next = end
    var seen: [Said<[String]>] = []
    let token = room.observe(\.link?.next?.items, options: [.old, .new]) { _, change in
      seen.append(Said(change))
    }
    link.next = nil
    end.append("lost", to: \.items)
    link.next = end
    end.remove(at: 0, from: \.items)
    #expect(
      seen == [
        Said(.setting, new: nil, old: ["a", "d"]),
        Said(.setting, new: ["a", "d", "lost"], old: nil),
        Said(.removal, old: ["a"], indexes: [0]),
      ])
    token.invalidate()
  }

  /// A key after the array, or a force unwrap, decides as through a plain link: `.count` is a
  /// setting of the count, `!` keeps the kind.
  @Test func aKeyAfterTheArrayIsASettingAndAForceUnwrapKeepsTheKind() throws {
    let room = OptionalRoom()
    let link = try #require(room.link)
    var counts: [Said<Int>] = []
    var unwrapped: [Said<[String]>] = []
    let tokens = [
      room.observe(\.link?.items.count, options: [.old, .new]) { _, change in
        counts.append(Said(change))
      },
      room.observe(\.link!.items, options: [.new]) { _, change in
        unwrapped.append(Said(change))
      },
    ]
    link.append("e", to: \.items)
    #expect(counts == [Said(.setting, new: 3, old: 2)])
    #expect(unwrapped == [Said(.insertion, new: ["e"], indexes: [2])])
    for token in tokens { token.invalidate() }
  }
}
