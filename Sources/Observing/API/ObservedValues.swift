extension Observable {
  /// The values of a key path over time, as an asynchronous sequence.
  ///
  /// The sequence starts with the current value and then yields the value after each change.
  /// The observation is registered when you call this method, so no change made after the call
  /// is missed, and it ends when iteration ends (the task is cancelled or the loop exits) or the
  /// object is deallocated, which finishes the sequence:
  ///
  /// ```swift
  /// for await offset in scroll.values(for: \.contentOffset) {
  ///   print(offset)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: What to observe, rooted at this object.
  ///   - options: Extra options for the underlying observation; `.skipsEqualValues` leaves out
  ///     assignments of equal values. `.new` and `.initial` are always included.
  ///   - bufferingPolicy: What to keep when values arrive faster than they are consumed.
  /// - Returns: A sequence that can be iterated once.
  public func values<Value: Sendable>(
    for keyPath: KeyPath<Self, Value>,
    options: ObservingOptions = [],
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> ObservedValues<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: bufferingPolicy)
    let token = _makeObservation(
      keyPath,
      options: options.union([.new, .initial]).subtracting([.prior]),
      rootDidDeinit: { continuation.finish() },
      changeHandler: { _, change in
        if let value = change.newValue { continuation.yield(value) }
      }
    )
    let observation = ValuesObservation(token: token)
    // Weakly: the handler holds the continuation, which holds this closure.
    continuation.onTermination = { [weak observation] _ in observation?.end() }
    return ObservedValues(stream: stream, observation: observation)
  }
}

/// Ends the observation behind an `ObservedValues` when its iteration ends or it is released.
final class ValuesObservation: Sendable {
  private let token: ObservationToken

  init(token: ObservationToken) {
    self.token = token
  }

  deinit {
    token.invalidate()
  }

  func end() {
    token.invalidate()
  }
}

/// Ends the observation when the iterator that owns it is released (a `for await` loop left
/// with `break`, say).
final class IterationLifetime: Sendable {
  let observation: ValuesObservation

  init(observation: ValuesObservation) {
    self.observation = observation
  }

  deinit {
    observation.end()
  }
}

/// The values of an observed key path over time; see ``Observable/values(for:options:bufferingPolicy:)``.
public struct ObservedValues<Value: Sendable>: AsyncSequence, Sendable {
  /// The element type: the observed value.
  public typealias Element = Value

  let stream: AsyncStream<Value>
  let observation: ValuesObservation

  /// Creates the iterator; a sequence can be iterated once, and releasing the iterator ends
  /// the observation.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      base: stream.makeAsyncIterator(),
      lifetime: IterationLifetime(observation: observation))
  }

  /// The iterator of ``ObservedValues``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<Value>.Iterator
    let lifetime: IterationLifetime

    /// The next value, or `nil` once the observation has ended.
    ///
    /// - Returns: The value after the next change (the current value first).
    public mutating func next() async -> Value? {
      await base.next()
    }
  }
}
