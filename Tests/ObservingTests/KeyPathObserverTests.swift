import Testing

@testable import Observing

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
  }

  @Test func otherKeyPathsAreNot() {
    let owner = Owner()
    owner.optionalModel = Model(number: 1)
    // Optional chaining adds components that appending the properties does not.
    #expect(!isChain(\Owner.optionalModel?.number, on: owner))
    // One property is a direct observation, not a chain; a computed property reads freely.
    #expect(!isChain(\Owner.model, on: owner))
    #expect(!isChain(\Account.fullName, on: Account()))
    #expect(!isChain(\Account.display, on: Account()))
    // Through a non-final class, the components differ from the properties appended.
    #expect(!isChain(\Ring.link.home.number, on: Ring(number: 1)))
  }
}
