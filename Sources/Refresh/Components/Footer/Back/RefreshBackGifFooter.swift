import Foundation

/// A back footer that plays frames: MJRefresh's `MJRefreshBackGifFooter`.
@MainActor
open class RefreshBackGifFooter: RefreshBackStateFooter {
  private var frames: StateImages!

  /// The view that shows the frames.
  public var gifView: ImageView { frames.gifView }

  open override func prepare() {
    super.prepare()
    labelLeftInset = 20
    frames = StateImages(in: self)
  }

  /// Sets the frames of a state.
  ///
  /// - Parameters:
  ///   - images: The frames; idle frames follow the pull, others loop.
  ///   - duration: One loop's length; 0.1 second per frame when `nil`.
  ///   - state: The state they belong to.
  public func setImages(_ images: [Image], duration: TimeInterval? = nil, for state: RefreshState) {
    frames.setImages(images, duration: duration, for: state)
  }

  open override var pullingPercent: CGFloat {
    didSet { frames?.follow(pullingPercent: pullingPercent, in: state) }
  }

  open override func placeSubviews() {
    super.placeSubviews()
    if stateLabel.isHidden {
      gifView.frame = bounds
    } else {
      let width = max(0, frame.width * 0.5 - labelLeftInset - stateLabel.textWidth / 2)
      gifView.frame = CGRect(x: 0, y: 0, width: width, height: frame.height)
    }
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    frames.show(state)
  }
}
