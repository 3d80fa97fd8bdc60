import Foundation
import Refresh
import RefreshTesting
import Testing

/// Snapshots of this package's own components, against the references in `__Snapshots__`.
@MainActor
@Suite("Snapshots of views and filmstrips")
struct ViewSnapshotTests {
  /// A short window (10 rows of 18 points) with a normal header on a fixed clock and date.
  func scene() -> (RefreshScene, RefreshNormalHeader) {
    let scene = RefreshScene(size: CGSize(width: 378, height: 180), topInset: 0)
    RefreshConfig.default.languageCode = "en"  // the titles, whatever the machine's language
    let header = RefreshNormalHeader {}
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = { Date(timeIntervalSince1970: 1_768_470_060) }
    scene.scroll.header = header
    scene.advance(frames: 0)
    return (scene, header)
  }

  @Test func theHeaderPulledHalfway() {
    let (scene, header) = scene()
    scene.pull(by: 27)
    assertSnapshot(of: scene.window, as: .terminal())
    assertSnapshot(of: header, as: .terminal(columns: 42, rows: 3))
    assertSnapshot(of: scene.window, as: .styledTerminal())
    assertSnapshot(of: scene.window, as: .svg)
  }

  @Test func aPullAndRefreshFrameByFrame() {
    let (scene, _) = scene()
    let strip = Filmstrip(of: scene.window, rows: 6)
    strip.capture("at rest")
    for _ in 0..<3 {
      scene.pull(by: 22)
      strip.capture("pulled \(Int(-scene.scroll.contentOffset.y))")
    }
    scene.release()
    strip.capture("released")
    for _ in 0..<3 {
      scene.advance(frames: 6)
      strip.capture()
    }
    assertSnapshot(of: strip, as: .terminal)
    assertSnapshot(of: strip, as: .svg(columns: 4))
  }

  @Test func theRecorderAsATimeline() {
    let (scene, header) = scene()
    let recorder = ComponentRecorder(header)
    scene.pull(by: 66)
    scene.release()
    scene.advance(by: 0.25)
    assertSnapshot(of: recorder, as: .timeline)
  }
}
