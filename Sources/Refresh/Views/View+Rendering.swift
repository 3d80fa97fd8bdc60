import Foundation

extension View {
  /// Draws this view and its visible subviews onto a canvas, back to front, as they are
  /// presented now (animations in flight included).
  ///
  /// Renderers call it on a window each frame. Hidden views, views with no opacity and
  /// everything outside a clipping ancestor are skipped.
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
    guard clip.intersects(visible) || !clipsToBounds else { return }
    let inner = presentedBoundsOrigin
    var state = CanvasState(
      origin: CGPoint(x: frameOrigin.x - inner.x, y: frameOrigin.y - inner.y),
      clip: clip, alpha: alpha, rotation: presentedRotation)
    canvas.state = state
    if let backgroundColor {
      canvas.fill(CGRect(origin: inner, size: frame.size), color: backgroundColor)
    }
    draw(in: canvas)
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
  }
}
