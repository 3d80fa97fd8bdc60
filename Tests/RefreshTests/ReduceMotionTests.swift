import Foundation
import Testing

@testable import Refresh

/// With ``RefreshComponent/reducesMotion`` the states show still.
///
/// The arrow points the new way at once, the spinner shows one frame, a GIF its first image, and the spinner goes at once
/// when a refresh ends. Offsets and insets are a pull's, unchanged.
@MainActor
@Suite("Reduce motion")
struct ReduceMotionTests {
  let scene = ListInWindow()
  var clock: ManualFrameClock { scene.clock }
  var window: Window { scene.window }
  var list: ListView { scene.list }
  func frames(_ count: Int) { scene.frames(count) }

  /// Pulls to `offset` with a finger and holds it there.
  func pull(to offset: CGFloat) {
    list.beginDragging(at: CGPoint(x: 100, y: 100))
    list.contentOffset.y = offset
  }

  @Test(arguments: [false, true])
  func theArrowTurnsAtOnce(reduced: Bool) {
    let header = RefreshNormalHeader {}
    header.reducesMotion = reduced
    list.header = header
    pull(to: -60)
    #expect(header.state == .pulling)
    // The pulling rotation is a half turn (a hair short, so that it turns the same way).
    let turned = Transform(rotationAngle: 0.000001 - .pi)
    frames(1)
    // The model value is the half turn at once; on screen it turns over 0.25 s, or not at all.
    #expect(header.arrowView.transform == turned)
    #expect(header.arrowView.hasRunningAnimations == !reduced)
    #expect((header.arrowView.presentedRotation == turned.rotation) == reduced)
    frames(20)
    #expect(header.arrowView.presentedRotation == turned.rotation)
  }

  @Test(arguments: [false, true])
  func theSpinnerHoldsStillAndGoesAtOnce(reduced: Bool) {
    let header = RefreshNormalHeader {}
    header.reducesMotion = reduced
    list.header = header
    header.beginRefreshing()
    frames(60)
    #expect(header.state == .refreshing)
    #expect(list.contentOffset.y == -54)
    #expect(header.loadingView.isAnimating && !header.loadingView.isHidden)
    #expect((header.loadingView.frameIndex == 0) == reduced)
    header.endRefreshing()
    frames(1)
    // The spinner fades over the slow duration, or goes at once.
    #expect(header.loadingView.isHidden == reduced)
    frames(60)
    #expect(header.loadingView.isHidden)
    #expect(list.contentOffset.y == 0)
  }

  @Test(arguments: [false, true])
  func aGifShowsItsFirstImage(reduced: Bool) {
    let header = RefreshGifHeader {}
    header.reducesMotion = reduced
    let images = (1...3).map { Image(named: "frame\($0)", size: CGSize(width: 9, height: 9)) }
    header.setImages(images, duration: 0.3, for: .refreshing)
    list.header = header
    header.beginRefreshing()
    let gif = header.stateImagesPart.gifView
    var shown: Set<Image?> = []
    for _ in 0..<24 {
      frames(1)
      shown.insert(gif.currentImage)
    }
    // Three images over 0.3 s: all three in 0.4 s of frames, or the first alone.
    #expect(gif.isAnimating == !reduced)
    #expect(shown == (reduced ? [images[0]] : Set(images)))
  }

  @Test func componentsTakeTheConfigurationsSettingWhenMade() {
    let config = RefreshConfig.default
    #expect(!config.reducesMotion)
    #expect(!RefreshNormalHeader {}.reducesMotion)
  }
}
