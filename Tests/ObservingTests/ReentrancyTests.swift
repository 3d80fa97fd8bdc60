import Observing
import Testing

@Suite("Handlers that change, observe and invalidate")
struct ReentrancyTests {
  @Test func settingTheSamePropertyIsDeliveredDepthFirst() {
    let person = Person()
    var events: [String] = []
    let first = person.observe(\.age, options: [.old, .new]) { person, change in
      events.append("first \(change.oldValue!)->\(change.newValue!)")
      if change.newValue! < 3 { person.age = change.newValue! + 1 }
    }
    let second = person.observe(\.age, options: .new) { _, change in
      events.append("second \(change.newValue!)")
    }
    person.age = 1
    // Each nested change reaches every observer before the change that caused it continues,
    // and each notification carries its own values, as with KVO.
    #expect(
      events == [
        "first 0->1", "first 1->2", "first 2->3", "second 3", "second 2", "second 1",
      ])
    #expect(person.age == 3)
    first.invalidate()
    second.invalidate()
  }

  @Test func settingAnotherPropertyIsDeliveredBeforeTheOuterHandlerReturns() {
    let person = Person()
    var events: [String] = []
    let nameToken = person.observe(\.name) { person, _ in
      events.append("name begins")
      person.age += 1
      events.append("name ends")
    }
    let ageToken = person.observe(\.age, options: .new) { _, change in
      events.append("age \(change.newValue!)")
    }
    person.name = "b"
    #expect(events == ["name begins", "age 1", "name ends"])
    nameToken.invalidate()
    ageToken.invalidate()
  }

  @Test func aHandlerInvalidatingItsOwnTokenIsNotCalledAgain() {
    let person = Person()
    var count = 0
    var token: ObservationToken?
    token = person.observe(\.age) { _, _ in
      count += 1
      token?.invalidate()
    }
    person.age = 1
    person.age = 2
    #expect(count == 1)
    #expect(token?.isValid == false)
  }

  @Test func aTokenInvalidatedDuringDeliveryReceivesNothingMore() {
    let person = Person()
    var calls: [String] = []
    var later: ObservationToken?
    let earlier = person.observe(\.age) { _, _ in
      calls.append("earlier")
      later?.invalidate()
    }
    later = person.observe(\.age) { _, _ in calls.append("later") }
    person.age = 1
    person.age = 2
    #expect(calls == ["earlier", "earlier"])
    earlier.invalidate()
  }

  @Test func aTokenInvalidatedByAPriorHandlerGetsNoChange() {
    let person = Person()
    var calls: [String] = []
    var victim: ObservationToken?
    let killer = person.observe(\.age, options: .prior) { _, change in
      if change.isPrior { victim?.invalidate() }
    }
    victim = person.observe(\.age, options: .prior) { _, change in
      calls.append(change.isPrior ? "prior" : "change")
    }
    person.age = 1
    #expect(calls.isEmpty)
    killer.invalidate()
  }

  @Test func aHandlerRegisteringAnObserverDoesNotCallItForTheCurrentChange() {
    let person = Person()
    var calls: [String] = []
    var added: [ObservationToken] = []
    let token = person.observe(\.age) { person, _ in
      calls.append("outer")
      added.append(person.observe(\.age) { _, _ in calls.append("inner") })
    }
    person.age = 1
    #expect(calls == ["outer"])
    person.age = 2
    #expect(calls == ["outer", "outer", "inner"])
    token.invalidate()
    for token in added { token.invalidate() }
  }

  @Test func aHandlerMayReleaseTheObservedObject() {
    var person: Person? = Person()
    weak let weakPerson = person
    let token = person!.observe(\.age) { _, _ in
      person = nil
    }
    person!.age = 1
    #expect(weakPerson == nil)
    // The observation ended with the object.
    #expect(!token.isValid)
  }

  @Test func keyPathObserversInvalidatedDuringDelivery() {
    let account = Account()
    var calls: [String] = []
    var derived: ObservationToken?
    let direct = account.observe(\.first) { _, _ in
      calls.append("direct")
      derived?.invalidate()
    }
    derived = account.observe(\.fullName) { _, _ in calls.append("derived") }
    account.first = "A"
    #expect(calls == ["direct"])
    direct.invalidate()
  }
}
