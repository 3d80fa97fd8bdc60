import Foundation
import Refresh
import Rendering

/// A session recorded with `refresh-demo --record FILE`, played again into a fresh app on a
/// manual clock: the same frames on every run, printed by `refresh-demo --replay FILE` and
/// drawn as an SVG filmstrip by `refresh-storyboard --replay FILE`.
///
/// ```swift
/// let session = ReplayedSession(recording: try TerminalRecording(contentsOfFile: "s.rec"))
/// session.play(every: 0.25) { caption, app in print(caption + "\n" + app.screenText()) }
/// ```
///
/// The app starts as the executable's does (the tabs of ``DemoApp/standardTabs``), in English,
/// at the recording's first size
/// (80 × 24 when it has none), with the date fixed at 2026-01-15 09:41 UTC.
@MainActor
public struct ReplayedSession {
  /// The recording.
  public var recording: TerminalRecording

  /// The date the headers show as the last update, fixed so that frames are the same on
  /// every run (the scripted session's).
  public static let date = Date(timeIntervalSince1970: 1_768_470_060)

  /// Creates a session.
  ///
  /// - Parameter recording: The recording.
  public init(recording: TerminalRecording) {
    self.recording = recording
  }

  /// Makes the app the recording plays into, and a replay that feeds it: keys and mouse to
  /// ``DemoApp/handle(_:)``, sizes to ``DemoApp/resize(columns:rows:)``.
  ///
  /// - Parameter clock: The clock of the app and the replay.
  /// - Returns: The app and the replay, before anything played.
  public func makeApp(clock: ManualFrameClock) -> (app: DemoApp, replay: TerminalReplay) {
    let size = recording.initialSize ?? (80, 24)
    // In English whatever the environment (the recording does not say which language the
    // session had), so a replay prints the same frames on every machine.
    let app = DemoApp(
      clock: clock, columns: size.columns, rows: size.rows, tabs: DemoApp.standardTabs,
      preferredLanguages: ["en"],
      currentDate: { Self.date })
    let replay = TerminalReplay(recording, clock: clock)
    replay.onInput = { app.handle($0) }
    replay.onResize = { app.resize(columns: $0, rows: $1) }
    return (app, replay)
  }

  /// Plays the whole recording, handing over a frame at the start, every `interval` seconds
  /// and at the end, each frame only when the screen changed since the last one.
  ///
  /// - Parameters:
  ///   - interval: The time between frames, in seconds; one that is not positive and finite
  ///     counts as 0.1.
  ///   - frame: Receives each frame's caption (`t = 1.20 s`) and the app, to draw.
  /// - Returns: The number of frames handed over.
  @discardableResult
  public func play(every interval: TimeInterval, frame: (String, DemoApp) -> Void) -> Int {
    let step = interval.isFinite && interval > 0 ? interval : 0.1
    let clock = ManualFrameClock()
    let (app, replay) = makeApp(clock: clock)
    clock.advance(by: 0)
    var lastScreen: String?
    var count = 0
    var time: TimeInterval = 0
    while true {
      replay.play(until: time)
      let screen = app.screenText()
      if screen != lastScreen {
        frame(String(format: "t = %.2f s", time), app)
        lastScreen = screen
        count += 1
      }
      if time >= recording.duration { break }
      time = min(time + step, recording.duration)
    }
    return count
  }
}
