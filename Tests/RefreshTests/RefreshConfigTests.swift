import Foundation
import Testing

@testable import Refresh

/// Localization as MJRefresh does it: its keys, an app's own table overriding them key by key,
/// live updates.
@MainActor
@Suite("RefreshConfig: localization")
struct RefreshConfigTests {
  /// A bundle on disk with `Custom.strings` in `en.lproj` and in a lower-cased `zh-hans.lproj`,
  /// as SwiftPM copies resources on Linux.
  static func makeAppBundle() throws -> Bundle {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("RefreshConfigTests-\(UUID().uuidString).bundle")
    let tables = [
      "en.lproj": #""MJRefreshHeaderIdleText" = "Pull, friend"; "AppKey" = "From the app";"#,
      "zh-hans.lproj": #""MJRefreshHeaderIdleText" = "朋友，下拉";"#,
    ]
    for (folder, text) in tables {
      let directory = root.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: directory.appendingPathComponent("Custom.strings"))
    }
    return try #require(Bundle(path: root.path))
  }

  /// Runs `body` with the shared configuration, restoring it afterwards.
  func withConfig(_ body: (RefreshConfig) throws -> Void) rethrows {
    let config = RefreshConfig.default
    let saved = (config.languageCode, config.i18nBundle, config.i18nFilename)
    defer {
      config.languageCode = saved.0
      config.i18nBundle = saved.1
      config.i18nFilename = saved.2
    }
    try body(config)
  }

  @Test func theTablesUseMJRefreshsKeys() {
    let keys = [
      "MJRefreshHeaderIdleText", "MJRefreshHeaderPullingText", "MJRefreshHeaderRefreshingText",
      "MJRefreshAutoFooterIdleText", "MJRefreshAutoFooterRefreshingText",
      "MJRefreshAutoFooterNoMoreDataText", "MJRefreshBackFooterIdleText",
      "MJRefreshBackFooterPullingText", "MJRefreshBackFooterRefreshingText",
      "MJRefreshBackFooterNoMoreDataText", "MJRefreshHeaderLastTimeText",
      "MJRefreshHeaderDateTodayText", "MJRefreshHeaderNoneLastDateText",
      "MJRefreshTrailerIdleText", "MJRefreshTrailerPullingText",
      "MJRefreshLeaderIdleText", "MJRefreshLeaderPullingText", "MJRefreshLeaderRefreshingText",
      "MJRefreshAutoHeaderIdleText", "MJRefreshAutoHeaderRefreshingText",
      "MJRefreshAutoHeaderNoMoreDataText", "MJRefreshTwoLevelHeaderSecondFloorText",
      // This package's own, named as MJRefresh would: the titles of a failure.
      "MJRefreshHeaderFailedText", "MJRefreshAutoFooterFailedText",
      "MJRefreshBackFooterFailedText", "MJRefreshTrailerFailedText", "MJRefreshLeaderFailedText",
      "MJRefreshAutoHeaderFailedText",
      // And the names of a list's accessibility actions.
      "MJRefreshRefreshActionName", "MJRefreshLoadMoreActionName",
    ]
    #expect(Set(RefreshText.allCases.map(\.rawValue)) == Set(keys))
    for language in RefreshText.availableLanguages {
      let table = RefreshText.bundledTables.table(for: language)
      #expect(Set(table.keys) == Set(keys), "\(language)")
    }
  }

  @Test func anAppTableOverridesKeyByKeyAndUpdatesLiveComponents() throws {
    try withConfig { config in
      config.languageCode = "en"
      let scene = Scene()
      let header = RefreshNormalHeader()
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      scene.scroll.header = header
      #expect(header.stateLabel.text == "Pull down to refresh")
      config.i18nBundle = try Self.makeAppBundle()
      #expect(header.stateLabel.text == "Pull down to refresh")  // no Localizable.strings there
      config.i18nFilename = "Custom"
      #expect(header.stateLabel.text == "Pull, friend")
      #expect(header.title(for: .pulling) == "Release to refresh")  // from the built-in table
      config.languageCode = "zh-Hans"  // found in zh-hans.lproj
      #expect(header.stateLabel.text == "朋友，下拉")
      #expect(header.title(for: .pulling) == "松开立即刷新")
      config.i18nBundle = nil
      #expect(header.stateLabel.text == "下拉可以刷新")
    }
  }

  @Test func localizedStringServesCustomComponents() throws {
    try withConfig { config in
      config.languageCode = "en"
      #expect(config.localizedString(forKey: "MJRefreshHeaderIdleText") == "Pull down to refresh")
      #expect(config.localizedString(forKey: "AppKey") == "AppKey")
      #expect(config.localizedString(forKey: "AppKey", value: "Fallback") == "Fallback")
      config.i18nBundle = try Self.makeAppBundle()
      config.i18nFilename = "Custom"
      #expect(config.localizedString(forKey: "AppKey") == "From the app")
      #expect(config.localizedString(forKey: "MJRefreshHeaderIdleText") == "Pull, friend")
      config.languageCode = "ko"  // no Korean table in the app: the built-in Korean title
      #expect(config.localizedString(forKey: "MJRefreshHeaderIdleText") == "아래로 당겨 새로고침")
    }
  }
}
