import Foundation

/// The root of a view tree on screen: the headless `UIWindow`, which owns the tree's clock.
///
/// Views in a window are "on screen" (their ``View/window`` is set), animate on the window's
/// ``clock`` and are laid out and displayed on its frames, as UIKit's run loop does:
///
/// ```swift
/// let clock = ManualFrameClock()
/// let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
/// let scroll = ScrollModel(frame: window.bounds)
/// window.addSubview(scroll)
/// clock.advance(by: 0)  // the layout and display passes run
/// ```
@MainActor
open class Window: View {
  /// The clock that drives animations, physics and delayed work in this window.
  public let clock: FrameClock

  /// The channel through which the window's views tell assistive technology what changed.
  public let accessibility = AccessibilityChannel()

  // Read by every view that asks for a frame (each change that redraws). Main-actor confined,
  // and every access is a whole load or store that calls out to no other code while it holds
  // them (the new task is made before it is stored), so the dynamic exclusivity checks are
  // turned off.
  @exclusivity(unchecked) private var frameTask: ClockTask?
  @exclusivity(unchecked) private var framesWantedUntil: TimeInterval = -.infinity
  private let displayCanvas = NullCanvas()

  /// How far, in points, a touch moves before it counts as a drag along one axis, where scroll
  /// models are nested under it (`UIScrollView`'s pan hysteresis); 4 by default.
  ///
  /// Less than a terminal cell (9 × 18 points), so a pointer's first move to another cell
  /// decides. A touch on a lone scroll model drags it from the start.
  public var touchSlop: CGFloat = 4

  /// The touch in progress, which ``touchBegan(at:)`` starts.
  var touch = TouchRoute()

  /// Creates a window.
  ///
  /// - Parameters:
  ///   - frame: The window's rectangle (its size is the screen's).
  ///   - clock: The time source; a ``ManualFrameClock`` in tests, a ``RealTimeFrameClock`` in
  ///     an interactive app.
  public init(frame: CGRect, clock: FrameClock) {
    self.clock = clock
    super.init(frame: frame)
    window = self
    setNeedsFrame()
  }

  /// Asks for a frame: on the next frame, the layout pass and then the display pass run.
  func setNeedsFrame() {
    guard frameTask == nil else { return }
    frameTask = clock.addFrameHandler { [weak self] _ in self?.runFrame() }
  }

  /// Keeps frames coming until `time`, so presentation animations are redrawn while they run.
  func keepFramesComing(until time: TimeInterval) {
    framesWantedUntil = max(framesWantedUntil, time)
    setNeedsFrame()
  }

  /// One frame: layout, then display; stops asking for frames when nothing is due.
  private func runFrame() {
    layoutIfNeeded()
    displayIfNeeded(in: displayCanvas)
    if clock.now >= framesWantedUntil, !hasPendingWork {
      frameTask?.cancel()
      frameTask = nil
    }
  }

  /// Delivers a tap at a point to the deepest view there that takes it
  /// (``View/handleTap(at:)``: one with an ``View/onTap`` handler, a list's row), or to the
  /// nearest of its ancestors that does.
  ///
  /// - Parameter point: The point in window coordinates.
  /// - Returns: Whether a view took the tap.
  @discardableResult
  public func sendTap(at point: CGPoint) -> Bool {
    var view = hitTest(point)
    while let current = view {
      let origin = current.convert(CGPoint.zero, to: nil)
      if current.handleTap(at: CGPoint(x: point.x - origin.x, y: point.y - origin.y)) {
        return true
      }
      view = current.superview
    }
    return false
  }
}
