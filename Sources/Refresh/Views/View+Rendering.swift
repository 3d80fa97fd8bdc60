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
    let size = presentedFrame.size
    render(
      in: canvas,
      state: CanvasState(
        origin: origin, clip: CGRect(origin: origin, size: size), alpha: 1, rotation: 0),
      frameOrigin: origin)
  }

  private func render(in canvas: Canvas, state parent: CanvasState, frameOrigin: CGPoint) {
    let alpha = presentedAlpha * parent.alpha
    guard !isHidden, alpha > 0.001 else { return }
    let frame = presentedFrame
    let visible = CGRect(origin: frameOrigin, size: frame.size)
    var clip = parent.clip
    let rotation = presentedRotation
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
        canvas.fill(CGRect(origin: inner, size: frame.size), color: backgroundColor)
      }
      draw(in: canvas)
    }
    if clipsToBounds {
      clip = clip.intersection(visible)
      state.clip = clip
    }
    state.rotation = 0
    for subview in subviews {
      let subframe = subview.presentedFrame
      subview.render(
        in: canvas, state: state,
        frameOrigin: CGPoint(x: state.origin.x + subframe.minX, y: state.origin.y + subframe.minY))
    }
    if isOnScreen {
      canvas.state = state
      drawOverlay(in: canvas)
    }
  }

  /// Whether a view's rectangle meets the clip, edges included, so that a view of zero width
  /// or height inside the clip (a glyph drawn at a point) still draws.
  private static func meets(_ rect: CGRect, _ clip: CGRect) -> Bool {
    rect.minX <= clip.maxX && rect.maxX >= clip.minX && rect.minY <= clip.maxY
      && rect.maxY >= clip.minY
  }
}
