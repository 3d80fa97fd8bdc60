/// An observation in progress; it ends when you call ``invalidate()`` or release the token.
///
/// Keep the token as long as you want to be notified, as with KVO's `NSKeyValueObservation`:
///
/// ```swift
/// final class Badge {
///   private var token: ObservationToken?
///   init(person: Person) {
///     token = person.observe(\.name, options: [.new]) { _, change in
///       print("now", change.newValue!)
///     }
///   }
/// }
/// ```
///
/// The token holds the observed object weakly, so either can be released first. Invalidating
/// is idempotent, and an observation invalidated while a change is being delivered (by its own
/// handler or another) receives nothing more.
public final class ObservationToken: @unchecked Sendable {
  private let box: ObserverBox

  /// Whether the observation follows stored `@Observed` properties by itself.
  ///
  /// `false` when the key path read no `@Observed` property when it was registered and its root
  /// declares no dependency for it (see ``Observable/keyPathsAffectingValue(for:)``): such an
  /// observation is notified only by ``Observable/willChangeValue(for:)`` and
  /// ``Observable/didChangeValue(for:)`` with an equal key path.
  public var isAutomatic: Bool {
    box.isAutomatic
  }

  init(box: ObserverBox) {
    self.box = box
  }

  deinit {
    box.invalidate()
  }

  /// Whether the observation is still registered.
  public var isValid: Bool {
    box.isActive
  }

  /// Ends the observation: its handler is not called again.
  ///
  /// Safe to call more than once, from any thread, and from within any handler, its own
  /// included.
  public func invalidate() {
    box.invalidate()
  }
}
