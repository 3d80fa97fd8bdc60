import Foundation
import Observing

/// Refresh by binding: a component and a model's `Bool` kept in step, both ways.
extension RefreshComponent {
  /// Keeps the component's refreshing and a model's `Bool` in step, both ways, for code that
  /// keeps "is loading" in a model.
  ///
  /// ```swift
  /// @MainActor final class FeedViewModel: Observable {
  ///   let observationRegistry = ObservationRegistry()
  ///   @Observed var isRefreshing = false
  /// }
  ///
  /// list.header?.bindRefreshing(to: viewModel, \.isRefreshing)
  /// viewModel.isRefreshing = true   // the header plays a pull and refreshes
  /// viewModel.isRefreshing = false  // it ends, as endRefreshing() ends it
  /// ```
  ///
  /// - Setting the model's value to `true` begins refreshing, shown as a pull
  ///   (``beginRefreshingByPulling()``); when the component cannot begin (it is out of data,
  ///   hidden, or another component refreshes), the value is set back to `false`.
  /// - Setting it to `false` ends refreshing (``endRefreshing()``).
  /// - A refresh begun any other way (a pull, ``beginRefreshing()``) sets it to `true`; its
  ///   end, however it comes (success, failure, cancel, no more data), sets it to `false`, as
  ///   does a played pull that a real finger takes over before it arms.
  ///
  /// When bound, the two are made to agree at once: a refreshing component sets the value to
  /// `true`; otherwise a `true` value begins refreshing. The component holds the binding,
  /// and the model weakly: binding again replaces it, ``unbindRefreshing()`` ends it, and it
  /// ends with the model. The property must be one the model's observers hear of (an
  /// `@Observed` property, or one with declared dependencies), and it must change on the main
  /// actor, as the component does: observers run where a change is made, and a change made on
  /// another thread stops the program with Swift's actor-isolation message instead of racing.
  ///
  /// - Parameters:
  ///   - model: The object holding the value.
  ///   - keyPath: The value: `true` while refreshing.
  public func bindRefreshing<Model: Observable>(
    to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Bool>
  ) {
    unbindRefreshing()
    let binding = RefreshBinding(
      read: { [weak model] in model?[keyPath: keyPath] },
      write: { [weak model] value in
        guard let model, model[keyPath: keyPath] != value else { return }
        model[keyPath: keyPath] = value
      })
    refreshBinding = binding
    binding.modelToken = model.observe(keyPath) { [weak self] model, _ in
      // Observers run where the change is made: the value must change on the main actor,
      // where the component lives, and a change anywhere else stops here with Swift's message
      // rather than racing with the component.
      let value = model[keyPath: keyPath]
      MainActor.assumeIsolated { self?.bindingDidChange(to: value) }
    }
    binding.stateToken = observe(\.state) { component, _ in component.stateDidChangeForBinding() }
    if isRefreshing {
      binding.write(true)
    } else if binding.read() == true {
      bindingDidChange(to: true)
    }
  }

  /// Ends the binding ``bindRefreshing(to:_:)`` made, if any: the component and the model go
  /// their own ways from here.
  public func unbindRefreshing() {
    refreshBinding?.invalidate()
    refreshBinding = nil
  }

  /// What the model's new value asks of the component.
  private func bindingDidChange(to value: Bool) {
    guard let binding = refreshBinding, binding.read() == value else { return }
    if value {
      // Already refreshing, or on its way there.
      guard !isRefreshing, !isPlayingPull, state != .pulling else { return }
      if !beginRefreshingByPulling() { binding.write(false) }
    } else if isRefreshing {
      endRefreshing()
    }
  }

  /// What the component's new state tells the model.
  private func stateDidChangeForBinding() {
    guard let binding = refreshBinding else { return }
    switch state {
    case .refreshing, .willRefresh: binding.write(true)
    case .pulling: break
    case .idle, .noMoreData, .failed:
      // A played pull still on its way keeps the value `true` until it arms or ends.
      if !isPlayingPull { binding.write(false) }
    }
  }
}

/// The two observations of a binding, and how it reads and writes the model's value.
@MainActor
final class RefreshBinding {
  /// The model's value, or `nil` once the model is gone.
  let read: () -> Bool?
  /// Sets the model's value, if it differs and the model is there.
  let write: (Bool) -> Void
  var modelToken: ObservationToken?
  var stateToken: ObservationToken?

  init(read: @escaping () -> Bool?, write: @escaping (Bool) -> Void) {
    self.read = read
    self.write = write
  }

  func invalidate() {
    modelToken?.invalidate()
    stateToken?.invalidate()
  }
}
