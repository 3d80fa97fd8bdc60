import Foundation
import Observing

/// Settings shared by every refresh component: the language of their titles.
///
/// Switching the language updates every attached component at once (each gets
/// ``RefreshComponent/i18nDidChange()``):
///
/// ```swift
/// RefreshConfig.default.languageCode = "zh-Hans"
/// ```
@MainActor
public final class RefreshConfig: Observable {
  /// The registry of this object's observers.
  public nonisolated let observationRegistry = ObservationRegistry()

  /// The shared configuration.
  public static let `default` = RefreshConfig()

  /// The language of the titles: "en", "zh-Hans", "zh-Hant", "ko", "ru", "uk" (other spellings
  /// such as "zh_CN" or "ko-KR" are understood), or `nil` for the process's preferred language,
  /// falling back to English.
  @Observed public var languageCode: String?

  /// The duration of quick animations (turning the arrow, showing a refreshing header), in
  /// seconds: MJRefresh's `MJRefreshFastAnimationDuration`, 0.25.
  public var fastAnimationDuration: TimeInterval = 0.25

  /// The duration of slow animations (hiding a header after refreshing), in seconds: MJRefresh's
  /// `MJRefreshSlowAnimationDuration`, 0.4.
  public var slowAnimationDuration: TimeInterval = 0.4

  /// Creates a configuration; components use ``default``.
  public init() {}

  /// The localized title for a key in the current language.
  ///
  /// - Parameter text: The title's key.
  /// - Returns: The title in ``languageCode``'s language.
  public func localized(_ text: RefreshText) -> String {
    text.localized(language: languageCode)
  }
}
