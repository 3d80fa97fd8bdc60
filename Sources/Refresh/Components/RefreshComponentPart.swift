import Foundation

/// A piece of a component's look that follows the component: its state title, its arrow and
/// spinner, its frames.
///
/// The State, Normal and Gif variants of each branch are the same parts wired to a different
/// base: a variant adds its parts in `prepare()`, and ``RefreshComponent`` tells every part of a
/// state change, a layout pass and a language switch, in the order they were added (so an
/// indicator placed beside a title is placed after it).
@MainActor
protocol RefreshComponentPart: AnyObject {
  /// Shows a new state; runs inside the component's ``RefreshComponent/stateDidChange(from:)``.
  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent)

  /// Lays the part out in the component's bounds; runs inside
  /// ``RefreshComponent/placeSubviews()``.
  func place(in component: RefreshComponent)

  /// Updates localized text; runs inside ``RefreshComponent/i18nDidChange()``, before the
  /// component lays itself out again.
  func languageDidChange(in component: RefreshComponent)
}

extension RefreshComponentPart {
  func languageDidChange(in component: RefreshComponent) {}
}

/// The text beside which an indicator (arrow, spinner, frames) is placed: its width and the gap
/// between the two.
struct TextBesideIndicator {
  /// The text's width, in points.
  var width: CGFloat
  /// The gap between the text and the indicator (`labelLeftInset`).
  var gap: CGFloat

  /// The x of an indicator's center before the text, in a component `width` wide: left of it
  /// (MJRefresh's `centerX -= textWidth * 0.5 + labelLeftInset`), or right of it, mirrored, in
  /// a right-to-left layout.
  func indicatorCenterX(
    inWidth componentWidth: CGFloat, direction: UserInterfaceLayoutDirection = .leftToRight
  ) -> CGFloat {
    let offset = width * 0.5 + gap
    return componentWidth * 0.5 + (direction == .rightToLeft ? offset : -offset)
  }
}
