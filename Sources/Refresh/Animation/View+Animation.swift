import Foundation

extension View {
  /// Animates changes to views: UIKit's `animate(withDuration:delay:animations:completion:)`.
  ///
  /// As in UIKit, every property set inside `animations` takes its final value at once (its
  /// observers see the final value at once); the window's clock only moves what is presented on
  /// screen (``presentedFrame``, ``presentedAlpha``, ``ScrollModel/presentedContentOffset``) and
  /// calls `completion` when the animation ends. Frames, alpha, rotations and content offsets
  /// animate, with an ease-in-ease-out curve.
  ///
  /// ```swift
  /// View.animate(withDuration: 0.25) {
  ///   scroll.contentOffset.y = -118
  /// } completion: { _ in
  ///   print("on screen now")
  /// }
  /// ```
  ///
  /// When the block changes no view that is in a window, there is nothing to show: `completion`
  /// runs at once, before this method returns. A negative or non-finite duration or delay counts
  /// as 0.
  ///
  /// - Parameters:
  ///   - duration: The animation's length, in seconds.
  ///   - delay: Seconds to wait before the presented values start to move.
  ///   - animations: The changes to make.
  ///   - completion: Called with `true` when the animation has finished.
  public static func animate(
    withDuration duration: TimeInterval,
    delay: TimeInterval = 0,
    animations: () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    AnimationTransaction.push(animated: true)
    animations()
    let first = AnimationTransaction.pop() ?? 0
    AnimationTransaction.commit(
      from: first, duration: sanitized(duration), delay: sanitized(delay), completion: completion)
  }

  /// Changes views without animating, even inside an animation block (`performWithoutAnimation`).
  ///
  /// - Parameter changes: The changes to make.
  public static func performWithoutAnimation(_ changes: () -> Void) {
    AnimationTransaction.push(animated: false)
    changes()
    _ = AnimationTransaction.pop()
  }

  private static func sanitized(_ seconds: TimeInterval) -> TimeInterval {
    seconds.isFinite ? max(seconds, 0) : 0
  }

  /// The frame as currently shown on screen: ``frame`` unless an animation is moving it.
  public var presentedFrame: CGRect {
    presentedValue(of: .frame, model: frame)
  }

  /// The opacity as currently shown on screen.
  public var presentedAlpha: CGFloat {
    presentedValue(of: .alpha, model: alpha)
  }

  /// The rotation as currently shown on screen, in radians.
  public var presentedRotation: CGFloat {
    presentedValue(of: .rotation, model: transform.rotation)
  }

  /// Whether any presentation animation is running on this view.
  ///
  /// It is not named `isAnimating`: that name belongs to the image and activity indicator views,
  /// as in UIKit, and a property declared in an extension cannot be overridden.
  public var hasRunningAnimations: Bool {
    guard let now = window?.clock.now else { return false }
    return animationTracks.tracks.contains { now < $0.end }
  }

  func presentedValue<Value: Interpolatable>(of property: AnimatedProperty, model: Value) -> Value {
    guard AnimationTransaction.flags.liveTracks != 0,
      let track = animationTracks[property], let now = window?.clock.now
    else { return model }
    guard let value = track.presentedValue(at: now, as: Value.self) else {
      setTrack(nil, for: property)
      return model
    }
    return value
  }

  /// Replaces a property's track (`nil` removes it), keeping the count of live tracks.
  func setTrack(_ track: AnimationTrack?, for property: AnimatedProperty) {
    let previous = animationTracks.replace(property, with: track)
    previous?.lifetime.end()
    track?.lifetime.begin()
  }

  /// Records a change of an animatable property for the animation block in progress, if any.
  func recordAnimation<Value: Interpolatable & Equatable>(
    of property: AnimatedProperty, from oldValue: Value, to newValue: Value
  ) {
    // The common case, no animation block and no animation anywhere, reads two plain integers.
    let flags = AnimationTransaction.flags
    guard flags.depth != 0 || flags.liveTracks != 0 else { return }
    // Outside any block the stack is empty: only a block in progress needs it read.
    guard flags.depth != 0, AnimationTransaction.isAnimatingBlock else {
      // A change outside any animation block jumps on screen too. Animations elsewhere (an
      // arrow turning while the content is pulled) leave this view's tracks empty: then there
      // is nothing to drop, and no dictionary lookup on every change.
      if !animationTracks.isEmpty { setTrack(nil, for: property) }
      return
    }
    guard oldValue != newValue else { return }
    let presented = presentedValue(of: property, model: oldValue)
    AnimationTransaction.record(
      view: self, property: property, values: TrackValues(from: presented, to: newValue))
  }
}
