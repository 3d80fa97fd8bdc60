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
    #expect(token?.isValid == false)
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

  /// What the observations below observe through their root: a stored property, a path
  /// through another object, a computed property, and a key path notified only by hand.
  enum RootedKeyPath: CaseIterable {
    case stored, throughObject, computed, manual
  }

  /// Registers an observation of `owner` whose handler captures `captured`.
  static func observe(
    _ kind: RootedKeyPath, of owner: Owner, capturing captured: Witness
  ) -> ObservationToken {
    switch kind {
    case .stored: owner.observe(\.model) { _, _ in _ = captured }
    case .throughObject: owner.observe(\.model.number) { _, _ in _ = captured }
    case .computed: owner.observe(\.modelNumberText) { _, _ in _ = captured }
    case .manual:
      ObservationRegistry.withUnobservableKeyPathHandler(nil) {
        owner.observe(\.unobserved) { _, _ in _ = captured }
      }
    }
  }

  @Test(arguments: RootedKeyPath.allCases)
  func theObjectDyingReleasesTheHandlerWhileTheTokenLives(_ kind: RootedKeyPath) {
    weak var witness: Witness?
    let model = Model(number: 0)
    var token: ObservationToken?
    do {
      let owner = Owner()
      owner.model = model
      let captured = Witness()
      witness = captured
      token = Self.observe(kind, of: owner, capturing: captured)
      #expect(token?.isValid == true)
    }
    // The observed object is gone: nothing can notify the handler again, so it is released
    // now, not when the token goes, and the token says the observation has ended.
    #expect(witness == nil)
    #expect(token?.isValid == false)
    // The observation no longer counts in the registries of the objects it passed through.
    #expect(model.observationRegistry.count == 0)
    model.number = 1
    token?.invalidate()
    token = nil
  }

  /// A view that keeps the token of an observation of its model, with a handler that captures
  /// the view: the shape of a refresh component observing its scroll model.
  final class Badge {
    var token: ObservationToken?
    var updates = 0
    init(person: Person) {
      token = person.observe(\.name) { [self] _, _ in updates += 1 }
    }
  }

  @Test func aViewHoldingTheTokenOfItsModelIsFreedWithTheModel() {
    weak var weakBadge: Badge?
    do {
      let person = Person()
      let badge = Badge(person: person)
      weakBadge = badge
      person.name = "b"
      #expect(badge.updates == 1)
    }
    // view -> token -> handler -> view: the model's death breaks the cycle.
    #expect(weakBadge == nil)
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
