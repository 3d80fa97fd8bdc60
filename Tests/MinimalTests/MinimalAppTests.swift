import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `refresh-minimal`, run in a pseudo-terminal as a person would use it.
@Suite("refresh-minimal in a pseudo-terminal", .serialized)
struct MinimalAppTests {
  static let executable = TerminalProcess.builtProduct("refresh-minimal")

  /// A wheel notch down (SGR button 65) at a cell, 1-based.
  static let wheelDown = "\u{1B}[<65;20;10M"

  @Test func pullRefreshWheelToTheEndLoadMoreAndQuit() throws {
    let app = try TerminalProcess(product: "refresh-minimal")
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")

    // Pull: press on the first row, drag down ten rows, release.
    app.pressAndDrag(column: 20, from: 1, to: 11)
    #expect(app.waitFor("Release to refresh"), "\(app.screen.text)")
    app.send("\u{1B}[<0;20;11m")
    #expect(app.waitFor("Loading..."), "\(app.screen.text)")
    // The action slept a second; the three new posts show at the top.
    #expect(app.waitFor("Post #103"), "\(app.screen.text)")
    // Refreshing ended: the header went back up.
    #expect(app.waitUntil { !$0.text.contains("Loading...") }, "\(app.screen.text)")

    // Wheel to the end: the footer loads the next page.
    for _ in 0..<12 {
      app.send(Self.wheelDown)
      usleep(20_000)
    }
    #expect(app.waitFor("Loading..."), "\(app.screen.text)")
    // The page arrived (a second later): the footer is idle again, with more posts below.
    #expect(app.waitUntil { !$0.text.contains("Loading...") }, "\(app.screen.text)")
    for _ in 0..<8 {
      app.send(Self.wheelDown)
      usleep(20_000)
    }
    #expect(app.waitFor("Post #50"), "\(app.screen.text)")

    app.send("q")
    #expect(app.waitForExit() == 0)
    let written = String(decoding: app.output, as: UTF8.self)
    #expect(written.contains("\u{1B}[?1049h"))
    #expect(written.contains("\u{1B}[?1049l"))
    #expect(app.isRestored)
  }

  /// The terminal user's language, from `LANG`, with no line of the app about it.
  @Test(
    arguments: [
      ("zh_CN.UTF-8", "松开立即刷新", "正在刷新数据中..."),
      ("ja_JP.UTF-8", "離すと更新", "読み込み中..."),
      ("de_DE.UTF-8", "Zum Aktualisieren loslassen", "Wird geladen..."),
    ])
  func titlesInTheLanguageOfLANG(locale: String, pulling: String, refreshing: String) throws {
    let app = try TerminalProcess(product: "refresh-minimal", environment: ["LANG": locale])
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")
    app.pressAndDrag(column: 20, from: 1, to: 11)
    #expect(app.waitFor(pulling), "\(app.screen.text)")
    app.send("\u{1B}[<0;20;11m")
    #expect(app.waitFor(refreshing), "\(app.screen.text)")
    app.send("q")
    #expect(app.waitForExit() == 0)
  }

  /// The keys, as xterm sends them.
  static let down = "\u{1B}[B"
  static let pageDown = "\u{1B}[6~"
  static let home = "\u{1B}[H"
  static let end = "\u{1B}[F"
  static let f5 = "\u{1B}[15~"

  /// The header's titles in the order a pull shows them once it is past the threshold (the
  /// idle title shows for the first frames of the pull only, which a loaded machine may skip).
  static let pull = ["Release to refresh", "Loading..."]

  /// The header's titles the screen showed, in order, until it shows `text`: each frame is
  /// looked at as it arrives, so a title that shows briefly is not missed by a later wait.
  static func titles(of app: TerminalProcess, until text: String) -> [String] {
    var seen: [String] = []
    app.waitUntil(seconds: 15) { screen in
      for title in pull where screen.text.contains(title) && !seen.contains(title) {
        seen.append(title)
      }
      return screen.text.contains(text)
    }
    return seen
  }

  @Test func theKeyboardAloneSelectsPagesLoadsAndRefreshes() throws {
    let app = try TerminalProcess(product: "refresh-minimal")
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")

    // ↓ selects the first row, then moves the selection: 24 presses reach the last row on
    // the screen (#77) without scrolling; the 25th scrolls one row to show #76.
    for _ in 0..<24 { app.send(Self.down) }
    #expect(!app.waitFor("Post #76", seconds: 0.5), "\(app.screen.text)")
    app.send(Self.down)
    #expect(app.waitFor("Post #76"), "\(app.screen.text)")
    #expect(app.waitUntil { !$0.text.contains("Post #100") }, "\(app.screen.text)")

    // PgDn reaches the end: the footer comes into view and loads the next page.
    app.send(Self.pageDown)
    #expect(app.waitFor("Loading..."), "\(app.screen.text)")
    #expect(app.waitUntil { !$0.text.contains("Loading...") }, "\(app.screen.text)")
    // End goes to the new end, which loads again: posts down to #21.
    app.send(Self.end)
    #expect(app.waitFor("Post #41"), "\(app.screen.text)")
    #expect(app.waitFor("Loading..."), "\(app.screen.text)")
    #expect(app.waitUntil { !$0.text.contains("Loading...") }, "\(app.screen.text)")

    // Home, then `r`: the header is pulled into view, armed, released, and refreshes.
    app.send(Self.home)
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")
    app.send("r")
    #expect(Self.titles(of: app, until: "Post #103") == Self.pull, "\(app.screen.text)")
    #expect(app.waitUntil { !$0.text.contains("Loading...") }, "\(app.screen.text)")
    // F5 does the same.
    app.send(Self.f5)
    #expect(Self.titles(of: app, until: "Post #106") == Self.pull, "\(app.screen.text)")

    app.send("q")
    #expect(app.waitForExit() == 0)
    #expect(app.isRestored)
  }

  /// The lines the app wrote, without the empty ones.
  static func lines(of app: TerminalProcess) -> [String] {
    String(decoding: app.output, as: UTF8.self).components(separatedBy: "\r\n")
      .filter { !$0.isEmpty }
  }

  @Test(arguments: [["ACCESSIBLE": "1"], ["TERM": "dumb"]])
  func theAccessibleModeWritesLinesAScreenReaderReadsInOrder(
    environment: [String: String]
  ) throws {
    let app = try TerminalProcess(product: "refresh-minimal", environment: environment)
    #expect(app.waitUntil { _ in Self.lines(of: app).contains("  Post #77") })
    // The first screen, top to bottom: no full-screen drawing, no escape sequences.
    #expect(Array(Self.lines(of: app).prefix(24)) == (77...100).reversed().map { "  Post #\($0)" })
    #expect(!app.output.contains(0x1B))

    // `r`: the refresh announces itself and its end (the header's new last-update time, of
    // the wall clock's minute), then its new rows.
    app.send("r")
    #expect(app.waitUntil { _ in Self.lines(of: app).contains("  Post #101") })
    let refresh = Array(Self.lines(of: app).dropFirst(24))
    #expect(
      refresh.count == 6 && refresh[2].hasPrefix("Last update: Today ")
        && refresh.enumerated().filter { $0.offset != 2 }.map(\.element) == [
          "Release to refresh", "Loading...", "  Post #103", "  Post #102", "  Post #101",
        ], "\(refresh)")

    // ↓ reads the selected row, marked as such; End reads the rows that come into view and
    // the footer.
    app.send(Self.down)
    #expect(app.waitUntil { _ in Self.lines(of: app).last == "  Post #103, selected" })
    app.send(Self.end)
    #expect(app.waitUntil { _ in Self.lines(of: app).contains("Loading...") })
    #expect(app.waitUntil { _ in Self.lines(of: app).contains("  Post #61") })
    app.send("q")
    #expect(app.waitForExit() == 0)
    #expect(app.isRestored)
  }

  /// The parameters of every SGR sequence (`ESC[…m`) the app wrote, such as `"0;1;38;5;244"`.
  static func graphicRenditions(in output: [UInt8]) -> [String] {
    let text = String(decoding: output, as: UTF8.self)
    return text.split(separator: "\u{1B}").compactMap { sequence in
      guard sequence.first == "[" else { return nil }
      let body = sequence.dropFirst().prefix { $0.isNumber || $0 == ";" }
      let rest = sequence.dropFirst(1 + body.count)
      return rest.first == "m" ? String(body) : nil
    }
  }

  /// Pulls the header until it is armed, so that a title shows, and quits.
  static func pullAndQuit(environment: [String: String]) throws -> TerminalProcess {
    let app = try TerminalProcess(product: "refresh-minimal", environment: environment)
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")
    app.pressAndDrag(column: 20, from: 1, to: 11)
    #expect(app.waitFor("Release to refresh"), "\(app.screen.text)")
    app.send("\u{1B}[<0;20;11m")
    #expect(app.waitFor("Loading..."), "\(app.screen.text)")
    app.send("q")
    #expect(app.waitForExit() == 0)
    return app
  }

  /// The app, unchanged, paints in the terminal's own colors: no background anywhere, the rows
  /// in the terminal's text color, the titles, arrow and spinner in the mid gray.
  @Test func paintsWithTheTerminalsOwnColors() throws {
    let app = try Self.pullAndQuit(environment: [:])
    let renditions = Self.graphicRenditions(in: app.output)
    #expect(!renditions.isEmpty)
    for rendition in renditions {
      #expect(!rendition.contains("48;"), "a background: \(rendition)")
      let colors = rendition.split(separator: ";").filter {
        !["0", "1", "22", "39", "49"].contains($0)
      }
      #expect(colors.isEmpty || rendition.hasSuffix("38;5;244"), "\(rendition)")
    }
    #expect(renditions.contains { $0.hasSuffix("38;5;244") })
  }

  @Test func noColorWritesNoColorCodes() throws {
    let app = try Self.pullAndQuit(environment: ["NO_COLOR": "1"])
    let parameters = Set(
      Self.graphicRenditions(in: app.output).flatMap { $0.split(separator: ";").map(String.init) })
    #expect(parameters.isSubset(of: ["", "0", "1", "22", "7", "27"]), "\(parameters)")
    #expect(parameters.contains("1"))  // the bold titles stay bold
  }

  /// The selected row shows without colors: in reverse video, on any terminal theme.
  @Test func theSelectionShowsUnderNoColor() throws {
    let app = try TerminalProcess(product: "refresh-minimal", environment: ["NO_COLOR": "1"])
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")
    app.send(Self.down)
    #expect(
      app.waitUntil { _ in
        Self.graphicRenditions(in: app.output).contains { $0.split(separator: ";").contains("7") }
      }, "\(Self.graphicRenditions(in: app.output))")
    app.send("q")
    #expect(app.waitForExit() == 0)
  }

  @Test(
    arguments: [
      (["COLORTERM": "truecolor"], "38;2;128;128;128"),
      (["TERM": "xterm"], "90"),  // terminfo's xterm has 8 colors: bright black
    ])
  func titlesInTheTerminalsColorMode(environment: [String: String], title: String) throws {
    let app = try Self.pullAndQuit(environment: environment)
    let renditions = Self.graphicRenditions(in: app.output)
    #expect(renditions.contains { $0.hasSuffix(title) }, "\(renditions)")
    #expect(!renditions.contains { $0.contains("38;5;") }, "\(renditions)")
  }

  /// Under an Arabic locale the app, unchanged, is laid out right to left: the titles in
  /// Arabic, written in the order they show, the arrow right of them, the rows flush right.
  @Test func rightToLeftUnderAnArabicLocale() throws {
    let app = try TerminalProcess(product: "refresh-minimal", environment: ["LANG": "ar_EG.UTF-8"])
    #expect(app.waitFor("Post #100"), "\(app.screen.text)")
    // Rows aligned left are aligned right: each ends in the last column.
    let firstRow = app.screen.text.split(separator: "\n", omittingEmptySubsequences: false)[0]
    #expect(firstRow.hasSuffix("Post #100") && firstRow.count == 80, "\(firstRow)")
    app.pressAndDrag(column: 20, from: 1, to: 11)
    // "أفلت للتحديث" (release to refresh), in display order.
    let pulling = "ثيدحتلل تلفأ"
    #expect(app.waitFor(pulling), "\(app.screen.text)")
    #expect(app.waitFor("↑"), "\(app.screen.text)")  // the arrow has turned
    let rows = app.screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    let titleRow = try #require(rows.first { $0.contains(pulling) })
    let title = try #require(titleRow.range(of: pulling))
    let arrowRow = try #require(rows.first { $0.contains("↑") })
    let arrow = try #require(arrowRow.firstIndex(of: "↑"))
    #expect(
      arrowRow.distance(from: arrowRow.startIndex, to: arrow)
        > titleRow.distance(from: titleRow.startIndex, to: title.upperBound),
      "\(app.screen.text)")
    app.send("\u{1B}[<0;20;11m")
    #expect(app.waitFor("...ليمحتلا يراج"), "\(app.screen.text)")  // "جاري التحميل..."
    app.send("q")
    #expect(app.waitForExit() == 0)
  }

  @Test func followsAResize() throws {
    let app = try TerminalProcess(product: "refresh-minimal")
    #expect(app.waitFor("Post #100"))
    app.resize(columns: 100, rows: 30)
    // Six more rows: #76 to #71 come into view below #77.
    #expect(app.waitFor("Post #71"), "\(app.screen.text)")
    app.send("q")
    #expect(app.waitForExit() == 0)
  }

  @Test(arguments: ["\u{03}", "\u{1C}", "\u{1A}"])
  func controlKeysQuitCleanly(key: String) throws {
    let app = try TerminalProcess(product: "refresh-minimal")
    #expect(app.waitFor("Post #100"))
    app.send(key)
    #expect(app.waitForExit() == 0)
    #expect(String(decoding: app.output, as: UTF8.self).contains("\u{1B}[?1049l"))
    #expect(app.isRestored)
  }

  @Test func withoutATerminalItSaysSo() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.executable)
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(String(decoding: data, as: UTF8.self).contains("must be a terminal"))
  }
}
