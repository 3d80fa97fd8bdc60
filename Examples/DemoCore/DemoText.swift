import Foundation

/// The demo's own strings in every language the library's components speak
/// (`RefreshText.availableLanguages`), so that a feed in German says its news in German too.
///
/// The demo keeps them here, in code, as an app keeps its own `Localizable.strings`: the
/// library's tables hold only what its components show. A count goes after a label
/// ("Neue Beiträge: 3") where the language would need plural forms the table does not have.
///
/// ```swift
/// DemoText.newPosts(3, language: "de")          // "Neue Beiträge: 3"
/// DemoText.tabName("Popular", language: "ja")  // "人気"
/// ```
public enum DemoText {
  /// The result a refresh shows: how many posts arrived ("3 new posts", "No new posts").
  ///
  /// - Parameters:
  ///   - count: How many posts arrived.
  ///   - language: A language code of `RefreshText.availableLanguages`; any other is English.
  /// - Returns: The text.
  public static func newPosts(_ count: Int, language: String) -> String {
    let (none, some) = newPostsTexts[language] ?? newPostsTexts["en"]!
    guard count != 0 else { return none }
    guard language != "en", newPostsTexts[language] != nil else {
      return "\(count) new post\(count == 1 ? "" : "s")"
    }
    return some.replacingOccurrences(of: "%d", with: String(count))
  }

  /// A standard tab's name in a language: "Latest", "Popular" and "Saved" are translated, any
  /// other name is returned as it is.
  ///
  /// - Parameters:
  ///   - name: The tab's English name.
  ///   - language: A language code of `RefreshText.availableLanguages`.
  /// - Returns: The name to show.
  public static func tabName(_ name: String, language: String) -> String {
    guard let index = ["Latest", "Popular", "Saved"].firstIndex(of: name),
      let names = tabNames[language]
    else { return name }
    return names[index]
  }

  /// "No new posts" and "%d new posts", by language.
  static let newPostsTexts: [String: (none: String, some: String)] = [
    "en": ("No new posts", "%d new posts"),
    "zh-Hans": ("没有新帖子", "%d 条新帖子"),
    "zh-Hant": ("沒有新貼文", "%d 則新貼文"),
    "ko": ("새 게시물이 없습니다", "새 게시물 %d개"),
    "ru": ("Новых постов нет", "Новых постов: %d"),
    "uk": ("Нових дописів немає", "Нових дописів: %d"),
    "ja": ("新着投稿はありません", "新着投稿 %d 件"),
    "pt-BR": ("Nenhuma publicação nova", "Publicações novas: %d"),
    "th": ("ไม่มีโพสต์ใหม่", "โพสต์ใหม่ %d รายการ"),
    "de": ("Keine neuen Beiträge", "Neue Beiträge: %d"),
    "fr": ("Aucun nouvel article", "Nouveaux articles : %d"),
    "es": ("No hay publicaciones nuevas", "Publicaciones nuevas: %d"),
    "ar": ("لا توجد منشورات جديدة", "منشورات جديدة: %d"),
    "he": ("אין פוסטים חדשים", "פוסטים חדשים: %d"),
  ]

  /// "Latest", "Popular" and "Saved", by language.
  static let tabNames: [String: [String]] = [
    "en": ["Latest", "Popular", "Saved"],
    "zh-Hans": ["最新", "热门", "已收藏"],
    "zh-Hant": ["最新", "熱門", "已收藏"],
    "ko": ["최신", "인기", "저장됨"],
    "ru": ["Новое", "Популярное", "Сохранённое"],
    "uk": ["Нове", "Популярне", "Збережене"],
    "ja": ["最新", "人気", "保存済み"],
    "pt-BR": ["Recentes", "Populares", "Salvos"],
    "th": ["ล่าสุด", "ยอดนิยม", "บันทึกไว้"],
    "de": ["Neueste", "Beliebt", "Gespeichert"],
    "fr": ["Récents", "Populaires", "Enregistrés"],
    "es": ["Recientes", "Populares", "Guardados"],
    "ar": ["الأحدث", "الشائعة", "المحفوظة"],
    "he": ["האחרונים", "פופולריים", "שמורים"],
  ]
}
