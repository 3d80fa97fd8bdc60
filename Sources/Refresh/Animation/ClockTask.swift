/// A handle on scheduled work or frame callbacks.
@MainActor
public final class ClockTask {
  /// Whether the task was cancelled (or, for a one-time action, has run).
  public internal(set) var isCancelled = false

  /// The work a frame handler does on each frame, held here rather than by the clock, so that
  /// cancelling lets go of it at once (and of what it captures, the clock itself included),
  /// not at the next frame, which may never come.
  var frameWork: (@MainActor (TimeInterval) -> Void)?

  /// The work a scheduled action does once, held here for the same reason.
  var actionWork: (@MainActor () -> Void)?

  init() {}

  /// Stops the work, and releases it; safe to call more than once.
  public func cancel() {
    isCancelled = true
    frameWork = nil
    actionWork = nil
  }
}
