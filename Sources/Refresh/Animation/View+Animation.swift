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
    let transaction = AnimationTransaction()
    AnimationTransaction.push(transaction)
    animations()
    AnimationTransaction.pop()
    transaction.commit(
      duration: sanitized(duration), delay: sanitized(delay), completion: completion)
  }

  /// Changes views without animating, even inside an animation block (`performWithoutAnimation`).
  ///
  /// - Parameter changes: The changes to make.
  public static func performWithoutAnimation(_ changes: () -> Void) {
    AnimationTransaction.push(nil)
    changes()
    AnimationTransaction.pop()
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
    return animationTracks.values.contains { now < $0.end }
  }

  func presentedValue<Value>(of property: AnimatedProperty, model: Value) -> Value {
    guard AnimationTransaction.flags.pointee.liveTracks != 0,
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
    let previous =
      if let track {
        animationTracks.updateValue(track, forKey: property)
      } else {
        animationTracks.removeValue(forKey: property)
      }
    previous?.lifetime.end()
    track?.lifetime.begin()
  }

  /// Records a change of an animatable property for the animation block in progress, if any.
  func recordAnimation<Value: Interpolatable & Equatable>(
    of property: AnimatedProperty, from oldValue: Value, to newValue: Value
  ) {
    // The common case, no animation block and no animation anywhere, reads two plain integers.
    let flags = AnimationTransaction.flags.pointee
    guard flags.depth != 0 || flags.liveTracks != 0 else { return }
    guard let transaction = AnimationTransaction.stack.last, let transaction else {
      // A change outside any animation block jumps on screen too.
      setTrack(nil, for: property)
      return
    }
    guard oldValue != newValue else { return }
    let presented = presentedValue(of: property, model: oldValue)
    transaction.record(view: self, property: property) { start, duration in
      AnimationTrack(from: presented, to: newValue, start: start, duration: duration)
    }
  }
}

/// A weak reference, for closures that must not keep views alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// Counts a track among the live ones from ``begin()`` until the first ``end()``.
@MainActor
final class TrackLifetime {
  private(set) var isLive = false

  func begin() {
    guard !isLive else { return }
    isLive = true
    AnimationTransaction.flags.pointee.liveTracks += 1
  }

  func end() {
    guard isLive else { return }
    isLive = false
    AnimationTransaction.flags.pointee.liveTracks -= 1
  }
}

/// The changes recorded while one animation block runs.
@MainActor
final class AnimationTransaction {
  /// The blocks in progress, innermost last; `nil` for `performWithoutAnimation`.
  static var stack: [AnimationTransaction?] = []

  /// How deep the blocks are nested, and how many tracks exist, in plain memory: setters read
  /// them on every change, and reading a class or static property costs an exclusivity check.
  nonisolated(unsafe) static let flags: UnsafeMutablePointer<(depth: Int, liveTracks: Int)> = {
    let flags = UnsafeMutablePointer<(depth: Int, liveTracks: Int)>.allocate(capacity: 1)
    flags.initialize(to: (0, 0))
    return flags
  }()

  static func push(_ transaction: AnimationTransaction?) {
    stack.append(transaction)
    flags.pointee.depth += 1
  }

  static func pop() {
    stack.removeLast()
    flags.pointee.depth -= 1
  }

  private var changes:
    [(view: View, property: AnimatedProperty, make: (TimeInterval, TimeInterval) -> AnimationTrack)] =
      []

  func record(
    view: View, property: AnimatedProperty,
    make: @escaping (TimeInterval, TimeInterval) -> AnimationTrack
  ) {
    changes.append((view, property, make))
  }

  /// Starts the recorded tracks on the clock of the first changed view that is in a window,
  /// and arranges the completion.
  func commit(duration: TimeInterval, delay: TimeInterval, completion: ((Bool) -> Void)?) {
    guard let window = changes.lazy.compactMap(\.view.window).first else {
      for change in changes { change.view.setTrack(nil, for: change.property) }
      completion?(true)
      return
    }
    let clock = window.clock
    let start = clock.now + delay
    var started: [(view: Weak<View>, property: AnimatedProperty, lifetime: TrackLifetime)] = []
    for change in changes {
      let track = change.view.window == nil ? nil : change.make(start, duration)
      change.view.setTrack(track, for: change.property)
      if let track { started.append((Weak(change.view), change.property, track.lifetime)) }
    }
    window.keepFramesComing(until: start + duration)
    clock.schedule(after: delay + duration) {
      // The tracks are over: drop those still in place, so setters take their fast path again.
      for (view, property, lifetime) in started where lifetime.isLive {
        if let view = view.object, view.animationTracks[property]?.lifetime === lifetime {
          view.setTrack(nil, for: property)
        }
        lifetime.end()
      }
      completion?(true)
    }
  }
}
