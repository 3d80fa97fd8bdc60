import Foundation

/// A component that plays frames (a ``StateImagesPart``): the Gif variants, MJRefresh's
/// `MJRefreshGifHeader`, `MJRefreshBackGifFooter` and `MJRefreshAutoGifFooter`.
///
/// ```swift
/// let header = RefreshGifHeader { reload() }
/// header.setImages(["◜", "◝", "◞", "◟"].map(Image.glyph), for: .idle)
/// header.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .refreshing)
/// ```
@MainActor
public protocol StateImagesComponent: RefreshComponent {
  /// The component's frames, which it added as a part.
  var stateImagesPart: StateImagesPart { get }
}

extension StateImagesComponent {
  /// The view that shows the frames.
  public var gifView: ImageView { stateImagesPart.gifView }

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
    stateImagesPart.setImages(images, duration: duration, for: state)
    return self
  }

  /// The frames of a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its frames.
  public func images(for state: RefreshState) -> [Image] {
    stateImagesPart.images(for: state)
  }
}
