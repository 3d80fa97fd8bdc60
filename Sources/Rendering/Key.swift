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
  /// Shift-Tab (back tab), which terminals send as `ESC [ Z`.
  case backTab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// A printable character.
  case character(Character)
  /// A control character other than the ones above, such as Ctrl-C (3).
  case control(UInt8)
  /// A function key, F1 to F12 (`.function(5)` is F5).
  case function(Int)
}

extension Key {
  /// The key as a help text names it: "↑", "PgDn", "Space", "F5", "g", "Ctrl-C", "Shift-Tab".
  public var name: String {
    switch self {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .backspace: "Backspace"
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let byte) where (1...26).contains(byte):
      "Ctrl-" + String(Character(Unicode.Scalar(byte + 0x40)))
    case .control(let byte): "Ctrl-\(byte)"
    case .function(let number): "F\(number)"
    }
  }
}
