import Foundation

/// The edge of the content at which a pulled component sits.
///
/// MJRefresh writes the same pull three times: its header pulls at the top, its back footer at
/// the bottom and its trailer past the right end. Here the three, and the leader that MJRefresh
/// lacks (past the left end), are one geometry read along an edge: a component sets its
/// ``RefreshComponent/pullEdge`` and the base class does the pull.
///
/// The horizontal edges follow the layout direction
/// (``View/effectiveUserInterfaceLayoutDirection``), as UIKit's leading and trailing do: the
/// table below reads them left to right, and in a right-to-left layout a trailing component
/// takes the leading column's formulas at the left end, a leading one the trailing column's at
/// the right end.
///
/// With `orig` the scroll model's inset without the component's own contribution, `h` the
/// component's extent along the pull and, for the bottom and trailing edges,
/// `delta = content - (viewport - orig.leading - orig.trailing)` (MJRefresh 3.7.9; the leading
/// edge is the top's formulas on the x axis, the mirror of MJRefresh's trailer):
///
/// | | top, leading | bottom, trailing |
/// | --- | --- | --- |
/// | appears at (`happenOffset`) | `-orig.leading` | `delta > 0 ? delta - orig.leading : -orig.leading` |
/// | pulled `distance` | `happenOffset - offset` | `offset - happenOffset` |
/// | sits at | `-h - ignored` | `max(content, viewport - orig.leading - orig.trailing) + ignored` |
/// | adds while refreshing | `h` to the top or left | `h - min(delta, 0)` to the bottom or right |
/// | refreshing offset | `-(orig.leading + h)` | `happenOffset + h` |
public enum PullEdge: Sendable {
  /// Above the content, pulled down (the header).
  case top
  /// Below the content, pulled up (the back footer).
  case bottom
  /// Past the content's leading end (the leader: the header's pull on the x axis): the left
  /// end, pulled right, in a left-to-right layout; the right end, pulled left, in a
  /// right-to-left one.
  case leading
  /// Past the content's trailing end (the trailer): the right end, pulled left, in a
  /// left-to-right layout; the left end, pulled right, in a right-to-left one (UIKit's trailing
  /// edge).
  case trailing

  /// Whether the pull runs along the x axis.
  public var isHorizontal: Bool { self == .leading || self == .trailing }

  /// Whether the edge is at the start of its axis (the top or the left end) in a left-to-right
  /// layout, where the component appears as soon as the offset passes the leading inset,
  /// whatever the content's length.
  public var isAtStart: Bool { self == .top || self == .leading }

  /// The component's size along the pull: its height, or its width for a trailer.
  public func extent(of frame: CGRect) -> CGFloat {
    isHorizontal ? frame.width : frame.height
  }
}

/// Where a pulled component sits, how far it is pulled and what it takes while refreshing,
/// worked out once from its scroll model.
///
/// The formulas are MJRefresh 3.7.9's (`MJRefreshHeader`, `MJRefreshBackFooter`,
/// `MJRefreshTrailer`), with `orig` the scroll model's inset without the component's own
/// contribution, `h` the component's extent along the pull and, for the bottom and trailing
/// edges, `delta = content - (viewport - orig.leading - orig.trailing)` how much the content
/// overflows the viewport. The leading edge is the top's formulas on the x axis (MJRefresh has
/// no leader; this is the mirror of its trailer). The edge is the one on screen, in
/// left-to-right terms (`RefreshComponent.onScreen(_:)`: leading is the left end):
///
/// | | top, leading | bottom, trailing |
/// | --- | --- | --- |
/// | appears at (`happenOffset`) | `-orig.leading` | `delta > 0 ? delta - orig.leading : -orig.leading` |
/// | pulled `distance` | `happenOffset - offset` | `offset - happenOffset` |
/// | sits at | `-h - ignored` | `max(content, viewport - orig.leading - orig.trailing) + ignored` |
/// | adds while refreshing | `h` to the top or left | `h - min(delta, 0)` to the bottom or right |
/// | refreshing offset | `-(orig.leading + h)` | `happenOffset + h` |
///
/// Built twice on every offset change of a pull: its initializer and the measures a pull reads
/// are always inlined (called apart, the chain cost about 30 instructions an update).
struct PullGeometry {
  /// The edge the component sits at.
  let edge: PullEdge
  /// The component's size along the pull.
  let extent: CGFloat
  /// The scroll model's inset before and after the content along the axis, without the
  /// component's contribution (`orig.top` and `orig.bottom`, or `orig.left` and `orig.right`).
  let leadingInset: CGFloat
  let trailingInset: CGFloat
  /// The content's and the viewport's length along the axis.
  let contentLength: CGFloat
  let viewportLength: CGFloat
  /// The content offset along the axis.
  let offset: CGFloat

  /// Reads the geometry of a component on a scroll model.
  ///
  /// - Parameters:
  ///   - edge: Where the component sits.
  ///   - extent: The component's size along the pull.
  ///   - original: The scroll model's inset without the component's contribution.
  ///   - scroll: The scroll model.
  ///
  /// Always inlined: called apart, it retains the scroll model for the call, and the scroll
  /// model, which its components reference weakly, takes the runtime's slow path to be
  /// retained (on every offset change of a pull, about as long as the rest of the update).
  @MainActor @inline(__always)
  init(edge: PullEdge, extent: CGFloat, original: EdgeInsets, in scroll: ScrollModel) {
    self.edge = edge
    self.extent = extent
    if edge.isHorizontal {
      leadingInset = original.left
      trailingInset = original.right
      contentLength = scroll.contentSize.width
      viewportLength = scroll.frame.width
      offset = scroll.contentOffset.x
    } else {
      leadingInset = original.top
      trailingInset = original.bottom
      contentLength = scroll.contentSize.height
      viewportLength = scroll.frame.height
      offset = scroll.contentOffset.y
    }
  }

  /// The geometry along `edge` as the pull reads it on every offset change: the scroll model's
  /// geometry as stored, its reads unreported (see `Observed._untrackedValue`).
  ///
  /// Only the pull uses it; the computed properties built on this geometry (the back footer's
  /// `happenOffset`, say) read through ``init(edge:extent:original:in:)``, so that a key path
  /// through them can be resolved.
  @MainActor @inline(__always)
  init(edge: PullEdge, extent: CGFloat, original: EdgeInsets, untrackedIn scroll: ScrollModel) {
    self.edge = edge
    self.extent = extent
    let size = scroll.untrackedContentSize
    let viewport = scroll.untrackedFrame.size
    let offset = scroll.untrackedContentOffset
    if edge.isHorizontal {
      leadingInset = original.left
      trailingInset = original.right
      contentLength = size.width
      viewportLength = viewport.width
      self.offset = offset.x
    } else {
      leadingInset = original.top
      trailingInset = original.bottom
      contentLength = size.height
      viewportLength = viewport.height
      self.offset = offset.y
    }
  }

  /// How much the content overflows the viewport along the axis (negative when it is shorter):
  /// MJRefresh's `heightForContentBreakView` and `widthForContentBreakView`.
  @inline(__always)
  var overflow: CGFloat {
    contentLength - (viewportLength - trailingInset - leadingInset)
  }

  /// The offset at which the component starts to come into view: MJRefresh's `happenOffsetY`
  /// (and `happenOffsetX`).
  @inline(__always)
  var happenOffset: CGFloat {
    if edge.isAtStart { return -leadingInset }
    let overflow = overflow
    return overflow > 0 ? overflow - leadingInset : -leadingInset
  }

  /// How far past ``happenOffset`` the content is pulled, toward the component.
  @inline(__always)
  var distance: CGFloat {
    edge.isAtStart ? happenOffset - offset : offset - happenOffset
  }

  /// Whether ``distance`` is far enough to follow: the header follows from its first point
  /// (`>= 0`), the back footer and the trailer once past it (`> 0`), as in MJRefresh; the
  /// leader, at the start of its axis as the header is, follows the header.
  @inline(__always)
  var isPulledIntoView: Bool {
    edge.isAtStart ? distance >= 0 : distance > 0
  }

  /// The component's origin along the axis, with `ignored` the inset it does not count.
  func position(ignoring ignored: CGFloat) -> CGFloat {
    if edge.isAtStart { return -extent - ignored }
    return max(contentLength + ignored, viewportLength - leadingInset - trailingInset + ignored)
  }

  /// The insets the component adds while refreshing, so that it stays in view.
  var refreshingContribution: EdgeInsets {
    switch edge {
    case .top: EdgeInsets(top: extent)
    case .leading: EdgeInsets(left: extent)
    case .bottom: EdgeInsets(bottom: extent - min(overflow, 0))
    case .trailing: EdgeInsets(right: extent - min(overflow, 0))
    }
  }

  /// The content offset along the axis that shows the refreshing component.
  var refreshingOffset: CGFloat {
    edge.isAtStart ? -(leadingInset + extent) : happenOffset + extent
  }
}
