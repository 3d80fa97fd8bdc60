import Foundation

/// A trailer with a vertical title per state: MJRefresh's `MJRefreshStateTrailer`.
open class RefreshStateTrailer: RefreshTrailer, StateTitledComponent {
  /// The state title, read top to bottom at the right edge; an arrow sits 14 points left of it,
  /// or in the middle without it.
  public let stateTitlePart = StateTitlePart(defaults: .trailer, layout: .trailingColumn)

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
  }
}
