import Foundation
import Refresh

/// Turns terminal input into what a touch screen would deliver to a window's views: a press,
/// drags and a release over a scroll model pan it, the wheel scrolls it, a click taps.
///
/// ``TerminalHost`` uses one for the terminal's input; a scripted session or a test can feed
/// one events directly, on a `ManualFrameClock`:
///
/// ```swift
/// let dispatcher = InputDispatcher(window: window)
/// dispatcher.handle(.mouse(MouseEvent(kind: .press, column: 20, row: 3)))
/// clock.advance(by: 1.0 / 30)
/// dispatcher.handle(.mouse(MouseEvent(kind: .drag, column: 20, row: 9)))
/// dispatcher.handle(.mouse(MouseEvent(kind: .release, column: 20, row: 9)))
/// ```
///
/// - A press of the left button over a `ScrollModel` begins dragging the deepest one under
///   the pointer (`ScrollModel/beginDragging(at:)`), drags follow it
///   (`ScrollModel/drag(to:)`), and the release ends it
///   (`ScrollModel/endDragging(velocity:)`) with the velocity of the pointer over the last
///   ``velocitySampleDuration`` seconds, so a quick flick flings the content.
/// - A wheel notch scrolls the deepest scroll model under the pointer by ``wheelStep``
///   (`ScrollModel/scroll(by:)`): at the top, turning the wheel up pulls a header down.
/// - A press and release on the same cell is also a tap (`Window/sendTap(at:)`).
/// - Keys go to ``onKey``.
@MainActor
public final class InputDispatcher {
  /// The window whose views receive the gestures.
  public let window: Window

  /// Called with every key.
  public var onKey: ((Key) -> Void)?

  /// Called with every mouse event, after it was turned into a gesture.
  public var onMouse: ((MouseEvent) -> Void)?

  /// How far one wheel notch scrolls, in points: three lines (the usual setting of desktop
  /// systems) vertically, three cells horizontally.
  public var wheelStep = CGSize(
    width: 3 * TextMetrics.cellWidth, height: 3 * TextMetrics.lineHeight)

  /// How far back the release velocity looks, in seconds (the span `ScrollModel` itself
  /// uses for `ScrollModel/endDragging()`).
  public var velocitySampleDuration: TimeInterval = 0.1

  /// The scroll model being dragged, if a press began over one.
  public private(set) weak var draggedScrollModel: ScrollModel?

  private var pressedCell: (column: Int, row: Int)?
  private var movedOffTheCell = false
  private var samples: [(time: TimeInterval, point: CGPoint)] = []

  /// Creates a dispatcher for a window.
  ///
  /// - Parameter window: The window whose views receive the gestures.
  public init(window: Window) {
    self.window = window
  }

  /// The center of a cell, in window coordinates.
  ///
  /// - Parameters:
  ///   - column: The column, 0-based.
  ///   - row: The row, 0-based.
  /// - Returns: The point at the cell's center.
  public static func point(column: Int, row: Int) -> CGPoint {
    CGPoint(
      x: (CGFloat(column) + 0.5) * TextMetrics.cellWidth,
      y: (CGFloat(row) + 0.5) * TextMetrics.lineHeight)
  }

  /// The deepest scroll model under a point, among the views that take touches.
  ///
  /// - Parameter point: A point in window coordinates.
  /// - Returns: The scroll model, or `nil` when none is there.
  public func scrollModel(at point: CGPoint) -> ScrollModel? {
    var view = window.hitTest(point)
    while let current = view {
      if let scroll = current as? ScrollModel { return scroll }
      view = current.superview
    }
    return nil
  }

  /// Handles one event.
  ///
  /// - Parameter event: A key or a mouse event.
  public func handle(_ event: InputEvent) {
    switch event {
    case .key(let key): onKey?(key)
    case .mouse(let mouse):
      handle(mouse)
      onMouse?(mouse)
    }
  }

  private func handle(_ mouse: MouseEvent) {
    let point = Self.point(column: mouse.column, row: mouse.row)
    switch mouse.kind {
    case .press:
      guard mouse.button == 0 else { return }
      endDrag(at: point)
      pressedCell = (mouse.column, mouse.row)
      movedOffTheCell = false
      guard let scroll = scrollModel(at: point) else { return }
      draggedScrollModel = scroll
      let local = position(of: point, in: scroll)
      samples = [(window.clock.now, local)]
      scroll.beginDragging(at: local)
    case .drag:
      if let pressed = pressedCell, pressed != (mouse.column, mouse.row) { movedOffTheCell = true }
      guard let scroll = draggedScrollModel else { return }
      let local = position(of: point, in: scroll)
      record(local)
      scroll.drag(to: local)
    case .release:
      let wasTap =
        pressedCell.map { !movedOffTheCell && $0 == (mouse.column, mouse.row) } ?? false
      pressedCell = nil
      endDrag(at: point)
      if wasTap { window.sendTap(at: point) }
    case .wheel(let dx, let dy):
      guard let scroll = scrollModel(at: point) else { return }
      scroll.scroll(
        by: CGPoint(x: CGFloat(dx) * wheelStep.width, y: CGFloat(dy) * wheelStep.height))
    }
  }

  /// Ends the drag in progress with the pointer's recent velocity.
  private func endDrag(at point: CGPoint) {
    guard let scroll = draggedScrollModel else { return }
    draggedScrollModel = nil
    let local = position(of: point, in: scroll)
    let moved = samples.last?.point != local
    // The release is a sample too, so a pointer that held still before it has no velocity.
    record(local)
    if moved, scroll.isDragging { scroll.drag(to: local) }
    scroll.endDragging(velocity: releaseVelocity())
    samples = []
  }

  private func record(_ point: CGPoint) {
    let now = window.clock.now
    samples.append((now, point))
    samples.removeAll { now - $0.time > velocitySampleDuration }
  }

  /// The pointer's velocity over the recent samples, in points per second (positive
  /// downward, as a pan recognizer reports it); zero when it held still.
  private func releaseVelocity() -> CGPoint {
    let now = window.clock.now
    let recent = samples.filter { now - $0.time <= velocitySampleDuration }
    guard let first = recent.first, let last = recent.last, last.time > first.time else {
      return .zero
    }
    let elapsed = last.time - first.time
    return CGPoint(
      x: (last.point.x - first.point.x) / elapsed, y: (last.point.y - first.point.y) / elapsed)
  }

  /// A window point in a scroll model's frame coordinates (its frame's origin at zero), which
  /// do not move with the content.
  private func position(of point: CGPoint, in scroll: ScrollModel) -> CGPoint {
    let origin = scroll.superview.map { $0.convert(scroll.frame.origin, to: nil) } ?? .zero
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }
}
