import Foundation

/// What a ``ListView`` keeps for the keyboard and the pointer: the selected row, its highlight
/// and the delegate told about them (see `ListView+Keyboard.swift`).
@MainActor
final class ListViewSelection {
  /// The selected row, if any.
  var row: Int?
  /// The object told about activations and selection changes.
  weak var delegate: (any ListViewDelegate)?
  /// The fill behind the selected row.
  var color: Color? = ListView.defaultSelectionColor
  /// The rows a screen reader has been told are in view (see `ListView+Accessibility.swift`):
  /// a set, not a range, since rows inserted among them have not been read.
  var announcedRows = IndexSet()
  /// Whether the selected row's text is still to be posted as the focus.
  var focusIsPending = false
}
