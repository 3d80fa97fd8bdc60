import Foundation
import Observing

/// Settings shared by every refresh component: the language of their titles, an app's own
/// strings table, their colors, the animation durations.
///
/// Switching the language, or the app's table, updates every attached component at once (each
/// gets ``RefreshComponent/i18nDidChange()``), and so does changing the colors:
///
/// ```swift
/// RefreshConfig.default.languageCode = "zh-Hans"
/// RefreshConfig.default.i18nBundle = .main  // the app's own <language>.lproj/Localizable.strings
/// RefreshConfig.default.textColor = .label  // every title in the terminal's own text color
/// RefreshConfig.default.tintColor = .orange  // every arrow and spinner
/// ```
@MainActor
public final class RefreshConfig: Observable {
  /// The registry of this object's observers.
  public nonisolated let observationRegistry = ObservationRegistry()

  /// The shared configuration.
  public static let `default` = RefreshConfig()

  /// The language of the titles: one of ``RefreshText/availableLanguages`` ("en", "zh-Hans",
  /// "ar", "ja", ...; other spellings such as "zh_CN" or "ko-KR" are understood), or `nil` for
  /// the terminal user's language (``RefreshText/preferredLanguages``: `LANGUAGE`, `LC_ALL`,
  /// `LC_MESSAGES` and `LANG`, as `gettext` reads them), falling back to English.
  @Observed public var languageCode: String? {
    didSet { localizationDidChange() }
  }

  /// A bundle whose strings tables override the built-in titles, key by key: MJRefresh's
  /// `i18nBundle`.
  ///
  /// The table is `<language>.lproj/<i18nFilename>.strings` in the bundle, for the language the
  /// titles are in (``languageCode`` resolved as the built-in tables resolve it); its keys are
  /// MJRefresh's (``RefreshText``'s raw values, such as `MJRefreshHeaderIdleText`). A key the
  /// app's table lacks comes from the built-in table. `.lproj` folders are found whatever the
  /// case of their names (SwiftPM lower-cases them on Linux).
  @Observed public var i18nBundle: Bundle? {
    didSet { localizationDidChange() }
  }

  /// The name of the app's strings table in ``i18nBundle``: MJRefresh's `i18nFilename`.
  ///
  /// Without `.strings`; `Localizable` when `nil`.
  @Observed public var i18nFilename: String? {
    didSet { localizationDidChange() }
  }

  /// The color of every built-in component's titles and of the header's last update time.
  ///
  /// ``Color/secondaryLabel`` by default, a gray that reads on light and dark terminals
  /// (MJRefresh's rgb(90, 90, 90) on a light surface).
  ///
  /// Changing it recolors every component's labels at once, except a label whose color the app
  /// set itself (one that is not the previous ``textColor``).
  @Observed public var textColor: Color = .secondaryLabel

  /// The color of every built-in component's arrow and spinner; ``Color/secondaryLabel`` by
  /// default.
  ///
  /// Changing it recolors every arrow and spinner at once, except a spinner whose color the
  /// app set itself; an arrow takes its title's color instead when the app gave the title one
  /// of its own (MJRefresh tints the arrow like the title).
  @Observed public var tintColor: Color = .secondaryLabel

  /// Counts the changes of ``languageCode``, ``i18nBundle`` and ``i18nFilename``: components
  /// observe it to update their titles, and cached titles are keyed by it.
  @Observed private(set) var localizationRevision = 0

  /// The app's tables, by language, for the current bundle and file name.
  private var appTables: StringsTableCache?

  /// The strings already looked up, and the language they are in, until the localization
  /// changes: components rebuild texts on every state change, and resolving the process's
  /// preferred language costs far more than finding a string here.
  private var foundStrings: [String: String] = [:]
  private var resolvedLanguage: String?

  /// The duration of quick animations (turning the arrow, showing a refreshing header), in
  /// seconds: MJRefresh's `MJRefreshFastAnimationDuration`, 0.25.
  public var fastAnimationDuration: TimeInterval = 0.25

  /// The duration of slow animations (hiding a header after refreshing), in seconds: MJRefresh's
  /// `MJRefreshSlowAnimationDuration`, 0.4.
  public var slowAnimationDuration: TimeInterval = 0.4

  /// Whether components show their states still, for people whom motion troubles.
  ///
  /// iOS's Reduce Motion (`UIAccessibility.isReduceMotionEnabled`): the arrow points the new
  /// way at once instead of turning, the spinner shows one frame, a GIF its first image, and the
  /// spinner goes at once when a refresh ends. The content still moves as the finger and the
  /// insets move it. `false` unless set; the terminal host sets it for `REDUCE_MOTION=1`.
  ///
  /// Components take it when they are made (``RefreshComponent/reducesMotion``).
  public var reducesMotion = false

  /// Creates a configuration; components use ``default``.
  public init() {}

  /// The language the titles are in: ``languageCode`` resolved against
  /// ``RefreshText/availableLanguages`` (or the user's languages when it is `nil`), English
  /// when none is available.
  public var currentLanguage: String {
    if let resolvedLanguage { return resolvedLanguage }
    let language = RefreshText.resolvedLanguage(
      languageCode, preferredLanguages: RefreshText.preferredLanguages)
    resolvedLanguage = language
    return language
  }

  /// The layout direction of the titles' language: right to left for Arabic and Hebrew.
  ///
  /// It is the default direction of every view (``View/defaultLayoutDirection``), as UIKit's
  /// follows the app's localization, and changes with ``languageCode``.
  public var layoutDirection: UserInterfaceLayoutDirection {
    if let resolvedDirection { return resolvedDirection }
    let direction: UserInterfaceLayoutDirection =
      RefreshText.isRightToLeft(currentLanguage) ? .rightToLeft : .leftToRight
    resolvedDirection = direction
    return direction
  }

  /// ``layoutDirection``, until the localization changes: every label reads it each time it
  /// draws, and mapping the language again cost a terminal frame of 60 labels a sixth of its
  /// time.
  private var resolvedDirection: UserInterfaceLayoutDirection?

  /// The localized title for a key in the current language.
  ///
  /// - Parameter text: The title's key.
  /// - Returns: The title in ``languageCode``'s language, from the app's table when it has one.
  public func localized(_ text: RefreshText) -> String {
    localizedString(forKey: text.rawValue)
  }

  /// The string for a key in the current language: MJRefresh's `localizedStringForKey:value:`,
  /// for custom components.
  ///
  /// The string comes from the app's table (``i18nBundle``, ``i18nFilename``), else the
  /// built-in one, else `value`.
  ///
  /// ```swift
  /// label.text = RefreshConfig.default.localizedString(forKey: "MJRefreshHeaderIdleText")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key, such as `MJRefreshHeaderIdleText`.
  ///   - value: What to return when no table has the key; the key itself when `nil`.
  /// - Returns: The localized string.
  public func localizedString(forKey key: String, value: String? = nil) -> String {
    if let string = foundStrings[key] { return string }
    let language = currentLanguage
    let app = appTables?.table(for: language)[key].flatMap { $0.isEmpty ? nil : $0 }
    guard let string = app ?? RefreshText.bundledString(forKey: key, language: language) else {
      return value ?? key
    }
    foundStrings[key] = string
    return string
  }

  /// Keeps a color of a view on one of the configuration's colors until the app sets the
  /// view's color itself: a change reaches the view while the view still has the old color.
  ///
  /// - Parameters:
  ///   - color: The configuration's color, ``textColor`` or ``tintColor``.
  ///   - view: The view, held weakly.
  ///   - property: The view's color.
  /// - Returns: The observation; the view follows while it is held.
  func keep<Target: View>(
    _ view: Target, _ property: ReferenceWritableKeyPath<Target, Color>,
    on color: KeyPath<RefreshConfig, Color>
  ) -> ObservationToken {
    view[keyPath: property] = self[keyPath: color]
    return observe(color, options: [.old, .new]) { [weak view] _, change in
      guard let view, let old = change.oldValue, let new = change.newValue,
        view[keyPath: property] == old
      else { return }
      view[keyPath: property] = new
    }
  }

  private func localizationDidChange() {
    if let bundle = i18nBundle {
      let table = i18nFilename ?? StringsFile.tableName
      appTables = StringsTableCache { language in
        guard let url = StringsFile.url(forLanguage: language, table: table, in: bundle),
          let data = try? Data(contentsOf: url)
        else { return [:] }
        return StringsFile.table(from: data) ?? [:]
      }
    } else {
      appTables = nil
    }
    foundStrings = [:]
    resolvedLanguage = nil
    resolvedDirection = nil
    localizationRevision += 1
  }
}
