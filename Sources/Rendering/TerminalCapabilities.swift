/// What a terminal said about itself when ``TerminalHost`` asked it at start-up.
///
/// The host asks with ``queries`` (DECRQM for the modes it may use, the kitty keyboard flags,
/// and DA1 last, which every terminal answers) and waits for the DA1 reply at most
/// ``TerminalHost/queryTimeout``. A terminal that answers nothing leaves everything
/// ``Support/unknown``, and the host does what it did without asking.
///
/// ```swift
/// var capabilities = TerminalCapabilities()
/// capabilities.learn(.mode(2026, .reset))
/// capabilities.synchronizedOutput  // .supported
/// ```
public struct TerminalCapabilities: Hashable, Sendable {
  /// Whether a terminal has a feature, as far as it said.
  public enum Support: Hashable, Sendable {
    /// The terminal reported it (set, reset or permanently set).
    case supported
    /// The terminal reported it unknown or permanently reset.
    case unsupported
    /// The terminal did not say.
    case unknown
  }

  /// The DEC private modes the host asks about: 2026 synchronized output, 2004 bracketed
  /// paste, 1016 SGR-Pixels mouse positions.
  public static let queriedModes = [2026, 2004, 1016]

  /// The bytes that ask: `ESC[?2026$p ESC[?2004$p ESC[?1016$p` (DECRQM), `ESC[?u` (the kitty
  /// keyboard flags), then `ESC[c` (DA1), whose answer ends the asking.
  public static let queries: [UInt8] = Array(
    (queriedModes.map { "\u{1B}[?\($0)$p" }.joined() + "\u{1B}[?u\u{1B}[16t\u{1B}[c").utf8)

  /// The states the terminal reported, by mode number.
  public var modeStates: [Int: TerminalModeState] = [:]

  /// The kitty keyboard flags the terminal reported, or `nil` when it did not answer
  /// `ESC[?u` (it does not have the protocol).
  public var keyboardFlags: Int?

  /// The terminal's primary device attributes, or `nil` when it did not answer in time.
  public var deviceAttributes: [Int]?

  /// The size of the terminal's cells in pixels as it reported it (`ESC [ 16 t`), or `nil`
  /// when it did not: the host's way to pixel mouse positions where the kernel does not know
  /// the terminal's size in pixels (over SSH, in a multiplexer).
  public var cellSizeInPixels: (width: Int, height: Int)? {
    get { cellWidth.flatMap { width in cellHeight.map { (width, $0) } } }
    set {
      cellWidth = newValue?.width
      cellHeight = newValue?.height
    }
  }
  // Apart, so that the capabilities stay `Hashable`.
  private var cellWidth: Int?
  private var cellHeight: Int?

  /// Creates capabilities that know nothing: everything ``Support/unknown``.
  public init() {}

  /// Whether the terminal answered at all (its DA1 reply came).
  public var didAnswer: Bool { deviceAttributes != nil }

  /// Whether the terminal has the kitty keyboard protocol (it answered `ESC[?u`).
  public var hasKittyKeyboard: Bool { keyboardFlags != nil }

  /// Whether the terminal has a DEC private mode, as its DECRPM reply said.
  ///
  /// - Parameter mode: The mode's number, such as 2026.
  /// - Returns: ``Support/unknown`` when it did not report the mode.
  public func support(ofMode mode: Int) -> Support {
    guard let state = modeStates[mode] else { return .unknown }
    return state.isSupported ? .supported : .unsupported
  }

  /// Synchronized output (mode 2026): frames shown whole.
  public var synchronizedOutput: Support { support(ofMode: 2026) }
  /// Bracketed paste (mode 2004).
  public var bracketedPaste: Support { support(ofMode: 2004) }
  /// SGR-Pixels mouse positions (mode 1016).
  public var sgrPixels: Support { support(ofMode: 1016) }

  /// Takes in what a reply says.
  ///
  /// - Parameter reply: A reply the terminal sent.
  public mutating func learn(_ reply: TerminalReply) {
    switch reply {
    case .mode(let mode, let state): modeStates[mode] = state
    case .keyboardFlags(let flags): keyboardFlags = flags
    case .deviceAttributes(let attributes): deviceAttributes = attributes
    case .cellSize(let width, let height): cellSizeInPixels = (width, height)
    }
  }
}
