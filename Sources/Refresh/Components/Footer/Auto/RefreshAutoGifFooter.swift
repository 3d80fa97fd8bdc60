import Foundation

/// An automatic footer that loops frames while loading: MJRefresh's `MJRefreshAutoGifFooter`.
open class RefreshAutoGifFooter: RefreshAutoStateFooter, StateImagesComponent {
  /// The frames, shown only while loading: the automatic footer has no pull for idle frames to
  /// follow.
  public let stateImagesPart = StateImagesPart(showsOnlyWhileRefreshing: true)

  open override func prepare() {
    super.prepare()
    addPart(stateImagesPart)
  }
}
