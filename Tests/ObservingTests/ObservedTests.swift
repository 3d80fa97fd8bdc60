import Observing
import Testing

@Suite("Observed properties and KVO's options")
struct ObservedTests {
  @Test func deliversOldAndNewValues() {
    let person = Person()
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.name, options: [.old, .new]) { _, change in log.append(change) }
    person.name = "b"
    person.name = "c"
    #expect(
      log.values == [
        ObservedChange(newValue: "b", oldValue: "a"),
        ObservedChange(newValue: "c", oldValue: "b"),
      ])
    token.invalidate()
  }

  @Test(
    arguments: [
      ([], false, false),
      ([.new], true, false),
      ([.old], false, true),
      ([.old, .new], true, true),
    ] as [(ObservingOptions, Bool, Bool)])
  func optionsChooseTheValues(options: ObservingOptions, hasNew: Bool, hasOld: Bool) {
    let person = Person()
    let log = Log<ObservedChange<Int>>()
    let token = person.observe(\.age, options: options) { _, change in log.append(change) }
    person.age = 3
    #expect(
      log.values == [
        ObservedChange(kind: .setting, newValue: hasNew ? 3 : nil, oldValue: hasOld ? 0 : nil)
      ])
    // A value that needs retaining (a string) is copied into the change only when asked for;
    // a plain one (the integer above) is handed over whole, the options saying which part shows.
    var names: [(String?, String?)] = []
    let nameToken = person.observe(\.name, options: options) { _, change in
      names.append((change.newValue, change.oldValue))
    }
    person.name = "b"
    #expect(names.count == 1)
    #expect(names.first?.0 == (hasNew ? "b" : nil))
    #expect(names.first?.1 == (hasOld ? "a" : nil))
    token.invalidate()
    nameToken.invalidate()
  }

  @Test func initialIsDeliveredDuringRegistrationWithoutOldValue() {
    let person = Person()
    person.name = "z"
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.name, options: [.initial, .old, .new]) { _, change in
      log.append(change)
    }
    #expect(log.values == [ObservedChange(newValue: "z")])
    person.name = "y"
    #expect(log.values.last == ObservedChange(newValue: "y", oldValue: "z"))
    token.invalidate()
  }

  @Test func initialWithoutNewCarriesNoValue() {
    let person = Person()
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.name, options: [.initial]) { _, change in log.append(change) }
    #expect(log.values == [ObservedChange()])
    token.invalidate()
  }

  @Test func priorComesBeforeTheChangeWithTheOldValueOnly() {
    let person = Person()
    var seen: [(ObservedChange<String>, String)] = []
    let token = person.observe(\.name, options: [.prior, .old, .new]) { person, change in
      seen.append((change, person.name))
    }
    person.name = "b"
    #expect(seen.count == 2)
    #expect(seen[0].0 == ObservedChange(oldValue: "a", isPrior: true))
    #expect(seen[0].1 == "a")
    #expect(seen[1].0 == ObservedChange(newValue: "b", oldValue: "a"))
    #expect(seen[1].1 == "b")
    token.invalidate()
  }

  @Test func theObjectHoldsTheNewValueWhenTheHandlerRuns() {
    let person = Person()
    var observed: [String] = []
    let token = person.observe(\.name) { person, _ in observed.append(person.name) }
    person.name = "b"
    #expect(observed == ["b"])
    token.invalidate()
  }

  @Test func handlersRunInRegistrationOrder() {
    let person = Person()
    var order: [Int] = []
    let tokens = (0..<20).map { index in
      person.observe(\.age) { _, _ in order.append(index) }
    }
    person.age = 1
    #expect(order == Array(0..<20))
    for token in tokens { token.invalidate() }
  }

  @Test func deliveryIsSynchronousOnTheMutatingThread() async {
    let person = Person()
    let log = Log<Bool>()
    let token = person.observe(\.age) { _, _ in log.append(true) }
    person.age = 1
    #expect(log.values.count == 1)
    token.invalidate()
  }

  @Test func everyAssignmentIsReportedEvenOfAnEqualValue() {
    let person = Person()
    var count = 0
    let token = person.observe(\.name) { _, _ in count += 1 }
    person.name = "a"
    person.name = "a"
    #expect(count == 2)
    token.invalidate()
  }

  @Test func skipsEqualValuesWhenAsked() {
    let person = Person()
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.name, options: [.new, .skipsEqualValues]) { _, change in
      log.append(change)
    }
    person.name = "a"
    person.name = "b"
    person.name = "b"
    person.name = "a"
    #expect(log.values.map(\.newValue) == ["b", "a"])
    token.invalidate()
  }

  @Test func skipsEqualValuesIgnoresValuesThatAreNotEquatable() {
    final class Holder: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var action: () -> Void = {}
    }
    let holder = Holder()
    var count = 0
    let token = holder.observe(\.action, options: [.skipsEqualValues]) { _, _ in count += 1 }
    holder.action = {}
    holder.action = {}
    #expect(count == 2)
    token.invalidate()
  }

  @Test func propertiesNotObservedAreUntouched() {
    let person = Person()
    var count = 0
    let token = person.observe(\.name) { _, _ in count += 1 }
    person.age = 5
    person.plain = 5
    #expect(count == 0)
    #expect(person.age == 5)
    token.invalidate()
  }

  @Test func optingOutOfAutomaticNotification() {
    let person = Person()
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.nickname, options: [.old, .new]) { _, change in
      log.append(change)
    }
    #expect(token.isAutomatic)
    person.nickname = "quiet"
    #expect(log.values.isEmpty)
    person.willChangeValue(for: \.nickname)
    person.nickname = "loud"
    person.didChangeValue(for: \.nickname)
    #expect(log.values == [ObservedChange(newValue: "loud", oldValue: "quiet")])
    token.invalidate()
  }

  @Test func optingOutKeepsTheInitialCallAndPriorNotificationsByHand() {
    // KVO's "disabled initial notification": `.initial` still calls at once, and `.prior`
    // comes from `willChangeValue(for:)`.
    let person = Person()
    let log = Log<ObservedChange<String>>()
    let token = person.observe(\.nickname, options: [.initial, .old, .new, .prior]) { _, change in
      log.append(change)
    }
    person.nickname = "quiet"
    person.willChangeValue(for: \.nickname)
    person.nickname = "loud"
    person.didChangeValue(for: \.nickname)
    #expect(
      log.values == [
        ObservedChange(newValue: "n"),
        ObservedChange(oldValue: "quiet", isPrior: true),
        ObservedChange(newValue: "loud", oldValue: "quiet"),
      ])
    token.invalidate()
  }

  @Test func mainActorClassesCanBeObserved() async {
    @MainActor final class Screen: Observable {
      nonisolated let observationRegistry = ObservationRegistry()
      @Observed var brightness = 0.5
    }
    await MainActor.run {
      let screen = Screen()
      var seen: [Double] = []
      let token = screen.observe(\.brightness, options: .new) { _, change in
        seen.append(change.newValue!)
      }
      screen.brightness = 0.75
      #expect(seen == [0.75])
      token.invalidate()
    }
  }

  @Test func genericClassesCanBeObserved() {
    final class Box<Value>: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var value: Value
      @Observed var count = 0
      init(_ value: Value) { self.value = value }
    }
    let box = Box((1, "one"))
    var seen: [String] = []
    let token = box.observe(\.value, options: .new) { _, change in seen.append(change.newValue!.1) }
    let countToken = box.observe(\.count, options: .new) { _, _ in seen.append("count") }
    box.value = (2, "two")
    box.count = 1
    #expect(seen == ["two", "count"])
    token.invalidate()
    countToken.invalidate()
  }
}

@Suite("Validated observed properties")
struct ValidatedObservedTests {
  final class Gauge: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed(validate: { _, proposed in proposed.isFinite ? max(0, proposed) : nil })
    var height = 1.0
  }

  @Test(arguments: [
    (5.0, 5.0, true),
    (-3.0, 0.0, true),
    (Double.nan, 1.0, false),
    (Double.infinity, 1.0, false),
  ])
  func validationCorrectsOrRefuses(proposed: Double, stored: Double, notified: Bool) {
    let gauge = Gauge()
    let log = Log<ObservedChange<Double>>()
    let token = gauge.observe(\.height, options: [.old, .new]) { _, change in log.append(change) }
    gauge.height = proposed
    #expect(gauge.height == stored)
    #expect(log.values == (notified ? [ObservedChange(newValue: stored, oldValue: 1)] : []))
    token.invalidate()
  }

  @Test func validationAppliesWithoutObservers() {
    let gauge = Gauge()
    gauge.height = -1
    #expect(gauge.height == 0)
    gauge.height = .nan
    #expect(gauge.height == 0)
  }
}
