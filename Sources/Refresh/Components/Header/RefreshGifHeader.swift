import Foundation

/// A header that plays frames: chosen by the pull while idle, looped while pulling and
/// refreshing: MJRefresh's `MJRefreshGifHeader`.
///
/// ```swift
/// let header = RefreshGifHeader { reload() }
/// header.setImages(["◜", "◝", "◞", "◟"].map(Image.glyph), for: .idle)
/// header.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .refreshing)
/// ```
open class RefreshGifHeader: RefreshStateHeader, StateImagesComponent {
  /// The frames, left of the titles.
  public let stateImagesPart = StateImagesPart()

  open override func prepare() {
    super.prepare()
    addPart(stateImagesPart)
  }
}
