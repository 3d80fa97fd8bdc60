import Foundation

/// An automatic header with a title per state, which loads when its title is tapped: the
/// automatic state footer mirrored at the top.
open class RefreshAutoStateHeader: RefreshAutoHeader, StateTitledComponent {
  /// The state title, which loads when tapped (and retries after a failure).
  public let stateTitlePart = StateTitlePart(defaults: .autoHeader, loadsOnTap: true)

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
  }
}
