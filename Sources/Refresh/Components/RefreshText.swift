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
  case headerIdle = "header.idle"
  /// The header's title once pulled far enough to refresh ("Release to refresh").
  case headerPulling = "header.pulling"
  /// The header's title while refreshing ("Loading...").
  case headerRefreshing = "header.refreshing"

  /// The automatic footer's title while it is idle ("Tap or pull up to load more").
  case autoFooterIdle = "footer.auto.idle"
  /// The automatic footer's title while loading ("Loading...").
  case autoFooterRefreshing = "footer.auto.refreshing"
  /// The automatic footer's title when everything has been loaded ("No more data").
  case autoFooterNoMoreData = "footer.auto.noMoreData"

  /// The back footer's title while it is idle ("Pull up to load more").
  case backFooterIdle = "footer.back.idle"
  /// The back footer's title once pulled far enough to load ("Release to load more").
  case backFooterPulling = "footer.back.pulling"
  /// The back footer's title while loading ("Loading...").
  case backFooterRefreshing = "footer.back.refreshing"
  /// The back footer's title when everything has been loaded ("No more data").
  case backFooterNoMoreData = "footer.back.noMoreData"

  /// The trailer's title while it is idle ("Slide to see details").
  case trailerIdle = "trailer.idle"
  /// The trailer's title once pulled far enough to trigger ("Release to see details").
  case trailerPulling = "trailer.pulling"

  /// The text put before the last update time ("Last update: ").
  case lastUpdatedPrefix = "lastUpdated.prefix"
  /// The word for a last update that happened today ("Today").
  case lastUpdatedToday = "lastUpdated.today"
  /// The text shown when there has been no update yet ("No record").
  case lastUpdatedNone = "lastUpdated.none"

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

/// A thread-safe cache of strings tables, keyed by language code.
///
/// Each language is loaded at most once, under the cache's lock; later lookups return the stored
/// table (an empty one when loading found nothing).
final class StringsTableCache: @unchecked Sendable {
  /// Guards `tables` and `loads`.
  private let lock = NSLock()
  private var tables: [String: [String: String]] = [:]
  private var loads = 0
  private let load: @Sendable (String) -> [String: String]

  /// Creates an empty cache that fills itself with `load`.
  init(load: @escaping @Sendable (String) -> [String: String]) {
    self.load = load
  }

  /// The table for `language`, loading it on first use.
  func table(for language: String) -> [String: String] {
    lock.withLock {
      if let table = tables[language] { return table }
      let table = load(language)
      loads += 1
      tables[language] = table
      return table
    }
  }

  /// How many times the cache has called its loader.
  var loadCount: Int { lock.withLock { loads } }
}

/// Finding and decoding `.strings` files.
enum StringsFile {
  /// The name of the strings table, without its extension.
  static let tableName = "Localizable"

  /// The URL of the `Localizable.strings` file for a language in a bundle.
  ///
  /// Asks the bundle first. On Linux, SwiftPM lower-cases `.lproj` folder names when it copies
  /// resources (`zh-Hans.lproj` becomes `zh-hans.lproj`) and Foundation's lookup is
  /// case-sensitive, so a failed lookup is retried by listing the bundle's resource directory and
  /// matching the folder name case-insensitively.
  static func url(forLanguage language: String, in bundle: Bundle) -> URL? {
    if let url = bundle.url(
      forResource: tableName, withExtension: "strings", subdirectory: nil, localization: language)
    {
      return url
    }
    guard let root = bundle.resourceURL,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path)
    else { return nil }
    let folderName = "\(language).lproj".lowercased()
    guard let folder = entries.first(where: { $0.lowercased() == folderName }) else { return nil }
    let url = root.appendingPathComponent(folder).appendingPathComponent("\(tableName).strings")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The key-value pairs of a `.strings` file's contents.
  ///
  /// Tries `PropertyListSerialization` (text or binary form), then ``parse(_:)``.
  ///
  /// - Returns: The table, or `nil` when the data is not a strings table.
  static func table(from data: Data) -> [String: String]? {
    if let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let dictionary = plist as? [String: Any]
    {
      return dictionary.compactMapValues { $0 as? String }
    }
    return text(from: data).flatMap(parse)
  }

  /// The text of a `.strings` file: UTF-16 when it starts with a byte order mark, else UTF-8.
  static func text(from data: Data) -> String? {
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      return String(data: data, encoding: .utf16)
    }
    return String(data: data, encoding: .utf8)
  }

  /// Parses the text of a `.strings` file.
  ///
  /// Understands `"key" = "value";` entries, the `"key";` shorthand (the value is the key),
  /// `/* */` and `//` comments, and the escapes `\"`, `\\`, `\'`, `\n`, `\t`, `\r`, `\0` and
  /// `\U` or `\u` followed by four hexadecimal digits (surrogate pairs are combined).
  ///
  /// - Returns: The table, or `nil` when the text is malformed.
  static func parse(_ text: String) -> [String: String]? {
    var scanner = StringsScanner(text)
    var table: [String: String] = [:]
    while true {
      guard scanner.skipTrivia() else { return nil }
      if scanner.isAtEnd { return table }
      guard let key = scanner.quotedString(), scanner.skipTrivia() else { return nil }
      if scanner.consume(";") {
        table[key] = key
        continue
      }
      guard scanner.consume("="), scanner.skipTrivia(), let value = scanner.quotedString(),
        scanner.skipTrivia(), scanner.consume(";")
      else { return nil }
      table[key] = value
    }
  }
}

/// A cursor over the Unicode scalars of a `.strings` file.
private struct StringsScanner {
  private let scalars: [Unicode.Scalar]
  private var index = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  var isAtEnd: Bool { index == scalars.count }

  private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  /// Consumes `scalar` if it is next.
  mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
    guard current == scalar else { return false }
    index += 1
    return true
  }

  /// Skips whitespace, byte order marks and comments; `false` for an unterminated comment.
  mutating func skipTrivia() -> Bool {
    while let scalar = current {
      if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
        index += 1
      } else if scalar == "/", peek(1) == "/" {
        while let next = current, next != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        index += 2
        while !(current == "*" && peek(1) == "/") {
          guard current != nil else { return false }
          index += 1
        }
        index += 2
      } else {
        return true
      }
    }
    return true
  }

  /// Consumes a double-quoted string and returns its unescaped contents.
  mutating func quotedString() -> String? {
    guard consume("\"") else { return nil }
    var result = String.UnicodeScalarView()
    var pendingHighSurrogate: UInt32?
    while let scalar = current {
      index += 1
      if scalar == "\"" {
        return pendingHighSurrogate == nil ? String(result) : nil
      }
      guard scalar == "\\" else {
        guard pendingHighSurrogate == nil else { return nil }
        result.append(scalar)
        continue
      }
      guard let escaped = current else { return nil }
      index += 1
      if escaped == "U" || escaped == "u" {
        guard let unit = hexQuad() else { return nil }
        if let high = pendingHighSurrogate {
          guard (0xDC00...0xDFFF).contains(unit) else { return nil }
          let value = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
          guard let combined = Unicode.Scalar(value) else { return nil }
          result.append(combined)
          pendingHighSurrogate = nil
        } else if (0xD800...0xDBFF).contains(unit) {
          pendingHighSurrogate = unit
        } else {
          guard let decoded = Unicode.Scalar(unit) else { return nil }
          result.append(decoded)
        }
        continue
      }
      guard pendingHighSurrogate == nil else { return nil }
      switch escaped {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "0": result.append("\0")
      default: result.append(escaped)
      }
    }
    return nil
  }

  /// Consumes four hexadecimal digits and returns their value.
  private mutating func hexQuad() -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let scalar = current, let digit = Character(scalar).hexDigitValue else { return nil }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
