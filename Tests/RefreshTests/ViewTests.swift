import Foundation
import Observing
import Testing

@testable import Refresh

/// A view that records its hooks.
@MainActor
final class HookView: View {
  var events: [String] = []
  var draws = 0
  var layouts = 0

  override func willMove(toSuperview newSuperview: View?) {
    super.willMove(toSuperview: newSuperview)
    events.append(newSuperview == nil ? "willMove(toSuperview: nil)" : "willMove(toSuperview:)")
  }
  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    events.append("didMoveToSuperview")
  }
  override func willMove(toWindow newWindow: Window?) {
    super.willMove(toWindow: newWindow)
    events.append(newWindow == nil ? "willMove(toWindow: nil)" : "willMove(toWindow:)")
  }
  override func didMoveToWindow() {
    super.didMoveToWindow()
    events.append(window == nil ? "didMoveToWindow(nil)" : "didMoveToWindow")
  }
  override func layoutSubviews() {
    super.layoutSubviews()
    layouts += 1
  }
  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    draws += 1
  }
}

@MainActor
@Suite("View hierarchy, layout and display")
struct ViewTests {
  let clock = ManualFrameClock()
  let window: Window

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
  }

  @Test func hooksRunInUIKitOrder() {
    let container = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(container)
    let view = HookView()
    container.addSubview(view)
    #expect(
      view.events == [
        "willMove(toSuperview:)", "willMove(toWindow:)", "didMoveToWindow", "didMoveToSuperview",
      ])
    #expect(view.window === window)
    view.events = []
    view.removeFromSuperview()
    #expect(
      view.events == [
        "willMove(toSuperview: nil)", "willMove(toWindow: nil)", "didMoveToWindow(nil)",
        "didMoveToSuperview",
      ])
    #expect(view.window == nil)
    #expect(view.superview == nil)
    #expect(container.subviews.isEmpty)
  }

  @Test func aSubtreeEntersTheWindowTogether() {
    let parent = HookView()
    let child = HookView()
    parent.addSubview(child)
    #expect(child.events == ["willMove(toSuperview:)", "didMoveToSuperview"])
    window.addSubview(parent)
    #expect(child.window === window)
    #expect(child.events.suffix(2) == ["willMove(toWindow:)", "didMoveToWindow"])
  }

  @Test func movingToAnotherSuperviewLeavesTheFirst() {
    let first = View()
    let second = View()
    let view = View()
    first.addSubview(view)
    second.insertSubview(view, at: 0)
    #expect(first.subviews.isEmpty)
    #expect(second.subviews.first === view)
    #expect(view.superview === second)
  }

  @Test func insertingAtAnIndexAndReordering() {
    let parent = View()
    let (a, b, c) = (View(), View(), View())
    parent.addSubview(a)
    parent.addSubview(b)
    parent.insertSubview(c, at: 0)
    #expect(parent.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
    parent.insertSubview(c, at: 99)
    #expect(parent.subviews.last === c)
    parent.addSubview(parent)  // ignored
    a.addSubview(parent)  // an ancestor: ignored
    #expect(parent.superview == nil)
  }

  @Test func layoutRunsOverTheWholeSubtree() {
    let parent = HookView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let child = HookView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
    parent.addSubview(child)
    parent.layoutIfNeeded()
    #expect(parent.layouts == 1 && child.layouts == 1)
    parent.layoutIfNeeded()
    #expect(parent.layouts == 1 && child.layouts == 1)
    child.frame.size.width = 6
    parent.layoutIfNeeded()
    #expect(parent.layouts == 1 && child.layouts == 2)
    child.frame.origin.x = 3  // moving does not need layout
    parent.layoutIfNeeded()
    #expect(child.layouts == 2)
  }

  @Test func theWindowLaysOutAndDisplaysOnItsFrames() {
    let view = HookView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    #expect(view.layouts == 0 && view.draws == 0)
    clock.advance(by: 0)
    #expect(view.layouts == 1 && view.draws == 1)
    clock.advance(by: 1)
    #expect(view.layouts == 1 && view.draws == 1)
    view.setNeedsDisplay()
    clock.advance(by: 1 / 60)
    #expect(view.draws == 2)
    #expect(!clock.isAnimating)  // nothing pending: the window stops asking for frames
  }

  @Test func boundsFollowTheFrameAndAreObservable() {
    let view = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(view.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
    var seen: [CGRect] = []
    let token = view.observe(\.bounds, options: .new) { _, change in seen.append(change.newValue!) }
    view.frame.size.height = 50
    view.frame.origin.x = 0  // the bounds did not change, but KVO reports dependent keys
    #expect(
      seen == [
        CGRect(x: 0, y: 0, width: 30, height: 50), CGRect(x: 0, y: 0, width: 30, height: 50),
      ])
    token.invalidate()
  }

  @Test func nonFiniteGeometryIsRefused() {
    let view = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
    var count = 0
    let token = view.observe(\.frame) { _, _ in count += 1 }
    view.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
    view.frame.size.width = .infinity
    view.alpha = .nan
    #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(view.alpha == 1)
    #expect(count == 0)
    view.alpha = 7
    #expect(view.alpha == 1)
    view.alpha = -1
    #expect(view.alpha == 0)
    token.invalidate()
    #expect(View(frame: CGRect(x: CGFloat.nan, y: 0, width: 0, height: 0)).frame == .zero)
  }

  @Test func convertingPointsBetweenViews() {
    let scroll = ScrollModel(frame: CGRect(x: 0, y: 10, width: 100, height: 100))
    window.addSubview(scroll)
    let child = View(frame: CGRect(x: 5, y: 50, width: 10, height: 10))
    scroll.addSubview(child)
    scroll.contentOffset = CGPoint(x: 0, y: 30)
    #expect(child.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 6, y: 31))
    #expect(child.convert(CGPoint(x: 1, y: 1), to: scroll) == CGPoint(x: 6, y: 51))
  }

  @Test func tapsGoToTheDeepestViewWithAHandler() {
    let outer = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let inner = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
    window.addSubview(outer)
    outer.addSubview(inner)
    var tapped: [String] = []
    outer.onTap = { _ in tapped.append("outer") }
    #expect(window.sendTap(at: CGPoint(x: 20, y: 20)))
    inner.onTap = { _ in tapped.append("inner") }
    #expect(window.sendTap(at: CGPoint(x: 20, y: 20)))
    #expect(window.sendTap(at: CGPoint(x: 100, y: 100)))
    inner.isHidden = true
    #expect(window.sendTap(at: CGPoint(x: 20, y: 20)))
    outer.isUserInteractionEnabled = false
    #expect(!window.sendTap(at: CGPoint(x: 20, y: 20)))
    #expect(tapped == ["outer", "inner", "outer", "outer"])
  }

  @Test(arguments: [CGRect.zero, CGRect(x: 0, y: 0, width: 0, height: 100)])
  func zeroSizedViewsDoNotDivideByZero(frame: CGRect) {
    let scroll = ScrollModel(frame: frame)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 0, height: 0)
    scroll.beginDragging(at: .zero)
    scroll.drag(to: CGPoint(x: 0, y: 50))
    scroll.endDragging(velocity: CGPoint(x: 0, y: 500))
    clock.advance(by: 5)
    #expect(scroll.contentOffset.isFinite)
    #expect(scroll.contentOffset == scroll.clampedOffset(scroll.contentOffset))
  }

  @Test func sizeToFitAsksSizeThatFits() {
    final class Badge: View {
      override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 27, height: 18) }
    }
    let plain = View(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
    #expect(plain.sizeThatFits(.zero) == CGSize(width: 30, height: 40))
    plain.sizeToFit()
    #expect(plain.frame == CGRect(x: 5, y: 6, width: 30, height: 40))
    let badge = Badge(frame: CGRect(x: 5, y: 6, width: 0, height: 0))
    badge.sizeToFit()
    #expect(badge.frame == CGRect(x: 5, y: 6, width: 27, height: 18))
    let spinner = ActivityIndicatorView(frame: CGRect(x: 1, y: 2, width: 0, height: 0))
    spinner.sizeToFit()
    #expect(spinner.frame == CGRect(x: 1, y: 2, width: 20, height: 20))
  }
}
