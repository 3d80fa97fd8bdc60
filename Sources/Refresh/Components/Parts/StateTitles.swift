import Foundation

/// The titles of a state component, one per state: the localized defaults, unless the user set
/// their own with `setTitle(_:for:)` (those survive a language switch).
///
/// Kept in arrays indexed by the state (``index(of:)``), not dictionaries: a component looks
/// its title up on every state change, and hashing a state cost more than the rest of the
/// lookup.
struct StateTitles {
  private var defaults = [RefreshText?](repeating: nil, count: Self.stateCount)
  private var custom = [String?](repeating: nil, count: Self.stateCount)
  /// The localized defaults already looked up, and the localization they come from (the
  /// configuration's revision).
  private var resolved = [String?](repeating: nil, count: Self.stateCount)
  private var resolvedRevision: Int?

  /// One position per state: the raw values run from 1 to the number of states.
  private static var stateCount: Int { RefreshState.allCases.count + 1 }

  private static func index(of state: RefreshState) -> Int { state.rawValue }

  /// Registers the localized default title of a state.
  mutating func setDefault(_ text: RefreshText, for state: RefreshState) {
    defaults[Self.index(of: state)] = text
    resolved[Self.index(of: state)] = nil
  }

  /// Sets the user's own title of a state (`nil` returns to the default).
  mutating func setCustom(_ title: String?, for state: RefreshState) {
    custom[Self.index(of: state)] = title
  }

  /// The title of a state in the current language, or `nil` when it has none.
  @MainActor
  mutating func title(for state: RefreshState) -> String? {
    let index = Self.index(of: state)
    if let title = custom[index] { return title }
    let revision = RefreshConfig.default.localizationRevision
    if resolvedRevision != revision {
      resolved = [String?](repeating: nil, count: Self.stateCount)
      resolvedRevision = revision
    }
    if let title = resolved[index] { return title }
    guard let text = defaults[index] else { return nil }
    let title = RefreshConfig.default.localized(text)
    resolved[index] = title
    return title
  }
}
