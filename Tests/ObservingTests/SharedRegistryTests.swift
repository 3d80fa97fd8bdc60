import Observing
import Testing

/// A parent object and a child of another class that forwards to the parent's registry: the
/// protocol allows a computed `observationRegistry`, so one registry can serve several objects.
private final class Parent: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var a = 1
  @Observed var label = "parent"
}

private final class Child: Observable {
  let parent: Parent
  var observationRegistry: ObservationRegistry { parent.observationRegistry }
  // The first stored property after `parent`, so `b` sits where `Parent.a` sits in a `Parent`.
  @Observed var b = "child"
  @Observed var count = 0.5
  init(parent: Parent) { self.parent = parent }
}

/// Two instances of one class sharing a registry.
private final class Node: Observable {
  let shared: ObservationRegistry
  var observationRegistry: ObservationRegistry { shared }
  @Observed var value = 0
  @Observed var other = 0
  init(shared: ObservationRegistry) { self.shared = shared }
}

@Suite("Objects that share one registry")
struct SharedRegistryTests {
  @Test func eachClassSeesOnlyItsOwnChangesWithItsOwnTypes() {
    let parent = Parent()
    let child = Child(parent: parent)
    var parentChanges: [ObservedChange<Int>] = []
    var childChanges: [ObservedChange<String>] = []
    let parentToken = parent.observe(\.a, options: [.old, .new]) { object, change in
      #expect(object === parent)
      parentChanges.append(change)
    }
    let childToken = child.observe(\.b, options: [.old, .new]) { object, change in
      #expect(object === child)
      childChanges.append(change)
    }
    parent.a = 2
    child.b = "changed"
    parent.a = 3
    #expect(
      parentChanges == [
        ObservedChange(newValue: 2, oldValue: 1), ObservedChange(newValue: 3, oldValue: 2),
      ])
    #expect(childChanges == [ObservedChange(newValue: "changed", oldValue: "child")])
    #expect(parent.observationRegistry.count == 2)
    parentToken.invalidate()
    childToken.invalidate()
    #expect(parent.observationRegistry.count == 0)
    parent.observationRegistry._checkInvariants()
  }

  @Test func manualChangesOfTwoInstancesInterleavedStayPaired() {
    // Each didChange pairs with its own object's willChange, not the other's.
    let registry = ObservationRegistry()
    let first = Node(shared: registry)
    let second = Node(shared: registry)
    first.value = 1
    second.value = 2
    var firstChanges: [ObservedChange<Int>] = []
    var secondChanges: [ObservedChange<Int>] = []
    let firstToken = first.observe(\.value, options: [.old, .new]) { _, change in
      firstChanges.append(change)
    }
    let secondToken = second.observe(\.value, options: [.old, .new]) { _, change in
      secondChanges.append(change)
    }
    first.willChangeValue(for: \.value)
    second.willChangeValue(for: \.value)
    first.didChangeValue(for: \.value)
    second.didChangeValue(for: \.value)
    #expect(firstChanges == [ObservedChange(newValue: 1, oldValue: 1)])
    #expect(secondChanges == [ObservedChange(newValue: 2, oldValue: 2)])
    firstToken.invalidate()
    secondToken.invalidate()
  }

  @Test func twoInstancesOfOneClassAreFiledApart() {
    let registry = ObservationRegistry()
    let first = Node(shared: registry)
    let second = Node(shared: registry)
    var seen: [String] = []
    let firstToken = first.observe(\.value, options: .new) { node, change in
      #expect(node === first)
      seen.append("first \(change.newValue!)")
    }
    let secondToken = second.observe(\.value, options: .new) { node, change in
      #expect(node === second)
      seen.append("second \(change.newValue!)")
    }
    first.value = 1
    second.value = 2
    #expect(seen == ["first 1", "second 2"])
    firstToken.invalidate()
    second.value = 3
    #expect(seen == ["first 1", "second 2", "second 3"])
    secondToken.invalidate()
    registry._checkInvariants()
  }

  /// One instance's property found unobserved (while a property nobody assigned keeps its slot
  /// without an offset) says nothing of the same property of another instance, whose observers
  /// hear of it, nor of the first once it is observed.
  @Test func aPropertyFoundUnobservedOnOneInstanceIsObservedOnAnother() {
    let registry = ObservationRegistry()
    let first = Node(shared: registry)
    let second = Node(shared: registry)
    var seen: [String] = []
    let onOther = first.observe(\.other) { _, _ in seen.append("first.other") }
    let onSecond = second.observe(\.value, options: .new) { _, change in
      seen.append("second.value \(change.newValue!)")
    }
    second.value = 1
    first.value = 2
    registry._checkInvariants()
    second.value = 3
    let onFirst = first.observe(\.value, options: .new) { _, change in
      seen.append("first.value \(change.newValue!)")
    }
    first.value = 4
    registry._checkInvariants()
    #expect(seen == ["second.value 1", "second.value 3", "first.value 4"])
    withExtendedLifetime((onOther, onSecond, onFirst)) {}
  }

  @Test func aDeadObjectsObserversNeverSeeAnotherObject() {
    let registry = ObservationRegistry()
    var calls = 0
    var tokens: [ObservationToken] = []
    // Objects come and go while their tokens stay: a new object may reuse a dead one's address.
    for round in 0..<200 {
      let node = Node(shared: registry)
      if round.isMultiple(of: 2) {
        tokens.append(node.observe(\.value) { _, _ in calls += 1 })
      } else {
        node.value = round
      }
    }
    #expect(calls == 0)
    for token in tokens { token.invalidate() }
    registry._checkInvariants()
  }

  @Test func keyPathsThroughObjectsThatShareARegistry() {
    let parent = Parent()
    let child = Child(parent: parent)
    var seen: [Double] = []
    let token = child.observe(\.count, options: .new) { _, change in seen.append(change.newValue!) }
    let computed = parent.observe(\.label.count, options: .new) { _, change in
      seen.append(Double(change.newValue!))
    }
    child.count = 2
    parent.label = "p"
    #expect(seen == [2, 1])
    token.invalidate()
    computed.invalidate()
    #expect(parent.observationRegistry.count == 0)
  }
}
