import Observing
import Testing

@Suite("Key paths beyond one stored property")
struct KeyPathObservationTests {
  @Test func inheritedPropertyThroughASubclassReference() {
    let square = Square()
    let log = Log<ObservedChange<Double>>()
    let token = square.observe(\.width, options: [.old, .new]) { _, change in log.append(change) }
    square.width = 3
    let shape: Shape = square
    shape.width = 4
    #expect(
      log.values == [
        ObservedChange(newValue: 3, oldValue: 1),
        ObservedChange(newValue: 4, oldValue: 3),
      ])
    token.invalidate()
  }

  @Test func baseAndSubclassKeyPathsReachTheSameObservers() {
    let square = Square()
    var order: [String] = []
    let viaSubclass = square.observe(\Square.width) { _, _ in order.append("square") }
    let viaBase = (square as Shape).observe(\Shape.width) { _, _ in order.append("shape") }
    square.width = 2
    #expect(order == ["square", "shape"])
    viaSubclass.invalidate()
    viaBase.invalidate()
  }

  @Test func partOfAValue() {
    let shape = Shape()
    let log = Log<ObservedChange<Double>>()
    let token = shape.observe(\.origin.y, options: [.old, .new]) { _, change in
      log.append(change)
    }
    shape.origin = Point(x: 5, y: 0)
    shape.origin.y = 7
    #expect(
      log.values == [
        ObservedChange(newValue: 0, oldValue: 0),
        ObservedChange(newValue: 7, oldValue: 0),
      ])
    token.invalidate()
  }

  @Test func computedPropertyFollowsWhatItsGetterReads() {
    let square = Square()
    let log = Log<ObservedChange<Double>>()
    let token = square.observe(\.area, options: [.old, .new]) { _, change in log.append(change) }
    square.width = 3
    square.color = "blue"
    #expect(log.values == [ObservedChange(newValue: 9, oldValue: 1)])
    token.invalidate()
  }

  @Test func dependentKeysCombineRecordedAndDeclared() {
    let account = Account()
    let log = Log<ObservedChange<String>>()
    let token = account.observe(\.display, options: [.old, .new]) { _, change in
      log.append(change)
    }
    account.first = "Augusta"
    // `title` is not read while `showsTitle` is false, but it is declared.
    account.title = "Lady"
    account.showsTitle = true
    #expect(
      log.values == [
        ObservedChange(newValue: "Augusta Lovelace", oldValue: "Ada Lovelace"),
        ObservedChange(newValue: "Augusta Lovelace", oldValue: "Augusta Lovelace"),
        ObservedChange(newValue: "Lady Augusta Lovelace", oldValue: "Augusta Lovelace"),
      ])
    token.invalidate()
  }

  @Test func conditionalReadsAreResolvedAgainAfterEachChange() {
    final class Toggle: Observable {
      let observationRegistry = ObservationRegistry()
      @Observed var useA = true
      @Observed var a = "a"
      @Observed var b = "b"
      var current: String { useA ? a : b }
    }
    let toggle = Toggle()
    var seen: [String] = []
    let token = toggle.observe(\.current, options: .new) { _, change in
      seen.append(change.newValue!)
    }
    toggle.b = "b1"  // not read yet: no notification
    toggle.useA = false
    toggle.a = "a1"  // no longer read
    toggle.b = "b2"
    #expect(seen == ["b1", "b2"])
    token.invalidate()
  }

  @Test func keyPathThroughAnotherObjectFollowsAReplacement() {
    let owner = Owner()
    let first = owner.model
    let log = Log<ObservedChange<Int>>()
    let token = owner.observe(\.model.number, options: [.old, .new]) { _, change in
      log.append(change)
    }
    first.number = 1
    let second = Model(number: 10)
    owner.model = second
    first.number = 2  // the old model no longer counts
    second.number = 11
    #expect(
      log.values == [
        ObservedChange(newValue: 1, oldValue: 0),
        ObservedChange(newValue: 10, oldValue: 1),
        ObservedChange(newValue: 11, oldValue: 10),
      ])
    #expect(first.observationRegistry.count == 0)
    token.invalidate()
    #expect(second.observationRegistry.count == 0)
    #expect(owner.observationRegistry.count == 0)
  }

  @Test func aChainThatComesBackToItsRootFollowsEveryLink() {
    // `\.link.home.number` can end on its own root: a change of the root is then both a change
    // at the end of the chain and of its first link, and must be followed as the latter.
    let root = Ring(number: 1)
    let other = RingStop(number: 100)
    let link = RingLink(home: root)
    root.link = link
    let log = Log<Int>()
    let token = root.observe(\.link.home.number, options: .new) { _, change in
      log.append(change.newValue!)
    }
    root.number = 2
    link.home = other
    root.number = 3  // no longer read
    other.number = 101
    link.home = root
    root.number = 4
    let second = RingLink(home: other)
    root.link = second  // a change of the root, whose number also ends the chain
    #expect(other.observationRegistry.count == 1)  // now followed
    root.number = 5  // no longer read
    other.number = 102
    #expect(log.values == [2, 100, 101, 3, 4, 101, 102])
    token.invalidate()
    #expect(second.observationRegistry.count == 0)
    #expect(root.observationRegistry.count == 0)
    #expect(other.observationRegistry.count == 0)
    #expect(link.observationRegistry.count == 0)
  }

  @Test func keyPathThroughAnOptionalObject() {
    let owner = Owner()
    var seen: [Int?] = []
    let token = owner.observe(\.optionalModel?.number, options: .new) { _, change in
      seen.append(change.newValue!)
    }
    let model = Model(number: 4)
    owner.optionalModel = model
    model.number = 5
    owner.optionalModel = nil
    model.number = 6
    #expect(seen == [4, 5, nil])
    token.invalidate()
  }

  @Test func manualNotificationOfAComputedProperty() {
    let account = Account()
    let log = Log<ObservedChange<Double>>()
    // Expected to be unobservable: keep the warning out of the test log.
    let token = ObservationRegistry.withUnobservableKeyPathHandler(nil) {
      account.observe(\.fahrenheit, options: [.old, .new, .prior]) { _, change in
        log.append(change)
      }
    }
    #expect(!token.isAutomatic)
    account.setCelsius(100)
    #expect(
      log.values == [
        ObservedChange(oldValue: 68, isPrior: true),
        ObservedChange(newValue: 212, oldValue: 68),
      ])
    token.invalidate()
  }

  @Test func didChangeWithoutWillChangeHasNoOldValue() {
    let account = Account()
    let log = Log<ObservedChange<String>>()
    let token = account.observe(\.fullName, options: [.old, .new]) { _, change in
      log.append(change)
    }
    account.didChangeValue(for: \.fullName)
    #expect(log.values == [ObservedChange(newValue: "Ada Lovelace")])
    token.invalidate()
  }

  @Test func unobservableKeyPathsAreReported() {
    let person = Person()
    let reported = Log<AnyKeyPath>()
    let (token, observed) = ObservationRegistry.withUnobservableKeyPathHandler(reported.append) {
      (person.observe(\.plain) { _, _ in }, person.observe(\.age) { _, _ in })
    }
    #expect(!token.isAutomatic)
    #expect(observed.isAutomatic)
    // Scoped to this test: other suites' reports, made meanwhile, do not arrive here.
    #expect(reported.values == [\Person.plain])
    token.invalidate()
    observed.invalidate()
  }

  @Test func aScopedHandlerReachesChildTasksAndNestedScopesReplaceIt() async {
    let inside = Log<AnyKeyPath>()
    let nested = Log<AnyKeyPath>()
    await ObservationRegistry.withUnobservableKeyPathHandler(inside.append) {
      await Task { Person().observe(\.plain) { _, _ in }.invalidate() }.value
      await ObservationRegistry.withUnobservableKeyPathHandler(nested.append) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { Person().observe(\.plain) { _, _ in }.invalidate() }
        }
      }
    }
    #expect(inside.values == [\Person.plain])
    #expect(nested.values == [\Person.plain])
  }

  @Test func aScopedNilHandlerKeepsQuiet() {
    let reported = Log<AnyKeyPath>()
    ObservationRegistry.withUnobservableKeyPathHandler(reported.append) {
      ObservationRegistry.withUnobservableKeyPathHandler(nil) {
        Person().observe(\.plain) { _, _ in }.invalidate()
      }
    }
    #expect(reported.values.isEmpty)
  }
}
