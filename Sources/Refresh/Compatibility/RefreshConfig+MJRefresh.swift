// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (MJRefresh's own names, kept exactly so that the compiler can offer their renames.)

import Foundation

// MJRefresh 3.7.9's configuration and localization (MJRefreshConfig.h, NSBundle+MJRefresh.h),
// where the spelling differs here: unavailable, with a fix-it or a message naming what takes
// their place.

extension RefreshConfig {
  /// The language as MJRefresh's README writes it (`MJRefreshConfig.default.language`);
  /// MJRefresh's property, like this one, is ``languageCode``.
  @available(*, unavailable, renamed: "languageCode")
  public var language: String? {
    get { languageCode }
    set { languageCode = newValue }
  }

  /// MJRefresh's `resetLanguageResourceCache()`; not needed here: setting ``languageCode``,
  /// ``i18nBundle`` or ``i18nFilename`` updates every component at once.
  @available(
    *, unavailable,
    message: "not needed: setting languageCode, i18nBundle or i18nFilename updates every component"
  )
  public func resetLanguageResourceCache() {}
}

extension Bundle {
  /// MJRefresh's `Bundle.mj_localizedString(forKey:value:)`; here
  /// ``RefreshConfig/localizedString(forKey:value:)`` on `RefreshConfig.default`.
  ///
  /// - Parameters:
  ///   - key: The key, one of MJRefresh's (`MJRefreshHeaderIdleText`, ...).
  ///   - value: The text when no table has the key.
  /// - Returns: The localized string.
  @available(
    *, unavailable,
    message: "use RefreshConfig.default.localizedString(forKey:value:)"
  )
  @MainActor
  public static func mj_localizedString(forKey key: String, value: String? = nil) -> String {
    RefreshConfig.default.localizedString(forKey: key, value: value)
  }

  /// MJRefresh's `Bundle.mj_arrowImage`; here ``Image/arrow``.
  @available(*, unavailable, message: "use Image.arrow")
  public static var mj_arrowImage: Image { .arrow }

  /// MJRefresh's `Bundle.mj_trailArrowImage`; here ``Image/arrow``, which the trailer turns.
  @available(*, unavailable, message: "use Image.arrow: the trailer turns it")
  public static var mj_trailArrowImage: Image { .arrow }
}
