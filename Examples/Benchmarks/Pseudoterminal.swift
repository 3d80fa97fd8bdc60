import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Linux's pseudo-terminal ioctls, `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)` in
// <asm-generic/ioctls.h> (posix_openpt and its kin do not reach Swift).
private let lockPseudoTerminal: UInt = 0x4004_5431
private let pseudoTerminalNumber: UInt = 0x8004_5430

/// A pseudo-terminal whose far side is read and thrown away by a thread: where the terminal
/// section's user-facing rows write their bytes, as a program writes to the terminal it runs in.
///
/// Writing to a terminal costs the kernel's line discipline on every byte, which writing to
/// `/dev/null` skips; the floor, ncurses and our frame all pay it here alike.
final class Pseudoterminal {
  /// The terminal side, which programs write to.
  let terminal: Int32
  /// Its device path, for a program started to write to it (ncurses).
  let path: String
  private let controller: Int32
  private let reader: Thread

  /// Opens a pseudo-terminal of a size, or returns `nil` when the system has none.
  init?(columns: Int, rows: Int) {
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard controller >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(controller, lockPseudoTerminal, &unlock) == 0,
      ioctl(controller, pseudoTerminalNumber, &number) == 0
    else {
      close(controller)
      return nil
    }
    path = "/dev/pts/\(number)"
    terminal = open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      close(controller)
      return nil
    }
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    self.controller = controller
    reader = Thread {
      var bytes = [UInt8](repeating: 0, count: 1 << 16)
      while bytes.withUnsafeMutableBytes({ read(controller, $0.baseAddress, $0.count) }) > 0 {}
    }
    reader.start()
  }

  /// Writes bytes to the terminal side, all of them.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          terminal, buffer.baseAddress! + offset, buffer.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  deinit {
    // Closing the terminal side ends the reader's `read` with an error.
    close(terminal)
    while !reader.isFinished { usleep(1000) }
    close(controller)
  }
}
