import Foundation

/// The titles of a state component, one per state: the localized defaults, unless the user set
/// their own with `setTitle(_:for:)` (those survive a language switch).
struct StateTitles {
  private var defaults: [RefreshState: RefreshText] = [:]
  private var custom: [RefreshState: String] = [:]
  /// The localized defaults already looked up, and the localization they come from (the
  /// configuration's revision): a component looks its title up on every state change.
  private var resolved: [RefreshState: String] = [:]
  private var resolvedRevision: Int?

  /// Registers the localized default title of a state.
  mutating func setDefault(_ text: RefreshText, for state: RefreshState) {
    defaults[state] = text
    resolved[state] = nil
  }

  /// Sets the user's own title of a state (`nil` returns to the default).
  mutating func setCustom(_ title: String?, for state: RefreshState) {
    custom[state] = title
  }

  /// The title of a state in the current language, or `nil` when it has none.
  @MainActor
  mutating func title(for state: RefreshState) -> String? {
    if let title = custom[state] { return title }
    let revision = RefreshConfig.default.localizationRevision
    if resolvedRevision != revision {
      resolved = [:]
      resolvedRevision = revision
    }
    if let title = resolved[state] { return title }
    let title = defaults[state].map { RefreshConfig.default.localized($0) }
    resolved[state] = title
    return title
  }
}
