/// The view properties whose changes inside an animation block are animated on screen.
///
/// Each has one type, which its tracks are made with and read as (``TrackValues`` keeps no
/// type of its own).
enum AnimatedProperty: Int, Hashable, CaseIterable {
  /// A `CGRect`.
  case frame
  /// A `CGFloat`.
  case alpha
  /// A `CGFloat`, in radians.
  case rotation
  /// A `CGPoint`.
  case contentOffset

  /// The property's slot in a view's ``AnimationTracks``.
  var slot: Int { rawValue }
}
