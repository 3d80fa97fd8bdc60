import Observing
import Testing

/// Scenarios that Foundation's and GNUstep's KVO test suites exercise, written against this
/// package as a user porting them would: nested objects, declared dependencies through other
/// objects, struct members, several registrations by one observer, removal during delivery.
private final class Trigger: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var first: String?
  @Observed var second: String?
  @Observed var name = "leaf"
}

private struct Triple: Equatable {
  var a = 0
  var b = 0
  var c = 0
}

private final class Subject: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var cascadableKey: Trigger?
  @Observed var first: String?
  @Observed var second: String?
  @Observed var triple = Triple()
  @Observed var counter = 0

  var dependsOnTwoKeys: Bool { first != nil && second != nil }
  var dependsOnTwoSubKeys: Bool { cascadableKey?.first != nil && cascadableKey?.second != nil }

  class func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath> {
    keyPath == \Subject.dependsOnTwoSubKeys
      ? [\Subject.cascadableKey?.first, \Subject.cascadableKey?.second] : []
  }
}

/// A non-optional chain of objects, as `\.branch.leaf.name` in GNUstep's nested key path tests.
private final class Tree: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var branch = Branch()
}

private final class Branch: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var leaf = Trigger()
}

/// An object that observes itself, holding the tokens, as KVO tests' self-observers do.
private final class SelfObserver: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var value = 0
  @Observed var child = Trigger()
  var doubled: Int { value * 2 }
  var tokens: [ObservationToken] = []
  let seen: Log<String>

  init(seen: Log<String>) {
    self.seen = seen
    tokens = [
      observe(\.value) { _, _ in seen.append("value") },
      observe(\.doubled) { _, _ in seen.append("doubled") },
      observe(\.child.name) { _, _ in seen.append("child.name") },
    ]
  }
}

@Suite("KVO scenarios from other test suites")
struct KVOScenarioTests {
  @Test func aLinkAndAPathThroughItEachGetTheirOwnOldAndNewValues() throws {
    let subject = Subject()
    let oldLeaf = Trigger()
    oldLeaf.name = "Original"
    subject.cascadableKey = oldLeaf
    let links = Log<ObservedChange<Trigger?>>()
    let names = Log<ObservedChange<String?>>()
    let linkToken = subject.observe(\.cascadableKey, options: [.old, .new]) { _, change in
      links.append(change)
    }
    let nameToken = subject.observe(\.cascadableKey?.name, options: [.old, .new]) { _, change in
      names.append(change)
    }
    let newLeaf = Trigger()
    newLeaf.name = "NewObj"
    subject.cascadableKey = newLeaf
    #expect(links.values.count == 1)
    let link = try #require(links.values.first)
    #expect(link.oldValue.flatMap { $0 } === oldLeaf)
    #expect(link.newValue.flatMap { $0 } === newLeaf)
    #expect(names.values == [ObservedChange(newValue: "NewObj", oldValue: "Original")])
    linkToken.invalidate()
    nameToken.invalidate()
    #expect(subject.observationRegistry.count == 0)
    #expect(newLeaf.observationRegistry.count == 0)
  }

  @Test func anObjectThatObservesItselfNotifiesItselfAndDeallocates() {
    let seen = Log<String>()
    weak var gone: SelfObserver?
    do {
      let object = SelfObserver(seen: seen)
      gone = object
      object.value = 1
      object.child.name = "renamed"
    }
    // The tokens die with the object that holds them, which no token keeps alive.
    #expect(gone == nil)
    #expect(seen.values == ["value", "doubled", "child.name"])
  }

  @Test func priorNotificationsAlongANestedPathWhoseLinksAreReplaced() {
    let tree = Tree()
    let log = Log<ObservedChange<String>>()
    let token = tree.observe(\.branch.leaf.name, options: [.old, .new, .prior]) { _, change in
      log.append(change)
    }
    let oldBranch = tree.branch
    let newLeaf = Trigger()
    newLeaf.name = "new leaf"
    tree.branch.leaf.name = "renamed"  // the end of the chain
    tree.branch.leaf = newLeaf  // a middle link
    let newBranch = Branch()
    newBranch.leaf.name = "other"
    tree.branch = newBranch  // the first link
    oldBranch.leaf.name = "ignored"  // no longer on the path
    newLeaf.name = "ignored too"
    newBranch.leaf.name = "last"
    #expect(
      log.values == [
        ObservedChange(oldValue: "leaf", isPrior: true),
        ObservedChange(newValue: "renamed", oldValue: "leaf"),
        ObservedChange(oldValue: "renamed", isPrior: true),
        ObservedChange(newValue: "new leaf", oldValue: "renamed"),
        ObservedChange(oldValue: "new leaf", isPrior: true),
        ObservedChange(newValue: "other", oldValue: "new leaf"),
        ObservedChange(oldValue: "other", isPrior: true),
        ObservedChange(newValue: "last", oldValue: "other"),
      ])
    token.invalidate()
    #expect(tree.observationRegistry.count == 0)
    #expect(oldBranch.observationRegistry.count == 0)
    #expect(newBranch.observationRegistry.count == 0)
    #expect(newBranch.leaf.observationRegistry.count == 0)
  }

  @Test func pathThroughAnOptionalObjectThatAppearsLater() {
    let subject = Subject()
    var seen: [String?] = []
    let token = subject.observe(\.cascadableKey?.name, options: [.initial, .new]) { _, change in
      seen.append(change.newValue!)
    }
    let trigger = Trigger()
    subject.cascadableKey = trigger
    trigger.name = "renamed"
    subject.cascadableKey = nil
    trigger.name = "ignored"
    #expect(seen == [nil, "leaf", "renamed", nil])
    token.invalidate()
    #expect(trigger.observationRegistry.count == 0)
  }

  @Test func dependsOnTwoKeysFollowsBoth() {
    let subject = Subject()
    var seen: [Bool] = []
    let token = subject.observe(\.dependsOnTwoKeys, options: .new) { _, change in
      seen.append(change.newValue!)
    }
    subject.first = "x"
    subject.second = "y"
    subject.first = nil
    #expect(seen == [false, true, false])
    token.invalidate()
  }

  @Test func declaredDependenciesThroughAnotherObject() {
    let subject = Subject()
    var seen: [Bool] = []
    let token = subject.observe(\.dependsOnTwoSubKeys, options: .new) { _, change in
      seen.append(change.newValue!)
    }
    let trigger = Trigger()
    subject.cascadableKey = trigger
    trigger.first = "1"
    trigger.second = "2"
    let replacement = Trigger()
    subject.cascadableKey = replacement
    trigger.first = nil  // the old object no longer counts
    #expect(seen == [false, false, true, false])
    #expect(trigger.observationRegistry.count == 0)
    token.invalidate()
    #expect(replacement.observationRegistry.count == 0)
  }

  @Test func memberOfAStruct() {
    let subject = Subject()
    var seen: [ObservedChange<Int>] = []
    let token = subject.observe(\.triple.b, options: [.old, .new]) { _, change in
      seen.append(change)
    }
    subject.triple.b = 5
    subject.triple.a = 1  // the whole struct is assigned: `b` is reported unchanged
    #expect(
      seen == [ObservedChange(newValue: 5, oldValue: 0), ObservedChange(newValue: 5, oldValue: 5)])
    token.invalidate()
  }

  @Test func oneObserverRegisteredTwiceIsNotifiedTwice() {
    let subject = Subject()
    var calls = 0
    let first = subject.observe(\.counter) { _, _ in calls += 1 }
    let second = subject.observe(\.counter) { _, _ in calls += 1 }
    subject.counter = 1
    #expect(calls == 2)
    first.invalidate()
    subject.counter = 2
    #expect(calls == 3)
    second.invalidate()
  }

  @Test func removingAnotherObserverDuringAPriorNotification() {
    let subject = Subject()
    var log: [String] = []
    var later: ObservationToken?
    let early = subject.observe(\.counter, options: .prior) { _, change in
      log.append(change.isPrior ? "prior" : "after")
      later?.invalidate()
    }
    later = subject.observe(\.counter) { _, _ in log.append("later") }
    subject.counter = 1
    #expect(log == ["prior", "after"])
    early.invalidate()
  }

  @Test func registeringInsideAnInitialCallback() {
    let subject = Subject()
    var inner: ObservationToken?
    var innerCalls = 0
    let outer = subject.observe(\.counter, options: .initial) { subject, _ in
      if inner == nil {
        inner = subject.observe(\.counter) { _, _ in innerCalls += 1 }
      }
    }
    subject.counter = 1
    #expect(innerCalls == 1)
    outer.invalidate()
    inner?.invalidate()
    #expect(subject.observationRegistry.count == 0)
  }

  @Test func observersOfManyPropertiesOfManyObjects() {
    let subjects = (0..<20).map { _ in Subject() }
    var counts = [Int](repeating: 0, count: 20)
    var tokens: [ObservationToken] = []
    for (index, subject) in subjects.enumerated() {
      tokens.append(subject.observe(\.counter) { _, _ in counts[index] += 1 })
      tokens.append(subject.observe(\.first) { _, _ in counts[index] += 100 })
    }
    for (index, subject) in subjects.enumerated() {
      for _ in 0...index { subject.counter += 1 }
      subject.first = "x"
    }
    #expect(counts == (0..<20).map { $0 + 1 + 100 })
    for subject in subjects { subject.observationRegistry._checkInvariants() }
    for token in tokens { token.invalidate() }
    #expect(subjects.allSatisfy { $0.observationRegistry.count == 0 })
  }
}
