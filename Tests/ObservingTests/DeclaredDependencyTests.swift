import Observing
import Testing

/// KVO's dependent keys declared in a chain, with getters that read plain stored values, as
/// Foundation's own tests write them: `keyDerivedTwoTimes` depends on `derivedObjectProperty`,
/// which depends on `basicObjectProperty`.
private final class Derived: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var basicObjectProperty = "basic"
  private var internalDerived = "derived"
  private var internalTwice = "twice"

  var derivedObjectProperty: String { internalDerived }
  var keyDerivedTwoTimes: String { internalTwice }

  /// A cycle: each declares the other.
  var recursiveDependent1: Int { 1 }
  var recursiveDependent2: Int { 2 }

  func setBasic(_ value: String) {
    internalDerived = "derived from \(value)"
    internalTwice = "twice from \(value)"
    basicObjectProperty = value
  }

  class func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath> {
    switch keyPath {
    case \Derived.derivedObjectProperty: [\Derived.basicObjectProperty]
    case \Derived.keyDerivedTwoTimes: [\Derived.derivedObjectProperty]
    case \Derived.recursiveDependent1: [\Derived.recursiveDependent2]
    case \Derived.recursiveDependent2: [\Derived.recursiveDependent1]
    default: []
    }
  }
}

@Suite("Declared dependencies, followed transitively")
struct DeclaredDependencyTests {
  @Test func aChainOfDeclarationsIsFollowed() {
    let object = Derived()
    let reported = Log<AnyKeyPath>()
    let twice = Log<ObservedChange<String>>()
    let once = Log<ObservedChange<String>>()
    let (twiceToken, onceToken) = ObservationRegistry.withUnobservableKeyPathHandler(
      reported.append
    ) {
      (
        object.observe(\.keyDerivedTwoTimes, options: .new) { _, change in twice.append(change) },
        object.observe(\.derivedObjectProperty, options: .new) { _, change in once.append(change) }
      )
    }
    #expect(twiceToken.isAutomatic)
    #expect(onceToken.isAutomatic)
    #expect(reported.values.isEmpty)
    object.setBasic("x")
    #expect(twice.values == [ObservedChange(newValue: "twice from x")])
    #expect(once.values == [ObservedChange(newValue: "derived from x")])
    twiceToken.invalidate()
    onceToken.invalidate()
    #expect(object.observationRegistry.count == 0)
  }

  @Test func aCycleOfDeclarationsTerminates() {
    let object = Derived()
    let reported = Log<AnyKeyPath>()
    let token = ObservationRegistry.withUnobservableKeyPathHandler(reported.append) {
      object.observe(\.recursiveDependent1) { _, _ in }
    }
    // The cycle reaches no `@Observed` property: reported, and followed by hand only.
    #expect(!token.isAutomatic)
    #expect(reported.values == [\Derived.recursiveDependent1])
    token.invalidate()
  }
}
