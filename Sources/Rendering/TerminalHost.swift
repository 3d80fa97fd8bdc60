import Foundation
import Refresh

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a view tree as a full-screen terminal app: the terminal's modes, a real-time clock,
/// input turned into gestures, and frames drawn when something changed.
///
/// ```swift
/// let host = try TerminalHost()            // throws when not on a terminal
/// host.window.addSubview(list)             // host.window: sized to the terminal
/// host.onKey = { key in if key == .character("q") { host.stop() } }
/// try await host.run()                     // until stop(); the terminal is always restored
/// ```
///
/// While it runs, the host owns the terminal through a ``TerminalSession`` (raw input, the
/// alternate screen, SGR mouse reporting, a hidden cursor; restored when it returns, when the
/// process exits and on fatal signals). Input is read on a thread of its own and handed to an
/// ``InputDispatcher``: a press, drags and a release pan the deepest scroll model under the
/// pointer, the wheel scrolls it, a click taps, keys go to ``onKey``.
///
/// The host draws a frame only when something changed (input, a resize, anything moving on
/// the ``clock``, any view asking for layout or display) and otherwise sleeps: **no wake-ups
/// while idle**. A resize arrives as `SIGWINCH`; ``window`` then takes the terminal's size,
/// and views with an `View/autoresizingMask` follow it.
///
/// ``run()`` is `async` and waits without blocking the main actor, so main-actor work started
/// by the app (an `async` refreshing action, a `Task { @MainActor in … }`) runs while the host
/// idles, and whatever it changes is drawn at once.
///
/// Ctrl-C, Ctrl-\ and Ctrl-Z (``quitKeys``) end ``run()`` cleanly: the terminal is restored
/// and the program goes on after `run()`; they arrive as keys, not signals, so nothing crashes
/// or stops with the terminal in its modes.
@MainActor
public final class TerminalHost {
  /// Why a host cannot start.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input or the output is not a terminal (a pipe, a file, CI).
    case notATerminal
    /// ``run()`` was called while the host was already running.
    case alreadyRunning
    /// The file at ``TerminalHost/recordingPath`` cannot be created.
    case cannotRecord(path: String)

    /// The failure in words, for an app's error message.
    public var description: String {
      switch self {
      case .notATerminal: "standard input and output must be a terminal"
      case .alreadyRunning: "the host is already running"
      case .cannotRecord(let path): "cannot create the recording '\(path)'"
      }
    }
  }

  /// The root of the app's views, as large as the terminal (one cell is
  /// `TextMetrics/cellWidth` × `TextMetrics/lineHeight` points).
  public let window: Window
  /// The clock of ``window``: real time, frames at most at the rate given to ``init(input:output:framesPerSecond:)``.
  public let clock: RealTimeFrameClock
  /// Turns the input into gestures and keys.
  public let dispatcher: InputDispatcher

  /// Called with every key but the ``quitKeys``, first: the keys it leaves go to the list
  /// (`InputDispatcher/keyBindings`: ↑ ↓ j k, PgUp PgDn Space, Home End g G, Enter, r F5); call
  /// ``takeKey()`` in it to keep a key for the app alone.
  public var onKey: ((Key) -> Void)? {
    get { dispatcher.onKey }
    set { dispatcher.onKey = newValue }
  }

  /// Keeps the key ``onKey`` is handling from the list's key bindings
  /// (`InputDispatcher/takeKey()`).
  public func takeKey() {
    dispatcher.takeKey()
  }

  /// Called with the text of every paste (``InputEvent/paste(_:)``).
  ///
  /// The full-screen mode turns bracketed paste on, so that pasted text never arrives as keys
  /// (`InputDispatcher/onPaste`). Without it a paste does nothing.
  public var onPaste: ((String) -> Void)? {
    get { dispatcher.onPaste }
    set { dispatcher.onPaste = newValue }
  }

  /// Whether the terminal window is in front, as the terminal last reported it
  /// (``TerminalModes/focusReporting``); `true` until it says otherwise.
  ///
  /// While it is not, no frame is drawn and animations get no frames: the host wakes only for
  /// input and for the clock's scheduled actions (a simulated network answering, say), which
  /// still run. The frame that returning to the front draws shows where everything is.
  public private(set) var isFocused = true

  /// Called after the window took a new terminal size, in cells.
  public var onResize: ((_ columns: Int, _ rows: Int) -> Void)?

  /// Called before each frame is drawn: the place to update views that show live figures.
  public var willDrawFrame: (() -> Void)?

  /// The keys that end ``run()``: Ctrl-C, Ctrl-\ and Ctrl-Z by default.
  public var quitKeys: Set<Key> = [.control(0x03), .control(0x1C), .control(0x1A)]

  /// The color of the cells no view covers: the terminal's own background
  /// (`Color.systemBackground`, SGR 49) unless set.
  public var background: Color = .systemBackground

  /// How colors are written: as the terminal's environment asks
  /// (``TerminalColorMode/init(environment:)``: `NO_COLOR`, `COLORTERM`, `TERM`) unless set.
  public var colorMode = TerminalColorMode(environment: ProcessInfo.processInfo.environment)

  /// Whether the terminal fills erased cells with the background color set, so that frames
  /// erase blanks of any background instead of writing them: as `TERM`'s terminfo entry says
  /// (``TerminalFrameBuffer/hasBackgroundColorErase(environment:)``) unless set.
  public var hasBackgroundColorErase = TerminalFrameBuffer.hasBackgroundColorErase(
    environment: ProcessInfo.processInfo.environment)

  /// The terminal's size in cells, as of the last resize.
  public private(set) var columns: Int
  /// The terminal's height in cells, as of the last resize.
  public private(set) var rows: Int

  /// The frames drawn over the last second.
  public private(set) var framesPerSecond: Double = 0

  /// Whether ``run()`` is running.
  public private(set) var isRunning = false

  /// How long to wait for the rest of an escape sequence before taking a lone Escape; a
  /// terminal sends a sequence in one write.
  public var escapeTimeout: TimeInterval = 0.03

  /// How long ``run()`` waits at start-up for the terminal to answer its questions
  /// (``TerminalCapabilities/queries``), in seconds: 150 ms unless set.
  ///
  /// The wait ends as soon as the DA1 reply comes, which every terminal sends after the other
  /// replies; a terminal that answers nothing gets the defaults after this time. Keys typed
  /// meanwhile are kept and handled after it.
  public var queryTimeout: TimeInterval = 0.15

  /// What the terminal said about itself at start-up (all ``TerminalCapabilities/Support/unknown``
  /// before ``run()``, in the accessible mode, and when the terminal did not answer).
  ///
  /// The host uses it: frames are wrapped in synchronized-output brackets unless the terminal
  /// reported mode 2026 unsupported, the kitty keyboard protocol
  /// (``TerminalModes/kittyKeyboard``) is entered when it answered the protocol's query, and
  /// mouse positions in pixels (``TerminalModes/sgrPixels``) when it reported mode 1016
  /// supported and the cells' size in pixels is known (from `TIOCGWINSZ`, or else from the
  /// terminal's answer to `ESC [ 16 t`), so that a drag follows the pointer within a cell.
  /// Replies that come after ``queryTimeout`` are taken in here but change no mode.
  public private(set) var capabilities = TerminalCapabilities()

  /// How long a paste may pause before the host takes it as ended with what came: a paste over
  /// a slow link arrives in bursts, but one whose end marker never comes must not turn every
  /// later key into pasted text.
  public var pasteTimeout: TimeInterval = 1

  /// The environment variable whose value, a file's path, turns recording on:
  /// `REFRESH_RECORD=session.rec swift run my-app`.
  public static let recordingEnvironmentVariable = "REFRESH_RECORD"

  /// Where ``run()`` records what it receives, as a ``TerminalRecording`` (keys and mouse
  /// events as decoded, resizes, and the stop, with their times), or `nil` not to record.
  ///
  /// It starts as the value of ``recordingEnvironmentVariable``, if set. The file is replaced
  /// when ``run()`` starts and written entry by entry; ``TerminalReplay`` plays it again.
  public var recordingPath: String? =
    ProcessInfo.processInfo.environment[TerminalHost.recordingEnvironmentVariable].flatMap {
      $0.isEmpty ? nil : $0
    }

  /// Whether ``run()`` runs in the accessible mode, for screen readers and braille displays.
  ///
  /// The accessible mode does no full-screen drawing (no alternate screen, no mouse reporting, no cursor movement), and
  /// what assistive technology should hear written as plain lines, in order: the window's
  /// announcements (`Window/accessibility`: "Release to refresh", "Loading...", a result), the
  /// rows that come into view and the row the selection moves to, followed by ", selected".
  /// Every key works as in the full-screen mode.
  ///
  /// It starts as ``asksForAccessibleMode(_:)`` says of the process's environment
  /// (`ACCESSIBLE=1`, or `TERM=dumb`); set it before ``run()`` to choose.
  public var isAccessible = TerminalHost.asksForAccessibleMode(
    ProcessInfo.processInfo.environment)

  /// Whether an environment asks for the accessible mode: `ACCESSIBLE` set to anything but the
  /// empty string (as charmbracelet's tools read it), or `TERM` set to `dumb`.
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: Whether to run in the accessible mode.
  public static func asksForAccessibleMode(_ environment: [String: String]) -> Bool {
    !(environment["ACCESSIBLE"] ?? "").isEmpty || environment["TERM"] == "dumb"
  }

  private let input: Int32
  private let output: Int32
  /// The lines the accessible mode has yet to write.
  private var pendingLines: [String] = []
  private var stopRequested = false
  private var continuation: CheckedContinuation<Void, Never>?
  private var frameTimes: [TimeInterval] = []
  private var recorder: TerminalRecorder?
  private var recordingStart: TimeInterval = 0
  /// How many times the loop went round: a test's measure of idleness.
  private(set) var loopCount = 0

  /// Whether an environment asks for reduced motion: `REDUCE_MOTION` set to anything but the
  /// empty string or `0`.
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: Whether components should show their states still.
  public static func asksForReducedMotion(_ environment: [String: String]) -> Bool {
    let value = environment["REDUCE_MOTION"] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// Prepares a host on a terminal, sized to it; the terminal is not touched until ``run()``.
  ///
  /// When the process's environment asks for reduced motion (``asksForReducedMotion(_:)``,
  /// `REDUCE_MOTION=1`), it sets `RefreshConfig.default.reducesMotion`, so that the components
  /// the app makes next show their states still.
  ///
  /// - Parameters:
  ///   - input: The terminal's input descriptor.
  ///   - output: The terminal's output descriptor.
  ///   - framesPerSecond: The frame rate while something moves (60 by default).
  /// - Throws: ``Failure/notATerminal`` when `input` or `output` is not a terminal.
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, framesPerSecond: Double = 60
  ) throws {
    guard isatty(input) == 1, isatty(output) == 1 else { throw Failure.notATerminal }
    if Self.asksForReducedMotion(ProcessInfo.processInfo.environment) {
      RefreshConfig.default.reducesMotion = true
    }
    self.input = input
    self.output = output
    clock = RealTimeFrameClock(framesPerSecond: framesPerSecond)
    let size = Self.terminalSize(of: output)
    columns = size.columns
    rows = size.rows
    window = Window(frame: Self.frame(columns: columns, rows: rows), clock: clock)
    window.backgroundColor = .systemBackground
    dispatcher = InputDispatcher(window: window)
  }

  /// Runs the app until ``stop()`` or a quit key, then restores the terminal.
  ///
  /// - Throws: ``Failure/alreadyRunning`` when called twice at once,
  ///   ``Failure/cannotRecord(path:)`` when the recording cannot be created,
  ///   ``TerminalSession/Failure`` when the terminal cannot be taken, `POSIXError` when the
  ///   input thread cannot start.
  public func run() async throws {
    guard !isRunning else { throw Failure.alreadyRunning }
    recorder = try recordingPath.map { path in
      do { return try TerminalRecorder(path: path) } catch {
        throw Failure.cannotRecord(path: path)
      }
    }
    recordingStart = clock.currentTime
    defer {
      recorder?.record(.end, at: clock.currentTime - recordingStart)
      recorder?.close()
      recorder = nil
    }
    let session = try TerminalSession(
      modes: isAccessible ? .rawInput : .fullScreen, input: input, output: output,
      signalKeys: false)
    defer { session.end() }
    let accessibility = window.accessibility
    if isAccessible {
      accessibility.isScreenReaderRunning = true
      accessibility.onPost = { [weak self] post in
        self?.pendingLines.append(Self.line(saying: post))
      }
    }
    defer {
      if isAccessible {
        accessibility.onPost = nil
        accessibility.isScreenReaderRunning = false
        writeLines(to: session)
      }
    }
    let reader = try TerminalInputReader(input: input) { [weak self] in
      Task { @MainActor in self?.wake() }
    }
    defer { reader.stop() }
    isRunning = true
    stopRequested = false
    clock.scheduleDidChange = { [weak self] in self?.wake() }
    defer {
      clock.scheduleDidChange = nil
      isRunning = false
    }
    isFocused = true
    capabilities = TerminalCapabilities()
    var parser = InputParser()
    var frameBuffer = TerminalFrameBuffer()
    var typedMeanwhile: [InputEvent] = []
    if !isAccessible {
      typedMeanwhile = await askTheTerminal(session: session, reader: reader, parser: &parser)
      frameBuffer.usesSynchronizedOutput = capabilities.synchronizedOutput != .unsupported
    }
    var canvas = makeCanvas()
    var lastArrival: UInt64 = 0
    var needsFrame = true
    resize(to: Self.terminalSize(of: output))
    if !typedMeanwhile.isEmpty {
      // What was typed while the host asked acts on the views as they will first be shown.
      window.layoutIfNeeded()
      dispatch(typedMeanwhile)
    }

    while !stopRequested {
      loopCount += 1
      // Run what came due; anything moving, laid out or displayed wants a frame.
      let wasAnimating = clock.isAnimating
      let actionDue = clock.nextActionTime.map { $0 <= clock.currentTime } ?? false
      clock.tick()
      if wasAnimating || actionDue || clock.isAnimating { needsFrame = true }

      let arrivals = reader.take()
      if arrivals.resized {
        resize(to: Self.terminalSize(of: output))
        if session.modes.contains(.sgrPixels), let cell = cellSizeInPixels() {
          parser.cellSizeInPixels = cell
        }
        canvas = makeCanvas()
        frameBuffer.invalidate()
        needsFrame = true
      }
      if !arrivals.bytes.isEmpty {
        lastArrival = arrivals.lastArrival
        dispatch(parser.feed(arrivals.bytes))
        needsFrame = true
      } else if parser.hasPendingInput,
        Double(DispatchTime.now().uptimeNanoseconds - lastArrival) / 1e9 >= inputTimeout(parser)
      {
        dispatch(parser.flush())
        needsFrame = true
      }
      if arrivals.ended || stopRequested { break }
      // In the back, frames wait for the return to the front.
      if needsFrame, isFocused {
        draw(into: canvas, buffer: &frameBuffer, session: session)
        needsFrame = false
      }
      writeLines(to: session)

      // Sleep until input, a resize, the clock's next deadline (in the back, its next action:
      // no frames) or new main-actor work.
      let deadline = isFocused ? clock.nextDeadline : clock.nextActionTime
      var timeout = deadline.map { max(0, $0 - clock.currentTime) }
      if parser.hasPendingInput {
        let wait = inputTimeout(parser)
        timeout = min(timeout ?? wait, wait)
      }
      await sleep(timeout: timeout, reader: reader)
    }
  }

  /// Ends ``run()`` after the current turn of its loop; the terminal is restored.
  public func stop() {
    stopRequested = true
    wake()
  }

  // MARK: - The loop

  /// Writes the queries and waits for the DA1 reply that ends the answers, at most
  /// ``queryTimeout``; learns the replies, enters the kitty keyboard protocol if the terminal
  /// has it, and returns the other events that came meanwhile.
  private func askTheTerminal(
    session: TerminalSession, reader: TerminalInputReader, parser: inout InputParser
  ) async -> [InputEvent] {
    session.write(TerminalCapabilities.queries)
    let start = DispatchTime.now().uptimeNanoseconds
    let deadline = start + UInt64(max(0, min(queryTimeout, 3600)) * 1e9)
    var others: [InputEvent] = []
    var fenced = false
    while !stopRequested {
      let arrivals = reader.take()
      for event in parser.feed(arrivals.bytes) {
        guard case .reply(let reply) = event else {
          others.append(event)
          continue
        }
        capabilities.learn(reply)
        if case .deviceAttributes = reply { fenced = true }
      }
      let now = DispatchTime.now().uptimeNanoseconds
      if fenced || arrivals.ended || now >= deadline { break }
      await sleep(timeout: Double(deadline - now) / 1e9, reader: reader)
    }
    if capabilities.hasKittyKeyboard { session.enter(.kittyKeyboard) }
    if capabilities.sgrPixels == .supported, let cell = cellSizeInPixels() {
      session.enter(.sgrPixels)
      parser.cellSizeInPixels = cell
    }
    return others
  }

  /// How long the parser's unfinished input may wait for more bytes.
  private func inputTimeout(_ parser: InputParser) -> TimeInterval {
    parser.isPasting ? pasteTimeout : escapeTimeout
  }

  private func dispatch(_ events: [InputEvent]) {
    for event in events {
      // A reply that came after the wait is no input.
      if case .reply(let reply) = event {
        capabilities.learn(reply)
        continue
      }
      recorder?.record(.input(event), at: clock.currentTime - recordingStart)
      if case .key(let key) = event, quitKeys.contains(key) {
        stop()
        return
      }
      switch event {
      case .focusGained: isFocused = true
      case .focusLost: isFocused = false
      default: break
      }
      dispatcher.handle(event)
      if stopRequested { return }
    }
  }

  private func draw(
    into canvas: TerminalCanvas, buffer: inout TerminalFrameBuffer, session: TerminalSession
  ) {
    let now = clock.currentTime
    frameTimes.append(now)
    frameTimes.removeAll { now - $0 > 1 }
    framesPerSecond = Double(frameTimes.count)
    willDrawFrame?()
    window.layoutIfNeeded()
    // The accessible mode writes lines instead (``writeLines(to:)``).
    guard !isAccessible else { return }
    buffer.colorMode = colorMode
    buffer.hasBackgroundColorErase = hasBackgroundColorErase
    canvas.clear(background: background)
    window.render(in: canvas)
    session.write(buffer.frame(from: canvas))
  }

  /// The accessible mode's line for a post: its text, and for the row the selection moved to
  /// (``AccessibilityNotification/focused``) ", selected" after it, as a screen reader says of
  /// a selected item, so that a line among the rows coming into view tells where the selection is.
  static func line(saying post: AccessibilityPost) -> String {
    post.notification == .focused ? post.text + ", selected" : post.text
  }

  /// Writes the accessible mode's pending lines, each on a line of its own (control
  /// characters, line breaks included, become spaces).
  private func writeLines(to session: TerminalSession) {
    guard !pendingLines.isEmpty else { return }
    let text = pendingLines.map { line in
      String(
        line.map {
          $0.isNewline || ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) ? " " : $0
        })
        + "\r\n"
    }.joined()
    pendingLines.removeAll()
    session.write(Array(text.utf8))
  }

  /// Waits until ``wake()`` or the timeout, with the main actor free meanwhile; the input
  /// reader's thread keeps the timeout.
  private func sleep(timeout: TimeInterval?, reader: TerminalInputReader) async {
    reader.wake(
      at: timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) })
    await withCheckedContinuation { continuation in
      self.continuation = continuation
    }
  }

  /// A canvas of the terminal's size, in the terminal's own colors where nothing is drawn.
  private func makeCanvas() -> TerminalCanvas {
    TerminalCanvas(columns: columns, rows: rows, background: background, foreground: .label)
  }

  /// Resumes the loop if it sleeps; the loop looks at everything when it runs anyway.
  private func wake() {
    guard let continuation else { return }
    self.continuation = nil
    continuation.resume()
  }

  private func resize(to size: (columns: Int, rows: Int)) {
    let changed = size.columns != columns || size.rows != rows
    if let recorder, changed || recorder.recording.entries.isEmpty {
      // The recording's time 0 is the size the session starts at.
      if recorder.recording.entries.isEmpty { recordingStart = clock.currentTime }
      recorder.record(
        .resize(columns: size.columns, rows: size.rows), at: clock.currentTime - recordingStart)
    }
    columns = size.columns
    rows = size.rows
    window.frame = Self.frame(columns: columns, rows: rows)
    if changed { onResize?(columns, rows) }
  }

  // MARK: - Sizes

  /// The largest terminal the host lays out, in cells; a larger one shows it in its corner.
  public static let maximumSize = (columns: 1000, rows: 500)

  private static func frame(columns: Int, rows: Int) -> CGRect {
    CGRect(
      x: 0, y: 0, width: CGFloat(columns) * TextMetrics.cellWidth,
      height: CGFloat(rows) * TextMetrics.lineHeight)
  }

  /// The size of the terminal's cells in pixels: as the kernel knows it, or else as the
  /// terminal reported it (``TerminalCapabilities/cellSizeInPixels``).
  private func cellSizeInPixels() -> (width: Int, height: Int)? {
    Self.cellSizeInPixels(of: output) ?? capabilities.cellSizeInPixels
  }

  /// The size of the terminal's cells in pixels, as `TIOCGWINSZ` says it (`ws_xpixel` and
  /// `ws_ypixel` over the cells), or `nil` when it does not.
  private static func cellSizeInPixels(of descriptor: Int32) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
    else { return nil }
    return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
  }

  /// The terminal's size in cells, 80 × 24 when it does not say, within ``maximumSize``.
  private static func terminalSize(of descriptor: Int32) -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (
      min(Int(size.ws_col), maximumSize.columns), min(Int(size.ws_row), maximumSize.rows)
    )
  }
}
