import Foundation

extension View {
  /// Draws this view and its visible subviews onto a canvas, back to front, as they are
  /// presented now (animations in flight included).
  ///
  /// Renderers call it on a window each frame. Hidden views, views with no opacity, views wholly
  /// outside the visible area (a view draws inside its bounds, as in UIKit) and everything
  /// outside a clipping ancestor are skipped, so a frame costs what it shows.
  ///
  /// - Parameters:
  ///   - canvas: The canvas to draw on; its ``Canvas/state`` is set for each view.
  ///   - origin: Where this view's frame origin lies on the canvas.
  public func render(in canvas: Canvas, at origin: CGPoint = .zero) {
    // With no animation track anywhere, every presented value is the model value: read those
    // directly for the whole walk. Drawing adds no track, so the answer holds until it ends.
    let isAnimating = AnimationTransaction.flags.liveTracks != 0
    let size = isAnimating ? presentedFrame.size : frame.size
    render(
      in: canvas,
      state: CanvasState(
        origin: origin, clip: CGRect(origin: origin, size: size), alpha: 1, rotation: 0),
      frameOrigin: origin, size: size, isAnimating: isAnimating)
  }

  private func render(
    in canvas: Canvas, state parent: CanvasState, frameOrigin: CGPoint, size: CGSize,
    isAnimating: Bool
  ) {
    guard !isHidden else { return }
    let alpha = (isAnimating ? presentedAlpha : self.alpha) * parent.alpha
    guard alpha > 0.001 else { return }
    let visible = CGRect(origin: frameOrigin, size: size)
    var clip = parent.clip
    let rotation = isAnimating ? presentedRotation : transform.rotation
    // As in UIKit, a view draws inside its bounds: one wholly outside the visible area draws
    // nothing (a rotated one may reach past its frame, so it always draws). Its subviews may
    // lie elsewhere unless it clips them, so they are still visited, each with the same test.
    let isOnScreen = rotation != 0 || Self.meets(visible, clip)
    guard isOnScreen || (!clipsToBounds && !subviews.isEmpty) else { return }
    let inner = presentedBoundsOrigin
    var state = CanvasState(
      origin: CGPoint(x: frameOrigin.x - inner.x, y: frameOrigin.y - inner.y),
      clip: clip, alpha: alpha, rotation: rotation)
    if isOnScreen {
      canvas.state = state
      if let backgroundColor {
        canvas.fill(CGRect(origin: inner, size: size), color: backgroundColor)
      }
      draw(in: canvas)
    }
    if clipsToBounds {
      clip = clip.intersection(visible)
      state.clip = clip
    }
    state.rotation = 0
    for subview in subviews {
      let subframe = isAnimating ? subview.presentedFrame : subview.frame
      let corner = Self.minimumCorner(of: subframe)
      subview.render(
        in: canvas, state: state,
        frameOrigin: CGPoint(x: state.origin.x + corner.x, y: state.origin.y + corner.y),
        size: subframe.size, isAnimating: isAnimating)
    }
    if isOnScreen {
      canvas.state = state
      drawOverlay(in: canvas)
    }
  }

  /// `rect.minX` and `rect.minY`, computed here: Foundation's are calls that do not inline,
  /// and the walk reads them for every view.
  private static func minimumCorner(of rect: CGRect) -> CGPoint {
    CGPoint(
      x: rect.size.width < 0 ? rect.origin.x + rect.size.width : rect.origin.x,
      y: rect.size.height < 0 ? rect.origin.y + rect.size.height : rect.origin.y)
  }

  /// Whether a view's rectangle meets the clip, edges included, so that a view of zero width
  /// or height inside the clip (a glyph drawn at a point) still draws.
  private static func meets(_ rect: CGRect, _ clip: CGRect) -> Bool {
    rect.minX <= clip.maxX && rect.maxX >= clip.minX && rect.minY <= clip.maxY
      && rect.maxY >= clip.minY
  }
}
