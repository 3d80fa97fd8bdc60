/// Something the user did at the terminal, decoded from its bytes by ``InputParser``.
public enum InputEvent: Hashable, Sendable {
  /// A key (or a key combination the terminal sends as one sequence).
  case key(Key)
  /// A mouse button, motion or wheel event, in 0-based cell coordinates.
  case mouse(MouseEvent)
  /// Text pasted into the terminal, whole, with its line breaks as `\n` (bracketed paste,
  /// ``TerminalModes/bracketedPaste``): one event however long, never keys.
  case paste(String)
  /// The terminal window came to the front (``TerminalModes/focusReporting``).
  case focusGained
  /// The terminal window went to the back (``TerminalModes/focusReporting``).
  case focusLost
  /// The terminal's answer to a question a program asked it, never something the user typed.
  ///
  /// ``TerminalHost`` asks at start-up (``TerminalCapabilities/queries``) and keeps what it
  /// learns in ``TerminalHost/capabilities``; replies never reach its keys.
  case reply(TerminalReply)
}

/// A terminal's answer to a query, as ``InputParser`` decodes it.
///
/// Each is the answer to one of the questions ``TerminalCapabilities/queries`` asks.
public enum TerminalReply: Hashable, Sendable {
  /// A DEC private mode's state (DECRPM, `ESC [ ? mode ; state $ y`), the answer to DECRQM
  /// (`ESC [ ? mode $ p`).
  case mode(Int, TerminalModeState)
  /// The kitty keyboard protocol's flags in force (`ESC [ ? flags u`), the answer to
  /// `ESC [ ? u`; only terminals that have the protocol answer.
  case keyboardFlags(Int)
  /// The primary device attributes (DA1, `ESC [ ? 62 ; 22 c` say), the answer to `ESC [ c`,
  /// which every terminal gives.
  case deviceAttributes([Int])
  /// The size of a cell in pixels (XTWINOPS, `ESC [ 6 ; height ; width t`), the answer to
  /// `ESC [ 16 t`; terminals that allow window reports give it.
  case cellSize(width: Int, height: Int)
}

/// A DEC private mode's state as a terminal reports it (DECRPM's second parameter).
///
/// Modes a terminal does not know are ``notRecognized``; ``permanentlyReset`` ones it knows
/// but never sets.
public enum TerminalModeState: Int, Hashable, Sendable {
  /// The terminal does not know the mode (0).
  case notRecognized = 0
  /// The mode is set (1).
  case set = 1
  /// The mode is reset (2).
  case reset = 2
  /// The mode is set and cannot be changed (3).
  case permanentlySet = 3
  /// The mode is reset and cannot be changed (4).
  case permanentlyReset = 4

  /// Whether the terminal can use the mode: set, reset or permanently set.
  public var isSupported: Bool {
    switch self {
    case .set, .reset, .permanentlySet: true
    case .notRecognized, .permanentlyReset: false
    }
  }
}
