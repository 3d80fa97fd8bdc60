import Foundation
import Testing

@testable import Observing

/// Registration by the key path a stored slot remembers (`Slot.alias`).
///
/// Registering again with the very key path instance a slot was last registered with, on the
/// same object, files the observer at once. Whichever way an observer is filed, it must land
/// in the one slot of its property.
@Suite("Registration by the key path a slot remembers")
struct SlotAliasTests {
  /// The slot indexes of `object`'s stored slots, by their property's own key path.
  static func storedSlots(of registry: ObservationRegistry) -> [(path: AnyKeyPath, live: Int)] {
    registry.core.state.withLock { state in
      state.slots.filter(\.isStored).map { ($0.path, $0.liveCount) }
    }
  }

  @Test func registeringAgainWithOneLiteralFilesEveryObserverInOneSlot() {
    let person = Person()
    let log = Log<String>()
    let tokens = (0..<5).map { index in
      person.observe(\.name, options: .new) { _, change in
        log.append("\(index) \(change.newValue!)")
      }
    }
    person.name = "b"
    #expect(log.values == (0..<5).map { "\($0) b" })
    let slots = Self.storedSlots(of: person.observationRegistry)
    #expect(slots.count == 1 && slots[0].live == 5)
    // The first by its property, the others by the remembered key path: every token says
    // its observation follows the property by itself, and is valid.
    #expect(tokens.allSatisfy { $0.isAutomatic && $0.isValid })
    person.observationRegistry._checkInvariants()
    withExtendedLifetime(tokens) {}
  }

  /// A subclass's key path and the declaring class's name one property: whichever was
  /// remembered last, both file into its one slot, in registration order.
  @Test func keyPathsOfTheClassAndItsSubclassShareTheSlot() {
    let square = Square()
    let log = Log<String>()
    let base: KeyPath<Shape, Double> = \Shape.width
    let first = square.observe(\Square.width, options: .new) { _, change in
      log.append("square \(change.newValue!)")
    }
    let second = (square as Shape).observe(base, options: .new) { _, change in
      log.append("shape \(change.newValue!)")
    }
    let third = square.observe(\Square.width, options: .new) { _, change in
      log.append("square again \(change.newValue!)")
    }
    square.width = 2
    #expect(log.values == ["square 2.0", "shape 2.0", "square again 2.0"])
    #expect(Self.storedSlots(of: square.observationRegistry).count == 1)
    square.observationRegistry._checkInvariants()
    withExtendedLifetime((first, second, third)) {}
  }

  /// Two instances of one class sharing a registry.
  final class Node: Observable {
    let shared: ObservationRegistry
    var observationRegistry: ObservationRegistry { shared }
    @Observed var age = 0
    init(shared: ObservationRegistry) { self.shared = shared }
  }

  /// Two objects that share a registry, observed with one key path instance: each object's
  /// observers go to its own slot, though the other's slot remembers the same key path.
  @Test func aRememberedKeyPathFilesOnlyForItsOwnObject() {
    let registry = ObservationRegistry()
    let first = Node(shared: registry)
    let second = Node(shared: registry)
    let log = Log<String>()
    let tokens = [first, second].enumerated().map { index, person in
      person.observe(\.age, options: .new) { _, change in log.append("\(index) \(change.newValue!)")
      }
    }
    let again = second.observe(\.age, options: .new) { _, change in
      log.append("1 again \(change.newValue!)")
    }
    second.age = 7
    #expect(log.values == ["1 7", "1 again 7"])
    first.age = 3
    #expect(log.values == ["1 7", "1 again 7", "0 3"])
    registry._checkInvariants()
    withExtendedLifetime((tokens, again)) {}
  }

  /// Once its observers are gone, a slot may be reused for another property: the key path it
  /// remembered goes with it, so registering with that key path again finds the property's new
  /// slot rather than the reused one.
  @Test func aReusedSlotForgetsItsKeyPath() {
    let person = Person()
    let log = Log<String>()
    person.observe(\.name) { _, _ in log.append("name, gone") }.invalidate()
    let age = person.observe(\.age, options: .new) { _, change in
      log.append("age \(change.newValue!)")
    }
    let name = person.observe(\.name, options: .new) { _, change in
      log.append("name \(change.newValue!)")
    }
    person.name = "c"
    person.age = 9
    #expect(log.values == ["name c", "age 9"])
    let slots = Self.storedSlots(of: person.observationRegistry)
    #expect(slots.count == 2 && slots.allSatisfy { $0.live == 1 })
    person.observationRegistry._checkInvariants()
    withExtendedLifetime((age, name)) {}
  }

  /// A computed key path is never filed by a remembered key path: it is resolved each time and
  /// observed through what it reads.
  @Test func aComputedKeyPathIsResolvedEachTime() {
    let square = Square()
    let log = Log<Double>()
    let tokens = (0..<3).map { _ in
      square.observe(\.area, options: .new) { _, change in log.append(change.newValue!) }
    }
    square.width = 3
    #expect(log.values == [9, 9, 9])
    withExtendedLifetime(tokens) {}
  }
}
