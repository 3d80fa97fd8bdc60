import Foundation

/// How a vertical drag of a scroll model shares its movement with the scroll model around it
/// that scrolls the same way, as Android's `CoordinatorLayout` and Compose's `nestedScroll` do
/// for a collapsing banner above a list.
///
/// It applies to touches that enter at the window (``Window/touchBegan(at:)``) and go to a
/// scroll model whose ``ScrollModel/nestedScrolling`` is ``collapsingParent``, inside another
/// scroll model that scrolls vertically (the parent: typically a banner above this list, the
/// parent's content a banner's height taller than its bounds):
///
/// ```swift
/// list.nestedScrolling = .collapsingParent
/// ```
///
/// The rules, for each movement of the finger:
/// - Toward the end (the finger moves up): a pull of this scroll model past its top goes back
///   first; then the parent scrolls toward its end (the banner collapses); then this scroll
///   model scrolls.
/// - Toward the start (the finger moves down): this scroll model scrolls back to its top first;
///   then the parent scrolls back to its start (the banner expands); then this scroll model is
///   pulled past its top, rubber-banded, so its header pulls when both are at the top.
/// - On release, a parent caught between its ends takes the finger's velocity and settles, and
///   this scroll model comes to rest; otherwise this scroll model takes the velocity.
///
/// The parent is never pulled past its own ends by such a drag.
public enum NestedScrolling: Sendable {
  /// The scroll model takes the whole drag it is given; the default.
  case independent
  /// The scroll model and the vertical scroll model around it share each drag by the rules
  /// above.
  case collapsingParent

  /// Splits a movement of the content between a scroll model and its parent by the rules of
  /// ``collapsingParent``.
  ///
  /// - Parameters:
  ///   - delta: The movement, in content points: positive toward the end (the finger moved up).
  ///   - inner: The scroll model's raw offset (before the rubber band), and its smallest valid
  ///     offset.
  ///   - parent: The parent's offset, and its valid range.
  /// - Returns: The scroll model's new raw offset and the parent's new offset.
  static func split(
    _ delta: CGFloat,
    inner: (offset: CGFloat, minimum: CGFloat),
    parent: (offset: CGFloat, range: ClosedRange<CGFloat>)
  ) -> (inner: CGFloat, parent: CGFloat) {
    let minimum = inner.minimum
    var inner = inner.offset
    var parentOffset = min(max(parent.offset, parent.range.lowerBound), parent.range.upperBound)
    if delta > 0 {
      var rest = delta
      let unpull = min(rest, max(0, minimum - inner))
      inner += unpull
      rest -= unpull
      let collapse = min(rest, parent.range.upperBound - parentOffset)
      parentOffset += collapse
      rest -= collapse
      inner += rest
    } else if delta < 0 {
      var rest = -delta
      let back = min(rest, max(0, inner - minimum))
      inner -= back
      rest -= back
      let expand = min(rest, parentOffset - parent.range.lowerBound)
      parentOffset -= expand
      rest -= expand
      inner -= rest
    }
    return (inner, parentOffset)
  }
}
