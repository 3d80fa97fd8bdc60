import Observing
import Testing

@Suite("Lifetimes of tokens, handlers and observed objects")
struct LifetimeTests {
  final class Witness {}

  @Test func droppingTheTokenReleasesTheHandler() {
    let person = Person()
    weak var witness: Witness?
    do {
      let captured = Witness()
      witness = captured
      _ = person.observe(\.name) { _, _ in _ = captured }
    }
    #expect(witness == nil)
    #expect(person.observationRegistry.count == 0)
  }

  @Test func invalidatingReleasesAHandlerThatCapturesItsOwnToken() {
    let person = Person()
    weak var witness: Witness?
    do {
      let captured = Witness()
      witness = captured
      var token: ObservationToken?
      token = person.observe(\.name) { _, _ in
        _ = captured
        token?.invalidate()
      }
      person.name = "b"
      #expect(token?.isValid == false)
    }
    #expect(witness == nil)
    #expect(person.observationRegistry.count == 0)
  }

  @Test func aDroppedTokenReceivesNothing() {
    let person = Person()
    var count = 0
    do {
      _ = person.observe(\.name) { _, _ in count += 1 }
    }
    person.name = "b"
    #expect(count == 0)
  }

  @Test func invalidateIsIdempotent() {
    let person = Person()
    var count = 0
    let token = person.observe(\.name) { _, _ in count += 1 }
    #expect(token.isValid)
    token.invalidate()
    token.invalidate()
    #expect(!token.isValid)
    person.name = "b"
    #expect(count == 0)
    #expect(person.observationRegistry.count == 0)
  }

  @Test func theTokenDoesNotKeepTheObjectAlive() {
    weak var weakPerson: Person?
    var token: ObservationToken?
    do {
      let person = Person()
      weakPerson = person
      token = person.observe(\.name) { _, _ in }
    }
    #expect(weakPerson == nil)
    #expect(token?.isValid == true)
    token?.invalidate()
    token = nil
  }

  @Test func objectAndTokenDieInEitherOrder() {
    // Object first, then token.
    var person: Person? = Person()
    var token: ObservationToken? = person!.observe(\.name) { _, _ in }
    person = nil
    token?.invalidate()
    token = nil
    // Token first, then object.
    person = Person()
    token = person!.observe(\.name) { _, _ in }
    token = nil
    person?.name = "x"
    person = nil
    #expect(person == nil && token == nil)
  }

  @Test func theObjectDyingReleasesTheHandlers() {
    weak var witness: Witness?
    var token: ObservationToken?
    do {
      let person = Person()
      let captured = Witness()
      witness = captured
      token = person.observe(\.name) { _, _ in _ = captured }
    }
    // The token keeps its record, and so the handler, until it goes too.
    #expect(token != nil)
    token = nil
    #expect(witness == nil)
  }

  @Test func keyPathObserversDoNotLeakOrKeepObjectsAlive() {
    weak var weakOwner: Owner?
    weak var weakModel: Model?
    weak var witness: Witness?
    do {
      let owner = Owner()
      let captured = Witness()
      weakOwner = owner
      weakModel = owner.model
      witness = captured
      let token = owner.observe(\.model.number) { _, _ in _ = captured }
      owner.model.number = 1
      owner.model = Model(number: 2)
      _ = token
    }
    #expect(weakOwner == nil)
    #expect(weakModel == nil)
    #expect(witness == nil)
  }

  @Test func manyTokensComeAndGoWithoutGrowingTheRegistry() {
    let person = Person()
    var tokens: [ObservationToken] = []
    for round in 0..<5 {
      for _ in 0..<1000 {
        tokens.append(person.observe(\.age) { _, _ in })
      }
      #expect(person.observationRegistry.count == 1000)
      if round.isMultiple(of: 2) {
        for token in tokens { token.invalidate() }
      }
      tokens.removeAll()
      #expect(person.observationRegistry.count == 0)
    }
    var count = 0
    let last = person.observe(\.age) { _, _ in count += 1 }
    person.age = 1
    #expect(count == 1)
    last.invalidate()
  }

  @Test func removalKeepsOrderAfterCompaction() {
    let person = Person()
    var order: [Int] = []
    var tokens = (0..<100).map { index in person.observe(\.age) { _, _ in order.append(index) } }
    for index in stride(from: 0, to: 100, by: 3) {
      tokens[index].invalidate()
    }
    person.age = 1
    #expect(order == (0..<100).filter { !$0.isMultiple(of: 3) })
    tokens.removeAll()
  }
}
