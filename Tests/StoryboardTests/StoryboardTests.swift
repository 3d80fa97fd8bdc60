import Foundation
import Refresh
import TestSupport
import Testing

@testable import Storyboard

@MainActor
@Suite("Storyboards")
struct StoryboardTests {
  let options = RenderOptions()

  /// The strip's parts: the root, the nested filmstrip, its frames and their captions.
  private struct ParsedStrip {
    let root: XMLNode
    let frames: [XMLNode]
    let captions: [String]
  }

  private func parse(_ document: String) throws -> ParsedStrip {
    let root = try #require(XMLNode.parse(document))
    let strip = try #require(root.children(named: "svg").first)
    return ParsedStrip(
      root: root, frames: strip.children(named: "svg"),
      captions: strip.children(named: "text").map(\.text))
  }

  /// The states the captions go through, each run of equal states counted once.
  private func stateSequence(_ captions: [String]) -> [String] {
    var states: [String] = []
    for caption in captions {
      let parts = caption.components(separatedBy: " · ")
      guard parts.count == 3 else { continue }
      if states.last != parts[1] { states.append(parts[1]) }
    }
    return states
  }

  @Test(arguments: Storyboard.builtIn.map(\.name))
  func eachStoryboardIsAWellFormedStripOfCaptionedFrames(name: String) throws {
    let storyboard = try #require(StoryboardCatalog.builtIn.storyboard(named: name))
    let (frames, document) = StoryboardTool.render(storyboard, options: options)
    let strip = try parse(document)
    #expect(strip.root.name == "svg")
    #expect(strip.root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(strip.root.children(named: "title").first?.text.hasPrefix(name + " · ") == true)
    #expect((8...16).contains(frames.count), "a readable strip: \(frames.count) frames")
    #expect(strip.frames.count == frames.count)
    #expect(strip.captions == frames.map(\.caption))
    for frame in strip.frames {
      #expect(frame.attributes["width"] == "375")
      #expect(frame.attributes["height"] == "667")
    }
    // Shown at half size: the viewBox keeps the points, the width and height are scaled.
    let viewBox = try #require(strip.root.attributes["viewBox"]).split(separator: " ")
    let widthText = try #require(strip.root.attributes["width"])
    let width = try #require(Double(widthText))
    #expect(viewBox.count == 4)
    #expect(Double(viewBox[2]).map { $0 * 0.5 } == width)
    // Every frame every 100 ms, from 0.
    for (index, caption) in strip.captions.enumerated() {
      #expect(caption.hasPrefix(String(format: "%.2f s · ", Double(index) / 10)), "\(caption)")
    }
  }

  @Test(
    arguments: [
      ("header", ["idle", "pulling", "refreshing", "idle"]),
      ("back-footer", ["idle", "pulling", "refreshing", "idle"]),
      ("auto-footer", ["idle", "refreshing", "idle", "refreshing", "noMoreData"]),
      ("trailer", ["idle", "pulling", "refreshing", "idle"]),
      ("retry", ["idle", "refreshing", "failed", "refreshing", "idle"]),
      // The floor opens from pulling: the header goes back to idle, not to refreshing.
      ("second-floor", ["idle", "pulling", "idle"]),
      // The second list's header: idle while the pager turns, then pulled and refreshed.
      ("pager", ["idle", "pulling", "refreshing", "idle"]),
    ])
  func captionsShowTheStatesInOrder(name: String, states: [String]) throws {
    let storyboard = try #require(StoryboardCatalog.builtIn.storyboard(named: name))
    let document = StoryboardTool.render(storyboard, options: options).document
    #expect(stateSequence(try parse(document).captions) == states)
  }

  @Test func theHeaderIsPulledRubberBandedRefreshesAtItsHeightAndSpringsBack() throws {
    let frames = StoryPlayer.record(.header, interval: 0.1)
    #expect(frames.first?.caption == "0.00 s · idle · y \u{2212}64")
    // Past the 118-point threshold, but rubber-banded: 280 points of finger travel show as 125.
    let deepest = try #require(frames.map(\.offset).min())
    #expect(deepest < -118 && deepest > -200)
    #expect(frames.contains { $0.caption.hasSuffix("refreshing · y \u{2212}118") })
    #expect(frames.last?.caption.hasSuffix("idle · y \u{2212}64") == true)
    // Refreshing brought two new posts, and the header recorded the fixed time.
    let header = try #require(frames.last?.canvas.document())
    #expect(header.contains("#22"))
    #expect(!header.contains("2024"))
  }

  @Test func theHeaderShowsTheFixedTimeOfItsLastUpdate() throws {
    let frames = StoryPlayer.record(.header, interval: 0.1)
    let pulled = try #require(frames.first { $0.state == .pulling }).canvas.document()
    #expect(pulled.contains("Last update: Today 09:12"))
    let ended = try #require(frames.last { $0.state == .idle && $0.offset < -80 })
    #expect(ended.canvas.document().contains("Last update: Today 09:41"))
  }

  @Test func theAutoFooterEndsSayingThereIsNoMoreData() throws {
    let frames = StoryPlayer.record(.autoFooter, interval: 0.1)
    let last = try #require(frames.last)
    #expect(last.state == .noMoreData)
    #expect(last.canvas.document().contains("No more data"))
  }

  @Test func theTrailerCaptionsShowTheHorizontalOffset() {
    let frames = StoryPlayer.record(.trailer, interval: 0.1)
    #expect(frames.allSatisfy { $0.axis == .horizontal && $0.caption.contains(" · x ") })
    #expect(frames.first?.caption == "0.00 s · idle · x 609")
    #expect(frames.contains { $0.caption == "0.60 s · refreshing · x 669" })
  }

  @Test func theRetryFooterWaitsForTheTapAfterItsLoadFails() throws {
    let frames = StoryPlayer.record(.retry, interval: 0.1)
    #expect(
      frames.map(\.caption) == [
        "0.00 s · idle · y \u{2212}64", "0.10 s · idle · y 56", "0.20 s · refreshing · y 138",
        "0.30 s · refreshing · y 148", "0.40 s · refreshing · y 129",
        "0.50 s · refreshing · y 114", "0.60 s · failed · y 105", "0.70 s · failed · y 101",
        "0.80 s · failed · y 99", "0.90 s · refreshing · y 98", "1.00 s · refreshing · y 97",
        "1.10 s · idle · y 197", "1.20 s · idle · y 297", "1.30 s · idle · y 297",
        "1.40 s · idle · y 297",
      ])
    // While it failed it said so, with no spinner, and did not load again by itself as the
    // fling ran on past the end: only the tap at 0.80 s retried.
    for frame in frames where frame.state == .failed {
      let document = frame.canvas.document()
      #expect(document.contains("Load failed. Tap to retry."))
      #expect(!document.contains("Loading..."))
    }
    let retried = try #require(frames.first { $0.time > 0.85 && $0.state == .refreshing })
    #expect(retried.canvas.document().contains("Loading..."))
    // The retry brought the page: post #20 is on screen at the end.
    #expect(try #require(frames.last).canvas.document().contains("#20"))
  }

  @Test func theSecondFloorCoversTheVisibleAreaUntilItCloses() throws {
    let steps = Storyboard.secondFloor.steps
    let player = StoryPlayer(.secondFloor, interval: 0.1)
    // Everything up to the call that closes the floor.
    let closing = try #require(
      steps.firstIndex {
        if case .call = $0 { return true }
        return false
      })
    player.play(Array(steps[..<closing]))
    let scene = player.scene
    let scroll = scene.scroll
    let header = try #require(scroll.header as? RefreshTwoLevelHeader)
    let frames = player.frames
    // Armed past 102.6 points: "Release to open" in place of "Release to refresh".
    let armed = try #require(frames.first { $0.time == 0.4 })
    #expect(armed.caption == "0.40 s · pulling · y \u{2212}213")
    #expect(armed.canvas.document().contains("Release to open"))
    #expect(!armed.canvas.document().contains("Release to refresh"))
    // Open: the content is a screen's height down, out of sight, and the floor fills the
    // window under the navigation bar.
    #expect(header.isSecondFloorOpen)
    #expect(header.state == .idle)
    #expect(!scroll.isScrollEnabled)
    // -(orig.top + the scroll model's height): -(64 + 667).
    #expect(scroll.contentOffset.y == -731)
    #expect(scroll.adjustedContentInset.top == 731)
    #expect(scroll.contentInset.top == 64)
    let floor = try #require(scene.first(SecondFloorView.self))
    #expect(!floor.isHidden)
    #expect(floor.convert(floor.bounds, to: nil) == scene.window.bounds)
    #expect(
      frames.filter { $0.offset == -731 }.map(\.time).map { ($0 * 10).rounded() } == [8, 9, 10])
    #expect(frames.last?.canvas.document().contains("Second floor") == true)
    // Closed: back at the top at rest, idle, scrolling again, the floor hidden.
    player.play(Array(steps[closing...]))
    #expect(!header.isSecondFloorOpen)
    #expect(header.state == .idle)
    #expect(scroll.isScrollEnabled)
    #expect(scroll.contentOffset.y == -64)
    #expect(scroll.adjustedContentInset.top == 64)
    #expect(floor.isHidden)
    #expect(player.frames.last?.caption == "1.50 s · idle · y \u{2212}64")
    #expect(player.frames.last?.canvas.document().contains("Second floor") == false)
  }

  @Test(arguments: Storyboard.builtIn.map(\.name))
  func outputIsTheSameBytesEveryRun(name: String) throws {
    let storyboard = try #require(StoryboardCatalog.builtIn.storyboard(named: name))
    let first = StoryboardTool.render(storyboard, options: options).document
    let second = StoryboardTool.render(storyboard, options: options).document
    #expect(first == second)
  }

  @Test func renderingLeavesTheLanguageAsItWas() {
    let config = RefreshConfig.default
    let language = config.languageCode
    config.languageCode = "ko"
    defer { config.languageCode = language }
    let document = StoryboardTool.render(.backFooter, options: options).document
    #expect(document.contains("Loading..."))
    #expect(config.languageCode == "ko")
  }

  @Test func theIntervalSetsTheFrames() {
    let frames = StoryPlayer.record(.header, interval: 0.05)
    #expect(frames.count == 25)
    #expect(frames.map(\.time) == (0..<25).map { Double($0) * 0.05 })
    #expect(frames[6].caption.hasPrefix("0.30 s · "))
  }

  @Test func timeSkippedOffCameraRecordsNoFrames() {
    let storyboard = Storyboard(
      name: "skip", summary: "Skips", setup: { $0.installFeed(title: "Skip", rowCount: 3) },
      steps: [.wait(0.2), .skip(0.35), .wait(0.2)])
    let times = StoryPlayer.record(storyboard, interval: 0.1).map(\.time)
    #expect(times.map { ($0 * 100).rounded() } == [0, 10, 20, 60, 70])
  }

  @Test func stepsDriveTheScrollModelWithGestures() {
    var events: [String] = []
    let storyboard = Storyboard(
      name: "drag", summary: "Drags",
      setup: { scene in
        scene.installFeed(title: "Drag", rowCount: 30)
      },
      steps: [
        .drag(to: CGPoint(x: 100, y: 100), over: 0.1),  // no finger down: nothing moves
        .call { events.append("offset \($0.scroll.contentOffset.y)") },
        .touch(at: CGPoint(x: 100, y: 400)),
        .call { events.append("dragging \($0.scroll.isDragging)") },
        .drag(to: CGPoint(x: 100, y: 300), over: 0.2),
        .call { events.append("offset \($0.scroll.contentOffset.y)") },
        .release(),
        .call { events.append("dragging \($0.scroll.isDragging)") },
      ])
    _ = StoryPlayer.record(storyboard, interval: 0.1)
    #expect(events == ["offset -64.0", "dragging true", "offset 36.0", "dragging false"])
  }

  @Test func touchStepsGoThroughTheWindowsRouting() {
    var events: [String] = []
    let storyboard = Storyboard(
      name: "press", summary: "Presses",
      setup: { scene in scene.installFeed(title: "Press", rowCount: 30) },
      steps: [
        // No finger pressed: time passes, and nothing moves or lifts.
        .move(to: CGPoint(x: 100, y: 100), over: 0.1),
        .lift,
        .call { events.append("offset \($0.scroll.contentOffset.y)") },
        // A lone scroll model under the finger takes the touch at once.
        .press(at: CGPoint(x: 100, y: 400)),
        .call { scene in
          events.append(
            "dragging \(scene.scroll.isDragging) \(scene.window.draggedScrollModel === scene.scroll)"
          )
        },
        .move(to: CGPoint(x: 100, y: 300), over: 0.2),
        .call { events.append("offset \($0.scroll.contentOffset.y)") },
        // Lifted while moving: the window's velocity flings the content on.
        .lift,
        .call { events.append("dragging \($0.scroll.isDragging) \($0.scroll.isDecelerating)") },
        .lift,
      ])
    let frames = StoryPlayer.record(storyboard, interval: 0.1)
    #expect(
      events == ["offset -64.0", "dragging true true", "offset 36.0", "dragging false true"])
    #expect(frames.map(\.time).map { ($0 * 10).rounded() } == [0, 1, 2, 3])
  }

  @Test func namesAreFileNames() {
    #expect(Storyboard.builtIn.allSatisfy { Storyboard.isValidName($0.name) })
    #expect(Storyboard.isValidName("star-header-2"))
    for bad in ["", "Header", "a/b", "a b", "é", "../x", "x.svg"] {
      #expect(!Storyboard.isValidName(bad))
    }
  }

  @Test func timesKeepThreeDecimalsWhenTheIntervalNeedsThem() {
    let frames = StoryPlayer.record(.header, interval: 0.025)
    #expect(frames[3].caption.hasPrefix("0.075 s · "))
    #expect(StoryPlayer.record(.header, interval: 0.2)[1].caption.hasPrefix("0.20 s · "))
  }

  @Test func theCatalogRegistersNewStoryboardsAndReplacesByName() {
    var catalog = StoryboardCatalog.builtIn
    let builtIn = [
      "header", "back-footer", "auto-footer", "trailer", "retry", "second-floor", "pager",
    ]
    #expect(catalog.names == builtIn)
    let extra = Storyboard(name: "extra", summary: "An extra", setup: { _ in }, steps: [])
    catalog.register(extra)
    #expect(catalog.names.last == "extra")
    catalog.register(Storyboard(name: "header", summary: "Replaced", setup: { _ in }, steps: []))
    #expect(catalog.names == builtIn + ["extra"])
    #expect(catalog.storyboard(named: "header")?.summary == "Replaced")
    #expect(StoryPlayer.record(extra, interval: 0.1).count == 1)
  }
}

@MainActor
@Suite("Command line")
struct CommandLineTests {
  let catalog = StoryboardCatalog.builtIn

  private func parse(_ arguments: [String]) throws(UsageError) -> StoryboardCommand {
    try StoryboardTool.parse(arguments, catalog: catalog)
  }

  private func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
    var output = ""
    var errors = ""
    let code = StoryboardTool.run(
      arguments, catalog: catalog, standardOutput: { output += $0 + "\n" },
      standardError: { errors += $0 + "\n" })
    return (code, output, errors)
  }

  @Test func noArgumentsRenderEverythingWithTheDefaults() throws {
    #expect(try parse([]) == .render(RenderOptions()))
    let defaults = RenderOptions()
    #expect(defaults.storyNames.isEmpty)
    #expect(defaults.interval == 0.1)
    #expect(defaults.outputDirectory == "docs/images")
  }

  @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
    let command = try parse([
      "--story", "trailer", "--story=header", "--story", "trailer", "--interval", "50",
      "--output=/tmp/out", "--columns", "5", "--scale=0.75",
    ])
    var expected = RenderOptions()
    expected.storyNames = ["trailer", "header"]
    expected.intervalMilliseconds = 50
    expected.outputDirectory = "/tmp/out"
    expected.columns = 5
    expected.scale = 0.75
    #expect(command == .render(expected))
    #expect(try parse(["--list"]) == .list)
    #expect(try parse(["--story", "header", "--help"]) == .help)
    #expect(try parse(["-h"]) == .help)
  }

  @Test(
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["-x"], "unknown option '-x'"),
      (["header"], "unexpected argument 'header' (to choose a storyboard: --story header)"),
      (["--story"], "--story needs a value"),
      (["--story", "--list"], "--story needs a value"),
      (
        ["--story", "nope"],
        "unknown storyboard 'nope'; the storyboards are header, "
          + "back-footer, auto-footer, trailer, retry, second-floor, pager"
      ),
      (
        ["--interval", "0"],
        "--interval needs a whole number of milliseconds from 10 to 10000, "
          + "not '0'"
      ),
      (
        ["--interval=1.5"],
        "--interval needs a whole number of milliseconds from 10 to 10000, "
          + "not '1.5'"
      ),
      (["--columns", "21"], "--columns needs a whole number from 1 to 20, not '21'"),
      (["--scale", "nan"], "--scale needs a number from 0.1 to 4.0, not 'nan'"),
      (["--output="], "--output needs a directory"),
      (["--help=yes"], "--help takes no value"),
    ])
  func badCommandLinesAreRefusedWithAReason(arguments: [String], message: String) {
    #expect(throws: UsageError(message: message)) { try parse(arguments) }
    let result = run(arguments)
    #expect(result.code == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors
        == "refresh-storyboard: \(message)\nRun 'refresh-storyboard --help' for usage.\n")
  }

  @Test func helpDocumentsEveryOptionAndStoryboard() {
    let result = run(["--help"])
    #expect(result.code == 0)
    #expect(result.errors.isEmpty)
    for option in ["--story", "--interval", "--output", "--columns", "--scale", "--list", "--help"]
    {
      #expect(result.output.contains(option))
    }
    for name in catalog.names { #expect(result.output.contains(name)) }
    #expect(run(["--list"]).output.split(separator: "\n").count == catalog.names.count)
  }

  @Test func renderingWritesOneFilePerStoryboard() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("storyboard-tests-\(UUID().uuidString)/images")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let result = run(["--output", directory.path, "--story", "trailer", "--story", "header"])
    #expect(result.code == 0)
    #expect(result.errors.isEmpty)
    #expect(
      result.output.hasSuffix("trailer.svg: 12 frames\n\(directory.path)/header.svg: 13 frames\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files == ["header.svg", "trailer.svg"])
    let written = try String(
      contentsOf: directory.appendingPathComponent("header.svg"), encoding: .utf8)
    #expect(written == StoryboardTool.render(.header, options: RenderOptions()).document)
  }

  /// The README shows `docs/images`: it must be what the command writes today, so that a change
  /// of behaviour that moves a frame cannot leave the pictures behind.
  @Test(arguments: StoryboardCatalog.standard.names)
  func theCommittedImagesAreTheCommandsOutput(name: String) throws {
    let storyboard = try #require(
      StoryboardCatalog.standard.storyboards.first { $0.name == name })
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/images/\(name).svg")
    let committed = try String(contentsOf: file, encoding: .utf8)
    let rendered = StoryboardTool.render(storyboard, options: RenderOptions()).document
    #expect(
      committed == rendered,
      "docs/images/\(name).svg is out of date: run `swift run refresh-storyboard`")
  }

  @Test func anUnwritableDirectoryFailsWithExitCode1() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("storyboard-tests-\(UUID().uuidString)")
    try Data("not a directory".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = run(["--output", file.path, "--story", "header"])
    #expect(result.code == 1)
    #expect(result.errors.hasPrefix("refresh-storyboard: cannot "))
  }
}
