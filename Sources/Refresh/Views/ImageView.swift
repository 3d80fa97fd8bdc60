import Foundation
import Observing

/// A view that shows an image, or a sequence of images as an animation: the headless
/// `UIImageView`.
///
/// Images are named (``Image``); renderers decide how each looks and tint it with
/// ``tintColor``. A rotation set with ``View/transform`` is applied by the renderer.
///
/// ```swift
/// let spinner = ImageView(image: .arrow)
/// spinner.animationImages = ["◐", "◓", "◑", "◒"].map(Image.glyph)
/// spinner.animationDuration = 0.4
/// spinner.startAnimating()  // one frame per 0.1 s, on the window's clock
/// ```
///
/// The animation runs on the window's ``Window/clock``: a view that is not in a window does not
/// animate, but stays ``isAnimating`` and starts moving when it enters a window, continuing from
/// the frame it showed.
@MainActor
open class ImageView: View {
  /// The image shown when not animating (`UIImageView.image`).
  @Observed public var image: Image? {
    didSet { updateCurrentImage() }
  }

  /// The color images are drawn in (`UIView.tintColor`); MJRefresh's gray,
  /// ``Color/refreshText``, by default.
  @Observed public var tintColor: Color = .refreshText {
    didSet { if tintColor != oldValue { setNeedsDisplay() } }
  }

  /// The images of the animation, in order (`UIImageView.animationImages`).
  ///
  /// Emptying it stops a running animation.
  @Observed public var animationImages: [Image] = [] {
    didSet { if animationImages != oldValue { animationDidChange() } }
  }

  /// The time one cycle through ``animationImages`` takes, in seconds
  /// (`UIImageView.animationDuration`).
  ///
  /// 0, the default, means 1/30 s per image, as in UIKit. Negative and non-finite values are
  /// refused.
  @Observed(validate: acceptDuration) public var animationDuration: TimeInterval = 0 {
    didSet { if animationDuration != oldValue { animationDidChange() } }
  }

  /// Whether the animation is running (`UIImageView.isAnimating`).
  ///
  /// It stays `true` while the view is out of a window, though frames only advance in one.
  @Observed public private(set) var isAnimating = false

  /// The image shown now: the current animation frame while animating, else ``image``.
  ///
  /// Observe it to follow the animation: `imageView.observe(\.currentImage)` reports each
  /// frame once.
  @Observed public private(set) var currentImage: Image?

  /// The index in ``animationImages`` of the frame shown while animating.
  private var frameIndex = 0

  private var frameTask: ClockTask?
  /// The clock time at which frame 0 was (or would have been) shown.
  private var animationStart: TimeInterval = 0

  /// Creates an image view with no image.
  ///
  /// - Parameter frame: The view's rectangle in its future superview's coordinates.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Creates an image view showing an image, sized to fit it (`UIImageView(image:)`).
  ///
  /// - Parameter image: The image to show.
  public convenience init(image: Image?) {
    self.init(frame: .zero)
    self.image = image
    sizeToFit()
  }

  // MARK: - Animation

  /// Starts cycling through ``animationImages`` from the first
  /// (`UIImageView.startAnimating()`); call `super` when you override it.
  ///
  /// Does nothing when there are no animation images or the animation already runs.
  open func startAnimating() {
    guard !isAnimating, !animationImages.isEmpty else { return }
    frameIndex = 0
    isAnimating = true
    restartFrames()
    updateCurrentImage()
  }

  /// Stops the animation and shows ``image`` again (`UIImageView.stopAnimating()`); call
  /// `super` when you override it.
  open func stopAnimating() {
    guard isAnimating else { return }
    isAnimating = false
    frameIndex = 0
    restartFrames()
    updateCurrentImage()
  }

  /// Starts or stops following the new window's clock; call `super` when you override it.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    restartFrames()
  }

  /// Seconds each image is shown.
  private var frameDuration: TimeInterval {
    animationDuration > 0 ? animationDuration / Double(animationImages.count) : 1.0 / 30
  }

  /// Drops the frame handler, and adds one on the window's clock if the animation should run,
  /// continuing from the frame shown now.
  private func restartFrames() {
    frameTask?.cancel()
    frameTask = nil
    guard isAnimating, let clock = window?.clock else { return }
    animationStart = clock.now - Double(frameIndex) * frameDuration
    frameTask = clock.addFrameHandler(weakly: self) { view, time in view.showFrame(at: time) }
  }

  private func showFrame(at time: TimeInterval) {
    let count = animationImages.count
    // The epsilon keeps a time that is a whole number of frames from rounding down.
    let frames = ((time - animationStart) / frameDuration + 1e-9).rounded(.down)
    guard count > 0, frames.isFinite, frames >= 0 else { return }
    let index = Int(frames.truncatingRemainder(dividingBy: Double(count)))
    guard index != frameIndex else { return }
    frameIndex = index
    updateCurrentImage()
  }

  private func animationDidChange() {
    if isAnimating {
      if animationImages.isEmpty {
        stopAnimating()
      } else {
        frameIndex %= animationImages.count
        restartFrames()
      }
    }
    updateCurrentImage()
  }

  /// Sets ``currentImage`` from the state, redrawing when it changes.
  private func updateCurrentImage() {
    let shown =
      isAnimating && !animationImages.isEmpty
      ? animationImages[frameIndex % animationImages.count] : image
    guard shown != currentImage else { return }
    currentImage = shown
    setNeedsDisplay()
  }

  // MARK: - Size and drawing

  /// The size the view needs (`UIImageView.sizeThatFits(_:)`): 18 × 18 points (one row of two
  /// cells) when it has an image or animation images, else zero.
  ///
  /// Subclasses may override it; call `super` for the image's size.
  ///
  /// - Parameter size: The space available (not used).
  /// - Returns: The image's size.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    image == nil && animationImages.isEmpty ? .zero : CGSize(width: 18, height: 18)
  }

  /// The view's natural size: ``sizeThatFits(_:)`` (`UIImageView.intrinsicContentSize`).
  open var intrinsicContentSize: CGSize {
    sizeThatFits(.zero)
  }

  /// Draws ``currentImage`` centered in the bounds, in ``tintColor``; call `super` when you
  /// override it.
  ///
  /// The renderer rotates the image by the view's presented rotation (``View/transform``).
  ///
  /// - Parameter canvas: Where to draw.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    guard let currentImage else { return }
    canvas.drawImage(currentImage, in: bounds, tint: tintColor)
  }
}

/// Refuses durations that are negative or not finite.
private func acceptDuration(_ current: TimeInterval, _ proposed: TimeInterval) -> TimeInterval? {
  proposed.isFinite && proposed >= 0 ? proposed : nil
}

extension FrameClock {
  /// Calls `handler` with `view` on every frame until the task is cancelled or the view is
  /// released; a released view's handler cancels itself, so it leaves no frame work behind.
  ///
  /// Image and activity indicator views animate with it.
  func addFrameHandler<Owner: View>(
    weakly view: Owner, _ handler: @escaping @MainActor (Owner, TimeInterval) -> Void
  ) -> ClockTask {
    // The task holds the handler, so the handler holds the task weakly.
    weak var ownTask: ClockTask?
    let task = addFrameHandler { [weak view] time in
      guard let view else {
        ownTask?.cancel()
        return
      }
      handler(view, time)
    }
    ownTask = task
    return task
  }
}
