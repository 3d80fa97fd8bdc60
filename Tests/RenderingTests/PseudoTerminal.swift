import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair for running a ``TerminalHost`` in the test process: the host reads
/// and writes the slave side, the test types into the master side, and a thread drains what
/// the host writes (a full pipe would block the host's frames).
///
/// When it goes away, the drain stops and both sides are closed.
final class PseudoTerminal: Sendable {
  let master: Int32
  let slave: Int32
  let originalSettings: termios
  private let received = Received()

  /// What the host wrote, and whether to keep draining.
  ///
  /// `@unchecked Sendable`: its state is only touched under `lock`.
  private final class Received: @unchecked Sendable {
    let lock = NSLock()
    var bytes: [UInt8] = []
    var isOpen = true
  }

  // Linux's pseudo-terminal ioctls, `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)`
  // in <asm-generic/ioctls.h>; the C macros do not reach Swift.
  private static let lockPseudoTerminal: UInt = 0x4004_5431
  private static let pseudoTerminalNumber: UInt = 0x8004_5430

  /// Opens a pseudo-terminal of a size in cells, and in pixels if given (0: not said).
  init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.lockPseudoTerminal, &unlock) == 0,
      ioctl(master, Self.pseudoTerminalNumber, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.ENOTTY) }
    var settings = termios()
    tcgetattr(slave, &settings)
    originalSettings = settings
    setSize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    let thread = Thread { [master, received] in Self.drain(master, into: received) }
    thread.start()
  }

  deinit {
    received.lock.withLock { received.isOpen = false }
    Glibc.close(slave)
  }

  /// Changes the terminal's size, as a terminal window does; the kernel signals only the
  /// terminal's foreground process group, which the test is not, so `SIGWINCH` is sent too.
  func resize(columns: Int, rows: Int) {
    setSize(columns: columns, rows: rows)
    kill(getpid(), SIGWINCH)
  }

  private func setSize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixelWidth),
      ws_ypixel: UInt16(pixelHeight))
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types text into the terminal.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Everything the host wrote so far, as text.
  var output: String {
    received.lock.withLock { String(decoding: received.bytes, as: UTF8.self) }
  }

  /// Whether the slave's settings are back to what they were before the host ran.
  var isRestored: Bool {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag == originalSettings.c_lflag
      && settings.c_iflag == originalSettings.c_iflag
      && settings.c_oflag == originalSettings.c_oflag
  }

  private static func drain(_ master: Int32, into received: Received) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while received.lock.withLock({ received.isOpen }) {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 20) > 0 else { continue }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { continue }
      received.lock.withLock { received.bytes += buffer[0..<count] }
    }
    Glibc.close(master)
  }
}

/// Waits, with the main actor free, until a condition holds or the time runs out.
///
/// The time is generous because the main actor is shared: the whole suite runs at once, and
/// on a loaded two-core machine a host once waited over ten seconds to handle input typed
/// into it. A condition that holds ends the wait at once.
@MainActor
func eventually(within seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  return condition()
}
