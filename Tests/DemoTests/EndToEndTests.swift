import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Linux's pseudo-terminal ioctls, `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)`
// in <asm-generic/ioctls.h>; the C macros do not reach Swift.
private let lockPseudoTerminal: UInt = 0x4004_5431
private let pseudoTerminalNumber: UInt = 0x8004_5430

/// The built `refresh-demo`, run in a pseudo-terminal, driven with real key and mouse bytes.
@Suite("refresh-demo in a pseudo-terminal", .serialized)
struct EndToEndTests {
  /// A running demo and the terminal it draws on.
  final class Session {
    let master: Int32
    let slave: Int32
    let pid: pid_t
    var screen = ScreenEmulator(columns: 80, rows: 24)
    var output: [UInt8] = []
    let originalSettings: termios

    init(executable: String) throws {
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
      let arguments = [executable]
      // The test run's environment (PATH and the sanitizers' settings among it), as a terminal.
      var variables = ProcessInfo.processInfo.environment
      variables["TERM"] = "xterm-256color"
      variables["LANG"] = "C.UTF-8"
      let environment = variables.map { "\($0.key)=\($0.value)" }
      var cArguments = arguments.map { strdup($0) } + [nil]
      var cEnvironment = environment.map { strdup($0) } + [nil]
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

    func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the demo wrote until the screen shows `text` or the time runs out.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        pump(milliseconds: 50)
        if screen.text.contains(text) { return true }
      }
      return false
    }

    func pump(milliseconds: Int32) {
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

    /// Waits for the demo to exit; returns its exit status, or `nil` if it does not.
    func waitForExit(seconds: Double = 10) -> Int32? {
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
  }

  /// The demo built next to this test bundle.
  static var executable: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("refresh-demo").path
  }

  @Test func pullReleaseRefreshAndQuit() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable),
      "refresh-demo is built before the tests: \(Self.executable)")
    let session = try Session(executable: Self.executable)
    #expect(session.waitFor("Notes from a week of profiling"), "\(session.screen.text)")

    // Press, drag down row by row (SGR mouse reports, 1-based), and hold past the threshold.
    session.send("\u{1B}[<0;21;4M")
    for row in 5...14 {
      usleep(30_000)
      session.send("\u{1B}[<32;21;\(row)M")
    }
    #expect(session.waitFor("Release to refresh"), "\(session.screen.text)")
    session.send("\u{1B}[<0;21;14m")
    #expect(session.waitFor("Loading..."), "\(session.screen.text)")
    #expect(session.waitFor("3 new posts"), "\(session.screen.text)")
    #expect(session.waitFor("Ask: is a 54-point header"), "\(session.screen.text)")

    // Keys: a language switch shows in the title bar; q quits and restores the terminal.
    session.send("l")
    #expect(session.waitFor("zh-Hans"), "\(session.screen.text)")
    session.send("q")
    #expect(session.waitForExit() == 0)
    let written = String(decoding: session.output, as: UTF8.self)
    #expect(written.contains("\u{1B}[?1049h"))  // entered the alternate screen
    #expect(written.hasSuffix("\u{1B}[?1049l") || written.contains("\u{1B}[?1049l"))
    var settings = termios()
    tcgetattr(session.slave, &settings)
    #expect(settings.c_lflag == session.originalSettings.c_lflag)
    #expect(settings.c_iflag == session.originalSettings.c_iflag)
  }

  @Test func malformedInputDoesNotBreakIt() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable))
    let session = try Session(executable: Self.executable)
    #expect(session.waitFor("Notes from a week of profiling"))
    session.send("\u{1B}[<0;x;5M\u{1B}[99999999999999999999;1H\u{1B}[<64;1;1")
    session.send(String(repeating: "\u{1B}[", count: 200))
    session.send(String(decoding: [0xFF, 0xFE, 0xC3] as [UInt8], as: UTF8.self))
    session.send(String(repeating: "paste ", count: 2000))
    usleep(100_000)
    session.send("q")
    #expect(session.waitForExit() == 0)
  }
}

@Suite("refresh-demo's command line")
struct CommandLineTests {
  /// Runs the built demo with arguments, without a terminal; returns its status and output.
  func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  @Test(arguments: [
    (["--bogus"], "unknown argument '--bogus'"),
    (["--columns"], "--columns needs a number of cells from 1 to 1000"),
    (["--rows", "0"], "--rows needs a number of cells from 1 to 1000"),
    (["--columns", "wide"], "--columns needs a number of cells from 1 to 1000"),
  ])
  func badArgumentsExitWithTwo(arguments: [String], message: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message))
    #expect(result.output.isEmpty)
  }

  @Test func helpDocumentsTheKeysAndExitsWithZero() throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run(["--help"])
    #expect(result.status == 0)
    for text in ["USAGE: refresh-demo", "--script", "PgUp", "quit"] {
      #expect(result.output.contains(text), "\(text)")
    }
  }

  @Test func withoutATerminalItPlaysTheScriptAndExitsWithZero() throws {
    try #require(FileManager.default.isExecutableFile(atPath: EndToEndTests.executable))
    let result = try run([])
    #expect(result.status == 0)
    #expect(result.output.contains("frame 1"))
    #expect(result.output.contains("No more data"))
  }
}
