import Foundation
import Observing

/// A header that loads by itself as the top of the content comes into view: the automatic
/// footer mirrored at the top, for chat lists that load older messages (MJRefresh has none).
///
/// It sits above the content (`y = -h - ignoredScrollViewContentInsetTop`) and adds its height
/// `h` (44 points, the footer's) to the top inset while attached and visible. With `inset` the
/// scroll model's adjusted inset (its own height included), it begins refreshing by itself:
///
/// - when the content is taller than the viewport, as the offset shrinks past
///   `-inset.top + h - h * triggerAutomaticallyRefreshPercent` (the top of the content, and
///   then all of the header, in view);
/// - when the finger lifts at or past the top, `offsetY <= -inset.top`.
///
/// It never loads more than ``autoTriggerTimes`` times per drag and the glide after it (once,
/// by default), so scrolling up through a slow network does not load twice. After a failure
/// (``RefreshComponent/endRefreshingWithFailure(_:)``) it stays ``RefreshState/failed``, its
/// height still above the content, and loads again only when tapped, asked, or reached by a
/// drag that began after the failure: no retry loop while the network is down.
///
/// On a ``ListView``, insert the older rows with ``ListView/insertRows(at:)``: the rows on
/// screen stay where they are, even at the top, and the older rows are above them.
///
/// ```swift
/// list.header = RefreshAutoNormalHeader {
///   history.loadOlder { count in
///     list.insertRows(at: Array(0..<count))
///     list.header?.endRefreshing()
///   }
/// }
/// ```
///
/// It holds no result: ``RefreshHeader/endRefreshing(result:)`` ends at once, as
/// ``RefreshComponent/endRefreshing()`` does, and it records no last update time.
@MainActor
open class RefreshAutoHeader: RefreshHeader, AutomaticallyRefreshing, NoMoreDataComponent {
  /// The automatic header's height, 44 points: MJRefresh's footer height, as the header is the
  /// automatic footer mirrored.
  public static let defaultAutoHeight: CGFloat = 44

  override class var automaticEdge: PullEdge? { .top }

  /// It loads by itself: no pull to follow.
  override class var pulledEdge: PullEdge? { nil }

  open override func prepare() {
    super.prepare()
    frame.size.height = RefreshAutoHeader.defaultAutoHeight
  }

  /// A load ends where the header is: no result is held.
  open override func endRefreshInPlace(from oldState: RefreshState) {
    resultText = nil
    super.endRefreshInPlace(from: oldState)
  }
}
