import Foundation

/// An automatic footer that loops frames while loading: MJRefresh's `MJRefreshAutoGifFooter`.
@MainActor
open class RefreshAutoGifFooter: RefreshAutoStateFooter {
  /// Shown only while loading: the automatic footer has no pull for idle frames to follow.
  private lazy var frames = StateImages(in: self, showsOnlyWhileRefreshing: true)

  /// Sets the frames of a state (the refreshing ones are the ones shown).
  ///
  /// - Parameters:
  ///   - images: The frames.
  ///   - duration: One loop's length; 0.1 second per frame when `nil`.
  ///   - state: The state they belong to.
  /// - Returns: The component, for chaining.
  @discardableResult
  public func setImages(_ images: [Image], duration: TimeInterval? = nil, for state: RefreshState)
    -> Self
  {
    frames.setImages(images, duration: duration, for: state, in: self)
  }

  /// The view that shows the frames, while loading.
  public var gifView: ImageView { frames.gifView }

  open override func prepare() {
    super.prepare()
    labelLeftInset = 20  // MJRefresh's gif components keep 20 points beside the text
    addPart(frames)
  }
}
