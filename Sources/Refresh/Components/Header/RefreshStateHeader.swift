import Foundation
import Observing

/// A header with a title per state and the last update time: MJRefresh's
/// `MJRefreshStateHeader`.
///
/// ```swift
/// let header = RefreshStateHeader { reload() }
/// header.setTitle("Pull to see new posts", for: .idle)
/// header.lastUpdatedTimeLabel.isHidden = true
/// ```
@MainActor
open class RefreshStateHeader: RefreshHeader {
  /// The label showing the state's title (or the result of the last refresh).
  public let stateLabel = Label.refreshLabel()

  /// The label showing the last update time.
  public let lastUpdatedTimeLabel = Label.refreshLabel()

  /// The space between the labels and the arrow or animation beside them, in points (25).
  public var labelLeftInset: CGFloat = 25

  /// Formats the last update time; the default writes "Last update: Today 14:30",
  /// "Last update: 05-20 14:30" in the same year, "Last update: 2024-05-20 14:30" before, and
  /// "Last update: No record" without a date.
  ///
  /// Read on every state change. Main-actor confined and read or written whole (the closure is
  /// called after the read is over), so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) public var lastUpdatedTimeText: ((Date?) -> String)? {
    didSet { lastUpdatedTimeDidChange() }
  }

  /// The calendar used to tell "today" and to format times.
  public var calendar = Calendar.current {
    didSet {
      formatters = [:]
      lastUpdatedTimeDidChange()
    }
  }

  /// Date formatters by format, made once: creating one costs far more than using it.
  private var formatters: [String: DateFormatter] = [:]

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

  private var titles: StateTitleLabel!

  open override func prepare() {
    super.prepare()
    titles = StateTitleLabel(
      stateLabel, in: self, defaults: StateTitleLabel.headerTitles, layout: .byComponent)
    addPart(titles)
    keepColor(of: lastUpdatedTimeLabel, \.textColor, on: \.textColor)
    addSubview(lastUpdatedTimeLabel)
    lastUpdatedTimeDidChange()
  }

  override func resultTextDidChange() {
    super.resultTextDidChange()
    titles.update(in: self)
  }

  /// The text the state label shows for the current state's title: the held result, if any
  /// (the two-level header overrides it for its second floor).
  override func shownTitle(for title: consuming String?) -> String? {
    if let resultText { return resultText }
    return title
  }

  /// Shows ``shownTitle(for:)`` again, after something it reads changed.
  func shownTitleDidChange() {
    titles.update(in: self)
  }

  /// Sets the title shown in a state; it is kept when the language changes.
  ///
  /// - Parameters:
  ///   - title: The title, or `nil` to return to the localized default.
  ///   - state: The state it belongs to.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setTitle(_ title: String?, for state: RefreshState) -> Self {
    titles.setTitle(title, for: state, in: self)
  }

  /// The title shown in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its title, or `nil`.
  public func title(for state: RefreshState) -> String? {
    titles.title(for: state)
  }

  override func lastUpdatedTimeDidChange() {
    super.lastUpdatedTimeDidChange()
    lastUpdatedTextDay = nil
    showLastUpdatedTime()
  }

  /// The date and the day the default text was written for: until one of them changes (or
  /// the language, calendar, clock or formatter does, which clears it), the text reads the same.
  ///
  /// Read on every state change. Main-actor confined, a plain value read or written whole, so
  /// the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var lastUpdatedTextDay: (date: Date?, day: Range<Date>)?

  /// Shows the last update time, unless the default text was written for the same date today.
  ///
  /// The default text names the refresh's own minute, and "today" or the date by the day
  /// alone, so it reads the same until the date or the day changes. A custom ``lastUpdatedTimeText`` is asked every time, as MJRefresh does.
  private func showLastUpdatedTime() {
    let date = lastUpdatedTime
    if let lastUpdatedTimeText {
      lastUpdatedTimeLabel.text = lastUpdatedTimeText(date)
      return
    }
    let now = currentDate()
    if let written = lastUpdatedTextDay, written.date == date, written.day.contains(now) { return }
    lastUpdatedTimeLabel.text = defaultLastUpdatedText(for: date, now: now)
    let day = calendar.dateInterval(of: .day, for: now).map { $0.start..<$0.end }
    lastUpdatedTextDay = day.map { (date, $0) }
  }

  /// "Last update: " and the date as MJRefresh writes it, comparing whole dates for "today".
  private func defaultLastUpdatedText(for date: Date?, now: Date) -> String {
    let config = RefreshConfig.default
    let prefix = config.localized(.lastUpdatedPrefix)
    guard let date else { return prefix + config.localized(.lastUpdatedNone) }
    if calendar.isDate(date, inSameDayAs: now) {
      return prefix + config.localized(.lastUpdatedToday) + formatter(" HH:mm").string(from: date)
    }
    let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
    return prefix + formatter(sameYear ? "MM-dd HH:mm" : "yyyy-MM-dd HH:mm").string(from: date)
  }

  open override func placeSubviews() {
    super.placeSubviews()
    guard !stateLabel.isHidden else { return }
    if lastUpdatedTimeLabel.isHidden {
      stateLabel.frame = bounds
    } else {
      let stateHeight = frame.height * 0.5
      stateLabel.frame = CGRect(x: 0, y: 0, width: frame.width, height: stateHeight)
      lastUpdatedTimeLabel.frame = CGRect(
        x: 0, y: stateHeight, width: frame.width, height: frame.height - stateHeight)
    }
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    // Shown again on every state change, as MJRefresh does: past midnight "today" becomes the
    // date, and a custom text ("5 min ago") stays current.
    showLastUpdatedTime()
  }

  open override func languageDidChange() {
    super.languageDidChange()
    lastUpdatedTimeDidChange()
  }

  override func textBesideIndicator(forFrames: Bool) -> TextBesideIndicator? {
    let isTextHidden =
      forFrames ? stateLabel.isHidden && lastUpdatedTimeLabel.isHidden : stateLabel.isHidden
    return isTextHidden ? nil : TextBesideIndicator(width: widestTextWidth, gap: labelLeftInset)
  }

  /// The widest of the visible labels' texts: the "normal" and "gif" headers place their
  /// indicator beside it.
  var widestTextWidth: CGFloat {
    max(stateLabel.textWidth, lastUpdatedTimeLabel.textWidth)
  }
}
