import Foundation

/// The changes recorded by the animation blocks in progress (``View/animate(withDuration:delay:animations:completion:)``).
///
/// Blocks nest: each one records its changes after its enclosing block's, in one buffer that
/// every block shares, and commits its own when it ends. Nothing is allocated per block: the
/// buffers keep their capacity from one block to the next, and a track holds its values inline.
@MainActor
enum AnimationTransaction {
  /// A change made inside a block that animates: the values its track moves between.
  struct Change {
    let view: View
    let property: AnimatedProperty
    let values: TrackValues
  }

  /// The changes of the blocks in progress, each block's after its enclosing block's.
  ///
  /// Main-actor confined; appended to by setters, and read and truncated by ``commit(from:duration:delay:completion:)``
  /// with no call out while an access lasts, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) private static var changes: [Change] = []

  /// Where each block in progress begins in ``changes``, innermost last; `nil` for a block that
  /// does not animate (`performWithoutAnimation`).
  ///
  /// Main-actor confined, each access whole and calling nothing, so the dynamic exclusivity
  /// check is turned off.
  @exclusivity(unchecked) private static var blocks: [Int?] = []

  /// How deep the blocks are nested, and how many tracks exist: setters read them on every
  /// change.
  ///
  /// Main-actor confined, each access whole and calling nothing, so the dynamic exclusivity
  /// check is turned off. Its initial value is a constant, so it is laid out statically: no
  /// lazy initialization (`swift_once`) before each read, as a pointer allocated on first use
  /// needed.
  @exclusivity(unchecked) static var flags: (depth: Int, liveTracks: Int) = (0, 0)

  /// Opens a block; `animated` is `false` for `performWithoutAnimation`.
  static func push(animated: Bool) {
    blocks.append(animated ? changes.count : nil)
    flags.depth += 1
  }

  /// Closes the innermost block; returns where its changes begin, or `nil` if it does not
  /// animate.
  static func pop() -> Int? {
    flags.depth -= 1
    return blocks.removeLast()
  }

  /// Whether the innermost block in progress animates its changes; read only inside a block.
  static var isAnimatingBlock: Bool {
    guard let innermost = blocks.last else { return false }
    return innermost != nil
  }

  /// Records a change for the innermost block, which animates.
  static func record(view: View, property: AnimatedProperty, values: TrackValues) {
    changes.append(Change(view: view, property: property, values: values))
  }

  /// Starts the tracks of the changes recorded from position `first` on (the block that just
  /// closed) on the clock of the first changed view that is in a window, and arranges the
  /// completion; the changes are then forgotten.
  ///
  /// Calls nothing outside the views' tracks until the changes are forgotten, so that a
  /// completion (run at once when no changed view is in a window) may animate again.
  static func commit(
    from first: Int, duration: TimeInterval, delay: TimeInterval,
    completion: ((Bool) -> Void)?
  ) {
    var window: Window?
    for index in first..<changes.count {
      window = changes[index].view.window
      if window != nil { break }
    }
    guard let window else {
      for index in first..<changes.count {
        changes[index].view.setTrack(nil, for: changes[index].property)
      }
      forgetChanges(from: first)
      completion?(true)
      return
    }
    let clock = window.clock
    // On the clock's ticks, so that the frame at the end's tick reads the end exactly.
    let start = clock.time(after: delay)
    let end = clock.time(after: delay + duration)
    var started = StartedTracks.none
    for index in first..<changes.count {
      let change = changes[index]
      guard change.view.window != nil else {
        change.view.setTrack(nil, for: change.property)
        continue
      }
      let track = AnimationTrack(values: change.values, start: start, end: end)
      change.view.setTrack(track, for: change.property)
      started.append(StartedTrack(change.view, change.property, track.lifetime))
    }
    forgetChanges(from: first)
    window.keepFramesComing(until: end)
    clock.scheduleAction(after: delay + duration) {
      // The tracks are over: drop those still in place, so setters take their fast path again.
      started.endAll()
      completion?(true)
    }
  }

  /// Forgets the changes recorded from position `first` on.
  ///
  /// One `removeLast()` per change: a block usually records one or two, and removing a range
  /// goes through the general `replaceSubrange` (about 230 instructions for one change).
  private static func forgetChanges(from first: Int) {
    for _ in first..<changes.count { changes.removeLast() }
  }

  /// A track a block started, for its end.
  @MainActor
  private struct StartedTrack {
    weak var view: View?
    let property: AnimatedProperty
    let lifetime: TrackLifetime

    init(_ view: View, _ property: AnimatedProperty, _ lifetime: TrackLifetime) {
      self.view = view
      self.property = property
      self.lifetime = lifetime
    }

    /// Drops the track if its view still shows it, and ends its lifetime.
    func end() {
      guard lifetime.isLive else { return }
      if let view, view.animationTracks[property]?.lifetime === lifetime {
        view.setTrack(nil, for: property)
      }
      lifetime.end()
    }
  }

  /// The tracks a block started: most blocks start one (an arrow turning, an inset), which is
  /// kept inline rather than in an array of its own.
  @MainActor
  private enum StartedTracks {
    case none
    case one(StartedTrack)
    case many([StartedTrack])

    mutating func append(_ track: StartedTrack) {
      switch self {
      case .none: self = .one(track)
      case .one(let first): self = .many([first, track])
      case .many(var tracks):
        self = .none
        tracks.append(track)
        self = .many(tracks)
      }
    }

    /// Ends every track (see ``StartedTrack/end()``).
    func endAll() {
      switch self {
      case .none: break
      case .one(let track): track.end()
      case .many(let tracks): for track in tracks { track.end() }
      }
    }
  }
}
