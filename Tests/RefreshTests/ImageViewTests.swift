import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("ImageView")
struct ImageViewTests {
  let clock = ManualFrameClock()
  let window: Window
  let frames = ["◐", "◓", "◑", "◒"].map(Image.glyph)
  let imageView = ImageView(image: .arrow)

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    imageView.animationImages = frames
    imageView.animationDuration = 0.4
  }

  @Test func defaultsAndSizes() {
    #expect(imageView.frame == CGRect(x: 0, y: 0, width: 18, height: 18))
    #expect(imageView.tintColor == Color(red: 90, green: 90, blue: 90))
    #expect(!imageView.isAnimating)
    #expect(imageView.currentImage == .arrow)
    let empty = ImageView()
    #expect(empty.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
    #expect(empty.intrinsicContentSize == .zero)
    empty.image = .glyph("↓")
    empty.sizeToFit()
    #expect(empty.frame.size == CGSize(width: 18, height: 18))
  }

  @Test(arguments: [1, 2, 3, 0, 1, 2, 3, 0].enumerated().map { ($0.offset + 1, $0.element) })
  func framesAdvanceOnTheWindowClock(steps: Int, frame: Int) {
    window.addSubview(imageView)
    imageView.startAnimating()
    #expect(imageView.currentImage == frames[0])
    for _ in 0..<steps { clock.advance(by: 0.1) }
    #expect(imageView.currentImage == frames[frame])
  }

  @Test func eachFrameIsObservedInOrder() {
    window.addSubview(imageView)
    var shown: [Image?] = []
    let token = imageView.observe(\.currentImage, options: .new) { _, change in
      shown.append(change.newValue!)
    }
    imageView.startAnimating()
    for _ in 0..<5 { clock.advance(by: 0.1) }
    imageView.stopAnimating()
    #expect(shown == [frames[0], frames[1], frames[2], frames[3], frames[0], frames[1], .arrow])
    token.invalidate()
  }

  @Test func aLongStepShowsTheFrameOfItsEndTime() {
    window.addSubview(imageView)
    imageView.startAnimating()
    clock.advance(by: 0.25)
    #expect(imageView.currentImage == frames[2])
    clock.advance(by: 1.0, framesPerSecond: 60)
    #expect(imageView.currentImage == frames[0])  // 1.25 s: image 12, the first of a cycle
  }

  @Test func outOfAWindowNothingMovesButTheStateStays() {
    imageView.startAnimating()
    #expect(imageView.isAnimating)
    clock.advance(by: 0.25)
    #expect(imageView.currentImage == frames[0])
    #expect(!clock.isAnimating)

    window.addSubview(imageView)
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[1])
  }

  @Test func stopsWhenRemovedFromTheWindowAndResumesWhenAddedBack() {
    let container = View(frame: window.bounds)
    window.addSubview(container)
    container.addSubview(imageView)
    imageView.startAnimating()
    clock.advance(by: 0.1)
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[2])

    container.removeFromSuperview()  // the image view leaves the window with its superview
    clock.advance(by: 0.1)
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[2])
    #expect(imageView.isAnimating)
    #expect(!clock.isAnimating)

    window.addSubview(container)
    clock.advance(by: 0)
    #expect(imageView.currentImage == frames[2])
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[3])
  }

  @Test func followsTheClockOfTheWindowItMovesTo() {
    let otherClock = ManualFrameClock()
    let other = Window(frame: window.frame, clock: otherClock)
    window.addSubview(imageView)
    imageView.startAnimating()
    clock.advance(by: 0.1)
    other.addSubview(imageView)
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[1])
    otherClock.advance(by: 0.1)
    #expect(imageView.currentImage == frames[2])
  }

  @Test func stoppingShowsTheImageAgain() {
    window.addSubview(imageView)
    imageView.startAnimating()
    clock.advance(by: 0.1)
    imageView.stopAnimating()
    #expect(!imageView.isAnimating)
    #expect(imageView.currentImage == .arrow)
    clock.advance(by: 0.1)
    #expect(imageView.currentImage == .arrow)
    imageView.startAnimating()  // from the first frame
    #expect(imageView.currentImage == frames[0])
  }

  @Test func emptyAnimationImagesDoNotAnimate() {
    let view = ImageView(image: .arrow)
    window.addSubview(view)
    view.startAnimating()
    #expect(!view.isAnimating)
    window.addSubview(imageView)
    imageView.startAnimating()
    imageView.animationImages = []
    #expect(!imageView.isAnimating)
    #expect(imageView.currentImage == .arrow)
  }

  @Test func aZeroDurationShowsThirtyImagesASecond() {
    imageView.animationDuration = 0
    window.addSubview(imageView)
    imageView.startAnimating()
    clock.advance(by: 1.0 / 30)
    #expect(imageView.currentImage == frames[1])
    clock.advance(by: 2.0 / 30)
    #expect(imageView.currentImage == frames[3])
    imageView.animationDuration = -1  // refused
    #expect(imageView.animationDuration == 0)
  }

  @Test func aReleasedViewLeavesNoFrameWorkBehind() {
    let otherClock = ManualFrameClock()
    do {
      let other = Window(frame: window.frame, clock: otherClock)
      let view = ImageView()
      view.animationImages = frames
      other.addSubview(view)
      view.startAnimating()
      otherClock.advance(by: 0)
      #expect(otherClock.isAnimating)
    }
    otherClock.advance(by: 0.1)
    #expect(!otherClock.isAnimating)
  }

  @Test func drawsTheCurrentImageInTheBoundsWithTheTint() {
    imageView.frame.origin = CGPoint(x: 100, y: 18)
    imageView.tintColor = .orange
    imageView.transform = Transform(rotationAngle: .pi)
    window.addSubview(imageView)
    let canvas = CanvasCallRecorder()
    window.render(in: canvas)
    imageView.startAnimating()
    clock.advance(by: 0.1)
    window.render(in: canvas)
    let state = CanvasState(
      origin: CGPoint(x: 100, y: 18), clip: window.bounds, alpha: 1, rotation: .pi)
    let bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
    #expect(
      canvas.calls == [
        .image(.arrow, bounds, tint: .orange, state),
        .image(frames[1], bounds, tint: .orange, state),
      ])
  }
}
