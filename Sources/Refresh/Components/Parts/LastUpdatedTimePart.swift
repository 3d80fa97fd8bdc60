import Foundation
import Observing

/// The last update time of a header: "Last update: Today 14:30", MJRefresh's
/// `lastUpdatedTimeLabel`.
///
/// ``RefreshStateHeader`` and its variants have one (``RefreshStateHeader/lastUpdatedTimePart``)
/// below their state title. On a ``RefreshHeader`` it shows the header's
/// ``RefreshHeader/lastUpdatedTime``, measured against its ``RefreshHeader/currentDate``; on
/// another component it shows that there is no record.
///
/// The default text writes "Last update: Today 14:30", "Last update: 05-20 14:30" in the same
/// year, "Last update: 2024-05-20 14:30" before, and "Last update: No record" without a date,
/// comparing whole dates for "today" (MJRefresh compares the day of the month alone).
@MainActor
public final class LastUpdatedTimePart: TextPart {
  /// The label, styled as MJRefresh's.
  public let label = Label.refreshLabel()

  /// Formats the last update time in place of the default text, as MJRefresh's
  /// `lastUpdatedTimeText`; asked on every state change, so a relative text ("5 min ago")
  /// stays current.
  ///
  /// Read on every state change. Main-actor confined and read or written whole (the closure is
  /// called after the read is over), so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) public var text: ((Date?) -> String)? {
    didSet {
      written = nil
      timeDidChange()
    }
  }

  /// The calendar used to tell "today" and to format times.
  public var calendar = Calendar.current {
    didSet {
      formatters = [:]
      today = nil
      written = nil
      timeDidChange()
    }
  }

  /// Date formatters by format, made once: creating one costs far more than using it.
  private var formatters: [String: DateFormatter] = [:]

  /// What the default text on the label was written for.
  ///
  /// The date's ``WrittenTime``, the day and the localization: until one of them changes (or
  /// the calendar or ``text`` does, which clears it), the text reads the same.
  ///
  /// Read on every state change and every recorded refresh. Main-actor confined, a plain value
  /// read or written whole, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var written: (time: WrittenTime, day: Range<Date>, revision: Int)?

  /// What the default text says of a date: for a time today on an even day, only its minute
  /// (the text names the minute, so two refreshes in one minute read the same); otherwise the
  /// date itself, or that there is none.
  private enum WrittenTime: Equatable {
    case minuteOfToday(Int)
    case date(Date?)
  }

  /// The day "today" is on the calendar, and whether its clock runs evenly (24 hours, one UTC
  /// offset throughout: no daylight saving change), so that a time of it can be written from
  /// the seconds since its start.
  ///
  /// Asking the calendar for the day and the formatter for a time cost tens of microseconds
  /// on Linux, on every refresh that ended; the day is asked once a day.
  @exclusivity(unchecked) private var today: (day: Range<Date>, isEven: Bool)?

  /// The localized words of the default text, and the localization they come from.
  @exclusivity(unchecked) private var words:
    (revision: Int, prefix: String, today: String, none: String)?

  /// The component the part belongs to.
  private weak var component: RefreshComponent?

  /// Keeps the label on ``RefreshConfig/textColor`` until the app sets a color of its own.
  private var colorToken: ObservationToken?

  /// Creates a last update time.
  public init() {}

  /// Adds the part's views to `component` (taking it from another component first) and shows
  /// its state.
  public func didAttach(to component: RefreshComponent) {
    if let owner = self.component, owner !== component { owner.removePart(self) }
    self.component = component
    colorToken = RefreshConfig.default.keep(label, \.textColor, on: \.textColor)
    component.addSubview(label)
    timeDidChange()
  }

  /// Takes the part's views away from `component`.
  public func willDetach(from component: RefreshComponent) {
    label.removeFromSuperview()
    colorToken = nil
    self.component = nil
  }

  /// Shown again on every state change, as MJRefresh does: past midnight "today" becomes the
  /// date, and a custom ``text`` stays current.
  public func show(
    _ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent
  ) {
    showTime(in: component)
  }

  /// The time, its store, its clock or the language changed: the text is written again.
  ///
  /// The text is written again only if it reads differently: the date, the day or the
  /// language it names changed.
  public func update(in component: RefreshComponent) {
    showTime(in: component)
  }

  /// The component lays the label out (the header puts it below the state title).
  public func place(in component: RefreshComponent) {}

  private func timeDidChange() {
    guard let component else { return }
    update(in: component)
  }

  /// Shows the last update time, unless the default text was written for the same minute of
  /// today, or the same date, on the same day.
  ///
  /// The default text names the refresh's own minute, and "today" or the date by the day
  /// alone, so it reads the same until the minute or the day changes. A custom ``text`` is
  /// asked every time, as MJRefresh does.
  private func showTime(in component: RefreshComponent) {
    let header = component as? RefreshHeader
    let date = header?.lastUpdatedTime
    if let text {
      label.text = text(date)
      return
    }
    let now = header?.currentDate() ?? Date()
    let today = today(containing: now)
    let revision = RefreshConfig.default.localizationRevision
    let time = writtenTime(of: date, today: today)
    if let written, written.time == time, written.day == today.day, written.revision == revision {
      return
    }
    label.text = defaultText(for: date, now: now, today: today)
    written = (time, today.day, revision)
  }

  /// What the default text says of `date` (see ``WrittenTime``).
  private func writtenTime(of date: Date?, today: (day: Range<Date>, isEven: Bool)) -> WrittenTime {
    guard let date, today.isEven, today.day.contains(date) else { return .date(date) }
    return .minuteOfToday(Self.minutes(of: date, since: today.day.lowerBound))
  }

  /// The whole minutes from `start` to `date`, truncated as a formatter truncates a time.
  private static func minutes(of date: Date, since start: Date) -> Int {
    Int((date.timeIntervalSince(start) / 60).rounded(.down))
  }

  /// The day containing `now`, from the cache while `now` is in it.
  private func today(containing now: Date) -> (day: Range<Date>, isEven: Bool) {
    if let today, today.day.contains(now) { return today }
    let interval =
      calendar.dateInterval(of: .day, for: now) ?? DateInterval(start: now, duration: 86_400)
    let end = interval.end
    let zone = calendar.timeZone
    let isEven =
      interval.duration == 86_400
      && zone.secondsFromGMT(for: interval.start)
        == zone.secondsFromGMT(for: end.addingTimeInterval(-1))
    let today = (interval.start..<end, isEven)
    self.today = today
    return today
  }

  /// "Last update: " and the date as MJRefresh writes it, comparing whole dates for "today".
  private func defaultText(
    for date: Date?, now: Date, today: (day: Range<Date>, isEven: Bool)
  ) -> String {
    let words = localizedWords()
    guard let date else { return words.prefix + words.none }
    if today.day.contains(date) {
      guard today.isEven else {
        return words.prefix + words.today + formatter(" HH:mm").string(from: date)
      }
      // The clock time of an even day is its seconds since midnight, truncated to the minute
      // as the formatter truncates it.
      let minutes = Self.minutes(of: date, since: today.day.lowerBound)
      return words.prefix + words.today + " " + Self.twoDigits(minutes / 60) + ":"
        + Self.twoDigits(minutes % 60)
    }
    let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
    return words.prefix
      + formatter(sameYear ? "MM-dd HH:mm" : "yyyy-MM-dd HH:mm").string(from: date)
  }

  /// A number from 0 to 99 in two digits.
  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }

  /// The prefix, "Today" and "No record" in the current language, looked up once per language.
  private func localizedWords() -> (revision: Int, prefix: String, today: String, none: String) {
    let config = RefreshConfig.default
    if let words, words.revision == config.localizationRevision { return words }
    let words = (
      config.localizationRevision, config.localized(.lastUpdatedPrefix),
      config.localized(.lastUpdatedToday), config.localized(.lastUpdatedNone)
    )
    self.words = words
    return words
  }

  private func formatter(_ format: String) -> DateFormatter {
    if let formatter = formatters[format] { return formatter }
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = format
    formatters[format] = formatter
    return formatter
  }
}
