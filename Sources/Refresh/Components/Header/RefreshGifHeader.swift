import Foundation

/// A header that plays frames: chosen by the pull while idle, looped while pulling and
/// refreshing: MJRefresh's `MJRefreshGifHeader`.
///
/// ```swift
/// let header = RefreshGifHeader { reload() }
/// header.setImages(["◜", "◝", "◞", "◟"].map(Image.glyph), for: .idle)
/// header.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .refreshing)
/// ```
@MainActor
open class RefreshGifHeader: RefreshStateHeader {
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
    setNeedsLayout()
  }

  /// The frames of a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its frames.
  public func images(for state: RefreshState) -> [Image] {
    frames.images(for: state)
  }

  open override var pullingPercent: CGFloat {
    didSet { frames?.follow(pullingPercent: pullingPercent, in: state) }
  }

  open override func placeSubviews() {
    super.placeSubviews()
    if stateLabel.isHidden, lastUpdatedTimeLabel.isHidden {
      gifView.frame = bounds
    } else {
      let width = max(0, frame.width * 0.5 - labelLeftInset - widestTextWidth / 2)
      gifView.frame = CGRect(x: 0, y: 0, width: width, height: frame.height)
    }
  }

  open override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    frames.show(state)
  }
}
