import Foundation

/// A back footer that plays frames: chosen by the pull while idle, looped while pulling and
/// loading: MJRefresh's `MJRefreshBackGifFooter`.
open class RefreshBackGifFooter: RefreshBackStateFooter, StateImagesComponent {
  /// The frames, left of the title.
  public let stateImagesPart = StateImagesPart()

  open override func prepare() {
    super.prepare()
    addPart(stateImagesPart)
  }
}
