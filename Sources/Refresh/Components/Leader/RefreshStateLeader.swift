import Foundation

/// A leader with a vertical title per state: the mirror of ``RefreshStateTrailer``.
///
/// Its title reads top to bottom at the left edge, the arrow between it and the content.
open class RefreshStateLeader: RefreshLeader, StateTitledComponent {
  /// The state title, read top to bottom at the left edge; an arrow sits 14 points right of it
  /// (the trailer's gap, mirrored), or in the middle without it.
  public let stateTitlePart = StateTitlePart(defaults: .leader, layout: .leadingColumn)

  open override func prepare() {
    super.prepare()
    addPart(stateTitlePart)
  }
}
