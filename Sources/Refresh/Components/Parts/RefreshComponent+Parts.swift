import Foundation

/// The parts a component is composed of (see ``RefreshComponentPart``).
extension RefreshComponent {
  /// Adds a part: it follows the component's state, layout and language from now on, after
  /// the parts added before it (an indicator placed beside a title is added after the title).
  ///
  /// Adding a part the component has already does nothing.
  ///
  /// ```swift
  /// override func prepare() {
  ///   super.prepare()
  ///   addPart(ArrowAndSpinnerPart())
  /// }
  /// ```
  ///
  /// - Parameter part: The part; it attaches itself (``RefreshComponentPart/didAttach(to:)``).
  public func addPart(_ part: any RefreshComponentPart) {
    guard !parts.contains(where: { $0 === part }) else { return }
    parts.append(part)
    if titlePart == nil, let title = part as? StateTitlePart { titlePart = title }
    if part.followsPullingPercent { pullFollowers.append(part) }
    part.didAttach(to: self)
    setNeedsLayout()
  }

  /// Removes a part: it detaches itself (``RefreshComponentPart/willDetach(from:)``) and no
  /// longer follows the component.
  ///
  /// Removing a part the component does not have does nothing.
  ///
  /// - Parameter part: The part.
  public func removePart(_ part: any RefreshComponentPart) {
    guard let index = parts.firstIndex(where: { $0 === part }) else { return }
    part.willDetach(from: self)
    parts.remove(at: index)
    pullFollowers.removeAll { $0 === part }
    if titlePart === part { titlePart = parts.lazy.compactMap { $0 as? StateTitlePart }.first }
    setNeedsLayout()
  }

  /// The first part of a type, if the component has one.
  ///
  /// ```swift
  /// header.part(ofType: ArrowAndSpinnerPart.self)?.arrowView.tintColor = .orange
  /// ```
  ///
  /// - Parameter type: The part's type.
  /// - Returns: The first part added of that type, or `nil`.
  public func part<Part: RefreshComponentPart>(ofType type: Part.Type) -> Part? {
    for part in parts {
      if let match = part as? Part { return match }
    }
    return nil
  }

  /// Shows the state title again (``StateTitlePart/update(in:)``), after something
  /// ``shownTitle(for:)`` reads changed.
  func shownTitleDidChange() {
    titlePart?.update(in: self)
  }

  /// Asks every part to show again what it shows (``RefreshComponentPart/update(in:)``), after
  /// something other than the state changed: a header's held result, its last update time.
  func partsNeedUpdate() {
    for part in parts { part.update(in: self) }
  }

  /// Where an indicator (an arrow, a spinner, a part of your own) is centered: beside the
  /// component's text as MJRefresh's Normal variants place theirs, or in the middle when the
  /// component shows no text.
  ///
  /// The text is the component's ``StateTitlePart`` (and ``LastUpdatedTimePart``): the
  /// indicator's center lies half the widest text's width and the title's
  /// ``StateTitlePart/labelLeftInset`` left of the middle (right of it in a right-to-left
  /// layout); a leader's or a trailer's vertical title puts it 14 points toward the content.
  ///
  /// - Returns: The center, in the component's coordinates.
  public func indicatorCenter() -> CGPoint {
    let size = frame.size
    let centerX =
      textBesideIndicator(forFrames: false)?
      .indicatorCenterX(inWidth: size.width, direction: effectiveUserInterfaceLayoutDirection)
      ?? size.width * 0.5
    return CGPoint(x: titlePart?.indicatorCenterX(in: self) ?? centerX, y: size.height * 0.5)
  }

  /// The text an indicator sits beside, or `nil` to center the indicator.
  ///
  /// MJRefresh's rules: an arrow or spinner sits beside the text while the state title shows
  /// (gif frames while any text shows), at the widest text's width; a title hidden while
  /// refreshing (`isRefreshingTitleHidden`) centers them always.
  ///
  /// - Parameter forFrames: Whether the indicator is a gif's frames.
  func textBesideIndicator(forFrames: Bool) -> TextBesideIndicator? {
    guard let title = titlePart, !title.isHiddenWhileRefreshing else { return nil }
    var width: CGFloat = 0
    var isShowingText = !title.label.isHidden
    for case let text as any TextPart in parts {
      width = max(width, text.label.textWidth)
      if forFrames, !text.label.isHidden { isShowingText = true }
    }
    return isShowingText ? TextBesideIndicator(width: width, gap: title.labelLeftInset) : nil
  }
}

/// A part that shows text beside which an indicator is placed: the state title and the last
/// update time.
@MainActor
protocol TextPart: RefreshComponentPart {
  /// The label that shows the text.
  var label: Label { get }
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
