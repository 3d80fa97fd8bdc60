import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A full-screen session on a terminal: it enters ``TerminalModes`` on creation and restores
/// the terminal when it ends, when the process exits, and when a signal ends the process.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.end() }
/// var buffer = TerminalFrameBuffer()
/// session.write(buffer.frame(from: canvas))
/// ```
///
/// Raw input turns off echo, line editing and output processing (as `cfmakeraw` does). By
/// default it keeps Ctrl-C and Ctrl-\ as signals, so that they restore the terminal and end the
/// process; with `signalKeys: false` they arrive as the bytes 0x03 and 0x1C instead, for a
/// program that ends cleanly on them (``TerminalHost`` does). Ctrl-Z is always turned off (it
/// arrives as the byte 0x1A), since a stopped process would leave the terminal in its modes.
///
/// The handled signals are SIGINT, SIGTERM, SIGHUP and SIGQUIT, and the crash signals SIGILL,
/// SIGTRAP, SIGABRT, SIGFPE, SIGBUS and SIGSEGV (a Swift runtime trap is SIGILL or SIGTRAP).
/// A handler writes the prepared restore bytes with `write(2)`, puts the saved `termios` back
/// with `tcsetattr`, reinstalls the action the signal had before the session (by default,
/// ending the process; for crashes, possibly the Swift backtracer) and raises the signal again
/// to it: all async-signal-safe. Signals the process ignored when the session started are left
/// alone. One session can be active at a time.
public final class TerminalSession {
  /// Why a session could not start.
  public enum Failure: Error, Hashable, Sendable {
    /// Another session is active.
    case alreadyActive
    /// Raw input was asked for but the input is not a terminal; carries `errno`.
    case notATerminal(errno: Int32)
  }

  /// The modes the session entered, those of ``enter(_:)`` included.
  public private(set) var modes: TerminalModes
  /// The file descriptor the session writes to.
  public let outputDescriptor: Int32
  /// The file descriptor whose terminal settings raw input changes.
  public let inputDescriptor: Int32

  private var installedSignals: [Int32] = []
  private var isActive = false

  /// The signals after which the terminal is restored.
  private static let handledSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV,
  ]

  /// Enters the modes on a terminal.
  ///
  /// - Parameters:
  ///   - modes: The modes to enter.
  ///   - input: The descriptor of the terminal's input, whose settings raw input changes.
  ///   - output: The descriptor to write the escape sequences and frames to.
  ///   - signalKeys: Whether Ctrl-C and Ctrl-\ raise SIGINT and SIGQUIT (`true`, the
  ///     default) or arrive as input bytes (`false`).
  /// - Throws: ``Failure/alreadyActive`` while another session is active,
  ///   ``Failure/notATerminal(errno:)`` when raw input is asked for and `input` is not a
  ///   terminal.
  public init(
    modes: TerminalModes = .fullScreen, input: Int32 = STDIN_FILENO,
    output: Int32 = STDOUT_FILENO, signalKeys: Bool = true
  ) throws {
    self.modes = modes
    inputDescriptor = input
    outputDescriptor = output
    guard !sessionIsActive.exchange(true, ordering: .acquiringAndReleasing) else {
      throw Failure.alreadyActive
    }
    // Touch every global the signal handler reads, so that none is first initialized there.
    _ = (restoreRecord, restoreBytes, savedTermios, previousActions, signalSlots)
    _ = restoreIsArmed.load(ordering: .relaxed)
    _ = restoreSlot.load(ordering: .relaxed)
    var raw = termios()
    if modes.contains(.rawInput) {
      guard tcgetattr(input, savedTermios) == 0 else {
        let error = errno
        sessionIsActive.store(false, ordering: .releasing)
        throw Failure.notATerminal(errno: error)
      }
      raw = savedTermios.pointee
      cfmakeraw(&raw)
      if signalKeys { raw.c_lflag |= tcflag_t(ISIG) }
      withUnsafeMutableBytes(of: &raw.c_cc) { $0[Int(VSUSP)] = disabledControlCharacter }
    }
    isActive = true
    prepareRestore(in: 0)
    restoreSlot.store(0, ordering: .releasing)
    restoreIsArmed.store(true, ordering: .releasing)
    installHandlers()
    if modes.contains(.rawInput) {
      _ = tcsetattr(input, TCSAFLUSH, &raw)
    }
    write(modes.enterSequence)
  }

  deinit {
    end()
  }

  /// Enters more modes while the session is active, such as ``TerminalModes/kittyKeyboard``
  /// once the terminal said it has it; the restoration from then on leaves them too.
  ///
  /// Modes already entered, and raw input (which only ``init(modes:input:output:signalKeys:)``
  /// can set), are left as they are.
  ///
  /// - Parameter more: The modes to enter.
  public func enter(_ more: TerminalModes) {
    let added = more.subtracting(modes).subtracting(.rawInput)
    guard isActive, !added.isEmpty else { return }
    modes.formUnion(added)
    // The signal handler reads the slot in use; the other one is prepared, then switched to.
    let slot = 1 - restoreSlot.load(ordering: .acquiring)
    prepareRestore(in: slot)
    restoreSlot.store(slot, ordering: .releasing)
    write(added.enterSequence)
  }

  /// Writes the restoration of ``modes`` into a slot of the signal-safe restore state.
  private func prepareRestore(in slot: Int) {
    let restore = modes.restoreSequence
    let count = min(restore.count, restoreCapacity)
    restore.withUnsafeBufferPointer { bytes in
      (restoreBytes + slot * restoreCapacity).update(from: bytes.baseAddress!, count: count)
    }
    restoreRecord[slot] = RestoreRecord(
      output: outputDescriptor, input: inputDescriptor, byteCount: count,
      restoresTermios: modes.contains(.rawInput))
  }

  /// Leaves the modes and restores the terminal settings; calling it again does nothing.
  public func end() {
    guard isActive else { return }
    isActive = false
    var blocked = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&blocked)
    for signal in Self.handledSignals { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
    restoreTerminal()
    for signal in installedSignals {
      sigaction(signal, previousActions + Int(signal), nil)
    }
    installedSignals = []
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sessionIsActive.store(false, ordering: .releasing)
  }

  /// Writes bytes to the output, all of them (retrying after interruptions and partial writes).
  ///
  /// - Parameter bytes: The bytes, such as a ``TerminalFrameBuffer`` frame.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      writeAll(outputDescriptor, buffer.baseAddress, buffer.count)
    }
  }

  /// The size of the output's terminal in cells, or `nil` when it is not a terminal.
  ///
  /// Poll it before each frame to notice resizes, and give a resized canvas to the frame buffer
  /// (which then redraws everything).
  public var size: (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  private func installHandlers() {
    if !exitHandlerIsInstalled.exchange(true, ordering: .acquiringAndReleasing) {
      atexit { restoreTerminal() }
    }
    for signal in Self.handledSignals where signal < signalSlots {
      let previous = previousActions + Int(signal)
      sigaction(signal, nil, previous)
      // A signal the process ignores stays ignored.
      if isIgnored(previous.pointee) { continue }
      var action = sigaction()
      setHandler(of: &action, to: restoreAndReraise)
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
      installedSignals.append(signal)
    }
  }
}

// MARK: - Signal-safe state

/// What the restoration needs, in memory allocated once and never freed, reached through
/// `let` pointers: the signal handler touches no reference count and no exclusivity record.
private struct RestoreRecord {
  var output: Int32 = -1
  var input: Int32 = -1
  var byteCount = 0
  var restoresTermios = false
}

private let restoreCapacity = 256

/// Two restore records and byte buffers, `restoreSlot` the one in use: a session that enters
/// more modes prepares the other, then switches, so a signal never sees one half written.
nonisolated(unsafe) private let restoreRecord: UnsafeMutablePointer<RestoreRecord> = {
  let pointer = UnsafeMutablePointer<RestoreRecord>.allocate(capacity: 2)
  pointer.initialize(repeating: RestoreRecord(), count: 2)
  return pointer
}()

nonisolated(unsafe) private let restoreBytes: UnsafeMutablePointer<UInt8> = {
  let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * restoreCapacity)
  pointer.initialize(repeating: 0, count: 2 * restoreCapacity)
  return pointer
}()

/// The restore slot in use, 0 or 1.
private let restoreSlot = Atomic<Int>(0)

nonisolated(unsafe) private let savedTermios: UnsafeMutablePointer<termios> = {
  let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  pointer.initialize(to: termios())
  return pointer
}()

/// One more than the highest signal number the handlers are installed for.
private let signalSlots: Int32 = 65

/// The action each handled signal had before the session, by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalSlots))
  pointer.initialize(repeating: sigaction(), count: Int(signalSlots))
  return pointer
}()

/// The `c_cc` value that turns a control character off (`_POSIX_VDISABLE`).
#if os(Linux)
  private let disabledControlCharacter: UInt8 = 0
#else
  private let disabledControlCharacter: UInt8 = 0xFF
#endif

/// Whether a session holds the terminal.
private let sessionIsActive = Atomic<Bool>(false)
/// Whether the terminal still needs restoring; exchanged so that it is restored once.
private let restoreIsArmed = Atomic<Bool>(false)
/// Whether the `atexit` handler is installed (it stays for the life of the process).
private let exitHandlerIsInstalled = Atomic<Bool>(false)

/// Writes the prepared restore bytes and puts the saved terminal settings back, once.
///
/// Async-signal-safe: every global it reads was initialized when the session started.
private func restoreTerminal() {
  guard restoreIsArmed.exchange(false, ordering: .acquiringAndReleasing) else { return }
  let slot = restoreSlot.load(ordering: .acquiring)
  let record = restoreRecord[slot]
  writeAll(record.output, restoreBytes + slot * restoreCapacity, record.byteCount)
  if record.restoresTermios {
    _ = tcsetattr(record.input, TCSAFLUSH, savedTermios)
  }
}

/// The handler of the session's signals: restore the terminal, then hand the signal to the
/// action it had before the session.
///
/// The raised signal stays blocked until the handler returns, so it reaches the previous action
/// with the interrupted context: at the faulting instruction for a crash.
private func restoreAndReraise(_ signal: Int32) {
  restoreTerminal()
  if signal > 0, signal < signalSlots {
    sigaction(signal, previousActions + Int(signal), nil)
  }
  raise(signal)
}

/// Writes `count` bytes, retrying after interruptions and partial writes; stops on an error.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
  guard let bytes else { return }
  var written = 0
  while written < count {
    let result = write(descriptor, bytes + written, count - written)
    if result > 0 {
      written += result
    } else if result < 0, errno == EINTR || errno == EAGAIN {
      continue
    } else {
      return
    }
  }
}

/// Sets the plain handler of a `sigaction`, whose field is spelled differently per C library.
private func setHandler(
  of action: inout sigaction, to handler: (@convention(c) (Int32) -> Void)?
) {
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #elseif canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
  #endif
}

/// Whether a `sigaction` ignores its signal.
private func isIgnored(_ action: sigaction) -> Bool {
  #if canImport(Glibc)
    let handler = action.__sigaction_handler.sa_handler
  #elseif canImport(Darwin)
    let handler = action.__sigaction_u.__sa_handler
  #endif
  // Sound: an optional C function pointer and `SIG_IGN` are both one pointer-sized word, so the
  // bit casts compare addresses and nothing is called through them.
  return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
