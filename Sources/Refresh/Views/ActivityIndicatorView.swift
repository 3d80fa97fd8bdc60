import Foundation
import Observing

/// A spinning wheel that shows work in progress: the headless `UIActivityIndicatorView` (style
/// medium, 20 × 20 points).
///
/// While animating, ``frameIndex`` counts up ``framesPerSecond`` times a second on the window's
/// ``Window/clock``, and the renderer draws that frame of its spinner.
///
/// ```swift
/// let indicator = ActivityIndicatorView()  // 20 × 20, hidden while stopped
/// header.addSubview(indicator)
/// indicator.startAnimating()  // shown, spinning
/// ```
///
/// A view that is not in a window does not spin, but stays ``isAnimating`` and starts spinning
/// when it enters a window, continuing from the frame it showed.
@MainActor
open class ActivityIndicatorView: View {
  /// How many times a second ``frameIndex`` advances while animating.
  public static let framesPerSecond: Double = 12

  /// Whether the indicator spins (`UIActivityIndicatorView.isAnimating`).
  @Observed public private(set) var isAnimating = false

  /// Whether an animating indicator holds still on its first frame, for reduced motion.
  ///
  /// It shows and hides as it would, but ``frameIndex`` stays 0. `false` unless set.
  public var holdsStill = false {
    didSet {
      guard holdsStill != oldValue else { return }
      if holdsStill, frameIndex != 0 {
        frameIndex = 0
        setNeedsDisplay()
      }
      restartFrames()
    }
  }

  /// Whether the indicator is hidden while stopped (`hidesWhenStopped`); `true` by default.
  ///
  /// While it is set, starting shows the indicator and stopping hides it (``View/isHidden``).
  /// Turning it off shows the indicator; turning it on hides a stopped one.
  @Observed public var hidesWhenStopped = true {
    didSet { if hidesWhenStopped != oldValue { isHidden = hidesWhenStopped && !isAnimating } }
  }

  /// The spinner's color (`UIActivityIndicatorView.color`); gray by default.
  @Observed public var color: Color = .gray {
    didSet { if color != oldValue { setNeedsDisplay() } }
  }

  /// The animation frame shown: it counts up from 0 while the indicator spins in a window, and
  /// returns to 0 when it stops.
  @Observed public private(set) var frameIndex = 0

  private var frameTask: ClockTask?
  /// The clock time at which frame 0 was (or would have been) shown.
  private var animationStart: TimeInterval = 0

  /// Creates a stopped indicator, hidden while ``hidesWhenStopped`` is set.
  ///
  /// - Parameter frame: The view's rectangle in its future superview's coordinates.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    updateVisibility()
  }

  /// Creates a stopped, hidden indicator of the medium style's size, 20 × 20 points
  /// (`UIActivityIndicatorView(style: .medium)`).
  public convenience init() {
    self.init(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
  }

  // MARK: - Animation

  /// Starts spinning, and shows the indicator (`startAnimating()`); call `super` when you
  /// override it.
  open func startAnimating() {
    guard !isAnimating else { return }
    isAnimating = true
    updateVisibility()
    restartFrames()
    setNeedsDisplay()
  }

  /// Stops spinning, and hides the indicator if ``hidesWhenStopped`` is set
  /// (`stopAnimating()`); call `super` when you override it.
  open func stopAnimating() {
    guard isAnimating else { return }
    isAnimating = false
    if frameIndex != 0 { frameIndex = 0 }
    updateVisibility()
    restartFrames()
    setNeedsDisplay()
  }

  /// Starts or stops following the new window's clock; call `super` when you override it.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    restartFrames()
  }

  private func updateVisibility() {
    if hidesWhenStopped { isHidden = !isAnimating }
  }

  /// Drops the frame handler, and adds one on the window's clock if the indicator should spin,
  /// continuing from the frame shown now.
  private func restartFrames() {
    frameTask?.cancel()
    frameTask = nil
    guard isAnimating, !holdsStill, let clock = window?.clock else { return }
    animationStart = clock.now - Double(frameIndex) / Self.framesPerSecond
    frameTask = clock.addFrameHandler(weakly: self) { view, time in view.showFrame(at: time) }
  }

  private func showFrame(at time: TimeInterval) {
    // The epsilon keeps a time that is a whole number of frames from rounding down.
    let frames = ((time - animationStart) * Self.framesPerSecond + 1e-9).rounded(.down)
    guard frames >= 0 else { return }
    let index = Int(min(frames, Double(Int32.max)))
    guard index != frameIndex else { return }
    frameIndex = index
    setNeedsDisplay()
  }

  // MARK: - Size and drawing

  /// The size of the medium style, 20 × 20 points (`sizeThatFits(_:)`).
  ///
  /// Subclasses may override it; call `super` for the standard size.
  ///
  /// - Parameter size: The space available (not used).
  /// - Returns: 20 × 20 points.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: 20, height: 20)
  }

  /// The indicator's natural size: ``sizeThatFits(_:)`` (`intrinsicContentSize`).
  open var intrinsicContentSize: CGSize {
    sizeThatFits(.zero)
  }

  /// Draws the current frame of the spinner in the bounds, in ``color``; call `super` when you
  /// override it.
  ///
  /// - Parameter canvas: Where to draw.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.drawSpinner(in: bounds, color: color, frame: frameIndex)
  }
}
