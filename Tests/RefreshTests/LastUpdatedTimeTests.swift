import Foundation
import TestSupport
import Testing

@testable import Refresh

/// A store that counts how often the header reads and writes it.
final class CountingLastUpdatedTimeStore: LastUpdatedTimeStore, @unchecked Sendable {
  let dates = InMemoryLastUpdatedTimeStore()
  private(set) var reads = 0
  private(set) var writes = 0

  func date(forKey key: String) -> Date? {
    reads += 1
    return dates.date(forKey: key)
  }

  func setDate(_ date: Date, forKey key: String) {
    writes += 1
    dates.setDate(date, forKey: key)
  }
}

/// The header's last update time: the exact text on a manual clock across a minute, a day and
/// a year, in every language, and when the store is read (once, not on every state change).
@MainActor
@Suite("Last update time")
struct LastUpdatedTimeTests {
  let scene = Scene()

  /// A Gregorian calendar in UTC, so that the texts below do not depend on the machine.
  static var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }

  /// A header whose "now" is `start` plus the scene clock's time, attached to the scene.
  func attachHeader(
    now start: Date, store: LastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
  ) -> RefreshNormalHeader {
    let header = RefreshNormalHeader(frame: .zero)
    header.calendar = Self.utc
    header.lastUpdatedTimeStore = store
    let clock = scene.clock
    header.currentDate = { start + clock.now }
    scene.scroll.header = header
    return header
  }

  /// Refreshes by a pull and ends the refresh when the callback came, then lets the header hide.
  func refresh(_ header: RefreshHeader) {
    scene.pull(to: -130)
    scene.release()
    scene.clock.advance(by: header.fastAnimationDuration)
    header.endRefreshing()
    scene.clock.advance(by: header.slowAnimationDuration)
  }

  /// Pulls past the threshold and back: two state changes, each of which shows the text again.
  func pullAndLetGo() {
    scene.pull(to: -130)
    scene.pull(to: -64)
    scene.release()
  }

  @Test func theTextKeepsTheRecordedMinuteAndTurnsIntoADateAtMidnight() {
    // 2024-05-20 23:58:30 UTC
    let start = Date(timeIntervalSince1970: 1_716_249_510)
    let header = attachHeader(now: start)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: No record")
    refresh(header)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 23:58")
    // A minute later the recorded time reads the same.
    scene.clock.advance(by: 40)
    pullAndLetGo()
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 23:58")
    // Past midnight it is yesterday's: the date, at the first state change of the new day.
    scene.clock.advance(by: 60)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 23:58")
    scene.pull(to: -130)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: 05-20 23:58")
    scene.pull(to: -64)
    scene.release()
    #expect(header.lastUpdatedTimeLabel.text == "Last update: 05-20 23:58")
    // A new refresh records today's time again.
    refresh(header)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 00:00")
  }

  /// Two refreshes in one minute read the same, so the second writes nothing to the label;
  /// one in the next minute writes the new minute.
  @Test func aRefreshInTheSameMinuteLeavesTheLabelAlone() {
    // 2024-05-20 10:00:05 UTC
    let header = attachHeader(now: Date(timeIntervalSince1970: 1_716_199_205))
    refresh(header)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 10:00")
    var written: [String?] = []
    let token = header.lastUpdatedTimeLabel.observe(\.text) { label, _ in
      written.append(label.text)
    }
    // Recorded at 10:00:50.25 (the show animation lasts a quarter second): the same minute.
    scene.clock.advance(by: 45 - scene.clock.now)
    refresh(header)
    #expect(header.lastUpdatedTime == Date(timeIntervalSince1970: 1_716_199_250.25))
    #expect(written.isEmpty)
    // 10:01:00: the next one.
    scene.clock.advance(by: 55 - scene.clock.now)
    refresh(header)
    #expect(written == ["Last update: Today 10:01"])
    token.invalidate()
  }

  /// A custom text taken away gives the default text back at once, even for the date it was
  /// written for before.
  @Test func removingTheCustomTextShowsTheDefaultAgain() {
    let header = attachHeader(now: Date(timeIntervalSince1970: 1_716_199_205))
    refresh(header)
    header.lastUpdatedTimeText = { _ in "custom" }
    #expect(header.lastUpdatedTimeLabel.text == "custom")
    header.lastUpdatedTimeText = nil
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 10:00")
  }

  @Test func aRefreshOfLastYearShowsItsYear() {
    // 2024-12-31 23:59:00 UTC
    let start = Date(timeIntervalSince1970: 1_735_689_540)
    let header = attachHeader(now: start)
    refresh(header)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 23:59")
    scene.clock.advance(by: 90)
    pullAndLetGo()
    #expect(header.lastUpdatedTimeLabel.text == "Last update: 2024-12-31 23:59")
  }

  nonisolated static let languages: [(String, String, String)] = [
    ("ar", "آخر تحديث: اليوم 13:30", "آخر تحديث: لا يوجد سجل"),
    ("de", "Zuletzt aktualisiert: Heute 13:30", "Zuletzt aktualisiert: Kein Eintrag"),
    ("en", "Last update: Today 13:30", "Last update: No record"),
    ("es", "Última actualización: Hoy 13:30", "Última actualización: Sin registros"),
    (
      "fr", "Dernière mise à jour : Aujourd’hui 13:30",
      "Dernière mise à jour : Aucun enregistrement"
    ),
    ("he", "עדכון אחרון: היום 13:30", "עדכון אחרון: אין רשומה"),
    ("ja", "最終更新：今日 13:30", "最終更新：記録なし"),
    ("ko", "마지막 업데이트: 오늘 13:30", "마지막 업데이트: 기록 없음"),
    ("pt-BR", "Última atualização: Hoje 13:30", "Última atualização: Nenhum registro"),
    ("ru", "Последнее обновление: Сегодня 13:30", "Последнее обновление: Нет записи"),
    ("th", "อัปเดตล่าสุด: วันนี้ 13:30", "อัปเดตล่าสุด: ไม่มีบันทึก"),
    ("uk", "Останнє оновлення: Сьогодні 13:30", "Останнє оновлення: Немає запису"),
    ("zh-Hans", "最后更新：今天 13:30", "最后更新：无记录"),
    ("zh-Hant", "最後更新：今天 13:30", "最後更新：無記錄"),
  ]

  @Test(arguments: languages)
  func everyLanguageWritesItsOwnText(language: String, today: String, none: String) {
    // 2024-05-20 14:30 UTC, and a refresh an hour before.
    let now = Date(timeIntervalSince1970: 1_716_215_400)
    let store = InMemoryLastUpdatedTimeStore()
    let header = attachHeader(now: now, store: store)
    defer { RefreshConfig.default.languageCode = nil }
    RefreshConfig.default.languageCode = "en"
    store.setDate(now - 3600, forKey: RefreshHeader.defaultLastUpdatedTimeKey)
    header.lastUpdatedTimeKey = RefreshHeader.defaultLastUpdatedTimeKey
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 13:30")
    // A language switch writes the text again at once, without a state change.
    RefreshConfig.default.languageCode = language
    #expect(header.lastUpdatedTimeLabel.text == today)
    pullAndLetGo()
    #expect(header.lastUpdatedTimeLabel.text == today)
    header.lastUpdatedTimeKey = "never refreshed"
    #expect(header.lastUpdatedTimeLabel.text == none)
  }

  @Test func theStoreIsReadWhenTheHeaderIsSetUpNotOnEveryStateChange() {
    let store = CountingLastUpdatedTimeStore()
    let header = attachHeader(now: Date(timeIntervalSince1970: 1_716_215_400), store: store)
    #expect(store.reads >= 1)
    let readsWhenAttached = store.reads
    for _ in 0..<3 {
      pullAndLetGo()
      refresh(header)
    }
    #expect(store.reads == readsWhenAttached)
    #expect(store.writes == 3)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 14:30")
  }

  @Test func headersSharingAKeySeeEachOthersRefreshAtTheirNextStateChange() {
    // 2024-05-20 14:30 UTC
    let start = Date(timeIntervalSince1970: 1_716_215_400)
    let store = InMemoryLastUpdatedTimeStore(
      dates: [RefreshHeader.defaultLastUpdatedTimeKey: start - 3600])
    let header = attachHeader(now: start, store: store)
    let otherScene = Scene()
    let sharing = RefreshNormalHeader(frame: .zero)
    let separate = RefreshNormalHeader(frame: .zero)
    for other in [sharing, separate] {
      other.calendar = Self.utc
      other.currentDate = { start + 120 }
      other.lastUpdatedTimeStore = store
    }
    separate.lastUpdatedTimeKey = "separate"
    otherScene.scroll.header = sharing
    #expect(sharing.lastUpdatedTimeLabel.text == "Last update: Today 13:30")
    #expect(separate.lastUpdatedTimeLabel.text == "Last update: No record")
    scene.clock.advance(by: 60)
    refresh(header)
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 14:31")
    #expect(sharing.lastUpdatedTime == start + 60 + 0.25)
    otherScene.pull(to: -130)
    #expect(sharing.lastUpdatedTimeLabel.text == "Last update: Today 14:31")
    #expect(separate.lastUpdatedTime == nil)
    #expect(separate.lastUpdatedTimeLabel.text == "Last update: No record")
  }

  @Test func aDateWrittenByOthersShowsWhenTheKeyIsSetAgain() {
    // 2024-05-20 14:30 UTC
    let now = Date(timeIntervalSince1970: 1_716_215_400)
    let store = InMemoryLastUpdatedTimeStore()
    let header = attachHeader(now: now, store: store)
    store.setDate(now - 60, forKey: header.lastUpdatedTimeKey)
    // MJRefresh's way to show a date stored behind the header's back: set the key again.
    header.lastUpdatedTimeKey = header.lastUpdatedTimeKey
    #expect(header.lastUpdatedTimeLabel.text == "Last update: Today 14:29")
    #expect(header.lastUpdatedTime == now - 60)
  }

  @Test func aCustomTextIsAskedOnEveryStateChangeAsInMJRefresh() {
    let header = attachHeader(now: Date(timeIntervalSince1970: 1_716_215_400))
    var asked = 0
    header.lastUpdatedTimeText = { _ in
      asked += 1
      return "asked \(asked)"
    }
    #expect(header.lastUpdatedTimeLabel.text == "asked 1")
    pullAndLetGo()
    #expect(header.lastUpdatedTimeLabel.text == "asked 3")
  }

  /// The time of "today" is written from the seconds since midnight on an even day and by the
  /// formatter on a day whose clock changes: either way it reads as the formatter writes it,
  /// in zones with half-hour, 45-minute and daylight saving offsets, on their change days too.
  @Test(
    "Today's time reads as the formatter writes it",
    arguments: [
      "UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
      "Europe/Berlin",
    ])
  func todaysTimeMatchesTheFormatter(zone identifier: String) throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: identifier))
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    var random = SplitMix64(seed: 36)
    // Random moments of 2026, and the days around its daylight saving changes here and south.
    var moments = (0..<200).map { _ in
      Date(timeIntervalSince1970: 1_767_225_600 + Double(random.next() % 31_536_000))
    }
    for changeDay in [1_772_928_000.0, 1_793_491_200, 1_775_318_400, 1_791_043_200] {
      moments += (0..<24).map {
        Date(timeIntervalSince1970: changeDay + Double($0) * 3_600 + 1_234)
      }
    }
    let header = RefreshStateHeader(frame: .zero)
    header.calendar = calendar
    for now in moments {
      let earlier = now.addingTimeInterval(-Double(random.next() % 40_000))
      header.currentDate = { now }
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore(
        dates: [RefreshHeader.defaultLastUpdatedTimeKey: earlier])
      let sameYear =
        calendar.component(.year, from: earlier) == calendar.component(.year, from: now)
      formatter.dateFormat =
        calendar.isDate(earlier, inSameDayAs: now)
        ? "'Today' HH:mm" : sameYear ? "MM-dd HH:mm" : "yyyy-MM-dd HH:mm"
      let expected = "Last update: " + formatter.string(from: earlier)
      #expect(header.lastUpdatedTimeLabel.text == expected, "\(identifier) \(earlier) at \(now)")
    }
  }
}
