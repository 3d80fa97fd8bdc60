/// A key as a terminal sends it: the keys ``InputParser`` decodes.
public enum Key: Hashable, Sendable {
  /// Arrow keys.
  case up, down, left, right
  /// Page keys.
  case pageUp, pageDown
  /// Home and End.
  case home, end
  /// Return or Enter.
  case enter
  /// A lone Escape.
  case escape
  /// Tab.
  case tab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// A printable character.
  case character(Character)
  /// A control character other than the ones above, such as Ctrl-C (3).
  case control(UInt8)
}
