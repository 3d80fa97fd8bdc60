/// The presentation tracks of one view, at most one per animated property.
///
/// A slot per property in an array made on the view's first animation, rather than a
/// dictionary: every animated change reads and writes it (an arrow turning on each state change
/// of a pull), and hashing the property cost more than the rest of the lookup. A view that
/// never animates holds the empty array, which allocates nothing.
struct AnimationTracks {
  private var slots: ContiguousArray<AnimationTrack?> = []
  /// How many slots hold a track.
  private(set) var count = 0

  /// Whether no track is held.
  var isEmpty: Bool { count == 0 }

  /// The track of `property`, if any.
  subscript(property: AnimatedProperty) -> AnimationTrack? {
    slots.isEmpty ? nil : slots[property.slot]
  }

  /// Holds `track` for `property` (or drops the property's track, with `nil`); returns the
  /// track it replaced.
  @discardableResult
  mutating func replace(_ property: AnimatedProperty, with track: AnimationTrack?)
    -> AnimationTrack?
  {
    if slots.isEmpty {
      guard track != nil else { return nil }
      slots = ContiguousArray(repeating: nil, count: AnimatedProperty.allCases.count)
    }
    let previous = slots[property.slot]
    slots[property.slot] = track
    count += (track == nil ? 0 : 1) - (previous == nil ? 0 : 1)
    return previous
  }

  /// The tracks held, in the order of the properties.
  var tracks: [AnimationTrack] { slots.compactMap { $0 } }
}
