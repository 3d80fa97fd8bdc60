import Foundation
import Refresh
import Testing

@testable import Rendering

#if canImport(Glibc)
  import Glibc
#endif

/// Rows of one line each, numbered.
@MainActor
private final class NumberedRows: ListViewDataSource {
  var count = 60
  func numberOfRows(in listView: ListView) -> Int { count }
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat {
    TextMetrics.lineHeight
  }
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let label = view as? Label ?? Label()
    label.text = "row \(row)"
    return label
  }
}

/// A host on a 40 × 12 pseudo-terminal, showing a list with a header.
@MainActor
@Suite("TerminalHost on a pseudo-terminal", .serialized)
struct TerminalHostTests {
  let terminal: PseudoTerminal
  let host: TerminalHost
  let list = ListView(frame: .zero)
  private let rows = NumberedRows()

  init() throws {
    terminal = try PseudoTerminal(columns: 40, rows: 12)
    host = try TerminalHost(input: terminal.slave, output: terminal.slave)
    list.frame = host.window.bounds
    list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    list.dataSource = rows
    host.window.addSubview(list)
  }

  /// Runs the host, then the body, then stops the host and waits for it.
  func running(_ body: () async throws -> Void) async throws {
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually { host.isRunning })
    try await body()
    host.stop()
    try await run.value
  }

  @Test func refusesWhatIsNotATerminal() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { for descriptor in descriptors { close(descriptor) } }
    #expect(throws: TerminalHost.Failure.notATerminal) {
      try TerminalHost(input: descriptors[0], output: descriptors[1])
    }
  }

  @Test func theWindowIsTheTerminalsSize() {
    #expect(host.window.frame == CGRect(x: 0, y: 0, width: 360, height: 216))
    #expect((host.columns, host.rows) == (40, 12))
  }

  @Test func aHeaderWhoseActionSleepsFinishesRefreshing() async throws {
    let header = RefreshNormalHeader(frame: .zero)
    header.refreshingBlock = {
      Task { @MainActor in
        try? await Task.sleep(nanoseconds: 100_000_000)
        header.endRefreshing()
      }
    }
    list.header = header
    try await running {
      header.beginRefreshing()
      #expect(await eventually { header.state == .refreshing })
      #expect(await eventually { header.state == .idle })
      // The frames showed it: the title came back to "Pull down to refresh".
      #expect(terminal.output.contains("Loading"))
    }
  }

  @Test func mainActorWorkIsDrawnWithoutInput() async throws {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 360, height: 18))
    host.window.addSubview(label)
    try await running {
      Task { @MainActor in
        try? await Task.sleep(nanoseconds: 50_000_000)
        label.text = "drawnAfterATask"
      }
      #expect(await eventually { terminal.output.contains("drawnAfterATask") })
    }
  }

  @Test func aMousePullRefreshes() async throws {
    var refreshes = 0
    let header = RefreshNormalHeader(frame: .zero)
    header.refreshingBlock = { refreshes += 1 }
    list.header = header
    try await running {
      // From the first row to the last: 11 rows, 198 points, rubber-banded to 72 in a 216-point
      // list, past the 54-point header.
      terminal.type("\u{1B}[<0;10;1M")
      for row in 2...12 {
        try await Task.sleep(nanoseconds: 30_000_000)
        terminal.type("\u{1B}[<32;10;\(row)M")
      }
      #expect(await eventually { header.state == .pulling })
      #expect(list.isDragging)
      terminal.type("\u{1B}[<0;10;12m")
      #expect(await eventually { refreshes == 1 })
      #expect(!list.isDragging)
    }
  }

  @Test func theWheelScrollsTheListUnderThePointer() async throws {
    try await running {
      terminal.type("\u{1B}[<65;10;5M")
      #expect(await eventually { list.contentOffset.y >= 54 })
      // Released after the wheel pauses, it glides and comes to rest.
      #expect(await eventually { !list.isDragging && !list.isDecelerating })
    }
  }

  @Test func aClickIsATap() async throws {
    var taps = 0
    let button = View(frame: CGRect(x: 0, y: 0, width: 90, height: 18))
    button.onTap = { _ in taps += 1 }
    host.window.addSubview(button)
    try await running {
      terminal.type("\u{1B}[<0;3;1M\u{1B}[<0;3;1m")
      #expect(await eventually { taps == 1 })
    }
  }

  @Test func theWindowFollowsAResize() async throws {
    var sizes: [String] = []
    host.onResize = { columns, rows in sizes.append("\(columns)x\(rows)") }
    try await running {
      terminal.resize(columns: 60, rows: 20)
      #expect(await eventually { host.window.frame.size == CGSize(width: 540, height: 360) })
      #expect(list.frame.size == CGSize(width: 540, height: 360))
      #expect(sizes == ["60x20"])
    }
  }

  @Test(arguments: ["\u{03}", "\u{1C}", "\u{1A}"])
  func controlKeysEndCleanly(key: String) async throws {
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually { host.isRunning })
    #expect(!terminal.isRestored)
    terminal.type(key)
    try await run.value
    #expect(!host.isRunning)
    #expect(terminal.isRestored)
    #expect(await eventually { terminal.output.contains("\u{1B}[?1049l") })
  }

  @Test func otherKeysGoToOnKey() async throws {
    var keys: [Key] = []
    host.onKey = { keys.append($0) }
    try await running {
      terminal.type("x\u{1B}[A")
      #expect(await eventually { keys == [.character("x"), .up] })
    }
  }

  @Test func idleMeansAsleep() async throws {
    try await running {
      #expect(await eventually { !host.clock.isAnimating && host.clock.nextDeadline == nil })
      try await Task.sleep(nanoseconds: 100_000_000)
      let before = host.loopCount
      try await Task.sleep(nanoseconds: 500_000_000)
      #expect(host.loopCount == before)
      terminal.type("x")
      #expect(await eventually { host.loopCount > before })
    }
  }

  /// A paste of 12,000 characters, `r`s and `q`s and Ctrl-C among them, is one paste: no key
  /// binding sees it, the host stays running, and keys after it are keys.
  @Test func aLongPasteIsOnePasteAndNoKeys() async throws {
    var pastes: [String] = []
    var keys: [Key] = []
    host.onPaste = { pastes.append($0) }
    host.onKey = { keys.append($0) }
    let header = RefreshNormalHeader(frame: .zero)
    list.header = header
    let text = String(repeating: "rq\u{03}j pasted ", count: 1_000)
    #expect(text.count == 12_000)
    try await running {
      #expect(await eventually { terminal.output.contains("\u{1B}[?2004h") })
      terminal.type("\u{1B}[200~" + text + "\u{1B}[201~")
      terminal.type("x")
      #expect(await eventually { keys == [.character("x")] })
      #expect(pastes == [text])
      #expect(host.isRunning)
      #expect(header.state == .idle)
      #expect(list.selectedRow == nil)
    }
    #expect(await eventually { terminal.output.contains("\u{1B}[?2004l") })
  }

  /// Out of focus, nothing is drawn; back in focus, the frame shows what changed meanwhile.
  @Test func noFramesWhileTheTerminalIsInTheBack() async throws {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 360, height: 18))
    host.window.addSubview(label)
    var focus: [Bool] = []
    host.dispatcher.onFocusChange = { focus.append($0) }
    try await running {
      #expect(await eventually { terminal.output.contains("\u{1B}[?1004h") })
      terminal.type("\u{1B}[O")
      #expect(await eventually { !host.isFocused })
      label.text = "changedInTheBack"
      try await Task.sleep(nanoseconds: 300_000_000)
      #expect(!terminal.output.contains("changedInTheBack"))
      terminal.type("\u{1B}[I")
      #expect(await eventually { terminal.output.contains("changedInTheBack") })
      #expect(host.isFocused)
      #expect(focus == [false, true])
    }
    #expect(await eventually { terminal.output.contains("\u{1B}[?1004l") })
  }

  /// A paste whose end marker never comes ends after ``TerminalHost/pasteTimeout``: the keys
  /// typed after it are keys.
  @Test func aPasteCutShortEndsAfterItsTimeout() async throws {
    var pastes: [String] = []
    var keys: [Key] = []
    host.pasteTimeout = 0.2
    host.onPaste = { pastes.append($0) }
    host.onKey = { keys.append($0) }
    try await running {
      terminal.type("\u{1B}[200~cut sho")
      #expect(await eventually { pastes == ["cut sho"] })
      terminal.type("k")
      #expect(await eventually { keys == [.character("k")] })
    }
  }

  /// The accessible mode draws nothing: no alternate screen, no mouse reporting, no cursor
  /// movement; it writes lines, and the line of the row the selection moves to says so.
  @Test func theAccessibleModeWritesLinesAndMarksTheSelection() async throws {
    host.isAccessible = true
    let header = RefreshNormalHeader(frame: .zero)
    list.header = header
    try await running {
      #expect(await eventually { terminal.output.contains("row 5\r\n") })
      terminal.type("j")
      #expect(await eventually { terminal.output.contains("row 0, selected\r\n") })
      terminal.type("j")
      #expect(await eventually { terminal.output.contains("row 1, selected\r\n") })
      // The rows that came into view are not marked.
      #expect(!terminal.output.contains("row 5, selected"))
      header.beginRefreshing()
      #expect(await eventually { terminal.output.contains("Loading...\r\n") })
    }
    let output = terminal.output
    for mode in ["\u{1B}[?1049h", "\u{1B}[?1000h", "\u{1B}[?1006h", "\u{1B}[H"] {
      #expect(!output.contains(mode))
    }
  }

  @Test(
    arguments: [
      ([:], false), (["REDUCE_MOTION": ""], false), (["REDUCE_MOTION": "0"], false),
      (["REDUCE_MOTION": "1"], true), (["REDUCE_MOTION": "yes"], true),
    ] as [([String: String], Bool)])
  func reducedMotionIsAskedForByTheEnvironment(environment: [String: String], asks: Bool) {
    #expect(TerminalHost.asksForReducedMotion(environment) == asks)
  }

  @Test func runningTwiceAtOnceIsRefused() async throws {
    try await running {
      await #expect(throws: TerminalHost.Failure.alreadyRunning) { try await host.run() }
    }
  }
}
