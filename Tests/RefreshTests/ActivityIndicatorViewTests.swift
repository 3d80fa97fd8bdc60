import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("ActivityIndicatorView")
struct ActivityIndicatorViewTests {
  let clock = ManualFrameClock()
  let window: Window
  let indicator = ActivityIndicatorView()

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
  }

  @Test func aStoppedIndicatorIsMediumSizedGrayAndHidden() {
    #expect(indicator.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
    #expect(indicator.sizeThatFits(.zero) == CGSize(width: 20, height: 20))
    #expect(indicator.intrinsicContentSize == CGSize(width: 20, height: 20))
    #expect(indicator.color == .gray)
    #expect(!indicator.isAnimating)
    #expect(indicator.hidesWhenStopped)
    #expect(indicator.isHidden)
    #expect(indicator.frameIndex == 0)
    let sized = ActivityIndicatorView(frame: CGRect(x: 5, y: 6, width: 0, height: 0))
    sized.sizeToFit()
    #expect(sized.frame == CGRect(x: 5, y: 6, width: 20, height: 20))
  }

  @Test func hidesWhenStoppedFollowsTheAnimation() {
    indicator.startAnimating()
    #expect(indicator.isAnimating && !indicator.isHidden)
    indicator.stopAnimating()
    #expect(!indicator.isAnimating && indicator.isHidden)
    indicator.hidesWhenStopped = false
    #expect(!indicator.isHidden)
    indicator.startAnimating()
    indicator.stopAnimating()
    #expect(!indicator.isHidden)
    indicator.hidesWhenStopped = true
    #expect(indicator.isHidden)
  }

  @Test(
    arguments: [
      (0.05, 0), (1.0 / 12, 1), (0.1, 1), (0.25, 3), (0.5, 6), (1, 12), (2.5, 30),
    ] as [(TimeInterval, Int)])
  func framesAdvanceTwelveTimesASecond(seconds: TimeInterval, frame: Int) {
    window.addSubview(indicator)
    indicator.startAnimating()
    clock.advance(by: seconds)
    #expect(indicator.frameIndex == frame)
  }

  @Test func eachFrameIsObservedOnce() {
    window.addSubview(indicator)
    var frames: [Int] = []
    let token = indicator.observe(\.frameIndex, options: .new) { _, change in
      frames.append(change.newValue!)
    }
    indicator.startAnimating()
    clock.advance(by: 0.5, framesPerSecond: 60)
    indicator.stopAnimating()
    #expect(frames == [1, 2, 3, 4, 5, 6, 0])
    token.invalidate()
  }

  @Test func isAnimatingIsObservedOncePerChange() {
    var values: [Bool] = []
    let token = indicator.observe(\.isAnimating, options: [.new]) { _, change in
      values.append(change.newValue!)
    }
    indicator.startAnimating()
    indicator.startAnimating()
    indicator.stopAnimating()
    indicator.stopAnimating()
    #expect(values == [true, false])
    token.invalidate()
  }

  @Test func outOfAWindowItDoesNotSpinButStaysAnimating() {
    indicator.startAnimating()
    clock.advance(by: 1)
    #expect(indicator.isAnimating)
    #expect(indicator.frameIndex == 0)
    window.addSubview(indicator)
    clock.advance(by: 0.5)
    #expect(indicator.frameIndex == 6)
  }

  @Test func stopsWhenRemovedFromTheWindowAndResumesWhenAddedBack() {
    window.addSubview(indicator)
    indicator.startAnimating()
    clock.advance(by: 0.25)
    #expect(indicator.frameIndex == 3)
    indicator.removeFromSuperview()
    clock.advance(by: 1)
    #expect(indicator.frameIndex == 3)
    #expect(indicator.isAnimating)
    #expect(!clock.isAnimating)
    window.addSubview(indicator)
    clock.advance(by: 1.0 / 12)
    #expect(indicator.frameIndex == 4)
  }

  @Test func stoppingResetsTheFrame() {
    window.addSubview(indicator)
    indicator.startAnimating()
    clock.advance(by: 1)
    indicator.stopAnimating()
    #expect(indicator.frameIndex == 0)
    clock.advance(by: 1)
    #expect(indicator.frameIndex == 0)
    #expect(!clock.isAnimating)
  }

  @Test func drawsTheCurrentSpinnerFrame() {
    indicator.frame.origin = CGPoint(x: 177, y: 17)
    indicator.color = .refreshText
    window.addSubview(indicator)
    let canvas = CanvasCallRecorder()
    window.render(in: canvas)  // hidden while stopped: nothing
    indicator.startAnimating()
    clock.advance(by: 0.5)
    window.render(in: canvas)
    let state = CanvasState(origin: CGPoint(x: 177, y: 17), clip: window.bounds)
    #expect(
      canvas.calls == [
        .spinner(CGRect(x: 0, y: 0, width: 20, height: 20), .refreshText, frame: 6, state)
      ])
  }

  /// A spinner that is still spinning when its window, its clock and itself go leaves nothing
  /// behind: its frame task holds the handler, and the handler holds the task weakly (held
  /// strongly, the two kept each other alive, a leak the address sanitizer reported).
  @Test func aSpinnerGoneWhileSpinningLeavesNoTask() {
    weak var task: ClockTask?
    weak var spinner: ActivityIndicatorView?
    do {
      let clock = ManualFrameClock()
      let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), clock: clock)
      let view = ActivityIndicatorView()
      window.addSubview(view)
      view.startAnimating()
      clock.advance(by: 0.5)
      spinner = view
      task = clock.addFrameHandler(weakly: view) { _, _ in }
      #expect(task != nil)
    }
    #expect(spinner == nil)
    #expect(task == nil)
  }
}
