import Foundation

/// What a ``ListView`` tells about the user's choices: the headless counterpart of
/// `UITableViewDelegate`'s selection methods, for one section.
///
/// ```swift
/// final class PostsController: ListViewDelegate {
///   func listView(_ listView: ListView, didSelectRowAt row: Int) {
///     print("open post", row)
///   }
/// }
/// list.delegate = controller
/// ```
///
/// Every method has a default implementation that does nothing; implement the ones you need.
@MainActor
public protocol ListViewDelegate: AnyObject {
  /// Called when a row is activated: Enter on the selected row, or a click (a tap) on a row.
  ///
  /// The row is ``ListView/selectedRow`` when this is called.
  ///
  /// - Parameters:
  ///   - listView: The list.
  ///   - row: The activated row, `0..<numberOfRows`.
  func listView(_ listView: ListView, didSelectRowAt row: Int)

  /// Called when the selection (the highlighted row the arrow keys move) changed.
  ///
  /// - Parameters:
  ///   - listView: The list.
  ///   - row: The selected row, or `nil` when no row is selected.
  func listView(_ listView: ListView, didHighlightRowAt row: Int?)
}

extension ListViewDelegate {
  /// Does nothing.
  public func listView(_ listView: ListView, didSelectRowAt row: Int) {}

  /// Does nothing.
  public func listView(_ listView: ListView, didHighlightRowAt row: Int?) {}
}
