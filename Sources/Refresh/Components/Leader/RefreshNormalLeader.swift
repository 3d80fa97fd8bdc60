import Foundation

/// A leader with an arrow beside its title: the mirror of ``RefreshNormalTrailer``.
///
/// The arrow points right while idle (the way the finger slides) and left once releasing would
/// refresh; a spinner replaces it while refreshing.
///
/// ```swift
/// scroll.leader = RefreshNormalLeader(refreshingBlock: { reload() })
/// ```
open class RefreshNormalLeader: RefreshStateLeader, ArrowAndSpinnerComponent {
  /// The arrow and the spinner, between the title and the content.
  public let indicatorPart = ArrowAndSpinnerPart()

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
