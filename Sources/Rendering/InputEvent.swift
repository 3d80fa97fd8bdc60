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
}
