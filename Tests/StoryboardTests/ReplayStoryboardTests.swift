import Foundation
import Refresh
import Rendering
import TestSupport
import Testing

@testable import Storyboard

/// `refresh-storyboard --replay FILE`: a session recorded from the demo, as a filmstrip.
@MainActor
@Suite("Storyboards of recorded sessions")
struct ReplayStoryboardTests {
  static let recording = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("DemoTests/Recordings/pull-refresh-scroll.rec").path

  func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
    var output = ""
    var errors = ""
    let code = StoryboardTool.run(
      arguments, catalog: .standard, standardOutput: { output += $0 + "\n" },
      standardError: { errors += $0 + "\n" })
    return (code, output, errors)
  }

  @Test func replayIsAnOptionThatRepeats() throws {
    var expected = RenderOptions()
    expected.replayPaths = ["a.rec", "b.rec"]
    #expect(
      try StoryboardTool.parse(["--replay", "a.rec", "--replay=b.rec"], catalog: .standard)
        == .render(expected))
    #expect(throws: UsageError(message: "--replay needs a value")) {
      try StoryboardTool.parse(["--replay"], catalog: .standard)
    }
  }

  @Test func aRecordingBecomesAFilmstripOfTheFramesThatChanged() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-storyboard-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = run(["--replay", Self.recording, "--interval", "500", "--output", directory.path])
    #expect(result.code == 0, "\(result.errors)")
    // Every 0.5 s that changed the screen, the scroll indicator's showing and hiding included
    // (the spinner fading out over the terminal's own background is gone below half opacity,
    // so its last frame changes nothing). The replay is the executable's pager of tabs, where
    // a press moves nothing until the pointer has moved past the touch slop: the press at
    // 1.974 s shows no indicator at 2.00 s.
    #expect(result.output.hasSuffix("pull-refresh-scroll.svg: 12 frames\n"), "\(result.output)")
    let document = try String(
      contentsOf: directory.appendingPathComponent("pull-refresh-scroll.svg"), encoding: .utf8)
    let root = try #require(XMLNode.parse(document))
    let strip = try #require(root.children(named: "svg").first)
    let captions = strip.children(named: "text").map(\.text)
    #expect(captions.count == 12)
    #expect(captions.first == "0.00 s · idle · y 0")
    #expect(captions.contains { $0.contains("pulling") })
    #expect(captions.contains { $0.contains("refreshing") })
    // The same file gives the same bytes.
    let again = try RecordingStoryboard.render(
      TerminalRecording(contentsOfFile: Self.recording), name: "pull-refresh-scroll",
      options: {
        var options = RenderOptions()
        options.intervalMilliseconds = 500
        return options
      }()
    ).document
    #expect(again == document)
  }

  @Test func aMissingRecordingFailsWithExitCode1() {
    let result = run(["--replay", "/nonexistent.rec", "--output", NSTemporaryDirectory()])
    #expect(result.code == 1)
    #expect(result.errors.hasPrefix("refresh-storyboard: cannot replay /nonexistent.rec"))
  }
}
