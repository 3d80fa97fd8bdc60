import Foundation

/// What a ``ListView`` shows: how many rows, how tall each is, and the view of each row.
///
/// The headless counterpart of `UITableViewDataSource` (with the row height of
/// `UITableViewDelegate`), for one section.
///
/// ```swift
/// final class Posts: ListViewDataSource {
///   var titles = ["First", "Second"]
///   func numberOfRows(in listView: ListView) -> Int { titles.count }
///   func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 36 }
///   func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
///     let label = view as? Label ?? Label()
///     label.text = titles[row]
///     return label
///   }
/// }
/// ```
@MainActor
public protocol ListViewDataSource: AnyObject {
  /// The number of rows (negative counts are taken as zero).
  ///
  /// - Parameter listView: The list asking.
  /// - Returns: How many rows the list has.
  func numberOfRows(in listView: ListView) -> Int

  /// The height of a row, in points (negative and non-finite heights are taken as zero).
  ///
  /// - Parameters:
  ///   - listView: The list asking.
  ///   - row: The row, `0..<numberOfRows`.
  /// - Returns: The row's height.
  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat

  /// The view that shows a row, made or updated for it.
  ///
  /// The list asks only for the rows that are on screen; `view` is a view of a row that left
  /// the screen (or whose data was reloaded), to be updated and returned, as
  /// `dequeueReusableCell` gives one. Return a new view when it is `nil` or of the wrong kind.
  /// The list sets the returned view's frame.
  ///
  /// - Parameters:
  ///   - listView: The list asking.
  ///   - row: The row, `0..<numberOfRows`.
  ///   - view: A view to reuse, or `nil`.
  /// - Returns: The row's view.
  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View
}
