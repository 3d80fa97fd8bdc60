import Foundation
import Observing

@testable import Refresh

/// The design's standard scene: a 375 × 667 window on a manual clock, a scroll model filling
/// it with a 64-point top inset and 2000 points of content.
@MainActor
struct Scene {
  let clock = ManualFrameClock()
  let window: Window
  let scroll: ScrollModel

  init(contentHeight: CGFloat = 2000, topInset: CGFloat = 64, inWindow: Bool = true) {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    scroll = ScrollModel(frame: window.bounds)
    if inWindow { window.addSubview(scroll) }
    scroll.contentSize = CGSize(width: 375, height: contentHeight)
    scroll.contentInset = EdgeInsets(top: topInset)
    scroll.contentOffset = CGPoint(x: 0, y: -topInset)
    clock.advance(by: 0)
  }

  /// Pulls with the pan held: `.began`, then the offset.
  func pull(to offsetY: CGFloat) {
    if !scroll.isDragging { scroll.panState = .began }
    scroll.panState = .changed
    scroll.contentOffset.y = offsetY
  }

  /// Lifts the finger.
  func release() {
    scroll.panState = .ended
  }

  /// Pulls horizontally with the pan held.
  func pull(toX offsetX: CGFloat) {
    if !scroll.isDragging { scroll.panState = .began }
    scroll.panState = .changed
    scroll.contentOffset.x = offsetX
  }
}

/// Records every state a component goes through.
@MainActor
final class StateRecorder {
  private(set) var transitions: [(from: RefreshState, to: RefreshState)] = []
  private var token: ObservationToken?

  init(_ component: RefreshComponent) {
    token = component.observe(\.state, options: [.old, .new]) { [unowned self] _, change in
      self.transitions.append((change.oldValue!, change.newValue!))
    }
  }

  var states: [RefreshState] { transitions.map(\.to) }
}
