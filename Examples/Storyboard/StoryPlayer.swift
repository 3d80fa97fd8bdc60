import Foundation
import Refresh
import Rendering

/// One recorded frame: the window as presented at a moment, and what the caption says about it.
@MainActor
struct StoryFrame {
  /// The time on the scene's clock, in seconds.
  let time: TimeInterval

  /// The state of the scene's subject, if it has one.
  let state: RefreshState?

  /// The presented content offset along the caption's axis, in points.
  let offset: CGFloat

  /// The axis ``offset`` is measured along.
  let axis: StoryScene.Axis

  /// The window, drawn.
  let canvas: SVGCanvas

  /// The decimals the caption gives the time: 2, or 3 for an interval that is not a whole
  /// number of hundredths.
  var timeDecimals = 2

  /// The caption under the frame: "0.30 s · refreshing · y −118".
  var caption: String {
    var parts = [String(format: "%.\(timeDecimals)f s", time)]
    if let state { parts.append(state.description) }
    parts.append((axis == .vertical ? "y " : "x ") + Self.signed(offset))
    return parts.joined(separator: " · ")
  }

  /// An offset rounded to a whole point, with a true minus sign (and never "−0").
  static func signed(_ value: CGFloat) -> String {
    let whole = Int(value.rounded())
    return whole < 0 ? "\u{2212}\(-whole)" : "\(whole)"
  }
}

/// Plays a storyboard's steps against its scene's manual clock and records a frame every
/// interval.
///
/// The clock moves in frames of 1/60 s, and also stops exactly at each multiple of the
/// interval, where the window is laid out and drawn: the first frame is at 0 s (after
/// `setup`), the next at one interval, and so on, until the steps run out.
@MainActor
final class StoryPlayer {
  /// The clock's frame length while time passes, in seconds.
  static let tick: TimeInterval = 1.0 / 60

  /// The time between recorded frames, in seconds.
  let interval: TimeInterval

  /// The scene being played.
  let scene: StoryScene

  /// The frames recorded so far.
  private(set) var frames: [StoryFrame] = []

  /// The index of the next frame to record: it is due at `sampleIndex × interval`.
  private var sampleIndex = 0

  /// Where the finger is, in window coordinates, while it is down.
  private var finger: CGPoint?

  /// Where the finger pressed through the window's touch routing is, in window coordinates,
  /// while it is down (``StoryStep/press(at:)``).
  private var pressed: CGPoint?

  /// Two times closer than this are the same moment.
  private static let epsilon: TimeInterval = 1e-9

  /// Builds a storyboard's scene, ready to play.
  ///
  /// - Parameters:
  ///   - storyboard: The storyboard whose `setup` dresses the scene.
  ///   - interval: The time between frames, in seconds; positive.
  init(_ storyboard: Storyboard, interval: TimeInterval) {
    precondition(interval > 0 && interval.isFinite, "The interval must be positive")
    self.interval = interval
    scene = StoryScene()
    storyboard.setup(scene)
  }

  /// Plays a storyboard from the start and returns its frames.
  ///
  /// - Parameters:
  ///   - storyboard: The storyboard.
  ///   - interval: The time between frames, in seconds; positive.
  /// - Returns: The frames, in order.
  static func record(_ storyboard: Storyboard, interval: TimeInterval) -> [StoryFrame] {
    let player = StoryPlayer(storyboard, interval: interval)
    player.play(storyboard.steps)
    return player.frames
  }

  /// Records the first frame, then runs the steps in order.
  ///
  /// - Parameter steps: The script.
  func play(_ steps: [StoryStep]) {
    if sampleIndex == 0 {
      recordFrame()
      sampleIndex = 1
    }
    for step in steps { run(step) }
  }

  /// Runs one step.
  func run(_ step: StoryStep) {
    let scroll = scene.scroll
    switch step {
    case .touch(let point):
      finger = point
      scroll.beginDragging(at: pointForScroll(point))
    case .drag(let target, let duration):
      guard let start = finger else {
        pass(duration, recording: true)
        return
      }
      pass(duration, recording: true) { [self] fraction in
        let point = CGPoint(
          x: start.x + (target.x - start.x) * fraction, y: start.y + (target.y - start.y) * fraction
        )
        self.finger = point
        scroll.drag(to: self.pointForScroll(point))
      }
    case .release(let velocity):
      finger = nil
      scroll.endDragging(velocity: velocity)
    case .tap(let point):
      scene.window.sendTap(at: point)
    case .press(let point):
      pressed = point
      scene.window.touchBegan(at: point)
    case .move(let target, let duration):
      guard let start = pressed else {
        pass(duration, recording: true)
        return
      }
      let window = scene.window
      pass(duration, recording: true) { [self] fraction in
        let point = CGPoint(
          x: start.x + (target.x - start.x) * fraction, y: start.y + (target.y - start.y) * fraction
        )
        self.pressed = point
        window.touchMoved(to: point)
      }
    case .lift:
      guard let point = pressed else { return }
      pressed = nil
      scene.window.touchEnded(at: point)
    case .wait(let duration):
      pass(duration, recording: true)
    case .skip(let duration):
      pass(duration, recording: false)
      let due = (scene.clock.now / interval - Self.epsilon).rounded(.up)
      sampleIndex = max(sampleIndex, Int(due))
    case .call(let work):
      work(scene)
    }
  }

  /// Lets time pass: the clock advances frame by frame, stopping at the frames due to be
  /// recorded, and `move` gets the fraction of the duration elapsed after each stop.
  private func pass(
    _ duration: TimeInterval, recording: Bool, move: ((CGFloat) -> Void)? = nil
  ) {
    guard duration > 0, duration.isFinite else { return }
    let clock = scene.clock
    let start = clock.now
    let end = start + duration
    var tickIndex = 1
    while true {
      let nextTick = min(start + Double(tickIndex) * Self.tick, end)
      let nextSample = recording ? Double(sampleIndex) * interval : .infinity
      let isSample = nextSample <= nextTick + Self.epsilon
      let isTick = nextTick <= nextSample + Self.epsilon
      let time = min(nextTick, nextSample)
      clock.advance(by: max(time - clock.now, 0))
      move?(CGFloat(min(max((time - start) / duration, 0), 1)))
      if isSample {
        recordFrame()
        sampleIndex += 1
      }
      if isTick {
        if nextTick >= end { break }
        tickIndex += 1
      }
    }
  }

  /// A window point in the scroll model's superview, where gestures are measured.
  private func pointForScroll(_ point: CGPoint) -> CGPoint {
    guard let superview = scene.scroll.superview, superview !== scene.window else { return point }
    let origin = superview.convert(CGPoint.zero, to: nil)
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }

  /// Lays the window out and draws it as presented now.
  private func recordFrame() {
    scene.clock.runFrameNow()
    let canvas = SVGCanvas(size: scene.window.frame.size)
    scene.window.render(in: canvas)
    let offset = scene.captionScroll.presentedContentOffset
    let axis = scene.captionAxis
    let hundredths = interval * 100
    frames.append(
      StoryFrame(
        time: Double(sampleIndex) * interval, state: scene.subject?.state,
        offset: axis == .vertical ? offset.y : offset.x, axis: axis, canvas: canvas,
        timeDecimals: abs(hundredths - hundredths.rounded()) < 1e-6 ? 2 : 3))
  }
}
