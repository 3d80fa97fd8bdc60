import Foundation
import Refresh
import RefreshTesting
import Rendering
import Testing

// The samples of TestingWithAManualClock.md, exactly as written there (ManualClockArticleTests checks
// that every line of each appears here, in order), so that they compile and run.

@MainActor
@Test func releasingPastTheThresholdRefreshes() {
  let scene = RefreshScene()  // 375 × 667, a 64-point top inset, resting at the top
  var refreshes = 0
  let header = RefreshNormalHeader { refreshes += 1 }
  scene.scroll.header = header
  let recorder = ComponentRecorder(header)

  scene.pull(by: 27)  // half of the 54-point header
  #expect(header.pullingPercent == 0.5)
  scene.pull(by: 39)  // 66 points: past the threshold
  #expect(header.state == .pulling)
  scene.release()
  #expect(header.state == .refreshing)
  #expect(scene.scroll.adjustedContentInset.top == 118)  // 64 + 54

  scene.advance(by: 0.25)  // the header is shown: the callback runs
  #expect(refreshes == 1)
  header.endRefreshing()
  scene.advance(frames: 24)
  #expect(recorder.states == [.pulling, .refreshing, .idle])
  #expect(recorder.insets.map(\.top) == [118, 64])
}

/// A header with a star that turns orange once the pull is far enough.
final class StarHeader: RefreshStateHeader {
  let star = Label(text: "★")

  override func prepare() {
    super.prepare()
    lastUpdatedTimeLabel.isHidden = true  // a clock time would change every run
    addSubview(star)
  }

  override func placeSubviews() {
    super.placeSubviews()
    star.frame = CGRect(x: 18, y: 18, width: 18, height: 18)
  }

  override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    star.textColor = state == .pulling ? .orange : .refreshText
  }
}

@MainActor
@Test func theStarHeaderArmed() {
  RefreshConfig.default.languageCode = "en"  // the titles, whatever the machine's language
  let scene = RefreshScene(size: CGSize(width: 378, height: 108), topInset: 0)
  let header = StarHeader(frame: .zero)
  scene.scroll.header = header
  scene.pull(by: 66)
  assertSnapshot(of: header, as: .terminal(columns: 42, rows: 3))
  assertSnapshot(of: scene.window, as: .styledTerminal())
  assertSnapshot(of: scene.window, as: .svg)
}

@MainActor
@Test func aPullFrameByFrame() {
  RefreshConfig.default.languageCode = "en"
  let scene = RefreshScene(size: CGSize(width: 378, height: 108), topInset: 0)
  let header = RefreshNormalHeader {}
  header.lastUpdatedTimeLabel.isHidden = true
  scene.scroll.header = header
  let strip = Filmstrip(of: scene.window)
  for _ in 0..<3 {
    scene.pull(by: 22)
    strip.capture()
  }
  scene.release()
  for _ in 0..<4 {
    scene.advance(frames: 6)
    strip.capture()  // captioned with the time: "0.100 s"
  }
  assertSnapshot(of: strip, as: .terminal)
  assertSnapshot(of: strip, as: .svg(columns: 4))
}

@MainActor
@Test func theRecordedPullRefreshes() throws {
  // Recorded with `swift run refresh-demo --record pull.rec` in an 80 × 24 terminal.
  let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Recordings/pull.rec").path
  let recording = try TerminalRecording(contentsOfFile: path)
  RefreshConfig.default.languageCode = "en"
  let scene = RefreshScene(size: CGSize(width: 720, height: 432), topInset: 0)
  let header = RefreshNormalHeader {}
  header.lastUpdatedTimeLabel.isHidden = true
  scene.scroll.header = header
  let recorder = ComponentRecorder(header)

  let replay = scene.replay(recording)  // mouse to the scroll model, keys to scene.onKey
  replay.play(until: 2.6)  // the finger is still down, past the threshold
  #expect(header.state == .pulling)
  let strip = Filmstrip(of: scene.window, rows: 8)
  strip.capture(playing: replay, every: 0.5)  // the rest, a frame every half second
  #expect(recorder.states == [.pulling, .refreshing])
  assertSnapshot(of: strip, as: .terminal)
}

/// Every line of every Swift sample of the article appears, in order, in this file.
@Suite("The manual-clock article's samples are compiled and run")
struct ManualClockArticleTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  static func swiftLines(of markdown: String) -> [String] {
    var lines: [String] = []
    var inside = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !inside, trimmed == "```swift" {
        inside = true
      } else if inside, trimmed == "```" {
        inside = false
      } else if inside, !trimmed.isEmpty, !trimmed.hasPrefix("import ") {
        lines.append(trimmed)
      }
    }
    return lines
  }

  @Test func everyLineOfTheArticleIsHereInOrder() throws {
    let article = try String(
      contentsOf: Self.directory.appendingPathComponent(
        "../../Sources/RefreshTesting/RefreshTesting.docc/TestingWithAManualClock.md"),
      encoding: .utf8)
    let samples = try String(
      contentsOf: Self.directory.appendingPathComponent("ArticleSamples.swift"), encoding: .utf8)
    let lines = Self.swiftLines(of: article)
    #expect(lines.count >= 80)
    var remaining = samples.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }[...]
    for line in lines {
      guard let index = remaining.firstIndex(of: line) else {
        Issue.record("not in ArticleSamples.swift, in order: \(line)")
        return
      }
      remaining = remaining[(index + 1)...]
    }
  }
}
