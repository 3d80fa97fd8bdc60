import Foundation

extension ObservationRegistry {
  /// Called when an observation is registered for a key path that cannot be followed
  /// automatically: evaluating it, and the key paths its class declares as affecting it
  /// (followed transitively), read no `@Observed` property.
  ///
  /// Such an observation is only notified by `willChangeValue(for:)`/`didChangeValue(for:)` with
  /// an equal key path; its token's ``ObservationToken/isAutomatic`` is `false`. The default
  /// handler writes one warning per key path to standard error. Replace it to fail tests, or set
  /// `nil` to stay silent:
  ///
  /// ```swift
  /// ObservationRegistry.unobservableKeyPathHandler = { keyPath in
  ///   Issue.record("\(keyPath) is not observable")
  /// }
  /// ```
  public static var unobservableKeyPathHandler: (@Sendable (AnyKeyPath) -> Void)? {
    get { diagnostics.withLock { $0.handler } }
    set { diagnostics.withLock { $0.handler = newValue } }
  }

  static func reportUnobservable(_ keyPath: AnyKeyPath, declaresDependencies: Bool) {
    guard let handler = unobservableKeyPathHandler else { return }
    if declaresDependencies { _ = diagnostics.withLock { $0.declaring.insert(keyPath) } }
    handler(keyPath)
  }
}

/// The diagnostics state, behind its own lock.
private final class Diagnostics: @unchecked Sendable {
  struct State {
    var handler: (@Sendable (AnyKeyPath) -> Void)? = warnOnce
    var warned: Set<String> = []
    /// Key paths reported although their class declares dependencies for them (none of which
    /// reads an `@Observed` property), so the warning can say so.
    var declaring: Set<AnyKeyPath> = []
  }

  private let lock = Lock()
  private var state = State()

  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock.withLock { body(&state) }
  }
}

private let diagnostics = Diagnostics()

/// The default handler: one line on standard error per distinct key path.
private let warnOnce: @Sendable (AnyKeyPath) -> Void = { keyPath in
  let name = String(describing: keyPath)
  let (isNew, declares) = diagnostics.withLock {
    ($0.warned.insert(name).inserted, $0.declaring.contains(keyPath))
  }
  guard isNew else { return }
  let reason =
    declares
    ? "its declared dependencies (keyPathsAffectingValue(for:)) read no @Observed property"
    : "it reads no @Observed property and declares no dependency"
  let message =
    "Observing: warning: \(name) cannot be followed: \(reason); "
    + "it is notified only by willChangeValue(for:)/didChangeValue(for:).\n"
  FileHandle.standardError.write(Data(message.utf8))
}
