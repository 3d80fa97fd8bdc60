/// The view properties whose changes inside an animation block are animated on screen.
enum AnimatedProperty: Int, Hashable, CaseIterable {
  case frame
  case alpha
  case rotation
  case contentOffset

  /// The property's slot in a view's ``AnimationTracks``.
  var slot: Int { rawValue }
}
