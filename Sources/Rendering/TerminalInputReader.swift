import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a terminal's input on a thread of its own, notices resizes (`SIGWINCH`) and keeps the
/// owner's next deadline, so that the main actor never blocks on the terminal and nothing runs
/// while nothing happens.
///
/// The thread sleeps in `poll(2)` on the input and on a pipe, until the deadline set with
/// ``wake(at:)`` if there is one; the `SIGWINCH` handler writes to the pipe (one
/// async-signal-safe `write`), and so do ``wake(at:)`` and ``stop()``. After each wake-up that
/// brought something (or reached the deadline), it calls `onActivity` (from its thread); the
/// owner then takes what came with ``take()``. The deadline is kept here rather than with a
/// dispatch timer (`Task.sleep`), whose use keeps a libdispatch thread waking every second on
/// Linux.
///
/// `@unchecked Sendable`: its mutable state (`pending`, `thread`) is only touched under `lock`
/// (an `NSLock`, which the thread sanitizer understands).
final class TerminalInputReader: @unchecked Sendable {
  /// What arrived since the last ``take()``.
  struct Arrivals {
    /// The bytes read, in order.
    var bytes: [UInt8] = []
    /// When the last bytes arrived, in `DispatchTime` nanoseconds.
    var lastArrival: UInt64 = 0
    /// Whether the terminal's size changed.
    var resized = false
    /// Whether the input ended (end of file or a read error).
    var ended = false
  }

  private let input: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let lock = NSLock()
  private var pending = Arrivals()
  /// When to call `onActivity` if nothing else happens, in `DispatchTime` nanoseconds.
  private var deadline: UInt64?
  private var thread: pthread_t?
  private let onActivity: @Sendable () -> Void

  /// The byte ``stop()`` writes to the pipe (the signal handler writes `resizeByte`).
  private static let stopByte: UInt8 = 0x51  // "Q"
  /// The byte ``wake(at:)`` writes to the pipe: look at the deadline again.
  private static let deadlineByte: UInt8 = 0x54  // "T"

  /// Starts reading.
  ///
  /// - Parameters:
  ///   - input: The descriptor of the terminal's input.
  ///   - onActivity: Called on the reader's thread after something arrived.
  /// - Throws: `POSIXError` when the pipe or the thread cannot be made, or another reader
  ///   listens for resizes.
  init(input: Int32, onActivity: @escaping @Sendable () -> Void) throws {
    self.input = input
    self.onActivity = onActivity
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
    wakeRead = descriptors[0]
    wakeWrite = descriptors[1]
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    guard
      resizeDescriptor.compareExchange(
        expected: -1, desired: wakeWrite, ordering: .acquiringAndReleasing
      ).exchanged
    else {
      close(wakeRead)
      close(wakeWrite)
      throw POSIXError(.EBUSY)
    }
    // Touch what the handler reads, so that no global is first initialized in the handler.
    _ = resizeByte
    installResizeHandler()
    let box = Unmanaged.passRetained(self)
    var handle = pthread_t()
    let status = pthread_create(
      &handle, nil,
      { context in
        guard let context else { return nil }
        let reader = Unmanaged<TerminalInputReader>.fromOpaque(context).takeRetainedValue()
        reader.readUntilStopped()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      uninstallResizeHandler()
      close(wakeRead)
      close(wakeWrite)
      throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EAGAIN)
    }
    lock.withLock { thread = handle }
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Takes what arrived since the last call.
  func take() -> Arrivals {
    lock.withLock {
      defer {
        pending.bytes.removeAll(keepingCapacity: true)
        pending.resized = false
      }
      return pending
    }
  }

  /// Asks for `onActivity` at a time even if nothing arrives by then, or at no time (`nil`);
  /// replaces the previous deadline.
  ///
  /// - Parameter time: The time, in `DispatchTime` nanoseconds, or `nil`.
  func wake(at time: UInt64?) {
    let isEarlier: Bool = lock.withLock {
      defer { deadline = time }
      guard let time else { return false }
      return deadline.map { time < $0 } ?? true
    }
    // The thread only needs a nudge when it sleeps past the new deadline; a later one it finds
    // when the earlier one comes.
    if isEarlier {
      var byte = Self.deadlineByte
      _ = write(wakeWrite, &byte, 1)
    }
  }

  /// Stops the thread and waits for it, and stops listening for resizes; safe to call twice.
  func stop() {
    let handle: pthread_t? = lock.withLock {
      defer { thread = nil }
      return thread
    }
    guard let handle else { return }
    uninstallResizeHandler()
    var byte = Self.stopByte
    _ = write(wakeWrite, &byte, 1)
    pthread_join(handle, nil)
  }

  private func readUntilStopped() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    var inputOpen = true
    while true {
      descriptors[0].fd = inputOpen ? input : -1
      let ready = poll(&descriptors, 2, pollTimeout())
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      var stop = false
      var resized = false
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        while true {
          let count = read(wakeRead, &buffer, buffer.count)
          guard count > 0 else { break }
          for byte in buffer[0..<count] {
            if byte == Self.stopByte { stop = true }
            if byte == resizeByte { resized = true }
          }
        }
      }
      if stop { return }
      var bytes: ArraySlice<UInt8> = []
      var ended = false
      if inputOpen, descriptors[0].revents != 0 {
        let count = read(input, &buffer, buffer.count)
        if count > 0 {
          bytes = buffer[0..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          ended = true
          inputOpen = false
        }
      }
      let now = DispatchTime.now().uptimeNanoseconds
      let deadlineCame: Bool = lock.withLock {
        guard let deadline, deadline <= now else { return false }
        self.deadline = nil
        return true
      }
      guard resized || ended || deadlineCame || !bytes.isEmpty else { continue }
      lock.withLock {
        pending.bytes += bytes
        if !bytes.isEmpty { pending.lastArrival = now }
        pending.resized = pending.resized || resized
        pending.ended = pending.ended || ended
      }
      onActivity()
    }
  }

  /// How long `poll` may wait, in milliseconds (rounded up), or -1 without a deadline.
  private func pollTimeout() -> Int32 {
    guard let deadline = lock.withLock({ deadline }) else { return -1 }
    let now = DispatchTime.now().uptimeNanoseconds
    guard deadline > now else { return 0 }
    return Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
  }

  private func installResizeHandler() {
    var action = sigaction()
    setResizeHandler(of: &action)
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    sigaction(SIGWINCH, &action, previousResizeAction)
  }

  private func uninstallResizeHandler() {
    guard
      resizeDescriptor.compareExchange(
        expected: wakeWrite, desired: -1, ordering: .acquiringAndReleasing
      ).exchanged
    else { return }
    sigaction(SIGWINCH, previousResizeAction, nil)
  }
}

/// The byte the `SIGWINCH` handler writes to the reader's pipe.
private let resizeByte: UInt8 = 0x57  // "W"

/// The pipe the `SIGWINCH` handler writes to, or -1 while no reader listens.
private let resizeDescriptor = Atomic<Int32>(-1)

/// The `SIGWINCH` action before the reader's, put back when it stops.
///
/// Allocated once, never freed; written only while installing and read only while
/// uninstalling, both on the owner's thread, never in the handler.
nonisolated(unsafe) private let previousResizeAction: UnsafeMutablePointer<sigaction> = {
  let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
  pointer.initialize(to: sigaction())
  return pointer
}()

/// The `SIGWINCH` handler: one `write(2)` of a byte to the reader's pipe (async-signal-safe;
/// the pipe does not block, and a full pipe already holds a resize).
private func noteResize(_ signal: Int32) {
  let descriptor = resizeDescriptor.load(ordering: .acquiring)
  guard descriptor >= 0 else { return }
  let saved = errno
  var byte = resizeByte
  _ = write(descriptor, &byte, 1)
  errno = saved
}

#if canImport(Glibc)
  private func setResizeHandler(of action: inout sigaction) {
    action.__sigaction_handler.sa_handler = noteResize
  }
#elseif canImport(Darwin)
  private func setResizeHandler(of action: inout sigaction) {
    action.__sigaction_u.__sa_handler = noteResize
  }
#endif
