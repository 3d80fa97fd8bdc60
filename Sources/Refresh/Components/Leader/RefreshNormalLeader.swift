import Foundation

/// A leader with an arrow beside its title: the mirror of ``RefreshNormalTrailer``.
///
/// The arrow points right while idle (the way the finger slides) and left once releasing would
/// refresh; a spinner replaces it while refreshing.
///
/// ```swift
/// scroll.leader = RefreshNormalLeader(refreshingBlock: { reload() })
/// ```
@MainActor
open class RefreshNormalLeader: RefreshStateLeader {
  private lazy var indicator = ArrowAndSpinner(in: self)

  /// The arrow.
  public var arrowView: ImageView { indicator.arrowView }

  /// The spinner shown while refreshing.
  public var loadingView: ActivityIndicatorView { indicator.loadingView }

  open override func prepare() {
    super.prepare()
    addPart(indicator)
  }
}
