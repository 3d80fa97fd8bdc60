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
open class RefreshStateHeader: RefreshHeader, StateTitledComponent {
  /// The state title: ``StateTitledComponent/stateLabel`` and the titles of each state.
  public let stateTitlePart = StateTitlePart(defaults: .header, layout: .byComponent)

  /// The last update time, below the state title.
  public let lastUpdatedTimePart = LastUpdatedTimePart()

  /// The label showing the last update time.
  public var lastUpdatedTimeLabel: Label { lastUpdatedTimePart.label }

  /// Formats the last update time; the default writes "Last update: Today 14:30",
  /// "Last update: 05-20 14:30" in the same year, "Last update: 2024-05-20 14:30" before, and
  /// "Last update: No record" without a date.
  public var lastUpdatedTimeText: ((Date?) -> String)? {
    get { lastUpdatedTimePart.text }
    set { lastUpdatedTimePart.text = newValue }
  }

  /// The calendar used to tell "today" and to format times.
  public var calendar: Calendar {
    get { lastUpdatedTimePart.calendar }
    set { lastUpdatedTimePart.calendar = newValue }
  }

  /// The last update time, while it shows: it is what a finished refresh changed.
  override var finishedAnnouncement: String? {
    let label = lastUpdatedTimeLabel
    guard !label.isHidden, let text = label.text, !text.isEmpty else { return shownTitle }
    return text
  }

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
    addPart(lastUpdatedTimePart)
  }

  /// The state title fills the header when the time is hidden; otherwise it takes the top
  /// half and the time the bottom half (MJRefresh's layout).
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
}
