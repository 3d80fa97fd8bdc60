import DemoCore
import Foundation
import Refresh
import Rendering

/// A session recorded from `refresh-demo --record FILE`, played into the demo app on a manual
/// clock and drawn as a storyboard: `refresh-storyboard --replay FILE`.
enum RecordingStoryboard {
  /// The storyboard of a recording: a frame every interval of the recording that changed the
  /// screen, captioned with the time, the header's state and the list's offset.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - name: The name in the document's title (the file's, say).
  ///   - options: The interval, columns and scale.
  /// - Returns: The frames and the document.
  @MainActor
  static func render(_ recording: TerminalRecording, name: String, options: RenderOptions)
    -> (frames: [StoryFrame], document: String)
  {
    var frames: [StoryFrame] = []
    ReplayedSession(recording: recording).play(every: options.interval) { _, app in
      app.window.layoutIfNeeded()
      let canvas = SVGCanvas(size: app.window.frame.size)
      app.window.render(in: canvas)
      frames.append(
        StoryFrame(
          time: app.window.clock.now, state: app.scroll.header?.state,
          offset: app.scroll.presentedContentOffset.y, axis: .vertical, canvas: canvas,
          timeDecimals: options.intervalMilliseconds % 10 == 0 ? 2 : 3))
    }
    let document = StoryboardDocument.svg(
      title: "\(name) · a recorded session of refresh-demo, \(frames.count) frames",
      frames: frames, columns: options.columns, scale: options.scale)
    return (frames, document)
  }
}
