import Foundation
import Refresh
import Testing

@testable import Rendering

@MainActor
@Suite("TerminalReplay: a recording on a manual clock")
struct TerminalReplayTests {
  static let recording = TerminalRecording(entries: [
    .init(time: 0, event: .resize(columns: 40, rows: 12)),
    .init(time: 0.5, event: .input(.key(.up))),
    .init(time: 0.5, event: .input(.key(.down))),
    .init(time: 1.25, event: .input(.mouse(MouseEvent(kind: .press, column: 1, row: 2)))),
    .init(time: 2, event: .end),
  ])

  @Test func eachEntryArrivesWhenTheClockReachesItsTime() {
    let clock = ManualFrameClock()
    clock.advance(by: 10)  // time 0 of the recording is the clock's time now
    var arrivals: [String] = []
    var frames = 0
    _ = clock.addFrameHandler { _ in frames += 1 }
    let replay = TerminalReplay(Self.recording, clock: clock)
    replay.onInput = { arrivals.append("\(clock.now - 10) \($0)") }
    replay.onResize = { arrivals.append("\(clock.now - 10) \($0)x\($1)") }
    replay.play(until: 0.5)
    #expect(arrivals == ["0.0 40x12", "0.5 key(Rendering.Key.up)", "0.5 key(Rendering.Key.down)"])
    // Frame by frame at 60 Hz: 30 frames for half a second.
    #expect(frames == 30)
    #expect(replay.time == 0.5)
    #expect(!replay.isFinished)
    replay.playToEnd()
    #expect(replay.isFinished)
    #expect(replay.playedCount == 5)
    #expect(clock.now == 12)
    #expect(arrivals.count == 4)
  }

  @Test func playingBackwardsOrToNoTimeDoesNothing() {
    let clock = ManualFrameClock()
    let replay = TerminalReplay(Self.recording, clock: clock)
    replay.play(until: 1)
    replay.play(until: 0.5)
    replay.play(until: .nan)
    #expect(replay.time == 1)
    #expect(clock.now == 1)
  }

  @Test func theSameRecordingGivesTheSameFramesEveryTime() {
    func play() -> [CGFloat] {
      let clock = ManualFrameClock()
      let window = Window(frame: CGRect(x: 0, y: 0, width: 360, height: 216), clock: clock)
      let scroll = ScrollModel(frame: window.bounds)
      scroll.contentSize = CGSize(width: 360, height: 2000)
      window.addSubview(scroll)
      let dispatcher = InputDispatcher(window: window)
      var entries: [TerminalRecording.Entry] = [
        .init(time: 0.1, event: .input(.mouse(MouseEvent(kind: .press, column: 5, row: 10))))
      ]
      for row in stride(from: 9, through: 2, by: -1) {
        entries.append(
          .init(
            time: 0.1 + Double(10 - row) / 60,
            event: .input(.mouse(MouseEvent(kind: .drag, column: 5, row: row)))))
      }
      entries.append(
        .init(time: 0.25, event: .input(.mouse(MouseEvent(kind: .release, column: 5, row: 2)))))
      let replay = TerminalReplay(TerminalRecording(entries: entries), clock: clock)
      replay.onInput = { dispatcher.handle($0) }
      var offsets: [CGFloat] = []
      for step in 1...20 {
        replay.play(until: Double(step) * 0.05)
        offsets.append(scroll.contentOffset.y)
      }
      return offsets
    }
    let first = play()
    #expect(first.last! > 144)  // the fling carried it past the drag
    #expect(play() == first)
  }
}
