import Foundation
import TestSupport
import Testing

@testable import Observing

/// Assignments that deliver by walking their slot's entries without holding them, and the
/// changes to those entries made while they walk (which retire the entries until the walk ends).
@Suite("Registry core: walked entries")
struct RegistryCoreTests {
  final class Subject: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var a = 0
    @Observed var b = 0
    @Observed var c = 0
    @Observed var d = 0
    @Observed var e = 0

    static let properties: [ReferenceWritableKeyPath<Subject, Int> & Sendable] = [
      \.a, \.b, \.c, \.d, \.e,
    ]

    /// Where `a`'s storage sits, as its setter finds it.
    var offsetOfA: Int { Observed<Int>.offset(in: self, \Subject._a) }
  }

  /// Something a handler captures, to see when the handler goes.
  final class Witness {}

  static func retiredCount(_ subject: Subject) -> Int {
    subject.observationRegistry.core.state.withLock { $0.retiredEntries.count }
  }

  static func walkingCount(_ subject: Subject) -> Int {
    let core = subject.observationRegistry.core
    return core.walks.indices.count { core.walks[$0].load(ordering: .relaxed) != 0 }
  }

  /// An observer invalidated by an earlier observer's handler during the same assignment
  /// receives nothing; its handler stays alive (in the retired entries) while the delivery walks
  /// and goes when the assignment returns.
  @Test func anObserverInvalidatedMidDeliveryGetsNothingAndGoesAfterIt() {
    let subject = Subject()
    var calls: [String] = []
    var second: ObservationToken?
    weak var witness: Witness?
    var duringDelivery: (retired: Int, walking: Int, witnessAlive: Bool)?
    let first = subject.observe(\.a) { subject, _ in
      calls.append("first")
      second?.invalidate()
      duringDelivery = (
        Self.retiredCount(subject), Self.walkingCount(subject), witness != nil
      )
    }
    do {
      let captured = Witness()
      witness = captured
      second = subject.observe(\.a) { _, _ in
        withExtendedLifetime(captured) { calls.append("second") }
      }
    }
    subject.a = 1
    #expect(calls == ["first"])
    #expect(duringDelivery?.retired == 1)
    #expect(duringDelivery?.walking == 1)
    #expect(duringDelivery?.witnessAlive == true)
    #expect(witness == nil)
    #expect(Self.retiredCount(subject) == 0)
    #expect(Self.walkingCount(subject) == 0)
    #expect(subject.observationRegistry.count == 1)
    subject.observationRegistry._checkInvariants()
    withExtendedLifetime(first) {}
  }

  /// An assignment of a property nobody observes, in a registry where an observed property has
  /// not learned its offset (it was never assigned), makes the assigned property's key path and
  /// searches the slots once; later assignments of it answer from the offsets already found to
  /// match nothing, until a registration files a new slot.
  @Test func aPropertyFoundUnobservedIsNotLookedUpByItsKeyPathAgain() {
    let subject = Subject()
    let onB = subject.observe(\.b) { _, _ in }
    let id = ObjectIdentifier(subject)
    var made = 0
    let aOffset = subject.offsetOfA
    func lookUpA() -> Int? {
      subject.observationRegistry.core.state.withLock { state in
        state.storedSlotIndex(object: id, offset: aOffset) {
          made += 1
          return \Subject.a
        }
      }
    }
    #expect(lookUpA() == nil)
    #expect(lookUpA() == nil)
    subject.a = 1
    #expect(made == 1)
    subject.observationRegistry._checkInvariants()
    // A new slot may be the assigned property's: the next assignment looks it up again.
    var told: [Int] = []
    let onA = subject.observe(\.a, options: .new) { _, change in told.append(change.newValue!) }
    subject.a = 2
    #expect(told == [2])
    #expect(lookUpA() != nil)
    subject.observationRegistry._checkInvariants()
    withExtendedLifetime((onA, onB)) {}
  }

  /// The registry remembers the last eight properties found unobserved, no more: with nine
  /// assigned, the first is looked up by its key path again and the last eight are not.
  @Test func theLastEightPropertiesFoundUnobservedAreRemembered() {
    let wide = Panel()
    let onP0 = wide.observe(\.p0) { _, _ in }
    for index in 1...9 { wide[keyPath: Panel.properties[index]] = index }
    wide.observationRegistry._checkInvariants()
    let id = ObjectIdentifier(wide)
    func keyPathsMade(lookingUp index: Int) -> Int {
      var made = 0
      let offset = wide.offset(of: index)
      _ = wide.observationRegistry.core.state.withLock { state in
        state.storedSlotIndex(object: id, offset: offset) {
          made += 1
          return Panel.properties[index]
        }
      }
      return made
    }
    #expect(keyPathsMade(lookingUp: 1) == 1)
    #expect(keyPathsMade(lookingUp: 9) == 0)
    #expect(keyPathsMade(lookingUp: 3) == 0)
    withExtendedLifetime(onP0) {}
  }

  /// Once every slot has learned its offset, an assignment of a property nobody observes
  /// compares offsets only: no key path is made.
  @Test func aRegistryWhoseSlotsAllKnowTheirOffsetsMakesNoKeyPath() {
    let subject = Subject()
    let onB = subject.observe(\.b) { _, _ in }
    subject.b = 1
    let id = ObjectIdentifier(subject)
    var made = 0
    let found = subject.observationRegistry.core.state.withLock { state in
      state.storedSlotIndex(object: id, offset: subject.offsetOfA) {
        made += 1
        return \Subject.a
      }
    }
    #expect(found == nil)
    #expect(made == 0)
    withExtendedLifetime(onB) {}
  }

  /// An array that another thread is changing (its observer's handler holds the change open)
  /// leaves this thread's assignments on their common path: they walk their entries.
  @Test func anotherThreadsToManyChangeLeavesThisThreadsAssignmentsWalked() {
    final class Lists: Observable, @unchecked Sendable {
      let observationRegistry = ObservationRegistry()
      @Observed var items: [Int] = []
    }
    let lists = Lists()
    let entered = DispatchSemaphore(value: 0)
    let leave = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let listToken = lists.observe(\.items) { _, _ in
      entered.signal()
      leave.wait()
    }
    Thread {
      lists.insert(1, at: 0, into: \.items)
      done.signal()
    }.start()
    entered.wait()
    #expect(lists.observationRegistry.core.hasToManyChangeInFlight)
    let subject = Subject()
    // Counted in the registry whose property changes, not in every registry.
    #expect(!subject.observationRegistry.core.hasToManyChangeInFlight)
    var walking: Int?
    let token = subject.observe(\.a) { subject, _ in walking = Self.walkingCount(subject) }
    subject.a = 1
    #expect(walking == 1)
    leave.signal()
    done.wait()
    #expect(lists.items == [1])
    #expect(!lists.observationRegistry.core.hasToManyChangeInFlight)
    withExtendedLifetime((listToken, token)) {}
  }

  /// An observer registered during an assignment's delivery receives the next assignment, not
  /// this one: the delivery walks the entries as they were when it began.
  @Test func anObserverAddedMidDeliveryWaitsForTheNextAssignment() {
    let subject = Subject()
    var received: [String] = []
    var added: ObservationToken?
    let first = subject.observe(\.a, options: [.new]) { subject, change in
      received.append("first \(change.newValue ?? -1)")
      guard added == nil else { return }
      added = subject.observe(\.a, options: [.new]) { _, change in
        received.append("added \(change.newValue ?? -1)")
      }
      #expect(Self.retiredCount(subject) == 1)
    }
    subject.a = 1
    #expect(received == ["first 1"])
    #expect(Self.retiredCount(subject) == 0)
    subject.a = 2
    #expect(received == ["first 1", "first 2", "added 2"])
    subject.observationRegistry._checkInvariants()
    withExtendedLifetime((first, added)) {}
  }

  /// Five assignments nested in one registry's handlers: four walk their entries (as many as
  /// there are walk flags), the fifth holds a snapshot instead, and every one is delivered.
  @Test func nestingDeeperThanTheWalkFlagsHoldsTheEntries() {
    let subject = Subject()
    var received: [String] = []
    var walkingAtDepth: [Int] = []
    var tokens: [ObservationToken] = []
    for (depth, property) in Subject.properties.enumerated() {
      tokens.append(
        subject.observe(property, options: [.old, .new]) { subject, change in
          received.append("\(depth): \(change.oldValue ?? -1)->\(change.newValue ?? -1)")
          walkingAtDepth.append(Self.walkingCount(subject))
          if depth + 1 < Subject.properties.count {
            subject[keyPath: Subject.properties[depth + 1]] = depth + 10
          }
        })
    }
    subject.a = 7
    #expect(received == ["0: 0->7", "1: 0->10", "2: 0->11", "3: 0->12", "4: 0->13"])
    #expect(walkingAtDepth == [1, 2, 3, 4, 4])
    #expect(Self.walkingCount(subject) == 0)
    subject.observationRegistry._checkInvariants()
    withExtendedLifetime(tokens) {}
  }

  /// What a change delivered, as the model predicts it.
  struct Event: Equatable, CustomStringConvertible {
    var observer: Int
    var property: Int
    var oldValue: Int
    var newValue: Int
    var description: String { "#\(observer) p\(property) \(oldValue)->\(newValue)" }
  }

  /// Runs one seeded sequence of registrations, invalidations and assignments, where handlers
  /// themselves invalidate, register and assign (nested up to six deep), either on a real
  /// object or on a model of the delivery rules: each assignment reaches the observers that
  /// were registered when it began, in registration order, except those invalidated before
  /// their turn.
  final class Run {
    let seed: UInt64
    let isModel: Bool
    let subject = Subject()
    var random: SplitMix64
    /// The observers registered and not invalidated, in registration order.
    var active: [(id: Int, property: Int)] = []
    var tokens: [Int: ObservationToken] = [:]
    var calls: [Int: Int] = [:]
    var values = Array(repeating: 0, count: Subject.properties.count)
    var log: [Event] = []
    var nextID = 0
    var nextValue = 0
    var depth = 0

    init(seed: UInt64, isModel: Bool) {
      self.seed = seed
      self.isModel = isModel
      random = SplitMix64(seed: seed)
    }

    /// The same decision in both runs: a function of the seed, the observer and its call.
    func decision(observer: Int, call: Int) -> UInt64 {
      var generator = SplitMix64(seed: seed ^ UInt64(observer) << 32 ^ UInt64(call))
      return generator.next()
    }

    func register(_ property: Int) {
      let id = nextID
      nextID += 1
      active.append((id, property))
      guard !isModel else { return }
      tokens[id] = subject.observe(Subject.properties[property], options: [.old, .new]) {
        [unowned self] _, change in
        delivered(
          Event(
            observer: id, property: property, oldValue: change.oldValue ?? -1,
            newValue: change.newValue ?? -1))
      }
    }

    func invalidate(at index: Int) {
      guard !active.isEmpty else { return }
      let (id, _) = active.remove(at: index % active.count)
      tokens.removeValue(forKey: id)?.invalidate()
    }

    func assign(_ property: Int) {
      nextValue += 1
      let newValue = nextValue
      depth += 1
      defer { depth -= 1 }
      guard isModel else {
        subject[keyPath: Subject.properties[property]] = newValue
        return
      }
      let oldValue = values[property]
      values[property] = newValue
      let observers = active.filter { $0.property == property }.map(\.id)
      for id in observers where active.contains(where: { $0.id == id }) {
        delivered(Event(observer: id, property: property, oldValue: oldValue, newValue: newValue))
      }
    }

    func delivered(_ event: Event) {
      log.append(event)
      let call = calls[event.observer, default: 0] + 1
      calls[event.observer] = call
      let bits = decision(observer: event.observer, call: call)
      let argument = Int(truncatingIfNeeded: bits >> 8 & 0xFFFF)
      switch bits % 8 {
      case 3: invalidate(at: argument)
      case 4: register(argument % Subject.properties.count)
      case 5, 6:
        if depth < 6 { assign(argument % Subject.properties.count) }
      case 7:
        if let index = active.firstIndex(where: { $0.id == event.observer }) {
          invalidate(at: index)
        }
      default: break
      }
    }

    /// One top-level step, chosen by the sequence's generator.
    func step() {
      let bits = random.next()
      let argument = Int(truncatingIfNeeded: bits >> 8 & 0xFFFF)
      switch bits % 5 {
      case 0, 1: register(argument % Subject.properties.count)
      case 2: invalidate(at: argument)
      default: assign(argument % Subject.properties.count)
      }
    }
  }

  @Test(arguments: 0..<24)
  func seededSequencesDeliverAsTheModelSays(seed: Int) {
    let real = Run(seed: UInt64(seed) &* 0x9E37_79B9, isModel: false)
    let model = Run(seed: UInt64(seed) &* 0x9E37_79B9, isModel: true)
    for index in 0..<150 {
      real.step()
      model.step()
      real.subject.observationRegistry._checkInvariants()
      #expect(Self.retiredCount(real.subject) == 0, "step \(index)")
      #expect(Self.walkingCount(real.subject) == 0, "step \(index)")
      #expect(real.subject.observationRegistry.count == real.active.count, "step \(index)")
    }
    #expect(real.log == model.log)
    #expect(real.log.count > 50)
    #expect(real.active.map(\.id) == model.active.map(\.id))
  }
}

/// The core of a registry outlives the registry while tokens of its direct observers remain,
/// kept alive by one reference for all of them.
@Suite("Registry core: the tokens of direct observers")
struct RegistryCoreTokenTests {
  typealias Subject = RegistryCoreTests.Subject

  static func directTokens(_ core: RegistryCore) -> Int {
    core.state.withLock { $0.directTokens }
  }

  @Test func theCoreLivesUntilItsObjectAndEveryTokenAreGone() {
    weak var core: RegistryCore?
    var subject: Subject? = Subject()
    core = subject!.observationRegistry.core
    var first: ObservationToken? = subject!.observe(\.a) { _, _ in }
    var second: ObservationToken? = subject!.observe(\.a) { _, _ in }
    let third = subject!.observe(\.b) { _, _ in }
    #expect(Self.directTokens(core!) == 3)
    third.invalidate()
    #expect(Self.directTokens(core!) == 2)
    subject = nil
    // The object is gone; its tokens still name the core.
    #expect(core != nil)
    #expect(first?.isValid == false)
    first = nil
    #expect(core != nil)
    #expect(Self.directTokens(core!) == 1)
    second?.invalidate()
    #expect(core == nil)
    second = nil
  }

  @Test func theCoreGoesWithItsObjectOnceNoTokenRemains() {
    weak var core: RegistryCore?
    var subject: Subject? = Subject()
    core = subject!.observationRegistry.core
    var tokens = (0..<3).map { _ in subject!.observe(\.c) { _, _ in } }
    tokens.append(subject!.observe(\.d, options: [.skipsEqualValues]) { _, _ in })
    #expect(Self.directTokens(core!) == 4)
    tokens = []
    #expect(Self.directTokens(core!) == 0)
    subject = nil
    #expect(core == nil)
  }
}
