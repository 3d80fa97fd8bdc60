import Foundation

/// A back footer that plays frames: chosen by the pull while idle, looped while pulling and
/// loading: MJRefresh's `MJRefreshBackGifFooter`.
@MainActor
open class RefreshBackGifFooter: RefreshBackStateFooter {
  private lazy var frames = StateImages(in: self)

  open override func prepare() {
    super.prepare()
    labelLeftInset = 20  // MJRefresh's gif components keep 20 points beside the text
    addPart(frames)
  }

  /// The view that shows the frames.
  public var gifView: ImageView { frames.gifView }

  /// Sets the frames of a state.
  ///
  /// - Parameters:
  ///   - images: The frames; idle frames follow the pull, others loop.
  ///   - duration: One loop's length; 0.1 second per frame when `nil`.
  ///   - state: The state they belong to.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setImages(_ images: [Image], duration: TimeInterval? = nil, for state: RefreshState)
    -> Self
  {
    frames.setImages(images, duration: duration, for: state, in: self)
  }
}
