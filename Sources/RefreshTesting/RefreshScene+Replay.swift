import Foundation
import Refresh
import Rendering

extension RefreshScene {
  /// Prepares a replay of a recorded session into the scene, on its clock.
  ///
  /// ```swift
  /// let scene = RefreshScene(size: CGSize(width: 720, height: 432))
  /// scene.scroll.header = RefreshNormalHeader {}
  /// let replay = scene.replay(try TerminalRecording(contentsOfFile: path))
  /// replay.playToEnd()
  /// assertSnapshot(of: scene.window, as: .terminal())
  /// ```
  ///
  /// By default the keys and mouse events go to an `InputDispatcher` on the window, as a
  /// `TerminalHost` would deliver them (a press, drags and a release pan the scroll model
  /// under the pointer, the wheel scrolls it, keys go to ``onKey``), and a resize sizes the
  /// window, and the scroll model with it, to the cells. An app with handlers of its own takes
  /// them instead:
  ///
  /// ```swift
  /// let replay = scene.replay(recording) { app.handle($0) }
  /// replay.onResize = { app.resize(columns: $0, rows: $1) }
  /// ```
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - input: Receives the keys and mouse events; `nil` for the scene's dispatcher.
  /// - Returns: The replay: `TerminalReplay/play(until:)` or `TerminalReplay/playToEnd()`
  ///   plays it, ``Filmstrip/capture(playing:every:)`` films it.
  public func replay(
    _ recording: TerminalRecording, input: ((InputEvent) -> Void)? = nil
  ) -> TerminalReplay {
    let replay = TerminalReplay(recording, clock: clock)
    replay.onInput = input ?? { [dispatcher] in dispatcher.handle($0) }
    replay.onResize = { [window, scroll] columns, rows in
      window.frame = CGRect(
        x: 0, y: 0, width: CGFloat(columns) * TextMetrics.cellWidth,
        height: CGFloat(rows) * TextMetrics.lineHeight)
      if scroll.superview === window { scroll.frame = window.bounds }
    }
    return replay
  }
}
