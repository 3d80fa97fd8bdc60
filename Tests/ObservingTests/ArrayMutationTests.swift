import Foundation
import Observing
import TestSupport
import Testing

/// The `Array`-shaped mutations of an `@Observed` array: each reports KVO's to-many kind with
/// exact indexes, old and new elements, before (`.prior`) and after the change.
@Suite("Array-shaped mutations of observed arrays")
struct ArrayMutationTests {
  /// A person with the given friends, and everything an observer asking for every option
  /// receives.
  final class Recorder {
    let person = Person()
    let log = Log<ObservedChange<[String]>>()
    private var token: ObservationToken?

    init(_ friends: [String]) {
      person.friends = friends
      token = person.observe(\.friends, options: [.old, .new, .prior]) { [log] _, change in
        log.append(change)
      }
    }

    deinit { token?.invalidate() }
  }

  /// The prior notification and the notification of one insertion.
  static func insertion(_ new: [String], at indexes: IndexSet) -> [ObservedChange<[String]>] {
    [
      ObservedChange(kind: .insertion, indexes: indexes, isPrior: true),
      ObservedChange(kind: .insertion, newValue: new, indexes: indexes),
    ]
  }

  /// The prior notification and the notification of one removal.
  static func removal(_ old: [String], at indexes: IndexSet) -> [ObservedChange<[String]>] {
    [
      ObservedChange(kind: .removal, oldValue: old, indexes: indexes, isPrior: true),
      ObservedChange(kind: .removal, oldValue: old, indexes: indexes),
    ]
  }

  /// The prior notification and the notification of one replacement.
  static func replacement(
    _ old: [String], with new: [String], at indexes: IndexSet
  ) -> [ObservedChange<[String]>] {
    [
      ObservedChange(kind: .replacement, oldValue: old, indexes: indexes, isPrior: true),
      ObservedChange(kind: .replacement, newValue: new, oldValue: old, indexes: indexes),
    ]
  }

  @Test func appendContentsOfIsOneInsertionAtTheEnd() {
    let recorder = Recorder(["a"])
    recorder.person.append(contentsOf: ["b", "c"], to: \.friends)
    #expect(recorder.person.friends == ["a", "b", "c"])
    #expect(recorder.log.values == Self.insertion(["b", "c"], at: [1, 2]))
  }

  @Test func appendContentsOfTakesAnySequence() {
    let recorder = Recorder([])
    recorder.person.append(contentsOf: repeatElement("z", count: 2), to: \.friends)
    recorder.person.append(contentsOf: ["x", "y"].lazy.map { $0.uppercased() }, to: \.friends)
    #expect(recorder.person.friends == ["z", "z", "X", "Y"])
    #expect(
      recorder.log.values
        == Self.insertion(["z", "z"], at: [0, 1]) + Self.insertion(["X", "Y"], at: [2, 3]))
  }

  @Test func insertAtAnIntIndex() {
    let recorder = Recorder(["a", "c"])
    recorder.person.insert("b", at: 1, into: \.friends)
    recorder.person.insert("d", at: 3, into: \.friends)
    #expect(recorder.person.friends == ["a", "b", "c", "d"])
    #expect(recorder.log.values == Self.insertion(["b"], at: [1]) + Self.insertion(["d"], at: [3]))
  }

  @Test func insertContentsOfAtAnIntIndexIsConsecutive() {
    let recorder = Recorder(["a", "d"])
    recorder.person.insert(contentsOf: ["b", "c"], at: 1, into: \.friends)
    #expect(recorder.person.friends == ["a", "b", "c", "d"])
    #expect(recorder.log.values == Self.insertion(["b", "c"], at: [1, 2]))
  }

  @Test func removeAtReturnsAndReportsTheElement() {
    let recorder = Recorder(["a", "b", "c"])
    let removed = recorder.person.remove(at: 1, from: \.friends)
    #expect(removed == "b")
    #expect(recorder.person.friends == ["a", "c"])
    #expect(recorder.log.values == Self.removal(["b"], at: [1]))
  }

  @Test func removeFirstAndRemoveLast() {
    let recorder = Recorder(["a", "b", "c"])
    #expect(recorder.person.removeFirst(from: \.friends) == "a")
    #expect(recorder.person.removeLast(from: \.friends) == "c")
    #expect(recorder.person.friends == ["b"])
    #expect(recorder.log.values == Self.removal(["a"], at: [0]) + Self.removal(["c"], at: [1]))
  }

  @Test func popLastAnswersNilOnAnEmptyArrayAndNotifiesNobody() {
    let recorder = Recorder(["a"])
    #expect(recorder.person.popLast(from: \.friends) == "a")
    #expect(recorder.person.popLast(from: \.friends) == nil)
    #expect(recorder.person.friends.isEmpty)
    #expect(recorder.log.values == Self.removal(["a"], at: [0]))
  }

  @Test func removeSubrangeTakesAnyRangeExpression() {
    let recorder = Recorder(["a", "b", "c", "d", "e"])
    recorder.person.removeSubrange(1..<3, from: \.friends)
    recorder.person.removeSubrange(2..., from: \.friends)
    recorder.person.removeSubrange(...0, from: \.friends)
    #expect(recorder.person.friends == ["d"])
    #expect(
      recorder.log.values
        == Self.removal(["b", "c"], at: [1, 2]) + Self.removal(["e"], at: [2])
        + Self.removal(["a"], at: [0]))
  }

  @Test func removeAllWhereReportsScatteredIndexesInOneRemoval() {
    let recorder = Recorder(["x1", "a", "x2", "b", "x3"])
    recorder.person.removeAll(where: { $0.hasPrefix("x") }, from: \.friends)
    #expect(recorder.person.friends == ["a", "b"])
    #expect(recorder.log.values == Self.removal(["x1", "x2", "x3"], at: [0, 2, 4]))
  }

  @Test func removeAllWhereThatThrowsChangesNothing() {
    struct Stop: Error {}
    let recorder = Recorder(["a", "b", "c"])
    #expect(throws: Stop.self) {
      try recorder.person.removeAll(
        where: { element in
          if element == "c" { throw Stop() }
          return true
        }, from: \.friends)
    }
    #expect(recorder.person.friends == ["a", "b", "c"])
    #expect(recorder.log.values.isEmpty)
  }

  @Test func removeAllFromIsARemovalUnlikeAssigningAnEmptyArray() {
    let recorder = Recorder(["a", "b"])
    recorder.person.removeAll(from: \.friends)
    #expect(recorder.person.friends.isEmpty)
    #expect(recorder.log.values == Self.removal(["a", "b"], at: [0, 1]))
  }

  @Test func replaceElementAtAnIntIndex() {
    let recorder = Recorder(["a", "b", "c"])
    recorder.person.replaceElement(at: 1, with: "B", in: \.friends)
    #expect(recorder.person.friends == ["a", "B", "c"])
    #expect(recorder.log.values == Self.replacement(["b"], with: ["B"], at: [1]))
  }

  @Test func replaceSubrangeOfEqualLengthIsOneReplacement() {
    let recorder = Recorder(["a", "b", "c", "d"])
    recorder.person.replaceSubrange(1...2, with: ["B", "C"], in: \.friends)
    #expect(recorder.person.friends == ["a", "B", "C", "d"])
    #expect(recorder.log.values == Self.replacement(["b", "c"], with: ["B", "C"], at: [1, 2]))
  }

  @Test func replaceSubrangeWithFewerIsAReplacementThenARemoval() {
    let recorder = Recorder(["a", "b", "c", "d"])
    recorder.person.replaceSubrange(1..<3, with: ["X"], in: \.friends)
    #expect(recorder.person.friends == ["a", "X", "d"])
    #expect(
      recorder.log.values
        == Self.replacement(["b"], with: ["X"], at: [1]) + Self.removal(["c"], at: [2]))
  }

  @Test func replaceSubrangeWithMoreIsAReplacementThenAnInsertion() {
    let recorder = Recorder(["a", "b", "c"])
    recorder.person.replaceSubrange(1..<2, with: ["X", "Y", "Z"], in: \.friends)
    #expect(recorder.person.friends == ["a", "X", "Y", "Z", "c"])
    #expect(
      recorder.log.values
        == Self.replacement(["b"], with: ["X"], at: [1]) + Self.insertion(["Y", "Z"], at: [2, 3]))
  }

  @Test func replaceSubrangeOfAnEmptyRangeInsertsAndWithNothingRemoves() {
    let recorder = Recorder(["a", "d"])
    recorder.person.replaceSubrange(1..<1, with: ["b", "c"], in: \.friends)
    recorder.person.replaceSubrange(0..<2, with: [], in: \.friends)
    #expect(recorder.person.friends == ["c", "d"])
    #expect(
      recorder.log.values
        == Self.insertion(["b", "c"], at: [1, 2]) + Self.removal(["a", "b"], at: [0, 1]))
  }

  @Test func callsThatChangeNothingNotifyNobody() throws {
    let recorder = Recorder(["a"])
    let person = recorder.person
    person.append(contentsOf: [], to: \.friends)
    person.insert(contentsOf: [], at: 1, into: \.friends)
    person.removeSubrange(1..<1, from: \.friends)
    person.removeAll(where: { _ in false }, from: \.friends)
    person.replaceSubrange(0..<0, with: [], in: \.friends)
    let empty = Recorder([])
    empty.person.removeAll(from: \.friends)
    #expect(person.friends == ["a"])
    #expect(recorder.log.values.isEmpty)
    #expect(empty.log.values.isEmpty)
  }

  @Test func theSameChangesAsTheIndexSetForms() {
    let arrayShaped = Recorder(["a", "b", "c"])
    let indexSet = Recorder(["a", "b", "c"])
    arrayShaped.person.insert("x", at: 1, into: \.friends)
    indexSet.person.insert(["x"], at: IndexSet([1]), into: \.friends)
    arrayShaped.person.remove(at: 2, from: \.friends)
    indexSet.person.removeElements(at: IndexSet([2]), from: \.friends)
    arrayShaped.person.replaceElement(at: 0, with: "A", in: \.friends)
    indexSet.person.replaceElements(at: IndexSet([0]), with: ["A"], in: \.friends)
    #expect(arrayShaped.person.friends == indexSet.person.friends)
    #expect(arrayShaped.log.values == indexSet.log.values)
  }

  @Test func withoutObserversTheyStillApply() {
    let person = Person()
    person.append(contentsOf: ["a", "b", "c", "d"], to: \.friends)
    person.insert("e", at: 0, into: \.friends)
    person.remove(at: 1, from: \.friends)
    person.replaceSubrange(0..<2, with: ["x"], in: \.friends)
    person.removeAll(where: { $0 == "d" }, from: \.friends)
    #expect(person.friends == ["x", "c"])
  }

  @Test func aKeyPathNotMarkedObservedIsAPlainMutation() {
    final class Plain: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var count = 0
      var items: [Int] = []
    }
    let plain = Plain()
    plain.append(contentsOf: [1, 2, 3], to: \.items)
    plain.replaceSubrange(0..<1, with: [7, 8], in: \.items)
    #expect(plain.items == [7, 8, 2, 3])
  }

  /// What a trapped process wrote to standard error.
  static func message(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  /// Each precondition names the method that was misused.
  @Test func misuseTrapsNamingTheMethod() async {
    let stderr: [any PartialKeyPath<ExitTest.Result> & Sendable] = [\.standardErrorContent]
    var result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().insert("b", at: 1, into: \.friends)
    }
    #expect(Self.message(result).contains("insert(_:at:into:): index 1 is out of range"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().insert(contentsOf: ["b"], at: -1, into: \.friends)
    }
    #expect(Self.message(result).contains("insert(contentsOf:at:into:): index -1"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().remove(at: 0, from: \.friends)
    }
    #expect(Self.message(result).contains("remove(at:from:): index 0 is out of range (count 0)"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().removeFirst(from: \.friends)
    }
    #expect(Self.message(result).contains("removeFirst(from:): the array is empty"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().removeLast(from: \.friends)
    }
    #expect(Self.message(result).contains("removeLast(from:): the array is empty"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().removeSubrange(0..<1, from: \.friends)
    }
    #expect(Self.message(result).contains("removeSubrange(_:from:): range 0..<1 is out of bounds"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().replaceElement(at: 0, with: "b", in: \.friends)
    }
    #expect(Self.message(result).contains("replaceElement(at:with:in:): index 0"))
    result = await #expect(processExitsWith: .failure, observing: stderr) {
      Person().replaceSubrange(0..<1, with: ["b"], in: \.friends)
    }
    #expect(Self.message(result).contains("replaceSubrange(_:with:in:): range 0..<1"))
  }

  /// An observer that replays every change on its own copy, and checks every prior
  /// notification against the array as it still is, ends with the same array, and so does a
  /// plain `Array` given the same calls.
  @Test(arguments: 1...30 as ClosedRange<UInt64>)
  func changesReplayedOnACopyGiveTheSameArray(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let person = Person()
    var model: [String] = []
    var copy: [String] = []
    var pending: ObservedChange<[String]>?
    var mismatches: [String] = []
    let token = person.observe(\.friends, options: [.old, .new, .prior]) { person, change in
      if change.isPrior {
        if person.friends != copy { mismatches.append("prior sees \(person.friends)") }
        pending = change
        return
      }
      if pending?.kind != change.kind || pending?.indexes != change.indexes
        || pending?.oldValue != change.oldValue
      {
        mismatches.append("prior \(String(describing: pending)) before \(change)")
      }
      pending = nil
      Self.replay(change, on: &copy, mismatches: &mismatches)
      if person.friends != copy { mismatches.append("replayed \(copy) for \(person.friends)") }
    }
    var next = 0
    func names(_ count: Int) -> [String] {
      (0..<count).map { _ in
        next += 1
        return "n\(next)"
      }
    }
    for _ in 0..<80 {
      let count = model.count
      let index = Int.random(in: 0...count, using: &random)
      let end = Int.random(in: index...count, using: &random)
      let some = names(Int.random(in: 0...3, using: &random))
      switch Int.random(in: 0..<11, using: &random) {
      case 0:
        person.append(contentsOf: some, to: \.friends)
        model.append(contentsOf: some)
      case 1:
        let name = names(1)[0]
        person.insert(name, at: index, into: \.friends)
        model.insert(name, at: index)
      case 2:
        person.insert(contentsOf: some, at: index, into: \.friends)
        model.insert(contentsOf: some, at: index)
      case 3 where index < count:
        #expect(person.remove(at: index, from: \.friends) == model.remove(at: index))
      case 4 where count > 0:
        #expect(person.removeFirst(from: \.friends) == model.removeFirst())
      case 5:
        #expect(person.popLast(from: \.friends) == model.popLast())
      case 6:
        person.removeSubrange(index..<end, from: \.friends)
        model.removeSubrange(index..<end)
      case 7:
        let digit = String(Int.random(in: 0...9, using: &random))
        person.removeAll(where: { $0.hasSuffix(digit) }, from: \.friends)
        model.removeAll(where: { $0.hasSuffix(digit) })
      case 8 where index < count:
        let name = names(1)[0]
        person.replaceElement(at: index, with: name, in: \.friends)
        model[index] = name
      case 9:
        person.replaceSubrange(index..<end, with: some, in: \.friends)
        model.replaceSubrange(index..<end, with: some)
      default:
        // An assignment now and then: a setting, replayed as the whole array.
        person.friends = some
        model = some
      }
      #expect(person.friends == model)
    }
    #expect(copy == model)
    #expect(pending == nil)
    #expect(mismatches == [])
    token.invalidate()
  }

  /// Applies a change as an observer that mirrors the array would.
  static func replay(
    _ change: ObservedChange<[String]>, on copy: inout [String], mismatches: inout [String]
  ) {
    let indexes = Array(change.indexes ?? [])
    switch change.kind {
    case .setting:
      copy = change.newValue!
    case .insertion:
      for (element, index) in zip(change.newValue!, indexes) { copy.insert(element, at: index) }
    case .removal:
      if indexes.map({ copy[$0] }) != change.oldValue! {
        mismatches.append("removal of \(change.oldValue!) at \(indexes) from \(copy)")
      }
      for index in indexes.reversed() { copy.remove(at: index) }
    case .replacement:
      if indexes.map({ copy[$0] }) != change.oldValue! {
        mismatches.append("replacement of \(change.oldValue!) at \(indexes) in \(copy)")
      }
      for (element, index) in zip(change.newValue!, indexes) { copy[index] = element }
    }
  }
}
