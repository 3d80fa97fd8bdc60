import Foundation

/// A localized title shown by the refresh components.
///
/// Each case names one title; its raw value is the key under which the title is stored in the
/// package's `Localizable.strings` tables. The English titles are MJRefresh's; the Chinese,
/// Korean, Russian and Ukrainian ones are MJRefresh 3.7.9's translations; the Arabic, German,
/// French, Hebrew, Japanese, Brazilian Portuguese, Spanish and Thai ones are this package's own,
/// under MJRefresh's keys. Look a title up with ``localized(language:)``:
///
/// ```swift
/// RefreshText.headerIdle.localized(language: "en")  // "Pull down to refresh"
/// RefreshText.headerIdle.localized(language: "zh-CN")  // "下拉可以刷新"
/// ```
///
/// Lookups are cached and safe to perform from any thread.
public enum RefreshText: String, CaseIterable, Sendable {
  /// The header's title while it is idle ("Pull down to refresh").
  case headerIdle = "MJRefreshHeaderIdleText"
  /// The header's title once pulled far enough to refresh ("Release to refresh").
  case headerPulling = "MJRefreshHeaderPullingText"
  /// The header's title while refreshing ("Loading...").
  case headerRefreshing = "MJRefreshHeaderRefreshingText"
  /// The header's title after a failed refresh ("Refresh failed"); this package's own.
  case headerFailed = "MJRefreshHeaderFailedText"

  /// The automatic footer's title while it is idle ("Tap or pull up to load more").
  case autoFooterIdle = "MJRefreshAutoFooterIdleText"
  /// The automatic footer's title while loading ("Loading...").
  case autoFooterRefreshing = "MJRefreshAutoFooterRefreshingText"
  /// The automatic footer's title when everything has been loaded ("No more data").
  case autoFooterNoMoreData = "MJRefreshAutoFooterNoMoreDataText"
  /// The automatic footer's title after a failed load ("Load failed. Tap to retry."); this
  /// package's own.
  case autoFooterFailed = "MJRefreshAutoFooterFailedText"

  /// The back footer's title while it is idle ("Pull up to load more").
  case backFooterIdle = "MJRefreshBackFooterIdleText"
  /// The back footer's title once pulled far enough to load ("Release to load more").
  case backFooterPulling = "MJRefreshBackFooterPullingText"
  /// The back footer's title while loading ("Loading...").
  case backFooterRefreshing = "MJRefreshBackFooterRefreshingText"
  /// The back footer's title when everything has been loaded ("No more data").
  case backFooterNoMoreData = "MJRefreshBackFooterNoMoreDataText"
  /// The back footer's title after a failed load ("Load failed. Pull up to retry."); this
  /// package's own.
  case backFooterFailed = "MJRefreshBackFooterFailedText"

  /// The trailer's title while it is idle ("Slide to see details").
  case trailerIdle = "MJRefreshTrailerIdleText"
  /// The trailer's title once pulled far enough to trigger ("Release to see details").
  case trailerPulling = "MJRefreshTrailerPullingText"
  /// The trailer's title after a failed load ("Load failed. Slide to retry."); this package's
  /// own.
  case trailerFailed = "MJRefreshTrailerFailedText"

  /// The leader's title while it is idle ("Slide to refresh"); ours, MJRefresh has no leader.
  case leaderIdle = "MJRefreshLeaderIdleText"
  /// The leader's title once pulled far enough to refresh ("Release to refresh").
  case leaderPulling = "MJRefreshLeaderPullingText"
  /// The leader's title while refreshing ("Loading...").
  case leaderRefreshing = "MJRefreshLeaderRefreshingText"
  /// The leader's title after a failed refresh ("Refresh failed. Slide to retry.").
  case leaderFailed = "MJRefreshLeaderFailedText"

  /// The automatic header's title while it is idle ("Tap or pull down to load more"); ours,
  /// MJRefresh has no automatic header.
  case autoHeaderIdle = "MJRefreshAutoHeaderIdleText"
  /// The automatic header's title while loading ("Loading...").
  case autoHeaderRefreshing = "MJRefreshAutoHeaderRefreshingText"
  /// The automatic header's title when everything has been loaded ("No more data").
  case autoHeaderNoMoreData = "MJRefreshAutoHeaderNoMoreDataText"
  /// The automatic header's title after a failed load ("Load failed. Tap to retry.").
  case autoHeaderFailed = "MJRefreshAutoHeaderFailedText"

  /// The two-level header's title once pulled far enough to open its second floor ("Release to
  /// open"); ours, MJRefresh has no second floor.
  case twoLevelHeaderSecondFloor = "MJRefreshTwoLevelHeaderSecondFloorText"

  /// The text put before the last update time ("Last update: ").
  case lastUpdatedPrefix = "MJRefreshHeaderLastTimeText"
  /// The word for a last update that happened today ("Today").
  case lastUpdatedToday = "MJRefreshHeaderDateTodayText"
  /// The text shown when there has been no update yet ("No record").
  case lastUpdatedNone = "MJRefreshHeaderNoneLastDateText"

  /// The name of a list's accessibility action that refreshes it ("Refresh"); ours, MJRefresh
  /// has no accessibility actions.
  case refreshAction = "MJRefreshRefreshActionName"
  /// The name of a list's accessibility action that loads more ("Load more"); ours.
  case loadMoreAction = "MJRefreshLoadMoreActionName"

  /// The canonical codes of the languages the titles are available in.
  ///
  /// The list is sorted: `["ar", "de", "en", "es", "fr", "he", "ja", "ko", "pt-BR", "ru", "th",
  /// "uk", "zh-Hans", "zh-Hant"]`. Each code is its own ``canonicalLanguage(for:)``.
  public static var availableLanguages: [String] {
    [
      "ar", "de", "en", "es", "fr", "he", "ja", "ko", "pt-BR", "ru", "th", "uk", "zh-Hans",
      "zh-Hant",
    ]
  }

  /// The available languages written right to left: Arabic and Hebrew.
  static let rightToLeftLanguages: Set<String> = ["ar", "he"]

  /// The language every lookup falls back to.
  static let fallbackLanguage = "en"

  /// The title in the given language.
  ///
  /// - Parameter language: A language code such as `"en"`, `"zh-Hans"`, `"zh_Hans"`, `"ko-KR"`
  ///   or `"zh-TW"`, mapped with ``canonicalLanguage(for:)``. When `nil`, the first available
  ///   of the user's languages is used (``preferredLanguages``). An unsupported language falls
  ///   back to English.
  /// - Returns: The title in the resolved language; the English title when that language lacks
  ///   it; the raw value (the key) when English lacks it too.
  public func localized(language: String? = nil) -> String {
    let resolved = Self.resolvedLanguage(language, preferredLanguages: Self.preferredLanguages)
    return Self.string(forKey: rawValue, language: resolved)
  }

  /// The canonical code of the available language that a language code stands for.
  ///
  /// Matching ignores case, accepts `-` or `_` between subtags and ignores a POSIX encoding or
  /// modifier suffix (`"ru_RU.UTF-8"`, `"uk_UA@euro"`). Region subtags are ignored except for
  /// Chinese, whose script subtag decides the variant when present (`"zh-Hant-CN"` is
  /// `"zh-Hant"`); otherwise Taiwan, Hong Kong and Macao (`"zh-TW"`, `"zh-HK"`, `"zh-MO"`) mean
  /// `"zh-Hant"` and any other Chinese code (`"zh"`, `"zh-CN"`, `"zh-SG"`) means `"zh-Hans"`.
  /// Every Portuguese code (`"pt"`, `"pt_PT"`) means `"pt-BR"`, the one Portuguese there is,
  /// and Hebrew's former code `"iw"` means `"he"`. `"C"` and `"POSIX"`, the locales of no
  /// language, mean `"en"`.
  ///
  /// - Parameter code: A language code or locale identifier, such as `"ko-KR"`.
  /// - Returns: One of ``availableLanguages``, or `nil` when the language is not available.
  public static func canonicalLanguage(for code: String) -> String? {
    var identifier = Substring(code.trimmingCharacters(in: .whitespaces))
    if let suffix = identifier.firstIndex(where: { $0 == "." || $0 == "@" }) {
      identifier = identifier[..<suffix]
    }
    let subtags = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map {
      $0.lowercased()
    }
    guard let language = subtags.first else { return nil }
    switch language {
    case "ar", "de", "en", "es", "fr", "he", "ja", "ko", "ru", "th", "uk":
      return language
    case "c", "posix":
      return subtags.count == 1 ? fallbackLanguage : nil
    case "iw":
      return "he"
    case "pt":
      return "pt-BR"
    case "zh":
      return chineseVariant(subtags: subtags.dropFirst())
    default:
      return nil
    }
  }

  /// The languages the user asked for, most wanted first: the environment's, as `gettext` reads
  /// it, or Foundation's `Locale.preferredLanguages` when the environment names none.
  ///
  /// On Linux, `Locale.preferredLanguages` answers `["en-001"]` whatever the environment says,
  /// so the terminal's variables are read here; see ``environmentLanguages(_:)``.
  public static var preferredLanguages: [String] {
    environmentLanguages(ProcessInfo.processInfo.environment) ?? Locale.preferredLanguages
  }

  /// The languages named by locale variables, in the order `gettext` consults them.
  ///
  /// The locale of messages is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`
  /// (POSIX's order: `LC_ALL` overrides the others). When it is set and is not `C` or `POSIX`
  /// (`C.UTF-8` included), the colon-separated list in `LANGUAGE` (GNU's extension) comes
  /// first, then the locale itself. A `C` or `POSIX` locale means English and, as in `gettext`,
  /// makes `LANGUAGE` ignored; so does a locale that is not set at all, which then leaves the
  /// choice to Foundation. The names are locale names (`"ar_EG.UTF-8"`), which
  /// ``canonicalLanguage(for:)`` understands.
  ///
  /// ```swift
  /// RefreshText.environmentLanguages(["LANG": "zh_CN.UTF-8"])  // ["zh_CN.UTF-8"]
  /// RefreshText.environmentLanguages(["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"])
  /// // ["fr", "de", "de_DE.UTF-8"]
  /// RefreshText.environmentLanguages(["LANGUAGE": "fr", "LC_ALL": "C"])  // ["C"]
  /// ```
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: The languages, or `nil` when none of the four variables is set (non-empty).
  public static func environmentLanguages(_ environment: [String: String]) -> [String]? {
    func value(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG") else {
      return nil
    }
    if isLanguageless(locale) { return [locale] }
    let list = value("LANGUAGE")?.split(separator: ":").map(String.init) ?? []
    return list + [locale]
  }

  /// Whether a locale name is `C` or `POSIX`, with or without an encoding (`C.UTF-8`).
  private static func isLanguageless(_ locale: String) -> Bool {
    let name = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
    return name == "C" || name == "POSIX"
  }

  /// The Chinese variant named by the lower-cased subtags that follow `zh`.
  private static func chineseVariant(subtags: ArraySlice<String>) -> String {
    if subtags.contains("hant") { return "zh-Hant" }
    if subtags.contains("hans") { return "zh-Hans" }
    if subtags.contains(where: { ["tw", "hk", "mo"].contains($0) }) { return "zh-Hant" }
    return "zh-Hans"
  }

  /// The available language a lookup uses.
  ///
  /// - Parameters:
  ///   - language: The requested code, or `nil` for the first preferred language.
  ///   - preferredLanguages: The user's languages, most wanted first, evaluated only when
  ///     `language` is `nil`.
  /// - Returns: A canonical code from ``availableLanguages``: the requested language's, or the
  ///   first available of the preferred ones; English when there is none.
  static func resolvedLanguage(
    _ language: String?, preferredLanguages: @autoclosure () -> [String]
  ) -> String {
    if let language { return canonicalLanguage(for: language) ?? fallbackLanguage }
    return preferredLanguages().lazy.compactMap(canonicalLanguage(for:)).first ?? fallbackLanguage
  }

  /// Whether a language's text is written right to left.
  ///
  /// - Parameter language: A language code, mapped with ``canonicalLanguage(for:)``.
  /// - Returns: `true` for Arabic and Hebrew.
  static func isRightToLeft(_ language: String) -> Bool {
    canonicalLanguage(for: language).map(rightToLeftLanguages.contains) ?? false
  }

  /// The string stored under `key` for an available language, with fallbacks.
  ///
  /// A key that is missing (or empty) in `language` is looked up in English; one missing there
  /// too is returned unchanged.
  static func string(
    forKey key: String, language: String, tables: StringsTableCache = bundledTables
  ) -> String {
    if let value = tables.table(for: language)[key], !value.isEmpty { return value }
    if language != fallbackLanguage, let value = tables.table(for: fallbackLanguage)[key],
      !value.isEmpty
    {
      return value
    }
    return key
  }

  /// The built-in string for a key, in a language or else English; `nil` when neither has it.
  static func bundledString(forKey key: String, language: String) -> String? {
    let value = string(forKey: key, language: language)
    return value == key && bundledTables.table(for: fallbackLanguage)[key] == nil ? nil : value
  }

  /// The parsed tables of the module's resource bundle, loaded on first use.
  static let bundledTables = StringsTableCache(load: loadBundledTable(language:))

  /// Reads and parses the module's `Localizable.strings` for a language.
  ///
  /// - Returns: The table, or an empty one when the bundle has no readable table for `language`.
  static func loadBundledTable(language: String) -> [String: String] {
    guard let url = StringsFile.url(forLanguage: language, in: .module),
      let data = try? Data(contentsOf: url)
    else { return [:] }
    return StringsFile.table(from: data) ?? [:]
  }
}
