import DemoCore
import Foundation
import Refresh
import Testing

@MainActor
@Suite("The demo starts in the terminal user's language")
struct DemoLanguageTests {
  /// Locale variables as a terminal sets them, and the language the demo should start in.
  @Test(arguments: [
    (["LANG": "ar_EG.UTF-8"], "ar"),
    (["LANG": "zh_CN.UTF-8"], "zh-Hans"),
    (["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], "ko"),
    (["LC_ALL": "he_IL.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], "he"),
    (["LANGUAGE": "xx:fr:de", "LANG": "de_DE.UTF-8"], "fr"),
    (["LANGUAGE": "ja", "LC_ALL": "C.UTF-8"], "en"),
    (["LANG": "sw_KE.UTF-8"], "en"),
  ])
  func startsInTheLanguageOfTheEnvironment(environment: [String: String], language: String)
    throws
  {
    defer { RefreshConfig.default.languageCode = nil }
    let languages = RefreshText.environmentLanguages(environment) ?? []
    let clock = ManualFrameClock()
    let app = DemoApp(clock: clock, columns: 64, rows: 22, preferredLanguages: languages)
    clock.advance(by: 0)
    #expect(RefreshConfig.default.languageCode == language)
    #expect(app.titleText.contains("· \(language) ·"))
    let header = try #require(app.scroll.header as? RefreshStateHeader)
    #expect(header.stateLabel.text == RefreshText.headerIdle.localized(language: language))
    let direction: UserInterfaceLayoutDirection =
      ["ar", "he"].contains(language) ? .rightToLeft : .leftToRight
    #expect(header.effectiveUserInterfaceLayoutDirection == direction)
  }

  /// `l` goes on from the user's language through every language the library has, and back.
  @Test func theLanguageKeyCyclesFromTheUsersLanguageThroughAllOfThem() {
    defer { RefreshConfig.default.languageCode = nil }
    #expect(Set(DemoApp.languages) == Set(RefreshText.availableLanguages))
    #expect(DemoApp.languages.count == RefreshText.availableLanguages.count)
    let app = DemoApp(clock: ManualFrameClock(), columns: 64, rows: 22, preferredLanguages: ["ar"])
    var seen: [String] = []
    for _ in DemoApp.languages {
      seen.append(RefreshConfig.default.languageCode ?? "")
      app.handle(.key(.character("l")))
    }
    #expect(seen.first == "ar")
    #expect(Set(seen) == Set(DemoApp.languages))
    #expect(RefreshConfig.default.languageCode == "ar")
  }

  /// The demo's own strings follow the components' language: the tab names and a refresh's
  /// result, in each language the library has; English as before.
  @Test(arguments: [
    ("en", " [Latest]  Popular   Saved ", "3 new posts"),
    ("de", " [Neueste]  Beliebt   Gespeichert ", "Neue Beiträge: 3"),
    ("zh-Hans", " [最新]  热门   已收藏 ", "3 条新帖子"),
    ("ru", " [Новое]  Популярное   Сохранённое ", "Новых постов: 3"),
  ])
  func theDemosOwnStringsSpeakTheComponentsLanguage(
    language: String, strip: String, result: String
  ) {
    defer { RefreshConfig.default.languageCode = nil }
    let clock = ManualFrameClock()
    let app = DemoApp(
      clock: clock, columns: 64, rows: 22, tabs: DemoApp.standardTabs,
      preferredLanguages: [language])
    clock.advance(by: 0)
    let rows = app.screenText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[1].hasPrefix(strip), "\(rows[1])")
    app.handle(.key(.character("r")))
    var shown: String?
    for _ in 0..<600 where shown == nil {
      clock.advance(by: 1.0 / 60)
      shown = app.currentTab.list.header?.resultText
    }
    #expect(shown == result)
  }

  @Test func everyLanguageHasEveryString() {
    for language in DemoApp.languages {
      #expect(DemoText.tabName("Latest", language: language) != "Latest" || language == "en")
      #expect(!DemoText.newPosts(2, language: language).isEmpty)
      #expect(DemoText.newPosts(0, language: language) != DemoText.newPosts(2, language: language))
    }
    #expect(DemoText.newPosts(1, language: "en") == "1 new post")
    #expect(DemoText.newPosts(0, language: "en") == "No new posts")
    #expect(DemoText.tabName("Feed", language: "de") == "Feed")
    #expect(DemoText.newPosts(3, language: "xx") == "3 new posts")
  }
}
