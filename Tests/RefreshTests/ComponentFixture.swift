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

/// A 375 × 360 window on a manual clock holding a list of thirty 36-point rows.
///
/// Ten rows fit; the content is 1080 points tall. Laid out once (the clock's first frame) when
/// made.
@MainActor
struct ListInWindow {
  let clock = ManualFrameClock()
  let window: Window
  let list: ListView
  let source = RowSource(count: 30)

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 360), clock: clock)
    list = ListView(frame: window.bounds)
    window.addSubview(list)
    list.dataSource = source
    clock.advance(by: 0)
  }

  /// Advances the clock by `count` frames at 60 per second.
  func frames(_ count: Int) {
    for _ in 0..<count { clock.advance(by: 1.0 / 60) }
  }

  /// What the window's channel announced, in order.
  var announcements: [String] {
    window.accessibility.posts.filter { $0.notification == .announcement }.map(\.text)
  }
}
