import DemoCore
import Foundation
import Refresh
import Rendering

extension Bench {
  @MainActor
  mutating func runTerminal() {
    let section = "Terminal"
    let (columns, rows) = (200, 60)

    // A feed of 400 posts in one page, so that the list has somewhere to scroll: the shipped
    // feed's first page (15 posts) fits a 200×60 screen whole.
    let posts = (0..<400).map {
      FeedItem(title: "Post \($0): what a frame costs", author: "reader\($0 % 17)", minutesAgo: $0)
    }
    func scene() -> (DemoApp, ManualFrameClock, TerminalCanvas) {
      let clock = ManualFrameClock()
      let app = DemoApp(
        clock: clock, columns: columns, rows: rows,
        feed: FeedModel(archive: posts, arriving: [], pageSize: posts.count))
      clock.advance(by: 0)
      return (app, clock, TerminalCanvas(columns: columns, rows: rows))
    }

    // A full redraw: draw the screen and write every cell.
    let (fullApp, _, fullCanvas) = scene()
    var fullBytes = 0
    let fullCost = nanoseconds { iterations in
      for _ in 0..<iterations {
        var buffer = TerminalFrameBuffer()
        fullApp.render(into: fullCanvas)
        fullBytes = buffer.frame(from: fullCanvas).count
      }
    }
    record(section, "full redraw, 200×60: frame time", fullCost / 1e6, unit: "ms")
    record(section, "full redraw, 200×60: bytes", Double(fullBytes), unit: "bytes")

    // Scrolling: the wheel turning a notch (3 lines) a frame of 1/60 s over the list, down
    // 100 notches and back up, on the diffing frame buffer; every frame scrolls.
    func scrolling(detectsScrolling: Bool) -> (time: Double, bytes: Double) {
      let (app, clock, canvas) = scene()
      var buffer = TerminalFrameBuffer()
      buffer.detectsScrolling = detectsScrolling
      app.render(into: canvas)
      _ = buffer.frame(from: canvas)
      var bytes = 0
      var frames = 0
      var scrolledFrames = 0
      var notch = 0
      let time = nanoseconds { iterations in
        for _ in 0..<iterations {
          let offset = app.scroll.contentOffset.y
          let direction = notch % 200 < 100 ? 1 : -1
          app.handle(.mouse(MouseEvent(kind: .wheel(dx: 0, dy: direction), column: 100, row: 30)))
          notch += 1
          clock.advance(by: 1.0 / 60)
          app.render(into: canvas)
          bytes += buffer.frame(from: canvas).count
          frames += 1
          if app.scroll.contentOffset.y != offset { scrolledFrames += 1 }
        }
      }
      // What was measured is scrolling: the list moved on every frame.
      precondition(
        scrolledFrames == frames, "the list scrolled on \(scrolledFrames) of \(frames) frames")
      return (time, Double(bytes) / Double(max(frames, 1)))
    }
    let scrolled = scrolling(detectsScrolling: true)
    record(
      section, "scrolling, 200×60: frame time", scrolled.time / 1e6, unit: "ms",
      anchor: ("full redraw", fullCost / 1e6))
    record(
      section, "scrolling, 200×60: bytes per frame", scrolled.bytes, unit: "bytes",
      anchor: ("full redraw", Double(fullBytes)),
      goal: ("< 25% of a full redraw", scrolled.bytes < 0.25 * Double(fullBytes)))
    let cellsOnly = scrolling(detectsScrolling: false)
    record(
      section, "scrolling, cell diff only: bytes per frame", cellsOnly.bytes, unit: "bytes",
      anchor: ("full redraw", Double(fullBytes)))
    runFrameGoal(section: section, columns: columns, rows: rows)
    runFrameBytes(section: section, columns: columns, rows: rows)
    runRefreshAnimationBytes(section: section, columns: columns, rows: rows)
  }
}

/// The plain rows' list (``PlainRows``) filling a window of `columns` × `rows` cells in the
/// terminal's own colours (`Color.systemBackground`, as ``TerminalHost`` sets it, and labels'
/// `Color.label`) on a manual clock, laid out, and a canvas of the window's size: what the
/// bytes rows draw.
@MainActor
struct PlainListScene {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = PlainRows()
  let canvas: TerminalCanvas

  init(columns: Int, rows: Int, header: RefreshHeader? = nil) {
    let screen = CGRect(
      x: 0, y: 0, width: CGFloat(columns) * TextMetrics.cellWidth,
      height: CGFloat(rows) * TextMetrics.lineHeight)
    window = Window(frame: screen, clock: clock)
    window.backgroundColor = .systemBackground
    list = ListView(frame: screen)
    list.dataSource = source
    list.header = header
    window.addSubview(list)
    clock.advance(by: 0)
    canvas = TerminalCanvas(
      columns: columns, rows: rows, background: .systemBackground, foreground: .label)
  }
}

extension Bench {
  /// The bytes of a frame beside ncurses' for the same change of screen.
  ///
  /// The frames show the plain rows of
  /// ``PlainRows`` in the terminal's own colors (the window's `Color.systemBackground`, as
  /// ``TerminalHost`` sets it, and labels' `Color.label`), from the top, scrolled a line, then
  /// scrolled a screen further, as a terminal with back color erase (xterm-256color) is sent
  /// them. Frames are counted without the synchronized-output brackets
  /// (`ESC[?2026h` … `ESC[?2026l`, 16 bytes), which ncurses does not write.
  @MainActor
  mutating func runFrameBytes(section: String, columns: Int, rows: Int) {
    let line = TextMetrics.lineHeight
    let scene = PlainListScene(columns: columns, rows: rows)
    let (window, list, canvas) = (scene.window, scene.list, scene.canvas)
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.hasBackgroundColorErase = true
    func frame(scrolledBy lines: Int) -> Int {
      list.contentOffset.y += CGFloat(lines) * line
      window.layoutIfNeeded()
      canvas.clear(background: .systemBackground)
      window.render(in: canvas)
      return buffer.frame(from: canvas).count
    }
    var frames = [
      ("first frame, 200×60", frame(scrolledBy: 0)),
      ("one-row scroll", frame(scrolledBy: 1)),
      ("page scroll (a screen)", frame(scrolledBy: rows)),
    ]
    // A resize to 160×50, the list following the window, as `TerminalHost` resizes it: the
    // frame of the new size is drawn whole.
    let (smallColumns, smallRows) = (160, 50)
    let small = CGRect(
      x: 0, y: 0, width: CGFloat(smallColumns) * TextMetrics.cellWidth,
      height: CGFloat(smallRows) * line)
    let offset = list.contentOffset
    window.frame = small
    list.frame = small
    list.contentOffset = offset
    let smallCanvas = TerminalCanvas(
      columns: smallColumns, rows: smallRows, background: .systemBackground, foreground: .label)
    window.layoutIfNeeded()
    window.render(in: smallCanvas)
    frames.append(("resize to 160×50", buffer.frame(from: smallCanvas).count))
    blackHole(scene.source)
    let ncurses = NcursesAnchor.frameBytes()
    for (index, (name, bytes)) in frames.enumerated() {
      switch ncurses {
      case .success(let counts):
        record(
          section, "bytes, \(name)", Double(bytes), unit: "bytes",
          anchor: ("ncurses", Double(counts[index])), goal: ("<= ncurses", bytes <= counts[index]))
      case .failure:
        record(section, "bytes, \(name)", Double(bytes), unit: "bytes")
      }
    }
    if case .failure(let note) = ncurses {
      record(section, "ncurses bytes: \(note.text)", 0, unit: "")
    }
  }
}

extension Bench {
  /// The bytes of a refresh's frames beside ncurses' for the same screens: the plain rows'
  /// list with a ``RefreshNormalHeader`` as created, pulled down past its threshold over six
  /// frames of 1/60 s, released, refreshing for half a second (the spinner turning), then
  /// ended and hidden, a frame each 1/60 s.
  ///
  /// ncurses is handed the very screens this run drew, as text (`frame --screens`), and draws
  /// each one whole the way a C program does (erase, a line at a time, refresh), so both
  /// encode the same changes; colours are left out of both (``TerminalColorMode/none``), as
  /// the screens' text carries none. The frame shown before the pull, the same full screen for
  /// both, is not counted.
  @MainActor
  mutating func runRefreshAnimationBytes(section: String, columns: Int, rows: Int) {
    var refreshes = 0
    let header = RefreshNormalHeader { refreshes += 1 }
    let scene = PlainListScene(columns: columns, rows: rows, header: header)
    let (clock, window, list, canvas) = (scene.clock, scene.window, scene.list, scene.canvas)
    var buffer = TerminalFrameBuffer(usesSynchronizedOutput: false)
    buffer.hasBackgroundColorErase = true
    buffer.colorMode = .none
    var screens: [String] = []
    var ours: [Int] = []
    func frame() {
      window.layoutIfNeeded()
      canvas.clear(background: .systemBackground)
      window.render(in: canvas)
      ours.append(buffer.frame(from: canvas).count)
      screens.append(canvas.grid.text)
    }
    func frames(_ count: Int) {
      for _ in 0..<count {
        clock.advance(by: 1.0 / 60)
        frame()
      }
    }
    frame()
    let start = CGPoint(x: 100, y: 100)
    list.beginDragging(at: start)
    for step in 1...6 {
      clock.advance(by: 1.0 / 60)
      list.drag(to: CGPoint(x: start.x, y: start.y + CGFloat(step) * 30))
      frame()
    }
    list.endDragging(velocity: .zero)
    frames(30)
    let wasRefreshing = header.state == .refreshing
    header.endRefreshing()
    frames(40)
    // The whole gesture ran: the header refreshed once and is back at rest.
    precondition(
      wasRefreshing && refreshes == 1 && header.state == .idle && list.contentOffset.y == 0,
      "the refresh animation did not run: \(header.state), \(refreshes) refreshes")
    blackHole(scene.source)
    let name = "bytes, a refresh (pull, release, spin, end; \(ours.count - 1) frames)"
    let total = ours.dropFirst().reduce(0, +)
    switch NcursesAnchor.screenBytes(screens, columns: columns, rows: rows) {
    case .success(let counts) where counts.count == screens.count:
      let theirs = counts.dropFirst().reduce(0, +)
      record(
        section, name, Double(total), unit: "bytes", anchor: ("ncurses", Double(theirs)),
        goal: ("<= ncurses", total <= theirs))
    case .success:
      record(section, name, Double(total), unit: "bytes")
      record(section, "ncurses bytes: skipped: a frame count that does not match", 0, unit: "")
    case .failure(let note):
      record(section, name, Double(total), unit: "bytes")
      record(section, "ncurses bytes: \(note.text)", 0, unit: "")
    }
  }

  /// The frame goal: a scrolling frame of a plain 400-row list (800 labels in a scroll model,
  /// no ``ListView``) costs no more than writing one full screen of text, the floor any
  /// renderer pays once; the same rows in a ``ListView`` beside it.
  @MainActor
  mutating func runFrameGoal(section: String, columns: Int, rows: Int) {
    let line = TextMetrics.lineHeight
    let screen = CGRect(
      x: 0, y: 0, width: CGFloat(columns) * TextMetrics.cellWidth, height: CGFloat(rows) * line)

    // The floor: 60 lines of 200 characters drawn into the grid and written out whole.
    let floorCanvas = TerminalCanvas(columns: columns, rows: rows)
    let text = String(repeating: "Pull to refresh, release to load. ", count: 6).prefix(columns)
    let lines = (0..<rows).map { String(text.dropFirst($0 % 7)) + String(text.prefix($0 % 7)) }
    var floorBytes = 0
    let floor = nanoseconds { iterations in
      for _ in 0..<iterations {
        var buffer = TerminalFrameBuffer()
        floorCanvas.clear(background: .white)
        for (row, text) in lines.enumerated() {
          floorCanvas.drawText(
            text, in: CGRect(x: 0, y: CGFloat(row) * line, width: screen.width, height: line),
            attributes: TextAttributes(color: .black))
        }
        floorBytes = buffer.frame(from: floorCanvas).count
      }
    }
    record(section, "floor: one full screen of text, 200×60", floor / 1e6, unit: "ms")
    record(section, "floor: bytes", Double(floorBytes), unit: "bytes")
    // Its second half alone: encoding the drawn grid as a full redraw.
    let encoding = nanoseconds { iterations in
      for _ in 0..<iterations {
        var buffer = TerminalFrameBuffer()
        blackHole(buffer.frame(from: floorCanvas))
      }
    }
    record(
      section, "floor, encoding alone", encoding / 1e6, unit: "ms", anchor: ("floor", floor / 1e6))

    /// One frame of a window's first scroll model scrolled a row: layout, drawing into the
    /// grid, diffing and encoding; with a terminal, the frame's bytes are written to it, as a
    /// program shows them.
    func scrollingStep(_ window: Window, _ scroll: ScrollModel) -> (Pseudoterminal?) -> Void {
      let canvas = TerminalCanvas(columns: columns, rows: rows)
      var buffer = TerminalFrameBuffer()
      let limit = scroll.maximumContentOffset.y
      return { terminal in
        let next = scroll.contentOffset.y + line
        scroll.contentOffset.y = next > limit ? 0 : next
        window.layoutIfNeeded()
        canvas.clear(background: .white)
        window.render(in: canvas)
        let bytes = buffer.frame(from: canvas)
        if let terminal { terminal.write(bytes) } else { blackHole(bytes) }
      }
    }
    func scrollingFrame(_ window: Window, _ scroll: ScrollModel) -> Double {
      let step = scrollingStep(window, scroll)
      return nanoseconds { iterations in
        for _ in 0..<iterations { step(nil) }
      }
    }

    // The plain way: 400 rows of two labels each, all of them subviews of the scroll model.
    let plainClock = ManualFrameClock()
    let plainWindow = Window(frame: screen, clock: plainClock)
    let plain = ScrollModel(frame: screen)
    plainWindow.addSubview(plain)
    for row in 0..<400 {
      for (index, text) in PlainRows.texts(of: row).enumerated() {
        let label = Label(
          frame: CGRect(
            x: TextMetrics.cellWidth, y: CGFloat(row * 2 + index) * line,
            width: screen.width - 2 * TextMetrics.cellWidth, height: line))
        label.text = text
        plain.addSubview(label)
      }
    }
    plain.contentSize = CGSize(width: screen.width, height: 800 * line)
    plainClock.advance(by: 0)
    let plainFrame = scrollingFrame(plainWindow, plain)
    record(
      section, "plain 400-row list (800 labels): frame", plainFrame / 1e6, unit: "ms",
      anchor: ("floor", floor / 1e6),
      goal: ("<= one full screen of text", plainFrame <= floor))
    runUsersFrame(
      section: section, lines: lines,
      frame: scrollingStep(plainWindow, plain))

    // The same rows in a list view: views only for the rows on screen.
    let listClock = ManualFrameClock()
    let listWindow = Window(frame: screen, clock: listClock)
    let list = ListView(frame: screen)
    let source = PlainRows()
    list.dataSource = source
    listWindow.addSubview(list)
    listClock.advance(by: 0)
    let listFrame = scrollingFrame(listWindow, list)
    record(
      section, "400-row ListView: frame", listFrame / 1e6, unit: "ms",
      anchor: ("floor", floor / 1e6),
      goal: ("<= one full screen of text", listFrame <= floor))
    blackHole(source)
  }
}

extension Bench {
  /// The frame as users get it, against the anchors a terminal program is judged by: the plain
  /// 400-row list's scrolling frame written to a terminal (a pseudo-terminal), beside writing
  /// one screen of text to it and beside ncurses drawing the same rows to it.
  ///
  /// - Parameters:
  ///   - lines: The floor's screen of text, one string per row.
  ///   - frame: One frame, written to the terminal it is given.
  @MainActor
  mutating func runUsersFrame(
    section: String, lines: [String], frame: @escaping (Pseudoterminal?) -> Void
  ) {
    guard let terminal = Pseudoterminal(columns: lines.first?.count ?? 0, rows: lines.count)
    else {
      record(section, "users' frame: skipped, no pseudo-terminal", 0, unit: "")
      return
    }
    // The floor: one screen of text as a program prints it, a line at a time (the standard
    // output of a terminal is line-buffered: one write per line), each line placed with a
    // cursor move. The floor and the frame are measured interleaved (`interleaved(_:)`): the
    // terminal's handling of writes varies from one stretch of time to the next, and their
    // ratio compares the same stretch.
    let costs = interleaved([
      { iterations in
        for _ in 0..<iterations {
          for (row, text) in lines.enumerated() {
            terminal.write(Array("\u{1B}[\(row + 1);1H\(text)".utf8))
          }
        }
      },
      { iterations in
        for _ in 0..<iterations { frame(terminal) }
      },
    ])
    let (floor, users) = (costs[0], costs[1])
    record(section, "users' floor: a screen of text to a terminal", floor / 1e6, unit: "ms")
    record(
      section, "users' frame: plain 400-row list to a terminal", users / 1e6, unit: "ms",
      anchor: ("users' floor", floor / 1e6),
      goal: ("<= a screen of text", users <= floor))
    switch NcursesAnchor.frameTime(
      on: terminal, sampleDuration: sampleDuration, samples: samples)
    {
    case .success(let ncurses):
      record(section, "ncurses: the same rows, erase/mvaddnstr/refresh", ncurses / 1e6, unit: "ms")
      record(
        section, "users' frame against ncurses", users / 1e6, unit: "ms",
        anchor: ("ncurses", ncurses / 1e6), goal: ("<= ncurses", users <= ncurses))
    case .failure(let note):
      record(section, "ncurses: \(note.text)", 0, unit: "")
    }
  }
}

/// The benchmark's rows: a title and a byline each, two terminal lines high.
@MainActor
final class PlainRows: ListViewDataSource {
  static func texts(of row: Int) -> [String] {
    [
      "Post \(row): what a frame costs when the list is long",
      "by reader\(row % 17) · \(row) min ago",
    ]
  }

  /// The number of rows: 400 unless told.
  var count: Int

  init(count: Int = 400) { self.count = count }

  func numberOfRows(in listView: ListView) -> Int { count }

  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat {
    2 * TextMetrics.lineHeight
  }

  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let rowView =
      view
      ?? {
        let made = View()
        for _ in 0..<2 { made.addSubview(Label()) }
        return made
      }()
    let width = listView.bounds.width - 2 * TextMetrics.cellWidth
    for (index, text) in Self.texts(of: row).enumerated() {
      guard let label = rowView.subviews[index] as? Label else { continue }
      label.frame = CGRect(
        x: TextMetrics.cellWidth, y: CGFloat(index) * TextMetrics.lineHeight, width: width,
        height: TextMetrics.lineHeight)
      label.text = text
    }
    return rowView
  }
}
