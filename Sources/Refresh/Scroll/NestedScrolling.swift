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
/// - On release, the fling goes the same way, and what one of the two has left when it reaches
///   its end continues in the other:
///   - Toward the end (the finger flicks up): a list pulled past its top takes the fling alone
///     (its header may refresh); otherwise a banner not yet collapsed takes it, and the speed
///     left when it is shut carries the list on.
///   - Toward the start (the finger flicks down): a list scrolled down takes it, and the speed
///     left at its top opens the banner; a list at its top leaves it to the banner.
///
/// The parent is never carried past its own ends, by a drag or by a fling: its glide stops
/// there, as the banner does. A glide hands over on the frame it reaches the end, with the speed
/// it has on that frame.
public enum NestedScrolling: Sendable {
  /// The scroll model takes the whole drag it is given; the default.
  case independent
  /// The scroll model and the vertical scroll model around it share each drag by the rules
  /// above.
  case collapsingParent

  /// Who takes a shared drag's fling (``collapsingParent``), by the rules above.
  enum Fling: Equatable {
    /// The scroll model alone; the parent rests where it is.
    case inner
    /// The scroll model, then the parent with the speed left at the scroll model's top.
    case innerThenParent
    /// The parent alone, which stops at its start.
    case parent
    /// The parent, then the scroll model with the speed left when the parent is at its end.
    case parentThenInner
  }

  /// Who takes a shared drag's fling, by the rules of ``collapsingParent``.
  ///
  /// - Parameters:
  ///   - velocity: The content's vertical velocity: positive toward the end.
  ///   - inner: The scroll model's raw offset and its smallest valid offset.
  ///   - parent: The parent's offset and its valid range.
  /// - Returns: Who glides first, and whether the other goes on.
  static func fling(
    _ velocity: CGFloat,
    inner: (offset: CGFloat, minimum: CGFloat),
    parent: (offset: CGFloat, range: ClosedRange<CGFloat>)
  ) -> Fling {
    if velocity > 0 {
      guard inner.offset >= inner.minimum else { return .inner }
      return parent.offset < parent.range.upperBound ? .parentThenInner : .inner
    }
    if velocity < 0 {
      if inner.offset > inner.minimum {
        return parent.offset > parent.range.lowerBound ? .innerThenParent : .inner
      }
      return parent.offset > parent.range.lowerBound ? .parent : .inner
    }
    return .inner
  }

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

/// Where a glide stops and what becomes of the speed it has left there: the next part of a
/// shared drag's fling (``NestedScrolling``).
@MainActor
struct FlingHandoff {
  /// The vertical offset at which the glide stops.
  let edge: CGFloat
  /// The direction of travel that reaches the edge: 1 toward the end, -1 toward the start.
  let direction: CGFloat
  /// The scroll model that glides on with the speed left; `nil`: the speed is spent.
  weak var next: ScrollModel?
  /// Where the next glide stops in turn, if it must (a parent never passes its ends).
  let nextStop: CGFloat?
}
