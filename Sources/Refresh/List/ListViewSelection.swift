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
  /// The rows a screen reader has been told are in view (see `ListView+Accessibility.swift`),
  /// but for ``unreadRows``.
  var announcedRows: Range<Int> = 0..<0
  /// Rows inserted among ``announcedRows`` since, which have not been read: usually none, so
  /// that the range, set on every layout pass, costs no allocation.
  var unreadRows = IndexSet()
  /// Whether the selected row's text is still to be posted as the focus.
  var focusIsPending = false
}
