/// The view properties whose changes inside an animation block are animated on screen.
enum AnimatedProperty: Hashable {
  case frame
  case alpha
  case rotation
  case contentOffset
}
