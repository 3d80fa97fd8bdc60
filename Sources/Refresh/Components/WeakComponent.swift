import Foundation

/// A weak reference to a component that a closure can capture as a constant.
@MainActor
struct WeakComponent {
  weak let value: RefreshComponent?

  init(_ value: RefreshComponent) {
    self.value = value
  }
}
