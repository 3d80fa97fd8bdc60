import Rendering

/// One line of the demo's key table: the keys, their names, and what they do.
///
/// The one table (``DemoApp/keyBindings``) feeds the `--help` text, the title bar and the
/// dispatch.
@MainActor
public struct KeyBinding: Sendable {
  /// The keys that trigger it.
  public let keys: [Key]
  /// The keys as the help shows them ("↑ ↓ j k").
  public let keyNames: String
  /// What the keys do, for the help.
  public let summary: String
  /// The short form the title bar shows ("r refresh"), or `nil` to leave it out of the bar.
  public let titleHint: String?
  /// What the keys do.
  let action: @MainActor @Sendable (DemoApp) -> Void

  /// Creates a binding.
  ///
  /// - Parameters:
  ///   - keys: The keys that trigger it.
  ///   - keyNames: The keys as the help shows them.
  ///   - summary: What the keys do, for the help.
  ///   - titleHint: The title bar's short form, if any.
  ///   - action: What the keys do.
  init(
    _ keys: [Key], _ keyNames: String, _ summary: String, titleHint: String? = nil,
    action: @escaping @MainActor @Sendable (DemoApp) -> Void
  ) {
    self.keys = keys
    self.keyNames = keyNames
    self.summary = summary
    self.titleHint = titleHint
    self.action = action
  }
}
