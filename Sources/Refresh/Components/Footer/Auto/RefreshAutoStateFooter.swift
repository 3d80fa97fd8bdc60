import Foundation

/// An automatic footer with a title per state, which loads when its title is tapped:
/// MJRefresh's `MJRefreshAutoStateFooter`.
open class RefreshAutoStateFooter: RefreshAutoFooter, StateTitledComponent {
  /// The state title, which loads when tapped (and retries after a failure).
  public let stateTitlePart = StateTitlePart(defaults: .autoFooter, loadsOnTap: true)

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
  }
}
