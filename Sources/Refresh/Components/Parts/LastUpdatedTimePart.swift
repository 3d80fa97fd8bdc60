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
    didSet { timeDidChange() }
  }

  /// The calendar used to tell "today" and to format times.
  public var calendar = Calendar.current {
    didSet {
      formatters = [:]
      timeDidChange()
    }
  }

  /// Date formatters by format, made once: creating one costs far more than using it.
  private var formatters: [String: DateFormatter] = [:]

  /// The date and the day the default text was written for: until one of them changes (or
  /// the language, calendar, clock or formatter does, which clears it), the text reads the same.
  ///
  /// Read on every state change. Main-actor confined, a plain value read or written whole, so
  /// the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var writtenDay: (date: Date?, day: Range<Date>)?

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
  public func update(in component: RefreshComponent) {
    writtenDay = nil
    showTime(in: component)
  }

  /// The component lays the label out (the header puts it below the state title).
  public func place(in component: RefreshComponent) {}

  private func timeDidChange() {
    guard let component else { return }
    update(in: component)
  }

  /// Shows the last update time, unless the default text was written for the same date today.
  ///
  /// The default text names the refresh's own minute, and "today" or the date by the day
  /// alone, so it reads the same until the date or the day changes. A custom ``text`` is asked
  /// every time, as MJRefresh does.
  private func showTime(in component: RefreshComponent) {
    let header = component as? RefreshHeader
    let date = header?.lastUpdatedTime
    if let text {
      label.text = text(date)
      return
    }
    let now = header?.currentDate() ?? Date()
    if let written = writtenDay, written.date == date, written.day.contains(now) { return }
    label.text = defaultText(for: date, now: now)
    let day = calendar.dateInterval(of: .day, for: now).map { $0.start..<$0.end }
    writtenDay = day.map { (date, $0) }
  }

  /// "Last update: " and the date as MJRefresh writes it, comparing whole dates for "today".
  private func defaultText(for date: Date?, now: Date) -> String {
    let config = RefreshConfig.default
    let prefix = config.localized(.lastUpdatedPrefix)
    guard let date else { return prefix + config.localized(.lastUpdatedNone) }
    if calendar.isDate(date, inSameDayAs: now) {
      return prefix + config.localized(.lastUpdatedToday) + formatter(" HH:mm").string(from: date)
    }
    let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
    return prefix + formatter(sameYear ? "MM-dd HH:mm" : "yyyy-MM-dd HH:mm").string(from: date)
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
