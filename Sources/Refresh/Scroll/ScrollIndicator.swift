import Foundation

/// The look and timing of a scroll model's scroll indicators (`UIScrollView`'s
/// `showsVerticalScrollIndicator` and `showsHorizontalScrollIndicator`), and the geometry of
/// their thumbs.
///
/// A thumb lies along a track, the scroll model's edge less ``edgeInset`` at each end and the
/// scroll indicator insets. As in UIKit, its length is the track's times the visible fraction of
/// the content (the bounds over the content with its adjusted insets), never less than
/// ``minimumLength``; its position is the offset's progress through the valid range. Pulled past
/// an edge (a rubber band, a bounce), it shrinks by the distance past the edge, down to
/// ``minimumShrunkLength``, and stays at that end of the track.
///
/// UIKit documents none of these numbers; they are its look and timing on iOS as apps see it:
/// a thin bar a few points in from the edge that fades about half a second after the scroll
/// comes to rest.
public enum ScrollIndicator {
  /// How long the indicators stay after the scroll comes to rest before they are hidden: half a
  /// second, about when UIKit's start to fade.
  public static let hideDelay: TimeInterval = 0.5

  /// The thickness of a thumb: 3 points, about UIKit's.
  public static let thickness: CGFloat = 3

  /// How far a thumb lies from the edge it runs along and from the ends of its track: 3 points,
  /// about UIKit's.
  public static let edgeInset: CGFloat = 3

  /// The shortest a thumb is while the offset is inside the valid range, however long the
  /// content: 36 points, about UIKit's (two rows of a terminal).
  public static let minimumLength: CGFloat = 36

  /// The shortest a thumb shrinks to while the content is pulled past an edge: 7 points, about
  /// UIKit's, which a terminal still draws as one cell.
  public static let minimumShrunkLength: CGFloat = 7

  /// A thumb along one axis: where it starts on the track, and its length, or `nil` when the
  /// content does not scroll along the axis or the track has no room.
  ///
  /// - Parameters:
  ///   - offset: The content offset along the axis.
  ///   - range: The valid offsets along the axis.
  ///   - visibleLength: The bounds' length along the axis.
  ///   - trackStart: Where the track starts, in the bounds' coordinates less the offset.
  ///   - trackLength: The track's length.
  static func thumb(
    offset: CGFloat, range: ClosedRange<CGFloat>, visibleLength: CGFloat, trackStart: CGFloat,
    trackLength: CGFloat
  ) -> (start: CGFloat, length: CGFloat)? {
    let scrollable = range.upperBound - range.lowerBound
    guard scrollable > 0, visibleLength > 0, trackLength > 0, offset.isFinite else { return nil }
    // The visible fraction of the content: the bounds over the bounds plus what scrolls.
    let proportional = trackLength * visibleLength / (visibleLength + scrollable)
    let length = min(trackLength, max(minimumLength, proportional))
    if offset < range.lowerBound {
      let shrunk = max(min(minimumShrunkLength, length), length - (range.lowerBound - offset))
      return (trackStart, shrunk)
    }
    if offset > range.upperBound {
      let shrunk = max(min(minimumShrunkLength, length), length - (offset - range.upperBound))
      return (trackStart + trackLength - shrunk, shrunk)
    }
    let progress = (offset - range.lowerBound) / scrollable
    return (trackStart + progress * (trackLength - length), length)
  }
}
