import Foundation
import Refresh
import Rendering

/// A view captured frame by frame over a gesture, to snapshot as one reference: a change in
/// the animation shows up as a changed frame.
///
/// ```swift
/// let scene = RefreshScene(size: CGSize(width: 375, height: 180))
/// scene.scroll.header = RefreshNormalHeader {}
/// let strip = Filmstrip(of: scene.window)
/// strip.capture("at rest")
/// scene.pull(by: 66)
/// strip.capture("pulled past the threshold")
/// scene.release()
/// for _ in 0..<4 {
///   scene.advance(frames: 6)
///   strip.capture()                     // captioned with the time: "0.100 s"
/// }
/// assertSnapshot(of: strip, as: .terminal)
/// assertSnapshot(of: strip, as: .svg(columns: 3))
/// ```
///
/// Each capture draws the view at once (on a `TerminalCanvas` and an `SVGCanvas`), so the
/// strip keeps what the view looked like then.
@MainActor
public final class Filmstrip {
  /// One captured frame.
  public struct Frame {
    /// The caption: the one given, or the time.
    public let caption: String
    /// The clock's time at the capture, in seconds (0 for a view with no window).
    public let time: TimeInterval
    /// The view drawn as terminal cells.
    public let terminal: TerminalCanvas
    /// The view drawn as SVG.
    public let svg: SVGCanvas
  }

  /// The view captured.
  public let view: View
  /// The width of the terminal frames in cells, or `nil` for the view's width.
  public let columns: Int?
  /// The height of the terminal frames in cells, or `nil` for the view's height.
  public let rows: Int?
  /// The frames captured so far.
  public private(set) var frames: [Frame] = []

  /// Creates an empty strip of a view.
  ///
  /// - Parameters:
  ///   - view: The view to capture: a window, or a part of one.
  ///   - columns: The width of the terminal frames in cells; `nil` for the view's width.
  ///   - rows: The height of the terminal frames in cells; `nil` for the view's height.
  public init(of view: View, columns: Int? = nil, rows: Int? = nil) {
    self.view = view
    self.columns = columns
    self.rows = rows
  }

  /// Draws the view as it is now and adds the frame.
  ///
  /// - Parameter caption: The frame's caption; `nil` for the clock's time (`0.250 s`).
  public func capture(_ caption: String? = nil) {
    let time = view.window?.clock.now ?? 0
    frames.append(
      Frame(
        caption: caption ?? String(format: "%.3f s", time), time: time,
        terminal: TerminalSnapshot.canvas(of: view, columns: columns, rows: rows),
        svg: TerminalSnapshot.svgCanvas(of: view)))
  }

  /// Plays a replay to its end, capturing a frame at the start and every `interval` seconds
  /// of the recording, each captioned with its time and what arrived since the last frame
  /// (`0.300 s · press 19 3, drag ×4`).
  ///
  /// - Parameters:
  ///   - replay: The replay, whose clock moves the view.
  ///   - interval: The time between frames, in seconds; one that is not positive and finite
  ///     counts as 0.1.
  public func capture(playing replay: TerminalReplay, every interval: TimeInterval) {
    let step = interval.isFinite && interval > 0 ? interval : 0.1
    // What is due at the start (the first size, usually) belongs to the first frame.
    replay.play(until: replay.time)
    var played = 0
    var time = replay.time
    func frame() {
      let entries = replay.recording.entries[played..<replay.playedCount]
      let summary = Self.summary(of: entries.map(\.event))
      capture(String(format: "%.3f s", replay.time) + (summary.isEmpty ? "" : " · " + summary))
      played = replay.playedCount
    }
    frame()
    while !replay.isFinished || time < replay.recording.duration {
      time = min(time + step, replay.recording.duration)
      replay.play(until: time)
      frame()
      if time >= replay.recording.duration { break }
    }
  }

  /// The events in a few words: runs of the same kind counted, `drag ×4`.
  static func summary(of events: [TerminalRecording.Event]) -> String {
    var words: [(word: String, count: Int)] = []
    for event in events {
      let word: String
      switch event {
      case .end: word = "end"
      case .resize(let columns, let rows): word = "resize \(columns)×\(rows)"
      case .input(.key(let key)):
        switch key {
        case .character(let character): word = "key \(character)"
        case .control(let code): word = "ctrl \(code)"
        default: word = "key \(key)"
        }
      case .input(.mouse(let mouse)):
        switch mouse.kind {
        case .press: word = "press \(mouse.column) \(mouse.row)"
        case .drag: word = "drag"
        case .release: word = "release \(mouse.column) \(mouse.row)"
        case .wheel(_, let dy): word = dy < 0 ? "wheel up" : "wheel down"
        }
      case .input(.paste(let text)): word = "paste of \(text.count)"
      case .input(.focusGained): word = "focus in"
      case .input(.focusLost): word = "focus out"
      case .input(.reply): word = "reply"
      }
      if words.last?.word == word {
        words[words.count - 1].count += 1
      } else {
        words.append((word, 1))
      }
    }
    return words.map { $0.count > 1 ? "\($0.word) ×\($0.count)" : $0.word }
      .joined(separator: ", ")
  }
}

extension SnapshotStrategy where Value == Filmstrip {
  /// The frames' cells as text, one after the other, each under a line with its number and
  /// caption (`── frame 2 · pulled past the threshold`).
  public static var terminal: SnapshotStrategy<Filmstrip> {
    SnapshotStrategy(pathExtension: "txt") { strip in
      strip.frames.enumerated().map { index, frame in
        "── frame \(index + 1) · \(frame.caption)\n" + TerminalSnapshot.text(of: frame.terminal)
      }.joined()
    }
  }

  /// The frames as text with their colours and bold (see
  /// ``SnapshotStrategy/styledTerminal(columns:rows:)``), one after the other.
  public static var styledTerminal: SnapshotStrategy<Filmstrip> {
    SnapshotStrategy(pathExtension: "txt") { strip in
      strip.frames.enumerated().map { index, frame in
        "── frame \(index + 1) · \(frame.caption)\n"
          + TerminalSnapshot.styledText(of: frame.terminal)
      }.joined()
    }
  }

  /// The frames as one SVG filmstrip, captions under the frames (`SVGCanvas.filmstrip`).
  ///
  /// - Parameter columns: The frames per row of the strip.
  /// - Returns: The strategy.
  public static func svg(columns: Int = 4) -> SnapshotStrategy<Filmstrip> {
    SnapshotStrategy(pathExtension: "svg") { strip in
      SVGCanvas.filmstrip(
        frames: strip.frames.map { (caption: $0.caption, canvas: $0.svg) }, columns: columns)
    }
  }
}
