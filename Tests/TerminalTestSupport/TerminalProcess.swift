import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Linux's pseudo-terminal ioctls, `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)`
// in <asm-generic/ioctls.h>; the C macros do not reach Swift.
private let lockPseudoTerminal: UInt = 0x4004_5431
private let pseudoTerminalNumber: UInt = 0x8004_5430

/// A built executable running in a pseudo-terminal of 80 × 24 cells, driven with real key and
/// mouse bytes, with what it draws read by a ``ScreenEmulator``.
public final class TerminalProcess {
  /// The terminal's side the test writes keys to and reads frames from.
  public let master: Int32
  /// The program's side: its standard input, output and error.
  public let slave: Int32
  /// The program's process.
  public let pid: pid_t
  /// What the screen shows.
  public var screen = ScreenEmulator(columns: 80, rows: 24)
  /// Everything the program wrote.
  public var output: [UInt8] = []
  /// The terminal's settings before the program ran.
  public let originalSettings: termios

  /// Starts an executable on a new pseudo-terminal.
  ///
  /// The program gets the test run's environment (`PATH` and the sanitizers' settings among
  /// it) as an English xterm's: `TERM=xterm-256color`, `LANG=C.UTF-8`, and none of the
  /// variables that would change its language or colours (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
  /// `NO_COLOR`, `COLORTERM`), unless `environment` sets them.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - extra: Its arguments.
  ///   - environment: Variables to set (or, with an empty value, to clear) over the defaults.
  public init(
    executable: String, arguments extra: [String] = [], environment: [String: String] = [:]
  ) throws {
    // The pseudo-terminal multiplexer: unlock the new pair and open its slave side.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, lockPseudoTerminal, &unlock) == 0,
      ioctl(master, pseudoTerminalNumber, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.ENOTTY) }
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var settings = termios()
    tcgetattr(slave, &settings)
    originalSettings = settings

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_adddup2(&actions, slave, descriptor)
    }
    posix_spawn_file_actions_addclose(&actions, master)
    let arguments = [executable] + extra
    var variables = ProcessInfo.processInfo.environment
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "NO_COLOR", "COLORTERM"] {
      variables[name] = nil
    }
    variables["TERM"] = "xterm-256color"
    variables["LANG"] = "C.UTF-8"
    for (name, value) in environment { variables[name] = value.isEmpty ? nil : value }
    let assignments = variables.map { "\($0.key)=\($0.value)" }
    var cArguments = arguments.map { strdup($0) } + [nil]
    var cEnvironment = assignments.map { strdup($0) } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, nil, &cArguments, &cEnvironment)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT) }
    pid = child
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, WNOHANG)
    close(master)
    close(slave)
  }

  /// Types text into the terminal.
  public func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Presses the left button at a cell and drags down row by row to `lastRow`, as SGR mouse
  /// reports (1-based cells), pausing between moves as a hand would; the button stays down.
  ///
  /// - Parameters:
  ///   - column: The column of the press and the drag.
  ///   - firstRow: The row pressed.
  ///   - lastRow: The row the drag ends on.
  public func pressAndDrag(column: Int, from firstRow: Int, to lastRow: Int) {
    send("\u{1B}[<0;\(column);\(firstRow)M")
    for row in (firstRow + 1)...lastRow {
      usleep(30_000)
      send("\u{1B}[<32;\(column);\(row)M")
    }
  }

  /// Reads what the program wrote until the screen satisfies a condition or the time runs
  /// out; returns whether it did.
  @discardableResult
  public func waitUntil(seconds: Double = 10, _ condition: (ScreenEmulator) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 50)
      if condition(screen) { return true }
    }
    return false
  }

  /// Reads what the program wrote until the screen shows `text`, or a frame drawn while
  /// waiting showed it, or the time runs out.
  ///
  /// A frame that shows the text only briefly (a refresh's result, under a loaded machine) and
  /// arrives in the same read as the frame that replaces it still counts.
  @discardableResult
  public func waitFor(_ text: String, seconds: Double = 10) -> Bool {
    if screen.text.contains(text) { return true }
    screen.watchedText = text
    defer { screen.watchedText = nil }
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 50)
      if screen.watchedTextWasShown || screen.text.contains(text) { return true }
    }
    return false
  }

  /// Reads what the program wrote for up to `milliseconds`.
  public func pump(milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { break }
      output += buffer[0..<count]
      screen.feed(Array(buffer[0..<count]))
    }
  }

  /// Waits for the program to exit; returns its exit status, or `nil` if it does not.
  public func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        pump(milliseconds: 20)
        return (status >> 8) & 0xFF
      }
    }
    return nil
  }

  /// Changes the terminal's size, as a terminal window does, and tells the program (the kernel
  /// signals only a terminal's foreground process group, which the program is not here).
  ///
  /// - Parameters:
  ///   - columns: The new width, in cells.
  ///   - rows: The new height, in cells.
  public func resize(columns: Int, rows: Int) {
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    screen = ScreenEmulator(columns: columns, rows: rows)
    kill(pid, SIGWINCH)
  }

  /// Whether the terminal's settings are back to what they were before the program ran.
  public var isRestored: Bool {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag == originalSettings.c_lflag
      && settings.c_iflag == originalSettings.c_iflag
  }

  /// Starts a product built next to the running test bundle on a new pseudo-terminal.
  ///
  /// - Parameters:
  ///   - product: The executable product's name, such as `refresh-demo`.
  ///   - extra: Its arguments.
  ///   - environment: Variables to set over the defaults (see
  ///     ``init(executable:arguments:environment:)``).
  /// - Throws: ``NotBuilt`` when the product is not there, or what starting it throws.
  public convenience init(
    product: String, arguments extra: [String] = [], environment: [String: String] = [:]
  ) throws {
    let executable = Self.builtProduct(product)
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw NotBuilt(path: executable)
    }
    try self.init(executable: executable, arguments: extra, environment: environment)
  }

  /// A product that was not built before the tests ran.
  public struct NotBuilt: Error, CustomStringConvertible {
    /// Where the executable was looked for.
    public let path: String
    /// What went wrong, and what to do.
    public var description: String { "\(path) is not built: build the package before the tests" }
  }

  /// The built executable of a product next to the running test bundle.
  public static func builtProduct(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }
}
