import Foundation
import Refresh
import Rendering

/// A 375 × 667 window on a manual clock, with a scroll model filling it: a 64-point top inset
/// (a navigation bar) and `contentHeight` points of content, resting at the top.
@MainActor
struct GalleryScene {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel

  init(contentHeight: CGFloat = 2000, topInset: CGFloat = 64) {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 375, height: contentHeight)
    scroll.contentInset = EdgeInsets(top: topInset)
    scroll.contentOffset = CGPoint(x: 0, y: -topInset)
    clock.advance(by: 0)
  }

  /// Pulls with the finger down, raw, as UIKit's KVO reports it: `.began` (once), `.changed`,
  /// then the offset.
  func pull(to offsetY: CGFloat) {
    if !scroll.isDragging { scroll.panState = .began }
    scroll.panState = .changed
    scroll.contentOffset.y = offsetY
  }

  /// Lifts the finger.
  func release() {
    scroll.panState = .ended
  }

  /// The window drawn into a terminal grid of 9 × 18-point cells (42 × 38 cells).
  func terminal() -> TerminalCanvas {
    clock.runFrameNow()
    let canvas = TerminalCanvas(covering: window.frame.size)
    window.render(in: canvas)
    return canvas
  }

  /// The window drawn as a standalone SVG document.
  func svg() -> String {
    clock.runFrameNow()
    let canvas = SVGCanvas(size: window.frame.size)
    window.render(in: canvas)
    return canvas.document()
  }
}

/// Counts calls, as a view controller's refresh action would.
@MainActor
final class RefreshTarget {
  var refreshes = 0
  var onRefresh: (() -> Void)?

  func refresh() {
    refreshes += 1
    onRefresh?()
  }
}
