/// Something the user did at the terminal, decoded from its bytes by ``InputParser``.
public enum InputEvent: Hashable, Sendable {
  /// A key (or a key combination the terminal sends as one sequence).
  case key(Key)
  /// A mouse button, motion or wheel event, in 0-based cell coordinates.
  case mouse(MouseEvent)
}
