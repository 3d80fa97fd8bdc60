import Foundation

/// The titles of a state component, one per state: the localized defaults, unless the user set
/// their own with `setTitle(_:for:)` (those survive a language switch).
struct StateTitles {
  private var defaults: [RefreshState: RefreshText] = [:]
  private var custom: [RefreshState: String] = [:]

  /// Registers the localized default title of a state.
  mutating func setDefault(_ text: RefreshText, for state: RefreshState) {
    defaults[state] = text
  }

  /// Sets the user's own title of a state (`nil` returns to the default).
  mutating func setCustom(_ title: String?, for state: RefreshState) {
    custom[state] = title
  }

  /// The title of a state in the current language, or `nil` when it has none.
  @MainActor
  func title(for state: RefreshState) -> String? {
    custom[state] ?? defaults[state].map { RefreshConfig.default.localized($0) }
  }
}
