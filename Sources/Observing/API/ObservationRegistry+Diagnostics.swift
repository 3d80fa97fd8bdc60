import Foundation

extension ObservationRegistry {
  /// Called when an observation is registered for a key path that cannot be followed
  /// automatically: evaluating it, and the key paths its class declares as affecting it
  /// (followed transitively), read no `@Observed` property.
  ///
  /// Such an observation is only notified by `willChangeValue(for:)`/`didChangeValue(for:)` with
  /// an equal key path; its token's ``ObservationToken/isAutomatic`` is `false`. The default
  /// handler writes one warning per key path to standard error. Replace it to fail on any such
  /// registration, or set `nil` to stay silent:
  ///
  /// ```swift
  /// ObservationRegistry.unobservableKeyPathHandler = { keyPath in
  ///   Issue.record("\(keyPath) is not observable")
  /// }
  /// ```
  ///
  /// This handler is process-wide. Tests that run in parallel and check their own reports use
  /// ``withUnobservableKeyPathHandler(_:operation:)`` instead, which puts a handler in place
  /// for one task without disturbing the others.
  public static var unobservableKeyPathHandler: (@Sendable (AnyKeyPath) -> Void)? {
    get { diagnostics.withLock { $0.handler } }
    set { diagnostics.withLock { $0.handler = newValue } }
  }

  /// Runs `operation` with `handler` told about unobservable key paths registered in it, in
  /// place of ``unobservableKeyPathHandler``, for the current task only.
  ///
  /// The process-wide handler is shared by everything that runs at once; tests that run in
  /// parallel and each want to see their own reports scope a handler to themselves instead:
  ///
  /// ```swift
  /// @Test func plainPropertiesAreReported() {
  ///   let reported = Mutex<[AnyKeyPath]>([])
  ///   let report: @Sendable (AnyKeyPath) -> Void = { keyPath in
  ///     reported.withLock { $0.append(keyPath) }
  ///   }
  ///   let token = ObservationRegistry.withUnobservableKeyPathHandler(report) {
  ///     person.observe(\.plain) { _, _ in }
  ///   }
  ///   #expect(reported.withLock { $0 } == [\Person.plain])
  /// }
  /// ```
  ///
  /// Registrations made by other tasks or threads meanwhile still go to the process-wide handler.
  ///
  /// - Parameters:
  ///   - handler: Told about each unobservable key path registered by `operation`'s task; `nil`
  ///     keeps them quiet.
  ///   - operation: The work to run with `handler` in place.
  /// - Returns: What `operation` returns.
  public static func withUnobservableKeyPathHandler<Result>(
    _ handler: (@Sendable (AnyKeyPath) -> Void)?,
    operation: () throws -> Result
  ) rethrows -> Result {
    try ScopedHandler.$current.withValue(ScopedHandler(handler: handler), operation: operation)
  }

  /// Runs the asynchronous `operation` with `handler` in place of
  /// ``unobservableKeyPathHandler`` for the current task and its child tasks.
  ///
  /// - Parameters:
  ///   - handler: Told about each unobservable key path registered by `operation`'s task; `nil`
  ///     keeps them quiet.
  ///   - isolation: The actor `operation` runs on; the caller's, unless given.
  ///   - operation: The work to run with `handler` in place.
  /// - Returns: What `operation` returns.
  public static func withUnobservableKeyPathHandler<Result>(
    _ handler: (@Sendable (AnyKeyPath) -> Void)?,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await ScopedHandler.$current.withValue(
      ScopedHandler(handler: handler), operation: operation, isolation: isolation)
  }

  static func reportUnobservable(_ keyPath: AnyKeyPath, declaresDependencies: Bool) {
    let scoped = ScopedHandler.current
    guard let handler = scoped != nil ? scoped?.handler : unobservableKeyPathHandler else {
      return
    }
    if declaresDependencies { _ = diagnostics.withLock { $0.declaring.insert(keyPath) } }
    handler(keyPath)
  }
}

/// A handler that one task put in place of the process-wide one.
private struct ScopedHandler: Sendable {
  @TaskLocal static var current: ScopedHandler?
  var handler: (@Sendable (AnyKeyPath) -> Void)?
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
