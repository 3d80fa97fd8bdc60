import DemoCore
import Foundation
import Refresh
import RefreshTesting
import Rendering
import TerminalTestSupport
import Testing

/// A session recorded from the real demo in tmux (`Recordings/pull-refresh-scroll.rec`: a
/// mouse pull and release, the refresh, two wheel notches, End, q), replayed on a manual clock:
/// the same frames on every run, checked against a filmstrip reference.
@MainActor
@Suite("A session recorded from refresh-demo, replayed")
struct RecordedSessionTests {
  nonisolated static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Recordings/pull-refresh-scroll.rec").path

  /// The demo app at the recording's size, in a scene on the replay's clock.
  func replay() throws -> (app: DemoApp, scene: RefreshScene, replay: TerminalReplay) {
    let recording = try TerminalRecording(contentsOfFile: Self.path)
    let clock = ManualFrameClock()
    let app = DemoApp(
      clock: clock, columns: 80, rows: 24, currentDate: { ReplayedSession.date })
    RefreshConfig.default.languageCode = "en"
    clock.advance(by: 0)
    let scene = RefreshScene(window: app.window, clock: clock, scroll: app.scroll)
    let replay = scene.replay(recording) { app.handle($0) }
    replay.onResize = { app.resize(columns: $0, rows: $1) }
    return (app, scene, replay)
  }

  @Test func theRecordedPullRefreshesAndEndLoadsAPage() throws {
    let (app, _, replay) = try replay()
    let header = try #require(app.scroll.header)
    let footer = try #require(app.scroll.footer)
    let headerStates = ComponentRecorder(header)
    let footerStates = ComponentRecorder(footer)
    let posts = app.feed.items.count
    replay.play(until: 2.6)
    #expect(header.state == .pulling)  // held past the threshold
    replay.playToEnd()
    #expect(headerStates.states == [.pulling, .refreshing, .idle])
    #expect(headerStates.insets.map(\.top) == [54, 0])
    #expect(footerStates.states.prefix(2) == [.refreshing, .idle])
    #expect(app.feed.items.count > posts + 3)  // three new posts and a page
    #expect(app.shouldQuit)  // the recording ends with q
  }

  @Test func theSessionFrameByFrame() throws {
    let (app, _, replay) = try replay()
    let strip = Filmstrip(of: app.window)
    strip.capture(playing: replay, every: 0.5)
    #expect(strip.frames.count == 19)
    assertSnapshot(of: strip, as: .terminal)
  }

  @Test func theSameMotionOnEveryRun() throws {
    // Frame by frame, without drawing (the filmstrip's reference checks the drawing).
    func motion() throws -> [String] {
      let (app, _, replay) = try replay()
      var frames: [String] = []
      while !replay.isFinished {
        replay.play(until: replay.time + 1.0 / 60)
        frames.append(
          "\(app.scroll.contentOffset.y) \(app.scroll.header?.state.description ?? "-")")
      }
      return frames
    }
    let first = try motion()
    #expect(first.count > 500)
    #expect(try motion() == first)
  }
}

/// `refresh-demo --record FILE` in a pseudo-terminal, and `--replay FILE` in a pipe.
@Suite("refresh-demo records and replays", .serialized)
struct DemoRecordAndReplayTests {
  @Test func recordWritesWhatTheTerminalSent() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-\(UUID().uuidString).rec").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let session = try TerminalProcess(product: "refresh-demo", arguments: ["--record", path])
    #expect(session.waitFor("Notes from a week of profiling"), "\(session.screen.text)")
    session.pressAndDrag(column: 21, from: 4, to: 14)
    #expect(session.waitFor("Release to refresh"), "\(session.screen.text)")
    session.send("\u{1B}[<0;21;14m")
    #expect(session.waitFor("3 new posts"), "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)

    let recording = try TerminalRecording(contentsOfFile: path)
    let events = recording.entries.map(\.event)
    #expect(events.first == .resize(columns: 80, rows: 24))
    #expect(events.contains(.input(.mouse(MouseEvent(kind: .press, column: 20, row: 3)))))
    #expect(events.contains(.input(.mouse(MouseEvent(kind: .release, column: 20, row: 13)))))
    #expect(events.suffix(2) == [.input(.key(.character("q"))), .end])

    // Played again, the pull refreshes as it did.
    let sawNewPosts = await MainActor.run {
      var saw = false
      ReplayedSession(recording: recording).play(every: 0.1) { _, app in
        if app.screenText().contains("3 new posts") { saw = true }
      }
      return saw
    }
    #expect(sawNewPosts)
  }

  @Test func replayPrintsTheFramesOfTheSession() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TerminalProcess.builtProduct("refresh-demo"))
    process.arguments = ["--replay", RecordedSessionTests.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.hasPrefix("── t = 0.00 s\n"))
    #expect(output.contains("Release to refresh"))
    #expect(output.contains("3 new posts"))
  }

  @Test func aMissingOrBadRecordingIsRefused() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TerminalProcess.builtProduct("refresh-demo"))
    process.arguments = ["--replay", "/nonexistent.rec"]
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
  }
}
