import Foundation
import Refresh

/// Plays a ``TerminalRecording`` on a `ManualFrameClock`: the clock moves to each entry's time,
/// frame by frame, and the entry is handed over, so the same recording gives the same frames on
/// every run, whatever machine plays it.
///
/// The view tree is the caller's: ``onInput`` receives the keys and mouse events (give them to
/// an ``InputDispatcher``, or to an app's own handler), ``onResize`` the sizes.
///
/// ```swift
/// let clock = ManualFrameClock()
/// let app = DemoApp(clock: clock, columns: 80, rows: 24)
/// let replay = TerminalReplay(try TerminalRecording(contentsOfFile: "pull.rec"), clock: clock)
/// replay.onInput = { app.handle($0) }
/// replay.onResize = { app.resize(columns: $0, rows: $1) }
/// replay.play(until: 1.5)   // everything up to 1.5 s into the recording
/// replay.playToEnd()
/// ```
///
/// Time 0 of the recording is the clock's time when the replay was made. Between entries the
/// clock advances at ``framesPerSecond`` (a display's frames, as the host drew them), so
/// animations and physics step as they did in the terminal.
@MainActor
public final class TerminalReplay {
  /// The recording being played.
  public let recording: TerminalRecording
  /// The clock the replay moves.
  public let clock: ManualFrameClock
  /// The frame rate the clock advances at between entries (60 by default); one that is not
  /// positive and finite advances in one step.
  public var framesPerSecond: Double

  /// Receives each key and mouse event when its time comes.
  public var onInput: ((InputEvent) -> Void)?
  /// Receives each size, in cells, when its time comes (the first entry usually is one).
  public var onResize: ((_ columns: Int, _ rows: Int) -> Void)?

  /// How far into the recording the replay has played, in seconds.
  public private(set) var time: TimeInterval = 0
  /// The number of entries handed over so far.
  public private(set) var playedCount = 0

  private let startTime: TimeInterval

  /// Prepares a replay; nothing is handed over until ``play(until:)`` or ``playToEnd()``.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - clock: The clock to move: the clock of the view tree that receives the events.
  ///   - framesPerSecond: The frame rate between entries.
  public init(_ recording: TerminalRecording, clock: ManualFrameClock, framesPerSecond: Double = 60)
  {
    self.recording = recording
    self.clock = clock
    self.framesPerSecond = framesPerSecond
    startTime = clock.now
  }

  /// Whether every entry has been handed over.
  public var isFinished: Bool { playedCount >= recording.entries.count }

  /// Plays up to a time into the recording: the entries due by then are handed over, each
  /// once the clock reached its time, and the clock ends at that time.
  ///
  /// - Parameter target: Seconds into the recording; a time already played, or one that is not
  ///   finite, plays nothing.
  public func play(until target: TimeInterval) {
    guard target.isFinite, target >= time else { return }
    let entries = recording.entries
    while playedCount < entries.count, entries[playedCount].time <= target {
      let entry = entries[playedCount]
      advance(to: entry.time)
      playedCount += 1
      switch entry.event {
      case .input(let event): onInput?(event)
      case .resize(let columns, let rows): onResize?(columns, rows)
      case .end: break
      }
    }
    advance(to: target)
  }

  /// Plays every entry that is left; the clock ends at the last entry's time.
  public func playToEnd() {
    play(until: recording.duration)
  }

  private func advance(to target: TimeInterval) {
    guard target > time else { return }
    let seconds = startTime + target - clock.now
    time = target
    if framesPerSecond.isFinite, framesPerSecond > 0 {
      clock.advance(by: seconds, framesPerSecond: framesPerSecond)
    } else {
      clock.advance(by: seconds)
    }
  }
}
