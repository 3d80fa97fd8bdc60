import Foundation
import Testing

@testable import Refresh

/// Rendering is pure: only the window's own display pass turns a waiting component's
/// `willRefresh` into `refreshing`, never a renderer drawing the window.
@MainActor
@Suite("Components: display and rendering")
struct RefreshComponentDisplayTests {
  /// Everything about a component that drawing could disturb.
  struct Snapshot: Equatable {
    var state: RefreshState
    var pullingPercent: CGFloat
    var insets: EdgeInsets
    var offset: CGPoint
  }

  func snapshot(_ rig: ComponentRig) -> Snapshot {
    Snapshot(
      state: rig.component.state, pullingPercent: rig.component.pullingPercent,
      insets: rig.scene.scroll.adjustedContentInset, offset: rig.scene.scroll.contentOffset)
  }

  @Test(arguments: ComponentKind.allCases)
  func drawingTheWindowChangesNoComponentState(of kind: ComponentKind) {
    let rig = ComponentRig(kind, inWindow: false)
    // A background, so that the walk visibly reaches the component.
    rig.component.backgroundColor = .refreshText
    rig.component.beginRefreshing()
    #expect(rig.component.state == .willRefresh)
    rig.scene.window.addSubview(rig.scene.scroll)
    // Scroll the component into view, so that the walk reaches it.
    let frame = rig.component.frame
    switch kind {
    case .header, .autoHeader: break
    case .backFooter, .autoFooter: rig.scene.scroll.contentOffset.y = frame.minY - 300
    case .trailer: rig.scene.scroll.contentOffset.x = frame.minX - 200
    case .leader: rig.scene.scroll.contentOffset.x = frame.minX
    }
    let before = snapshot(rig)
    for _ in 0..<3 {
      let canvas = CanvasCallRecorder()
      rig.scene.window.render(in: canvas)
      #expect(!canvas.calls.isEmpty)
    }
    #expect(snapshot(rig) == before)
    #expect(rig.component.state == .willRefresh)
  }

  @Test(arguments: ComponentKind.allCases)
  func theWindowsDisplayPassBeginsTheWaitingRefresh(of kind: ComponentKind) {
    let rig = ComponentRig(kind, inWindow: false)
    var calls = 0
    rig.component.refreshingBlock = { calls += 1 }
    rig.component.beginRefreshing()
    rig.scene.window.addSubview(rig.scene.scroll)
    rig.scene.clock.advance(by: 0)
    #expect(rig.component.state == .refreshing)
    rig.scene.clock.advance(by: 0.25)
    #expect(calls == 1)
  }

  @Test func aHiddenComponentWaitsUntilItIsShown() {
    let rig = ComponentRig(.header, inWindow: false)
    rig.component.isHidden = true
    rig.component.beginRefreshing()
    rig.scene.window.addSubview(rig.scene.scroll)
    rig.scene.clock.advance(by: 0.1)
    #expect(rig.component.state == .willRefresh)
    rig.component.isHidden = false
    rig.component.setNeedsDisplay()
    rig.scene.clock.advance(by: 0)
    #expect(rig.component.state == .refreshing)
  }
}
