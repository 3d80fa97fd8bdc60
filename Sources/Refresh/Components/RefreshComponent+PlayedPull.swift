import Foundation

/// A refresh begun from the keyboard that shows what a finger's pull shows.
extension RefreshComponent {
  /// Where the played finger goes down, in the scroll model's frame coordinates: far outside
  /// any view, so that no real finger or wheel gesture starts at the same point, which is how
  /// the played pull knows that it still holds the scroll model.
  static let playedPullStartPoint = CGPoint(x: -65_536, y: -65_536)

  /// How far past its threshold the played pull shows the component, as a fraction of its
  /// extent: a little beyond it (1.4 × the height, 76 points for the 54-point header), as a
  /// hand pulls past the point where the title says "Release to refresh".
  static let playedPullDepth: CGFloat = 1.4

  /// Begins refreshing the way a pull shows it, for keyboard users: the content scrolls to the
  /// component's edge, a played finger pulls the component into view past its threshold over
  /// ``fastAnimationDuration`` (the state becomes ``RefreshState/pulling`` and ``onArmed``
  /// fires), holds it there for ``slowAnimationDuration`` and lets go, and the component
  /// refreshes as it does on a real release.
  ///
  /// ```swift
  /// list.header?.beginRefreshingByPulling()  // what `r` and F5 do in a terminal app
  /// ```
  ///
  /// The pull is a real drag on the scroll model (``ScrollModel/beginDragging(at:)``,
  /// ``ScrollModel/drag(to:)``, ``ScrollModel/endDragging(velocity:)``), rubber-banded as a
  /// finger's would be, so every observer of the scroll model and of the component sees the
  /// sequence a pull gives. A real finger or the wheel taking hold of the scroll model meanwhile
  /// ends the played pull where it is; the component then follows the real gesture.
  ///
  /// A component that shows no pull (the automatic footer) begins refreshing at once. Without
  /// a window (so without a clock), the component begins refreshing at once too.
  ///
  /// A failed component (``RefreshState/failed``) is pulled again, as a finger's pull retries
  /// it: a keyboard user has the same way back from "Refresh failed" as a pointer user.
  ///
  /// - Returns: Whether a pull (or a refresh) began: `false` when the component is neither
  ///   idle nor failed (refreshing, pulled, out of data), hidden, not interactive, not attached, when a finger
  ///   holds the scroll model, when a played pull is already under way, or while another
  ///   component refreshes (``isBlockedByAnotherRefresh``).
  @discardableResult
  public func beginRefreshingByPulling() -> Bool {
    guard state == .idle || state == .failed, !isHidden, isUserInteractionEnabled,
      playedPull == nil,
      !isBlockedByAnotherRefresh, let scroll = scrollView, !scroll.isDragging
    else { return false }
    guard let edge = pullEdgeOnScreen, let clock = window?.clock else {
      beginRefreshing()
      return true
    }
    let start = Self.edgeOffset(along: edge, in: scroll)
    let current = edge.isHorizontal ? scroll.contentOffset.x : scroll.contentOffset.y
    // Scrolled away from the edge: go there first, as a hand would before pulling.
    var delay: TimeInterval = 0
    if abs(current - start) > 0.5 {
      scroll.setContentOffset(Self.point(start, along: edge, in: scroll), animated: true)
      delay = ScrollModel.animatedScrollDuration
    }
    playedPull = clock.schedule(after: delay) { [weak self] in
      self?.playedPull = nil
      self?.startPlayedDrag(along: edge)
    }
    return true
  }

  /// Whether a played pull (``beginRefreshingByPulling()``) is under way.
  public var isPlayingPull: Bool { playedPull != nil }

  /// Ends a played pull as the component leaves `scroll`: the played finger, if down, lifts, so
  /// that the content springs back instead of staying pulled with no finger on it.
  ///
  /// Call it once the component no longer follows the scroll model's changes: the release must
  /// not refresh a component that is leaving.
  func endPlayedPull(leaving scroll: ScrollModel) {
    guard let playedPull else { return }
    playedPull.cancel()
    self.playedPull = nil
    if scroll.isDragging, scroll.gesture?.startPoint == Self.playedPullStartPoint {
      scroll.endDragging(velocity: .zero)
    }
    playedPullDidEndWithoutRelease()
  }

  /// Tells a binding that a played pull ended before its release: unarmed, nothing will
  /// refresh unless a real finger pulls it there.
  private func playedPullDidEndWithoutRelease() {
    guard state == .idle || state == .failed else { return }
    refreshBinding?.write(false)
  }

  /// Puts the played finger down at the edge and moves it, frame by frame, until the release.
  private func startPlayedDrag(along edge: PullEdge) {
    guard state == .idle || state == .failed, let scroll = scrollView, let clock = window?.clock,
      !scroll.isDragging
    else {
      playedPullDidEndWithoutRelease()
      return
    }
    let start = Self.edgeOffset(along: edge, in: scroll)
    scroll.contentOffset = Self.point(start, along: edge, in: scroll)
    let origin = Self.playedPullStartPoint
    scroll.beginDragging(at: origin)
    // The finger's travel that the rubber band shows as the wanted depth.
    let dimension = edge.isHorizontal ? scroll.bounds.width : scroll.bounds.height
    let shown = Double(edge.extent(of: frame) * Self.playedPullDepth)
    let travel = scroll.physics.overshoot(
      forRubberBandDistance: min(shown, dimension * 0.9), dimension: Double(dimension))
    // A header is pulled down, a footer up, the left end's component (a leader, or a trailer
    // right to left) to the right, the right end's to the left.
    let direction: CGPoint =
      switch edge {
      case .top: CGPoint(x: 0, y: 1)
      case .bottom: CGPoint(x: 0, y: -1)
      case .leading: CGPoint(x: 1, y: 0)
      case .trailing: CGPoint(x: -1, y: 0)
      }
    let began = clock.now
    let pullDuration = max(0, fastAnimationDuration)
    let holdDuration = max(0, slowAnimationDuration)
    playedPull = clock.addFrameHandler { [weak self, weak scroll] now in
      guard let self, let scroll, self.scrollView === scroll,
        scroll.gesture?.startPoint == origin, scroll.isDragging
      else {
        // Taken over by a real gesture, or detached: the played pull ends here.
        self?.playedPull?.cancel()
        self?.playedPull = nil
        self?.playedPullDidEndWithoutRelease()
        return
      }
      let elapsed = now - began
      let fraction = pullDuration > 0 ? min(elapsed / pullDuration, 1) : 1
      let eased = CGFloat(AnimationCurve.easeInOut(fraction)) * CGFloat(travel)
      scroll.drag(to: CGPoint(x: origin.x + direction.x * eased, y: origin.y + direction.y * eased))
      guard elapsed >= pullDuration + holdDuration else { return }
      self.playedPull?.cancel()
      self.playedPull = nil
      scroll.endDragging(velocity: .zero)
    }
  }

  /// The offset along the edge's axis from which a pull at that edge starts.
  private static func edgeOffset(along edge: PullEdge, in scroll: ScrollModel) -> CGFloat {
    switch edge {
    case .top: scroll.minimumContentOffset.y
    case .bottom: scroll.maximumContentOffset.y
    case .leading: scroll.minimumContentOffset.x
    case .trailing: scroll.maximumContentOffset.x
    }
  }

  /// The scroll model's offset with the edge's axis set to `value`.
  private static func point(_ value: CGFloat, along edge: PullEdge, in scroll: ScrollModel)
    -> CGPoint
  {
    edge.isHorizontal
      ? CGPoint(x: value, y: scroll.contentOffset.y) : CGPoint(x: scroll.contentOffset.x, y: value)
  }
}
