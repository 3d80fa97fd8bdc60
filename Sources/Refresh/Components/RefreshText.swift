import Foundation

/// A localized title shown by the refresh components.
///
/// Each case names one title; its raw value is the key under which the title is stored in the
/// package's `Localizable.strings` tables. The English titles are MJRefresh's; the Chinese,
/// Korean, Russian and Ukrainian ones are MJRefresh 3.7.9's translations. Look a title up with
/// ``localized(language:)``:
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

  /// The automatic footer's title while it is idle ("Tap or pull up to load more").
  case autoFooterIdle = "MJRefreshAutoFooterIdleText"
  /// The automatic footer's title while loading ("Loading...").
  case autoFooterRefreshing = "MJRefreshAutoFooterRefreshingText"
  /// The automatic footer's title when everything has been loaded ("No more data").
  case autoFooterNoMoreData = "MJRefreshAutoFooterNoMoreDataText"

  /// The back footer's title while it is idle ("Pull up to load more").
  case backFooterIdle = "MJRefreshBackFooterIdleText"
  /// The back footer's title once pulled far enough to load ("Release to load more").
  case backFooterPulling = "MJRefreshBackFooterPullingText"
  /// The back footer's title while loading ("Loading...").
  case backFooterRefreshing = "MJRefreshBackFooterRefreshingText"
  /// The back footer's title when everything has been loaded ("No more data").
  case backFooterNoMoreData = "MJRefreshBackFooterNoMoreDataText"

  /// The trailer's title while it is idle ("Slide to see details").
  case trailerIdle = "MJRefreshTrailerIdleText"
  /// The trailer's title once pulled far enough to trigger ("Release to see details").
  case trailerPulling = "MJRefreshTrailerPullingText"

  /// The text put before the last update time ("Last update: ").
  case lastUpdatedPrefix = "MJRefreshHeaderLastTimeText"
  /// The word for a last update that happened today ("Today").
  case lastUpdatedToday = "MJRefreshHeaderDateTodayText"
  /// The text shown when there has been no update yet ("No record").
  case lastUpdatedNone = "MJRefreshHeaderNoneLastDateText"

  /// The canonical codes of the languages the titles are available in.
  ///
  /// The list is sorted: `["en", "ko", "ru", "uk", "zh-Hans", "zh-Hant"]`. Each code is its own
  /// ``canonicalLanguage(for:)``.
  public static var availableLanguages: [String] { ["en", "ko", "ru", "uk", "zh-Hans", "zh-Hant"] }

  /// The language every lookup falls back to.
  static let fallbackLanguage = "en"

  /// The title in the given language.
  ///
  /// - Parameter language: A language code such as `"en"`, `"zh-Hans"`, `"zh_Hans"`, `"ko-KR"`
  ///   or `"zh-TW"`, mapped with ``canonicalLanguage(for:)``. When `nil`, the process's
  ///   preferred language (the first of `Locale.preferredLanguages`) is used. An unsupported
  ///   language falls back to English.
  /// - Returns: The title in the resolved language; the English title when that language lacks
  ///   it; the raw value (the key) when English lacks it too.
  public func localized(language: String? = nil) -> String {
    let resolved = Self.resolvedLanguage(language, preferredLanguages: Locale.preferredLanguages)
    return Self.string(forKey: rawValue, language: resolved)
  }

  /// The canonical code of the available language that a language code stands for.
  ///
  /// Matching ignores case, accepts `-` or `_` between subtags and ignores a POSIX encoding or
  /// modifier suffix (`"ru_RU.UTF-8"`, `"uk_UA@euro"`). Region subtags are ignored except for
  /// Chinese, whose script subtag decides the variant when present (`"zh-Hant-CN"` is
  /// `"zh-Hant"`); otherwise Taiwan, Hong Kong and Macao (`"zh-TW"`, `"zh-HK"`, `"zh-MO"`) mean
  /// `"zh-Hant"` and any other Chinese code (`"zh"`, `"zh-CN"`, `"zh-SG"`) means `"zh-Hans"`.
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
    case "en", "ko", "ru", "uk":
      return language
    case "zh":
      return chineseVariant(subtags: subtags.dropFirst())
    default:
      return nil
    }
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
  ///   - preferredLanguages: The process's preferred languages, evaluated only when `language`
  ///     is `nil`.
  /// - Returns: A canonical code from ``availableLanguages``; English when the requested (or
  ///   preferred) language is not available.
  static func resolvedLanguage(
    _ language: String?, preferredLanguages: @autoclosure () -> [String]
  ) -> String {
    let requested = language ?? preferredLanguages().first
    return requested.flatMap(canonicalLanguage(for:)) ?? fallbackLanguage
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
