import Foundation

/// A back footer with a title per state: MJRefresh's `MJRefreshBackStateFooter`.
open class RefreshBackStateFooter: RefreshBackFooter, StateTitledComponent {
  /// The state title: ``StateTitledComponent/stateLabel`` and the titles of each state.
  public let stateTitlePart = StateTitlePart(defaults: .backFooter)

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
  }
}
