import Foundation
import Refresh
import RefreshTesting
import Testing

@MainActor
@Suite("ComponentRecorder: states, pullingPercent and insets over time")
struct ComponentRecorderTests {
  @Test func aPullAndARefreshInOrder() {
    let scene = RefreshScene()
    let header = RefreshNormalHeader {}
    scene.scroll.header = header
    let recorder = ComponentRecorder(header)
    scene.pull(by: 27)
    scene.pull(by: 39)
    scene.release()
    scene.advance(by: 0.25)
    header.endRefreshing()
    scene.advance(by: 0.5)
    #expect(recorder.states == [.pulling, .refreshing, .idle])
    #expect(recorder.transitions.map(\.from) == [.idle, .pulling, .refreshing])
    // 27 / 54, then 66 / 54 (pullingPercent is not clamped while pulling), then 1 at the
    // refresh, and 0 once idle.
    #expect(Array(recorder.pullingPercents.prefix(2)) == [0.5, 66.0 / 54])
    #expect(recorder.pullingPercents.last == 0)
    #expect(recorder.insets.map(\.top) == [118, 64])
    #expect(
      recorder.samples.first?.description == "0.000 s · idle · pull 0.00 · inset 64/0 · offset -64")
  }

  @Test func stoppingKeepsTheSamplesAndTakesNoMore() {
    let scene = RefreshScene()
    let header = RefreshNormalHeader {}
    scene.scroll.header = header
    let recorder = ComponentRecorder(header)
    scene.pull(by: 10)
    recorder.stop()
    let count = recorder.samples.count
    scene.pull(by: 100)
    #expect(recorder.samples.count == count)
    #expect(recorder.states.isEmpty)
  }

  @Test func aComponentWithoutAScrollModelRecordsZeroInsets() {
    let header = RefreshNormalHeader {}
    let recorder = ComponentRecorder(header)
    header.state = .pulling
    #expect(recorder.states == [.pulling])
    #expect(recorder.samples.allSatisfy { $0.inset == .zero && $0.time == 0 })
  }
}
