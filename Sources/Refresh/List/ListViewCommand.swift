/// What a keyboard asks a ``ListView`` to do, whichever keys are bound to it: the library's
/// half of a key binding (the terminal's keys are bound to these by `Rendering`'s
/// `InputDispatcher`).
///
/// ```swift
/// list.perform(.moveDown)  // selects the next row, scrolling it into view
/// list.perform(.refresh)   // the header plays a pull and refreshes
/// ```
public enum ListViewCommand: Hashable, Sendable, CaseIterable {
  /// Moves the selection one row up (↑, `k`), scrolling to keep it visible.
  case moveUp
  /// Moves the selection one row down (↓, `j`), scrolling to keep it visible; on the last row,
  /// scrolls to the end, where the footer is.
  case moveDown
  /// Scrolls a screen up (PgUp), the selection with it.
  case pageUp
  /// Scrolls a screen down (PgDn, Space), the selection with it.
  case pageDown
  /// Scrolls to the top and selects the first row (Home, `g`).
  case top
  /// Scrolls to the end and selects the last row (End, `G`).
  case bottom
  /// Activates the selected row (Enter): ``ListViewDelegate/listView(_:didSelectRowAt:)``.
  case activate
  /// Refreshes as a pull does (`r`, F5): the header is pulled into view, armed and released.
  case refresh
  /// Reads the list's accessibility actions, numbered (`a`): "1 Refresh, 2 Load more", an
  /// announcement that the terminal host's accessible mode writes as a line; the next key, if
  /// it is one of the numbers, performs that action (``View/performAccessibilityAction(named:)``),
  /// as a screen reader's actions menu does.
  case readActions
}

extension ListViewCommand: CustomStringConvertible {
  /// What the command does, in a few words, for a help text ("move the selection down").
  public var description: String {
    switch self {
    case .moveUp: "move the selection up"
    case .moveDown: "move the selection down (past the last row, to the footer)"
    case .pageUp: "scroll a screen up"
    case .pageDown: "scroll a screen down"
    case .top: "go to the top"
    case .bottom: "go to the end (the footer loads the next page)"
    case .activate: "open the selected row"
    case .refresh: "refresh: the header is pulled down and released"
    case .readActions: "read the list's actions (Refresh, Load more); a number performs one"
    }
  }
}
