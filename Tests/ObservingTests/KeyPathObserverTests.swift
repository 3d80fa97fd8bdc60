import TestSupport
import Testing

@testable import Observing

/// Three levels, for chains whose links are replaced at random.
private final class Top: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var middle = Middle()
  /// The same value as `\.middle.bottom.number`, read by a getter: always resolved again.
  var number: Int { middle.bottom.number }
}

private final class Middle: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var bottom = Bottom()
}

private final class Bottom: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var number = 0
}

/// Which key paths take the short way after a change at the end of the chain they read.
@Suite("Key-path observers: stored chains")
struct KeyPathObserverTests {
  private func isChain<Root: Observable, Value>(_ keyPath: KeyPath<Root, Value>, on root: Root)
    -> Bool
  {
    let resolution = KeyPathResolution(keyPath, on: root)
    return KeyPathObserver<Root, Value>.isChain(keyPath, of: resolution.accesses)
  }

  @Test func aPathOfStoredPropertiesIsAChain() {
    #expect(isChain(\Owner.model.number, on: Owner()))
    // Three links, through an inherited property, ending on the root itself.
    let ring = Ring(number: 1)
    ring.link = RingLink(home: ring)
    #expect(isChain(\Ring.link.home.number, on: ring))
    ring.link.home = RingStop(number: 0)  // no cycle left to leak
  }

  /// Optional chaining and force unwrapping add components that appending the properties
  /// does not; the chain is still the properties it reads, one after another.
  @Test func aPathThroughOptionalLinksIsAChainWhileItsLinksAreThere() {
    let owner = Owner()
    #expect(!isChain(\Owner.optionalModel?.number, on: owner))  // nil: only the link is read
    owner.optionalModel = Model(number: 1)
    #expect(isChain(\Owner.optionalModel?.number, on: owner))
    #expect(isChain(\Owner.optionalModel!.number, on: owner))
  }

  @Test func otherKeyPathsAreNot() {
    let owner = Owner()
    owner.optionalModel = Model(number: 1)
    // A key after the last property, or one of a computed property, is no chain.
    #expect(!isChain(\Owner.optionalModel?.number.description, on: owner))
    // One property is a direct observation, not a chain; a computed property reads freely.
    #expect(!isChain(\Owner.model, on: owner))
    #expect(!isChain(\Account.fullName, on: Account()))
    #expect(!isChain(\Account.display, on: Account()))
  }

  /// The short way and the long way deliver the same changes: a chain observer and an observer
  /// of a computed property that reads the same chain, while links are replaced at random.
  @Test(arguments: 1...25 as ClosedRange<UInt64>)
  func aChainDeliversAsItsComputedTwin(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let top = Top()
    let chain = Log<ObservedChange<Int>>()
    let computed = Log<ObservedChange<Int>>()
    let options: ObservingOptions = [.old, .new, .prior]
    let chainToken = top.observe(\.middle.bottom.number, options: options) { _, change in
      chain.append(change)
    }
    let computedToken = top.observe(\.number, options: options) { _, change in
      computed.append(change)
    }
    #expect(isChain(\Top.middle.bottom.number, on: top))
    var spareMiddles = [Middle(), Middle()]
    var spareBottoms = [Bottom(), Bottom()]
    for step in 0..<80 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        let middle = spareMiddles.removeFirst()
        spareMiddles.append(top.middle)
        top.middle = middle
      case 1:
        let bottom = spareBottoms.removeFirst()
        spareBottoms.append(top.middle.bottom)
        top.middle.bottom = bottom
      case 2:
        spareBottoms[0].number = step  // off the path
      default:
        top.middle.bottom.number = step
      }
      #expect(chain.values == computed.values)
    }
    chainToken.invalidate()
    computedToken.invalidate()
    let everything =
      [top.observationRegistry]
      + (spareMiddles + [top.middle]).flatMap {
        [$0.observationRegistry, $0.bottom.observationRegistry]
      } + spareBottoms.map(\.observationRegistry)
    #expect(everything.allSatisfy { $0.count == 0 })
  }
}
