/// A handle on scheduled work or frame callbacks.
@MainActor
public final class ClockTask {
  /// Whether the task was cancelled (or, for a one-time action, has run).
  public internal(set) var isCancelled = false

  init() {}

  /// Stops the work; safe to call more than once.
  public func cancel() {
    isCancelled = true
  }
}
