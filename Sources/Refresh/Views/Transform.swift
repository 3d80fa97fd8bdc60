import Foundation

/// A view's transform: a rotation, which is all the headless views animate (MJRefresh turns its
/// arrow with `CGAffineTransformMakeRotation`).
public struct Transform: Hashable, Sendable {
  /// The rotation, in radians, clockwise on screen.
  public var rotation: CGFloat

  /// Creates a rotation.
  ///
  /// - Parameter rotationAngle: The angle in radians.
  public init(rotationAngle: CGFloat) {
    rotation = rotationAngle
  }

  /// No rotation.
  public static let identity = Transform(rotationAngle: 0)

  /// Whether this is the identity.
  public var isIdentity: Bool { rotation == 0 }
}
