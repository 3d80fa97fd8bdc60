import Foundation
import Refresh
import Rendering

/// A window on a manual clock with a scroll model in it, and the gestures of a pull to
/// refresh in the hierarchy's words: what a test of a refresh component needs before its first
/// expectation.
///
/// ```swift
/// import Refresh
/// import RefreshTesting
/// import Testing
///
/// @MainActor
/// @Test func releasingPastTheThresholdRefreshes() {
///   let scene = RefreshScene()                 // 375 × 667, a 64-point top inset
///   let header = RefreshNormalHeader {}
///   scene.scroll.header = header
///   scene.pull(by: 66)                         // 54 + 12 points past the top
///   #expect(header.state == .pulling)
///   scene.release()
///   #expect(header.state == .refreshing)
///   scene.advance(by: 0.25)
///   #expect(scene.scroll.adjustedContentInset.top == 118)
/// }
/// ```
///
/// The gestures drive the scroll model raw, as UIKit's KVO reports a finger (MJRefresh's
/// formulas are written against that): ``pull(by:)`` moves the content exactly as far as it
/// says, with no rubber band, so states and `pullingPercent` follow from the formulas. The
/// finger lifts with ``release()`` or ``fling(velocity:)``, after which the scroll model's own
/// physics (deceleration, the spring back) runs as the clock advances. Nothing moves until
/// ``advance(frames:)`` or ``advance(by:)``.
@MainActor
public final class RefreshScene {
  /// The clock everything in the scene runs on.
  public let clock: ManualFrameClock
  /// The scene's root view.
  public let window: Window
  /// The scroll model the gestures drive (a `ListView`, or any other subclass, when the scene
  /// was made with one).
  public let scroll: ScrollModel
  /// Turns terminal input into gestures on the window, as a `TerminalHost` does: what
  /// ``replay(_:input:)`` feeds by default.
  public let dispatcher: InputDispatcher

  /// Called with the keys the dispatcher receives (a replay's, say).
  public var onKey: ((Key) -> Void)? {
    get { dispatcher.onKey }
    set { dispatcher.onKey = newValue }
  }

  /// The frame rate of ``advance(frames:)``: 60, a display's.
  public static let framesPerSecond: Double = 60

  /// Creates a window of a size with a scroll model filling it, resting at the top of its
  /// content.
  ///
  /// - Parameters:
  ///   - size: The window's size, in points (375 × 667, an iPhone's, by default); dimensions
  ///     that are negative or not finite count as zero.
  ///   - contentHeight: The height of the content (ignored for a `ListView`, whose rows set it).
  ///   - topInset: The scroll model's top `contentInset` (a navigation bar's 64 points by
  ///     default).
  ///   - scroll: The scroll model to use, such as a `ListView` with a data source; `nil` makes
  ///     a plain `ScrollModel`. It is added to the window and sized to fill it.
  public init(
    size: CGSize = CGSize(width: 375, height: 667), contentHeight: CGFloat = 2000,
    topInset: CGFloat = 64, scroll: ScrollModel? = nil
  ) {
    func valid(_ length: CGFloat) -> CGFloat { length.isFinite ? max(length, 0) : 0 }
    let clock = ManualFrameClock()
    self.clock = clock
    window = Window(
      frame: CGRect(x: 0, y: 0, width: valid(size.width), height: valid(size.height)),
      clock: clock)
    let scroll = scroll ?? ScrollModel(frame: .zero)
    self.scroll = scroll
    scroll.frame = window.bounds
    window.addSubview(scroll)
    if let list = scroll as? ListView {
      list.reloadData()
    } else {
      scroll.contentSize = CGSize(width: window.bounds.width, height: valid(contentHeight))
    }
    scroll.contentInset = EdgeInsets(top: valid(topInset))
    scroll.contentOffset = CGPoint(x: 0, y: -valid(topInset))
    dispatcher = InputDispatcher(window: window)
    clock.advance(by: 0)
  }

  /// Creates a scene around a view tree that already exists, such as an app's.
  ///
  /// - Parameters:
  ///   - window: The window; nothing about it changes.
  ///   - clock: The window's clock, which the scene advances.
  ///   - scroll: The scroll model the gestures drive, somewhere in the window.
  public init(window: Window, clock: ManualFrameClock, scroll: ScrollModel) {
    self.window = window
    self.clock = clock
    self.scroll = scroll
    dispatcher = InputDispatcher(window: window)
  }

  // MARK: - Gestures

  /// Where the finger goes down: the middle of the scroll model.
  private var touchPoint: CGPoint {
    CGPoint(x: scroll.bounds.width / 2, y: scroll.bounds.height / 2)
  }

  /// Pulls the content down by a distance with the finger held, raw: the pan begins (the
  /// first time) and changes, and the offset moves exactly `distance` points up (no rubber
  /// band), as KVO reports it.
  ///
  /// Successive pulls add up: `pull(by: 30)` twice is 60 points past where the finger went
  /// down. A negative distance pushes the content up, toward a footer. A distance that is not
  /// finite is ignored.
  ///
  /// - Parameter distance: How far to pull, in points.
  public func pull(by distance: CGFloat) {
    guard distance.isFinite else { return }
    pull(toOffset: scroll.contentOffset.y - distance)
  }

  /// Pulls with the finger held until the content offset is `offsetY`, raw (see
  /// ``pull(by:)``): `pull(toOffset: -130)` with a 64-point inset is 66 points past the top.
  ///
  /// - Parameter offsetY: The vertical content offset; one that is not finite is ignored.
  public func pull(toOffset offsetY: CGFloat) {
    guard offsetY.isFinite else { return }
    if !scroll.isDragging { scroll.beginDragging(at: touchPoint) }
    if scroll.panState != .changed { scroll.panState = .changed }
    scroll.contentOffset.y = offsetY
  }

  /// Lifts the finger without moving.
  ///
  /// A component armed by the pull begins refreshing, and the content springs back as the
  /// clock advances. Ignored when no finger is down.
  public func release() {
    fling(velocity: 0)
  }

  /// Lifts the finger moving at a velocity, in points per second as a pan recognizer reports
  /// it (positive downward): `fling(velocity: -1500)` flicks the content up, toward the end.
  ///
  /// With no finger down, the finger touches and lifts at once, a flick from where the content
  /// rests. A velocity that is not finite counts as zero.
  ///
  /// - Parameter velocity: The finger's vertical velocity.
  public func fling(velocity: CGFloat) {
    if !scroll.isDragging {
      guard velocity != 0 else { return }
      scroll.beginDragging(at: touchPoint)
    }
    scroll.endDragging(velocity: CGPoint(x: 0, y: velocity.isFinite ? velocity : 0))
  }

  // MARK: - Touches

  /// Drags a finger across the window from `start` to `end`, a step a frame, routed as the
  /// window routes touches (`Window.touchBegan(at:)` and the rest), and lifts it at `end`.
  ///
  /// Over nested scroll models the first movement past the window's slop picks the axis, and
  /// the innermost scroll model along it takes the drag: in a horizontal pager of lists a
  /// horizontal drag pages and a vertical one scrolls or pulls the list under the finger. The
  /// release carries the drag's velocity (its last tenth of a second), as a finger's would.
  ///
  /// ```swift
  /// scene.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 100, y: 300))  // a page on
  /// scene.advance(by: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - start: Where the finger goes down, in window coordinates.
  ///   - end: Where it stops (and lifts).
  ///   - frames: The frames the drag lasts, one step each; zero moves once, at once.
  ///   - lifting: Whether the finger lifts at the end; if not, ``touchUp(at:)`` ends the
  ///     touch.
  public func drag(from start: CGPoint, to end: CGPoint, frames: Int = 6, lifting: Bool = true) {
    touchDown(at: start)
    let steps = max(frames, 0)
    if steps == 0 {
      touchMove(to: end)
    } else {
      for step in 1...steps {
        advance(frames: 1)
        let fraction = CGFloat(step) / CGFloat(steps)
        touchMove(
          to: CGPoint(
            x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
      }
    }
    if lifting { touchUp(at: end) }
  }

  /// A finger goes down at a point of the window (`Window.touchBegan(at:)`); a non-finite
  /// point is refused.
  ///
  /// - Parameter point: The point, in window coordinates.
  public func touchDown(at point: CGPoint) {
    window.touchBegan(at: point)
  }

  /// The finger moves to a point (`Window.touchMoved(to:)`), on the clock's current time.
  ///
  /// - Parameter point: The point, in window coordinates.
  public func touchMove(to point: CGPoint) {
    window.touchMoved(to: point)
  }

  /// The finger lifts at a point (`Window.touchEnded(at:)`), with the velocity of its last
  /// tenth of a second.
  ///
  /// - Parameter point: The point, in window coordinates.
  public func touchUp(at point: CGPoint) {
    window.touchEnded(at: point)
  }

  /// Taps a view at its center, as a finger would: the deepest view there with an
  /// `View/onTap` handler (the view itself, or an ancestor) receives it.
  ///
  /// - Parameter view: A view in the scene's window.
  /// - Returns: Whether a handler received the tap (`false` for a view in another window, or
  ///   one covered by a view that takes touches).
  @discardableResult
  public func tap(_ view: View) -> Bool {
    guard view.window === window else { return false }
    let center = view.convert(
      CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    return window.sendTap(at: center)
  }

  // MARK: - Drawing

  /// The window drawn on a `TerminalCanvas`, as a host draws a frame (laid out first), to
  /// look at its cells: characters, colours, bold.
  ///
  /// - Parameters:
  ///   - columns: The width in cells; `nil` for the window's (9 points a cell).
  ///   - rows: The height in cells; `nil` for the window's (18 points a cell).
  /// - Returns: The canvas.
  public func terminalCanvas(columns: Int? = nil, rows: Int? = nil) -> TerminalCanvas {
    TerminalSnapshot.canvas(of: window, columns: columns, rows: rows)
  }

  /// The window drawn as a standalone SVG document (laid out first).
  ///
  /// - Returns: The document's text.
  public func svgDocument() -> String {
    TerminalSnapshot.svgCanvas(of: window).document()
  }

  // MARK: - Time

  /// Advances the clock by whole frames at ``framesPerSecond``.
  ///
  /// - Parameter frames: The number of frames; zero runs one frame without moving time, and a
  ///   negative number does nothing.
  public func advance(frames: Int) {
    guard frames >= 0 else { return }
    guard frames > 0 else {
      clock.runFrameNow()
      return
    }
    clock.advance(
      by: Double(frames) / Self.framesPerSecond, framesPerSecond: Self.framesPerSecond)
  }

  /// Advances the clock by a duration, frame by frame at ``framesPerSecond``.
  ///
  /// - Parameter seconds: How far; zero runs one frame, and a negative or non-finite duration
  ///   does nothing.
  public func advance(by seconds: TimeInterval) {
    guard seconds.isFinite, seconds >= 0 else { return }
    guard seconds > 0 else {
      clock.runFrameNow()
      return
    }
    clock.advance(by: seconds, framesPerSecond: Self.framesPerSecond)
  }
}
