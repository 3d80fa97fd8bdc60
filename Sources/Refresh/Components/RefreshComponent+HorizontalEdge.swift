import Foundation

/// What the leader and the trailer share: a component at one end of horizontal content, as
/// wide as it was made (60 points by default) and as tall as its scroll model, that makes the
/// scroll model bounce horizontally and follows its layout direction.
///
/// Each names its edge as UIKit does, relative to the layout direction: the trailer at
/// ``PullEdge/trailing`` (the right end left to right, the left end right to left), the leader
/// at ``PullEdge/leading``. The pull itself is the base class's (`RefreshComponent+Pull.swift`),
/// read along the edge on screen.
extension RefreshComponent {
  /// Sets up a component at a horizontal edge: its edge, a flexible height and its width.
  ///
  /// - Parameters:
  ///   - edge: ``PullEdge/leading`` or ``PullEdge/trailing``.
  ///   - width: Its width, in points.
  func prepareHorizontalEdge(_ edge: PullEdge, width: CGFloat) {
    pullEdge = edge
    autoresizingMask = .flexibleHeight
    frame.size.width = width
  }

  /// Takes its place on a new scroll model: it keeps its own width (the base class gave it the
  /// scroll model's), fills the scroll model's height at the end its edge and the layout
  /// direction name, turns its arrow for that end, and makes the scroll model bounce
  /// horizontally, not vertically.
  ///
  /// Call after `super.willMove(toSuperview:)`, which attached the component.
  ///
  /// - Parameters:
  ///   - newSuperview: The new superview; nothing happens unless it is a scroll model.
  ///   - width: The width the component had before the base class changed it.
  func moveToHorizontalEdge(of newSuperview: View?, width: CGFloat) {
    placedPullEdge = nil
    guard let scroll = newSuperview as? ScrollModel, let edge = pullEdge else { return }
    frame.size.width = width
    frame.origin.y = 0
    frame.size.height = scroll.frame.height
    scroll.alwaysBounceVertical = false
    scroll.alwaysBounceHorizontal = true
    placeAlongEdge(edge, in: scroll)
    placedPullEdge = onScreen(edge)
    // The arrow was turned for the direction the component had alone; now it has the scroll
    // model's.
    for part in parts { part.show(state, from: state, in: self) }
  }

  /// Lays the component out at its edge: the scroll model's height, and the end of the content
  /// the layout direction puts its edge at.
  ///
  /// When the direction changed since the component was placed (a `semanticContentAttribute`
  /// set on it or an ancestor, or the language's direction), it moves to the other end with its
  /// pull limit: a pull in progress disarms (``RefreshState/pulling`` becomes
  /// ``RefreshState/idle``), a refresh takes its inset to the new end and scrolls there to stay
  /// in view, and the arrow turns to the new direction.
  func placeAtHorizontalEdge() {
    guard let scroll = scrollView, let edge = pullEdge else { return }
    frame.size.height = scroll.frame.height
    let onScreen = onScreen(edge)
    let placed = placedPullEdge
    placedPullEdge = onScreen
    if let placed, placed != onScreen { followLayoutDirection(to: onScreen, in: scroll) }
    placeAlongEdge(edge, in: scroll)
  }

  /// Moves what a pull or a refresh holds to the other end after a change of direction, with
  /// the pull limit.
  private func followLayoutDirection(to edge: PullEdge, in scroll: ScrollModel) {
    pullLimitDidChange()
    send(.pulled(armed: false))
    if state == .refreshing {
      let geometry = pullGeometry(along: edge, in: scroll)
      insetContribution = geometry.refreshingContribution
      scroll.contentOffset.x = geometry.refreshingOffset
    } else if state == .idle {
      pullingPercent = 0
    }
    for part in parts { part.show(state, from: state, in: self) }
  }
}
