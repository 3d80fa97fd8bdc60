import Foundation

/// Whether a scroll model's content moves, and from when its indicators are hidden once it
/// stopped.
struct ScrollIndicatorActivity {
  /// Whether a finger or the wheel holds the content, or it moves by itself.
  var isScrolling = false
  /// The clock time from which the indicators are hidden while the content rests.
  var hiddenFrom: TimeInterval = -.infinity
  /// Asks for the frame that hides them.
  var hideTask: ClockTask?
}

/// The scroll indicators: UIKit's thumbs along the right and bottom edges, shown while the
/// content scrolls.
extension ScrollModel {
  /// Whether the scroll indicators show now: while the content scrolls (a finger or the wheel
  /// drags it, it decelerates or springs back, or an animated
  /// ``setContentOffset(_:animated:)``, the keyboard's scrolling, moves it) and for
  /// ``ScrollIndicator/hideDelay`` seconds of the window's clock after it comes to rest, or
  /// after ``flashScrollIndicators()``.
  ///
  /// Setting ``contentOffset`` without animation shows nothing, as in UIKit; neither does a
  /// scroll model without a window once the content rests.
  public var isShowingScrollIndicators: Bool {
    if scrollIndicatorActivity.isScrolling { return true }
    guard let now = window?.clock.now else { return false }
    return now < scrollIndicatorActivity.hiddenFrom
  }

  /// Shows the scroll indicators for ``ScrollIndicator/hideDelay`` seconds
  /// (`UIScrollView.flashScrollIndicators()`), to tell that the content scrolls; ignored
  /// without a window.
  ///
  /// ```swift
  /// list.reloadData()
  /// list.flashScrollIndicators()  // there is more below
  /// ```
  public func flashScrollIndicators() {
    guard let clock = window?.clock else { return }
    hideScrollIndicators(at: clock.now + ScrollIndicator.hideDelay, clock: clock)
  }

  /// The vertical indicator's thumb, in the scroll model's own coordinates (those of its
  /// content, as UIKit's indicator's frame is), at the presented offset; `nil` when
  /// ``showsVerticalScrollIndicator`` is off, when the content does not scroll vertically (it
  /// fits, insets included) or when the track has no room.
  ///
  /// It is ``ScrollIndicator/thickness`` wide, ``ScrollIndicator/edgeInset`` in from the right
  /// edge (the left one in a right-to-left layout) and from the track's ends, inside
  /// ``verticalScrollIndicatorInsets``; its length and place are
  /// ``ScrollIndicator``'s proportions. When the horizontal indicator shows too, the track stops
  /// short of the corner it takes. The thumb is drawn only while
  /// ``isShowingScrollIndicators``, in front of the content and the components.
  ///
  /// For a 400-point-tall list of 1,000 points of rows at offset 300 (the end of its range
  /// is 600): the track is 394 points from y = 3; the thumb is 394 × 400 / 1,000 = 157.6 long,
  /// at 3 + 0.5 × (394 − 157.6) = 121.2 below the top of the bounds, so its frame's `minY` is
  /// 300 + 121.2.
  public var verticalScrollIndicatorFrame: CGRect? { scrollIndicatorFrame(along: .vertical) }

  /// The horizontal indicator's thumb, in the scroll model's own coordinates, at the presented
  /// offset; `nil` when ``showsHorizontalScrollIndicator`` is off, when the content does not
  /// scroll horizontally or when the track has no room.
  ///
  /// It runs along the bottom edge, inside ``horizontalScrollIndicatorInsets``, as the vertical
  /// one runs along the right (see ``verticalScrollIndicatorFrame``), and leaves the corner to
  /// the vertical one when both show.
  public var horizontalScrollIndicatorFrame: CGRect? { scrollIndicatorFrame(along: .horizontal) }

  // MARK: - Internals

  /// The thumb along `axis`: ``verticalScrollIndicatorFrame`` or
  /// ``horizontalScrollIndicatorFrame``.
  ///
  /// The two thumbs are one geometry along different axes. They differ in two places only,
  /// both in a right-to-left layout, where the vertical thumb runs along the left edge: the
  /// corner it takes is then at the start of the horizontal track, and the vertical thumb lies
  /// in from the left edge rather than the right (the horizontal one always lies along the
  /// bottom).
  @inline(__always)
  private func scrollIndicatorFrame(along axis: ScrollIndicatorAxis) -> CGRect? {
    let isVertical = axis == .vertical
    guard isVertical ? showsVerticalScrollIndicator : showsHorizontalScrollIndicator else {
      return nil
    }
    let lengths = axis.lengths(of: bounds.size)
    let offset = presentedContentOffset
    let insets = axis.ends(
      of: isVertical ? verticalScrollIndicatorInsets : horizontalScrollIndicatorInsets)
    let edge = ScrollIndicator.edgeInset
    let thickness = ScrollIndicator.thickness
    // The other thumb, when it shows, takes the corner where the two tracks meet.
    let otherShows = isVertical ? scrollsHorizontallyWithIndicator : scrollsVerticallyWithIndicator
    let corner = otherShows ? thickness + edge : 0
    var trackStart = insets.start + edge
    if !isVertical && effectiveUserInterfaceLayoutDirection == .rightToLeft {
      trackStart += corner
    }
    guard
      let thumb = ScrollIndicator.thumb(
        offset: axis.along(offset),
        range: axis.along(minimumContentOffset)...axis.along(maximumContentOffset),
        visibleLength: lengths.along, trackStart: trackStart,
        trackLength: lengths.along - insets.start - insets.end - 2 * edge - corner)
    else { return nil }
    let across =
      isVertical && effectiveUserInterfaceLayoutDirection == .rightToLeft
      ? insets.acrossStart + edge : lengths.across - insets.acrossEnd - edge - thickness
    switch axis {
    case .vertical:
      return CGRect(
        x: offset.x + across, y: offset.y + thumb.start, width: thickness, height: thumb.length)
    case .horizontal:
      return CGRect(
        x: offset.x + thumb.start, y: offset.y + across, width: thumb.length, height: thickness)
    }
  }

  /// Whether a vertical thumb applies: it is on and the content scrolls vertically.
  private var scrollsVerticallyWithIndicator: Bool {
    showsVerticalScrollIndicator && maximumContentOffset.y > minimumContentOffset.y
  }

  /// Whether a horizontal thumb applies.
  private var scrollsHorizontallyWithIndicator: Bool {
    showsHorizontalScrollIndicator && maximumContentOffset.x > minimumContentOffset.x
  }

  /// Follows the pan and the movement: the indicators show while either holds the content,
  /// and from the moment both let go, for ``ScrollIndicator/hideDelay``.
  func scrollActivityDidChange() {
    let isScrolling = isDragging || movement != nil
    guard isScrolling != scrollIndicatorActivity.isScrolling else { return }
    scrollIndicatorActivity.isScrolling = isScrolling
    if isScrolling {
      scrollIndicatorActivity.hideTask?.cancel()
      scrollIndicatorActivity.hideTask = nil
      setNeedsDisplay()
    } else if let clock = window?.clock {
      hideScrollIndicators(at: clock.now + ScrollIndicator.hideDelay, clock: clock)
    } else {
      setNeedsDisplay()
    }
  }

  /// Keeps the indicators until `time`, then asks for the frame that draws them gone.
  private func hideScrollIndicators(at time: TimeInterval, clock: FrameClock) {
    scrollIndicatorActivity.hiddenFrom = time
    scrollIndicatorActivity.hideTask?.cancel()
    scrollIndicatorActivity.hideTask = clock.schedule(after: time - clock.now) { [weak self] in
      self?.setNeedsDisplay()
    }
    setNeedsDisplay()
  }

  /// Draws the thumbs that show, over everything the scroll model holds.
  func drawScrollIndicators(in canvas: Canvas) {
    guard isShowingScrollIndicators else { return }
    let color = indicatorStyle.color
    if let frame = verticalScrollIndicatorFrame {
      canvas.drawScrollIndicator(in: frame, color: color)
    }
    if let frame = horizontalScrollIndicatorFrame {
      canvas.drawScrollIndicator(in: frame, color: color)
    }
  }
}

/// The axis a scroll indicator's thumb runs along, and what it reads along and across it.
private enum ScrollIndicatorAxis {
  /// Top to bottom: the vertical indicator's.
  case vertical
  /// Left to right: the horizontal indicator's.
  case horizontal

  /// A point's coordinate along the axis.
  @inline(__always)
  func along(_ point: CGPoint) -> CGFloat {
    switch self {
    case .vertical: point.y
    case .horizontal: point.x
    }
  }

  /// A size's length along the axis, and across it.
  @inline(__always)
  func lengths(of size: CGSize) -> (along: CGFloat, across: CGFloat) {
    switch self {
    case .vertical: (size.height, size.width)
    case .horizontal: (size.width, size.height)
    }
  }

  /// The insets at the start and end of the axis (the top and bottom, or the left and right),
  /// and at the start and end across it.
  @inline(__always)
  func ends(
    of insets: EdgeInsets
  ) -> (start: CGFloat, end: CGFloat, acrossStart: CGFloat, acrossEnd: CGFloat) {
    switch self {
    case .vertical: (insets.top, insets.bottom, insets.left, insets.right)
    case .horizontal: (insets.left, insets.right, insets.top, insets.bottom)
    }
  }
}
