import Foundation
import Observing

/// A footer that appears when the content is pulled past its end and springs back: MJRefresh's
/// `MJRefreshBackFooter`.
///
/// With `orig` the scroll model's inset without this footer's contribution and `h` its height:
///
/// - `deltaH = contentSize.height - (frame.height - orig.bottom - orig.top)` is how much the
///   content overflows the viewport;
/// - it sits at `y = max(contentHeight, frame.height - orig.top - orig.bottom)` and appears at
///   `happenOffsetY = deltaH > 0 ? deltaH - orig.top : -orig.top`;
/// - while dragging it is pulling once `offsetY > happenOffsetY + h`; released while pulling,
///   it begins refreshing;
/// - refreshing adds `h + orig.bottom` to the bottom inset (and `-deltaH` more when the content is
///   shorter than the viewport) and scrolls to `happenOffsetY + h`.
///
/// The pull is the bottom edge of the one pull geometry the header and the trailer share.
@MainActor
open class RefreshBackFooter: RefreshFooter {
  override class var pulledEdge: PullEdge? { .bottom }

  /// How much the content overflows the viewport (negative when it is shorter).
  var heightForContentBreakView: CGFloat { pullGeometry(along: .bottom)?.overflow ?? 0 }

  /// The offset at which the footer just starts to appear.
  var happenOffsetY: CGFloat { pullGeometry(along: .bottom)?.happenOffset ?? 0 }
}
