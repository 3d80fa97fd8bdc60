import Foundation
import Gallery
import Refresh
import RefreshTesting
import Rendering
import Testing

/// Seeds 000 and 004: the 50-point value-changed controls, driven raw on a 64-point inset, so
/// the threshold is `-(50 + 64) = -114`.
@MainActor
@Suite("Value-changed controls (seeds 000 and 004)")
struct ValueChangedControlTests {
  let scene = RefreshScene()
  var scroll: ScrollModel { scene.scroll }

  @discardableResult
  func attach<Control: TargetActionRefreshHeader>(_ control: Control) -> Control {
    scroll.header = control
    scene.clock.advance(by: 0)
    return control
  }

  @Test func sitsAboveTheContentFiftyPointsHigh() {
    let control = attach(ValueChangedRefreshControl())
    #expect(control.frame == CGRect(x: 0, y: -50, width: 375, height: 50))
    #expect(control.arrowView.center == CGPoint(x: 152.5, y: 25))
    #expect(control.loadingView.center == control.arrowView.center)
    #expect(control.stateLabel.frame == CGRect(x: 161.5, y: 0, width: 213.5, height: 50))
    #expect(control.lastUpdatedTimeLabel.isHidden)
  }

  @Test func statesFollowTheThresholdWhileDragging() {
    let control = attach(ValueChangedRefreshControl())
    scene.pull(toOffset: -100)
    #expect(control.state == .idle)
    scene.pull(toOffset: -114)
    #expect(control.state == .idle)
    scene.pull(toOffset: -115)
    #expect(control.state == .pulling)
    scene.pull(toOffset: -114)
    #expect(control.state == .idle)
    scene.pull(toOffset: -130)
    #expect(control.state == .pulling)
    scene.release()
    #expect(control.state == .refreshing)
  }

  @Test func refreshingAddsTheHeightToTheTopInsetAndEndingTakesItBack() {
    let control = attach(ValueChangedRefreshControl())
    scene.pull(toOffset: -130)
    scene.release()
    #expect(scroll.adjustedContentInset.top == 114)
    #expect(scroll.contentInset.top == 64)  // never written
    scene.clock.advance(by: 0.25)
    #expect(scroll.contentOffset.y == -114)
    #expect(scroll.presentedContentOffset.y == -114)
    control.endRefreshing()
    #expect(control.state == .idle)
    #expect(scroll.adjustedContentInset.top == 64)
    scene.clock.advance(by: 0.125)
    #expect(abs(scroll.presentedContentOffset.y - -89) < 1e-9)  // halfway over 0.25 s
    scene.clock.advance(by: 0.125)
    #expect(scroll.presentedContentOffset.y == -64)
  }

  @Test func aRealPullWithPhysicsRefreshesAndRestsBelowTheControl() {
    let control = attach(ValueChangedRefreshControl())
    let target = RefreshTarget()
    control.addTarget(target, action: RefreshTarget.refresh)
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    scroll.drag(to: CGPoint(x: 100, y: 300))  // rubber-banded past the top
    #expect(scroll.contentOffset.y < -114)
    #expect(control.state == .pulling)
    scroll.endDragging(velocity: .zero)
    #expect(control.state == .refreshing)
    #expect(target.refreshes == 1)
    scene.clock.advance(by: 1, framesPerSecond: 60)
    #expect(scroll.contentOffset.y == -114)
    #expect(scroll.presentedContentOffset.y == -114)
    control.endRefreshing()
    scene.clock.advance(by: 1, framesPerSecond: 60)
    #expect(scroll.contentOffset.y == -64)
    #expect(target.refreshes == 1)
  }

  @Test func targetsAreCalledOncePerRefreshInOrderThenTheClosure() {
    let control = attach(ValueChangedRefreshControl())
    let first = RefreshTarget()
    let second = RefreshTarget()
    var calls: [String] = []
    first.onRefresh = { calls.append("first") }
    second.onRefresh = { calls.append("second") }
    control.addTarget(first, action: RefreshTarget.refresh)
    control.addTarget(second, action: RefreshTarget.refresh)
    control.onValueChanged = { calls.append("closure") }
    scene.pull(toOffset: -130)
    #expect(calls.isEmpty)
    scene.release()
    #expect(calls == ["first", "second", "closure"])
    scene.clock.advance(by: 1)
    scene.pull(toOffset: -140)  // pulling further while refreshing sends nothing
    scene.release()
    #expect(calls.count == 3)
    control.endRefreshing()
    scene.clock.advance(by: 0.25)
    scene.pull(toOffset: -130)
    scene.release()
    #expect(calls == ["first", "second", "closure", "first", "second", "closure"])
    #expect(first.refreshes == 2 && second.refreshes == 2)
  }

  @Test func targetsAreHeldWeaklyAndCanBeRemoved() {
    let control = attach(ValueChangedRefreshControl())
    var gone: RefreshTarget? = RefreshTarget()
    weak let weakGone = gone
    let kept = RefreshTarget()
    let removed = RefreshTarget()
    control.addTarget(gone!, action: RefreshTarget.refresh)
    control.addTarget(kept, action: RefreshTarget.refresh)
    control.addTarget(removed, action: RefreshTarget.refresh)
    #expect(control.allTargets.count == 3)
    gone = nil
    #expect(weakGone == nil)
    control.removeTarget(removed)
    #expect(control.allTargets.count == 1)
    #expect(control.allTargets.first === kept)
    control.beginRefreshing()
    #expect(kept.refreshes == 1)
    #expect(removed.refreshes == 0)
  }

  @Test func beginRefreshingSendsTheEventToo() {
    let control = attach(ValueChangedRefreshControl())
    let target = RefreshTarget()
    control.addTarget(target, action: RefreshTarget.refresh)
    control.beginRefreshing()
    #expect(control.state == .refreshing)
    #expect(target.refreshes == 1)
    scene.clock.advance(by: 0.25)
    #expect(scroll.contentOffset.y == -114)
    #expect(target.refreshes == 1)
  }

  @Test func aTargetMayEndRefreshingAtOnce() {
    let control = attach(ValueChangedRefreshControl())
    let target = RefreshTarget()
    target.onRefresh = { control.endRefreshing() }
    control.addTarget(target, action: RefreshTarget.refresh)
    scene.pull(toOffset: -130)
    scene.release()
    #expect(target.refreshes == 1)
    #expect(control.state == .idle)
    #expect(scroll.adjustedContentInset.top == 64)
    scene.clock.advance(by: 0.5)
    #expect(scroll.contentOffset.y == -64)
    #expect(control.stateLabel.text == "下拉刷新")
    #expect(!control.loadingView.isAnimating)
    #expect(!control.arrowView.isHidden)
  }

  @Test func theMessageFollowsTheStateInSimplifiedChinese() {
    let control = attach(ValueChangedRefreshControl())
    #expect(control.stateLabel.text == "下拉刷新")
    scene.pull(toOffset: -130)
    #expect(control.stateLabel.text == "松手就刷新")
    scene.release()
    #expect(control.stateLabel.text == "正在刷新...")
    control.endRefreshing()
    #expect(control.stateLabel.text == "下拉刷新")
    #expect(control.stateLabel.fontSize == 11)
    #expect(control.stateLabel.textColor == Color(red: 128, green: 128, blue: 128))
    #expect(control.backgroundColor == Color(red: 255, green: 0, blue: 0))
  }

  @Test func theMessageSurvivesALanguageSwitch() {
    let control = attach(ValueChangedRefreshControl())
    defer { RefreshConfig.default.languageCode = nil }
    RefreshConfig.default.languageCode = "en"
    #expect(control.stateLabel.text == "下拉刷新")
  }

  @Test func theArrowTurnsOverAQuarterSecondAndTheSpinnerReplacesIt() {
    let control = attach(ValueChangedRefreshControl())
    #expect(control.arrowView.transform.rotation == 0)
    scene.pull(toOffset: -130)
    #expect(control.arrowView.transform.rotation == .pi)
    #expect(control.arrowView.presentedRotation == 0)
    scene.clock.advance(by: 0.125)
    #expect(abs(control.arrowView.presentedRotation - .pi / 2) < 1e-9)
    scene.clock.advance(by: 0.125)
    #expect(control.arrowView.presentedRotation == .pi)
    scene.pull(toOffset: -100)
    scene.clock.advance(by: 0.25)
    #expect(control.arrowView.presentedRotation == 0)
    scene.pull(toOffset: -130)
    scene.clock.advance(by: 0.25)
    scene.release()
    #expect(control.arrowView.isHidden)
    #expect(control.loadingView.isAnimating)
    #expect(!control.loadingView.isHidden)
    control.endRefreshing()
    #expect(!control.arrowView.isHidden)
    #expect(control.arrowView.presentedRotation == 0)  // back pointing down, unturned
    #expect(!control.loadingView.isAnimating)
  }

  @Test func jsRefreshNamesItsStatesInPurpleOnOrange() {
    let control = attach(JSRefreshControl())
    #expect(control.stateLabel.text == "Normal")
    #expect(control.backgroundColor == Color(red: 255, green: 128, blue: 0))
    #expect(control.stateLabel.textColor == Color(red: 128, green: 0, blue: 128))
    #expect(control.stateLabel.fontSize == 15)
    #expect(control.stateLabel.frame == control.bounds)
    #expect(control.stateLabel.textAlignment == .center)
    #expect(control.arrowView.isHidden)
    scene.pull(toOffset: -115)
    #expect(control.stateLabel.text == "Pulling")
    #expect(control.arrowView.isHidden)
    scene.release()
    #expect(control.stateLabel.text == "Refreshing")
    #expect(!control.loadingView.isAnimating)
    #expect(scroll.adjustedContentInset.top == 114)
    control.endRefreshing()
    #expect(control.stateLabel.text == "Normal")
  }

  @Test func jsRefreshCallsItsTargetOncePerRefresh() {
    let control = attach(JSRefreshControl())
    let target = RefreshTarget()
    control.addTarget(target, action: RefreshTarget.refresh)
    for round in 1...3 {
      scene.pull(toOffset: -130)
      scene.release()
      scene.clock.advance(by: 2)  // the seed's simulated network
      #expect(target.refreshes == round)
      control.endRefreshing()
      scene.clock.advance(by: 0.25)
      #expect(scroll.adjustedContentInset.top == 64)
    }
  }

  @Test func theTerminalShowsTheArrowAndTheMessage() {
    attach(ValueChangedRefreshControl())
    scene.pull(toOffset: -100)
    // The header spans y = 50 ..< 100 on screen; its middle row is row 4 (72 ..< 90).
    var canvas = scene.terminalCanvas()
    #expect(canvas.grid.text(ofRow: 4).contains("↓ 下拉刷新"))
    #expect(
      canvas[0, 3].background.xterm256Index == Color(red: 255, green: 0, blue: 0).xterm256Index)
    scene.pull(toOffset: -130)
    scene.clock.advance(by: 0.25)
    // Now y = 80 ..< 130: row 5.
    canvas = scene.terminalCanvas()
    #expect(canvas.grid.text(ofRow: 5).contains("↑ 松手就刷新"))
    #expect(
      canvas[20, 5].foreground.xterm256Index == Color(red: 128, green: 128, blue: 128).xterm256Index
    )
    scene.release()
    scene.clock.advance(by: 0.25)
    canvas = scene.terminalCanvas()
    // Resting at -114: y = 64 ..< 114, row 4.
    #expect(canvas.grid.text(ofRow: 4).contains("正在刷新..."))
    #expect(!canvas.grid.text.contains("↑"))
  }

  @Test func theTerminalShowsJSRefreshsStateName() {
    attach(JSRefreshControl())
    scene.pull(toOffset: -130)
    let canvas = scene.terminalCanvas()
    let row = canvas.grid.text(ofRow: 5)
    // The pull shows the scroll indicator in the last column, beside the name.
    #expect(row.hasSuffix("█"))
    #expect(row.dropLast().trimmingCharacters(in: .whitespaces) == "Pulling")
    let column = row.distance(from: row.startIndex, to: row.firstIndex(of: "P")!)
    #expect(
      canvas[column, 5].foreground.xterm256Index
        == Color(red: 128, green: 0, blue: 128).xterm256Index)
    #expect(
      canvas[0, 5].background.xterm256Index == Color(red: 255, green: 128, blue: 0).xterm256Index)
  }
}
