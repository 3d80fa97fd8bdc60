import Dispatch
import Foundation
import Testing

@testable import Refresh

/// MJRefresh's English titles, plus our own trailer titles.
private let englishTitles: [(RefreshText, String)] = [
  (.headerIdle, "Pull down to refresh"),
  (.headerPulling, "Release to refresh"),
  (.headerRefreshing, "Loading..."),
  (.headerFailed, "Refresh failed"),
  (.autoFooterIdle, "Tap or pull up to load more"),
  (.autoFooterRefreshing, "Loading..."),
  (.autoFooterNoMoreData, "No more data"),
  (.autoFooterFailed, "Load failed. Tap to retry."),
  (.backFooterIdle, "Pull up to load more"),
  (.backFooterPulling, "Release to load more"),
  (.backFooterRefreshing, "Loading..."),
  (.backFooterNoMoreData, "No more data"),
  (.backFooterFailed, "Load failed. Pull up to retry."),
  (.trailerIdle, "Slide to see details"),
  (.trailerPulling, "Release to see details"),
  (.trailerFailed, "Load failed. Slide to retry."),
  (.leaderIdle, "Slide to refresh"),
  (.leaderPulling, "Release to refresh"),
  (.leaderRefreshing, "Loading..."),
  (.leaderFailed, "Refresh failed. Slide to retry."),
  (.autoHeaderIdle, "Tap or pull down to load more"),
  (.autoHeaderRefreshing, "Loading..."),
  (.autoHeaderNoMoreData, "No more data"),
  (.autoHeaderFailed, "Load failed. Tap to retry."),
  (.twoLevelHeaderSecondFloor, "Release to open"),
  (.lastUpdatedPrefix, "Last update: "),
  (.lastUpdatedToday, "Today"),
  (.lastUpdatedNone, "No record"),
  (.refreshAction, "Refresh"),
  (.loadMoreAction, "Load more"),
]

/// Translated titles, checked against MJRefresh 3.7.9's `MJRefresh.bundle` files.
private let translatedTitles: [(RefreshText, String, String)] = [
  (.headerIdle, "zh-Hans", "下拉可以刷新"),
  (.headerPulling, "zh-Hans", "松开立即刷新"),
  (.headerRefreshing, "zh-Hans", "正在刷新数据中..."),
  (.autoFooterNoMoreData, "zh-Hans", "已经全部加载完毕"),
  (.trailerIdle, "zh-Hans", "滑动查看图文详情"),
  (.lastUpdatedPrefix, "zh-Hans", "最后更新："),
  (.headerPulling, "zh-Hant", "鬆開立即刷新"),
  (.backFooterRefreshing, "zh-Hant", "正在加載更多的數據..."),
  (.trailerPulling, "zh-Hant", "釋放查看圖文詳情"),
  (.lastUpdatedNone, "zh-Hant", "無記錄"),
  (.headerIdle, "ko", "아래로 당겨 새로고침"),
  (.backFooterPulling, "ko", "놓으면 더 로드됨."),
  (.headerIdle, "ru", "Потяните чтобы обновить"),
  (.lastUpdatedPrefix, "ru", "Последнее обновление: "),
  (.autoFooterIdle, "uk", "Натисніть або потягніть щоб завантажити ще"),
  (.lastUpdatedToday, "uk", "Сьогодні"),
]

/// Language codes and the available language each stands for.
private let languageCodes: [(String, String?)] = [
  ("en", "en"),
  ("EN", "en"),
  ("en-US", "en"),
  ("en-001", "en"),
  ("en_GB.UTF-8", "en"),
  ("ko", "ko"),
  ("ko-KR", "ko"),
  ("ko_KR", "ko"),
  ("ru", "ru"),
  ("ru_RU.UTF-8", "ru"),
  ("uk", "uk"),
  ("uk-UA", "uk"),
  ("uk_UA@euro", "uk"),
  ("zh-Hans", "zh-Hans"),
  ("zh_Hans", "zh-Hans"),
  ("zh-hans", "zh-Hans"),
  ("zh-Hans-CN", "zh-Hans"),
  ("zh-Hans-HK", "zh-Hans"),
  ("zh-CN", "zh-Hans"),
  ("zh_CN", "zh-Hans"),
  ("zh-SG", "zh-Hans"),
  ("zh", "zh-Hans"),
  ("zh-Hant", "zh-Hant"),
  ("zh-hant", "zh-Hant"),
  ("zh_Hant_TW", "zh-Hant"),
  ("zh-Hant-CN", "zh-Hant"),
  ("zh-TW", "zh-Hant"),
  ("zh-HK", "zh-Hant"),
  ("zh_MO", "zh-Hant"),
  ("ar", "ar"),
  ("ar_EG.UTF-8", "ar"),
  ("ar-SA", "ar"),
  ("he", "he"),
  ("he_IL.UTF-8", "he"),
  ("iw_IL", "he"),
  ("ja", "ja"),
  ("ja_JP.UTF-8", "ja"),
  ("pt-BR", "pt-BR"),
  ("pt_BR.UTF-8", "pt-BR"),
  ("pt_PT", "pt-BR"),
  ("pt", "pt-BR"),
  ("th_TH.UTF-8", "th"),
  ("de-DE", "de"),
  ("de_AT.UTF-8@euro", "de"),
  ("fr", "fr"),
  ("fr_CA", "fr"),
  ("es_ES.UTF-8", "es"),
  ("es-419", "es"),
  ("C", "en"),
  ("C.UTF-8", "en"),
  ("POSIX", "en"),
  ("fa_IR", nil),
  ("english", nil),
  ("", nil),
  ("C-x", nil),
]

/// A dictionary that threads can write to.
private final class LockedResults: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int: String] = [:]
  func set(_ value: String, at index: Int) { lock.withLock { values[index] = value } }
  var snapshot: [Int: String] { lock.withLock { values } }
}

/// The `Localizable.strings` table of a language in the module's bundle, parsed.
private func bundledTable(_ language: String) throws -> [String: String] {
  let url = try #require(StringsFile.url(forLanguage: language, in: .module))
  let data = try Data(contentsOf: url)
  return try #require(StringsFile.table(from: data))
}

@Suite("RefreshText")
struct RefreshTextTests {
  @Test func availableLanguagesAreTheCanonicalCodes() {
    #expect(
      RefreshText.availableLanguages == [
        "ar", "de", "en", "es", "fr", "he", "ja", "ko", "pt-BR", "ru", "th", "uk", "zh-Hans",
        "zh-Hant",
      ])
    for language in RefreshText.availableLanguages {
      #expect(RefreshText.canonicalLanguage(for: language) == language)
    }
  }

  @Test func bundleHoldsOneFolderPerAvailableLanguage() throws {
    let root = try #require(Bundle.module.resourceURL)
    let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
      .filter { $0.hasSuffix(".lproj") }
      .map { $0.lowercased() }
    #expect(
      Set(folders) == Set(RefreshText.availableLanguages.map { "\($0.lowercased()).lproj" }))
  }

  @Test("Every key is present and non-empty", arguments: RefreshText.availableLanguages)
  func everyKeyIsPresent(language: String) throws {
    let table = try bundledTable(language)
    #expect(Set(table.keys) == Set(RefreshText.allCases.map(\.rawValue)))
    for text in RefreshText.allCases {
      let value = try #require(table[text.rawValue], "\(text) missing in \(language)")
      #expect(!value.isEmpty, "\(text) empty in \(language)")
      #expect(text.localized(language: language) == value)
    }
  }

  @Test(
    "The fallback parser agrees with PropertyListSerialization",
    arguments: RefreshText.availableLanguages)
  func parserAgreesWithPropertyLists(language: String) throws {
    let url = try #require(StringsFile.url(forLanguage: language, in: .module))
    let text = try #require(StringsFile.text(from: try Data(contentsOf: url)))
    #expect(StringsFile.parse(text) == (try bundledTable(language)))
  }

  @Test func englishTitlesCoverEveryKey() {
    #expect(englishTitles.map(\.0) == RefreshText.allCases)
  }

  @Test("English titles", arguments: englishTitles)
  func englishTitle(text: RefreshText, title: String) {
    #expect(text.localized(language: "en") == title)
  }

  @Test("Translated titles", arguments: translatedTitles)
  func translatedTitle(text: RefreshText, language: String, title: String) {
    #expect(text.localized(language: language) == title)
  }

  @Test("Language code mapping", arguments: languageCodes)
  func canonicalLanguage(code: String, expected: String?) {
    #expect(RefreshText.canonicalLanguage(for: code) == expected)
  }

  @Test("Lookups accept any spelling of a language", arguments: languageCodes)
  func lookupUsesCanonicalLanguage(code: String, expected: String?) {
    for text in RefreshText.allCases {
      #expect(text.localized(language: code) == text.localized(language: expected ?? "en"))
    }
  }

  @Test(
    "Unsupported languages fall back to English", arguments: ["fa", "hi-IN", "", "xx-YY"])
  func unsupportedLanguageFallsBackToEnglish(code: String) {
    for (text, title) in englishTitles {
      #expect(text.localized(language: code) == title)
    }
  }

  @Test func nilLanguageUsesThePreferredLanguageOrEnglish() {
    let preferred = RefreshText.preferredLanguages.lazy
      .compactMap(RefreshText.canonicalLanguage(for:)).first
    for text in RefreshText.allCases {
      #expect(text.localized() == text.localized(language: preferred ?? "en"))
    }
  }

  @Test func resolvedLanguage() {
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: ["ko-KR", "en"]) == "ko")
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: ["zh-TW"]) == "zh-Hant")
    // The first available of the preferred languages, as gettext takes LANGUAGE's list.
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: ["fa-IR", "ru"]) == "ru")
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: ["fa", "hi"]) == "en")
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: []) == "en")
    #expect(RefreshText.resolvedLanguage("uk", preferredLanguages: ["ko"]) == "uk")
    #expect(RefreshText.resolvedLanguage("fa", preferredLanguages: ["ko"]) == "en")
  }

  @Test(
    "The environment's languages, in gettext's order",
    arguments: [
      (["LANG": "zh_CN.UTF-8"], ["zh_CN.UTF-8"]),
      (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"], ["ar_EG.UTF-8"]),
      (["LANG": "de_DE", "LC_MESSAGES": "ar_EG", "LC_ALL": "ja_JP.UTF-8"], ["ja_JP.UTF-8"]),
      (["LANG": "de_DE.UTF-8", "LC_ALL": ""], ["de_DE.UTF-8"]),
      (["LANGUAGE": "fr:pt_BR", "LANG": "de_DE.UTF-8"], ["fr", "pt_BR", "de_DE.UTF-8"]),
      (["LANGUAGE": "fr::es", "LANG": "he_IL"], ["fr", "es", "he_IL"]),
      // A C or POSIX locale means English and, as in gettext, LANGUAGE is ignored.
      (["LANGUAGE": "fr", "LANG": "C.UTF-8"], ["C.UTF-8"]),
      (["LANGUAGE": "fr", "LC_ALL": "POSIX", "LANG": "fr_FR"], ["POSIX"]),
    ] as [([String: String], [String])])
  func environmentLanguages(environment: [String: String], expected: [String]) {
    #expect(RefreshText.environmentLanguages(environment) == expected)
  }

  @Test func withNoLocaleVariableFoundationDecides() {
    #expect(RefreshText.environmentLanguages([:]) == nil)
    #expect(RefreshText.environmentLanguages(["LANG": "", "LANGUAGE": "fr"]) == nil)
    #expect(RefreshText.environmentLanguages(["PATH": "/usr/bin"]) == nil)
  }

  @Test(
    "The environment picks the titles' language",
    arguments: [
      (["LANG": "zh_CN.UTF-8"], "zh-Hans"),
      (["LANG": "ar_EG.UTF-8"], "ar"),
      (["LANG": "C.UTF-8"], "en"),
      (["LANGUAGE": "fa:he", "LANG": "ja_JP.UTF-8"], "he"),
      (["LANGUAGE": "fa", "LANG": "ja_JP.UTF-8"], "ja"),
      (["LANGUAGE": "ar", "LC_ALL": "C"], "en"),
    ] as [([String: String], String)])
  func environmentPicksLanguage(environment: [String: String], language: String) {
    let languages = RefreshText.environmentLanguages(environment) ?? []
    #expect(RefreshText.resolvedLanguage(nil, preferredLanguages: languages) == language)
  }

  @Test(
    "Every language has every key English has, and nothing more",
    arguments: RefreshText.availableLanguages)
  func noKeyIsMissing(language: String) throws {
    let english = try bundledTable("en")
    let table = try bundledTable(language)
    let missing = Set(english.keys).subtracting(table.keys).sorted()
    let extra = Set(table.keys).subtracting(english.keys).sorted()
    #expect(missing.isEmpty, "\(language) lacks \(missing)")
    #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra)")
    for (key, value) in table {
      #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(key) empty in \(language)")
      // Translated: a title equal to English is a forgotten translation (the prefix and
      // "Loading..." included); English itself and identical Chinese variants aside.
      if language != "en", !language.hasPrefix("zh"), let englishValue = english[key] {
        #expect(value != englishValue, "\(key) in \(language) is the English title")
      }
    }
  }

  @Test(
    "Right-to-left languages",
    arguments: [
      ("ar", true), ("he_IL.UTF-8", true), ("iw", true),
      ("en", false), ("zh-Hans", false), ("fa", false),
    ])
  func rightToLeft(language: String, isRightToLeft: Bool) {
    #expect(RefreshText.isRightToLeft(language) == isRightToLeft)
  }

  @Test func missingKeysFallBackToEnglishThenToTheKey() {
    let tables = StringsTableCache { language in
      switch language {
      case "en": ["a": "English A", "b": "English B", "c": ""]
      case "ko": ["a": "Korean A", "c": "Korean C", "d": ""]
      default: [:]
      }
    }
    #expect(RefreshText.string(forKey: "a", language: "ko", tables: tables) == "Korean A")
    #expect(RefreshText.string(forKey: "b", language: "ko", tables: tables) == "English B")
    #expect(RefreshText.string(forKey: "c", language: "ko", tables: tables) == "Korean C")
    #expect(RefreshText.string(forKey: "c", language: "en", tables: tables) == "c")
    #expect(RefreshText.string(forKey: "d", language: "ko", tables: tables) == "d")
    #expect(RefreshText.string(forKey: "e", language: "ru", tables: tables) == "e")
    #expect(RefreshText.string(forKey: "no.such.key", language: "ko") == "no.such.key")
  }

  @Test func concurrentLookupsAgree() {
    let codes = languageCodes.map(\.0)
    let texts = RefreshText.allCases
    let iterations = 2_000
    let expected = (0..<iterations).map { index in
      texts[index % texts.count].localized(language: codes[index % codes.count])
    }
    let results = LockedResults()
    DispatchQueue.concurrentPerform(iterations: iterations) { index in
      let text = texts[index % texts.count]
      results.set(text.localized(language: codes[index % codes.count]), at: index)
    }
    let snapshot = results.snapshot
    #expect(snapshot.count == iterations)
    for index in 0..<iterations {
      #expect(snapshot[index] == expected[index])
    }
  }

  @Test func coldCacheLoadsEachLanguageOnceUnderConcurrency() {
    let tables = StringsTableCache(load: RefreshText.loadBundledTable(language:))
    let languages = RefreshText.availableLanguages
    let results = LockedResults()
    DispatchQueue.concurrentPerform(iterations: 600) { index in
      let language = languages[index % languages.count]
      let value = RefreshText.string(
        forKey: RefreshText.headerIdle.rawValue, language: language, tables: tables)
      results.set(value, at: index)
    }
    #expect(tables.loadCount == languages.count)
    let snapshot = results.snapshot
    for index in 0..<600 {
      let language = languages[index % languages.count]
      #expect(snapshot[index] == RefreshText.headerIdle.localized(language: language))
    }
  }
}
