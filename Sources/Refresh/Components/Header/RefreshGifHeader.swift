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
  private lazy var frames = StateImages(in: self)

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

  /// The frames of a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its frames.
  public func images(for state: RefreshState) -> [Image] {
    frames.images(for: state)
  }

  open override func prepare() {
    super.prepare()
    labelLeftInset = 20  // MJRefresh's gif components keep 20 points beside the text
    addPart(frames)
  }
}
