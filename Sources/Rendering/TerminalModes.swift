/// The terminal modes a full-screen session changes, and the escape sequences that enter and
/// leave them.
///
/// These are the pure half of ``TerminalSession``: bytes only, no terminal needed.
///
/// ```swift
/// let modes: TerminalModes = [.alternateScreen, .hiddenCursor]
/// modes.enterSequence  // ESC[?1049h ESC[?25l
/// ```
public struct TerminalModes: OptionSet, Hashable, Sendable {
  /// The raw value.
  public let rawValue: Int

  /// Creates modes from a raw value.
  ///
  /// - Parameter rawValue: The bits of the modes.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The alternate screen (`ESC[?1049h`), so that the shell's screen comes back on leaving.
  public static let alternateScreen = TerminalModes(rawValue: 1 << 0)
  /// The cursor hidden (`ESC[?25l`).
  public static let hiddenCursor = TerminalModes(rawValue: 1 << 1)
  /// Mouse reporting of presses, releases and drags in SGR encoding
  /// (`ESC[?1000h ESC[?1002h ESC[?1006h`).
  public static let mouseReporting = TerminalModes(rawValue: 1 << 2)
  /// Raw input: keys arrive one byte at a time, unechoed (only ``TerminalSession`` can set it;
  /// it has no escape sequence).
  public static let rawInput = TerminalModes(rawValue: 1 << 3)
  /// Bracketed paste (`ESC[?2004h`), so that pasted text arrives as one paste.
  ///
  /// The terminal wraps pasted text in `ESC[200~` and `ESC[201~`, which ``InputParser`` turns
  /// into one ``InputEvent/paste(_:)`` rather than keys. Terminals without it ignore the
  /// sequence.
  public static let bracketedPaste = TerminalModes(rawValue: 1 << 4)
  /// Focus reporting (`ESC[?1004h`), so that the app knows when it is in the back.
  ///
  /// The terminal says when its window comes to the front (``InputEvent/focusGained``) and
  /// goes to the back (``InputEvent/focusLost``). Terminals without it ignore the sequence.
  public static let focusReporting = TerminalModes(rawValue: 1 << 5)

  /// The kitty keyboard protocol's first enhancement, disambiguated escape codes
  /// (`ESC[>1u`, pushed; `ESC[<u` pops it), so that Escape, and Ctrl or Alt with a key, arrive
  /// unambiguously (``InputParser`` turns them back into the keys they always were).
  ///
  /// Not in ``fullScreen``: ``TerminalHost`` enters it (``TerminalSession/enter(_:)``) only
  /// when the terminal answered that it has the protocol (``TerminalCapabilities``).
  public static let kittyKeyboard = TerminalModes(rawValue: 1 << 6)

  /// Mouse positions in pixels rather than cells (SGR-Pixels, `ESC[?1016h`), so that a drag
  /// follows the pointer within a cell.
  ///
  /// Not in ``fullScreen``: ``TerminalHost`` enters it only when the terminal reported the
  /// mode supported and says its cell size in pixels; ``InputParser/cellSizeInPixels`` then
  /// turns the pixels back into cells and fractions of a cell.
  public static let sgrPixels = TerminalModes(rawValue: 1 << 7)

  /// Every mode: what an interactive full-screen program wants.
  public static let fullScreen: TerminalModes = [
    .alternateScreen, .hiddenCursor, .mouseReporting, .rawInput, .bracketedPaste,
    .focusReporting,
  ]

  /// The modes that have escape sequences, in the order they are entered, each with the
  /// sequence that enters it and the one that leaves it (xterm's DEC private modes: 1049 the
  /// alternate screen, 25 the visible cursor, 1000/1002/1006 mouse presses, drags, SGR encoding,
  /// 2004 bracketed paste, 1004 focus events; then the kitty keyboard push, made on the
  /// alternate screen, whose pop must come before leaving it; 1016 SGR-Pixels).
  private static let sequences: [(mode: TerminalModes, enter: String, leave: String)] = [
    (.alternateScreen, "\u{1B}[?1049h", "\u{1B}[?1049l"),
    (.hiddenCursor, "\u{1B}[?25l", "\u{1B}[?25h"),
    (
      .mouseReporting, "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h",
      "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    ),
    (.bracketedPaste, "\u{1B}[?2004h", "\u{1B}[?2004l"),
    (.focusReporting, "\u{1B}[?1004h", "\u{1B}[?1004l"),
    (.kittyKeyboard, "\u{1B}[>1u", "\u{1B}[<u"),
    (.sgrPixels, "\u{1B}[?1016h", "\u{1B}[?1016l"),
  ]

  /// The bytes that enter the modes, in this order: alternate screen, hidden cursor, mouse
  /// reporting, bracketed paste, focus reporting, kitty keyboard, SGR-Pixels.
  public var enterSequence: [UInt8] {
    Array(Self.sequences.filter { contains($0.mode) }.map(\.enter).joined().utf8)
  }

  /// The bytes that leave the modes and undo what a frame may have left behind, in the reverse
  /// order of ``enterSequence``.
  ///
  /// They end a synchronized update (`ESC[?2026l`, in case a frame was interrupted) and reset
  /// the attributes (`ESC[0m`); then they turn off SGR-Pixels, pop the kitty keyboard mode,
  /// turn off focus reporting, bracketed paste and mouse reporting, show the cursor and leave
  /// the alternate screen, as far as the modes include them. Raw input alone restores with no
  /// bytes at all: nothing was drawn.
  public var restoreSequence: [UInt8] {
    // Raw input alone (the host's accessible mode, a dumb terminal) drew nothing to undo.
    guard !subtracting(.rawInput).isEmpty else { return [] }
    let leave = Self.sequences.reversed().filter { contains($0.mode) }.map(\.leave).joined()
    return Array(("\u{1B}[?2026l\u{1B}[0m" + leave).utf8)
  }
}
