import Foundation

/// The changes recorded while one animation block runs.
@MainActor
final class AnimationTransaction {
  /// The blocks in progress, innermost last; `nil` for `performWithoutAnimation`.
  ///
  /// Main-actor confined; pushed and popped around each block and read (`last`) by setters,
  /// each access whole, with no call out while it is held, so the dynamic exclusivity check is
  /// turned off.
  @exclusivity(unchecked) static var stack: [AnimationTransaction?] = []

  /// How deep the blocks are nested, and how many tracks exist: setters read them on every
  /// change.
  ///
  /// Main-actor confined, each access whole and calling nothing, so the dynamic exclusivity
  /// check is turned off. Its initial value is a constant, so it is laid out statically: no
  /// lazy initialization (`swift_once`) before each read, as a pointer allocated on first use
  /// needed.
  @exclusivity(unchecked) static var flags: (depth: Int, liveTracks: Int) = (0, 0)

  static func push(_ transaction: AnimationTransaction?) {
    stack.append(transaction)
    flags.depth += 1
  }

  static func pop() {
    stack.removeLast()
    flags.depth -= 1
  }

  // Appended to by setters inside the block and read by `commit`, which copies it before it
  // calls out: no access can overlap another, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private var changes:
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
