import Foundation
import Testing

@testable import Refresh

/// Components and scroll models freed inside the components' own callbacks.
///
/// Nothing touches them afterwards. Run under the address sanitizer:
/// `swift test --sanitize=address --filter RefreshComponentLifetimeTests --scratch-path .build/asan`.
@MainActor
@Suite("Components freed inside their callbacks")
struct RefreshComponentLifetimeTests {
  /// The callbacks a component can be freed in.
  enum Callback: String, CaseIterable, Sendable {
    case refreshingBlock, beginCompletion, endCompletion, onArmed
  }

  /// Attaches a component of `kind` that only the scroll model holds, wires `callback` to
  /// detach it, and drives it until that callback has run.
  @Test(arguments: ComponentKind.allCases, Callback.allCases)
  func componentDetachedInsideItsCallback(kind: ComponentKind, callback: Callback) {
    // The automatic footer and header never arm.
    guard !(kind.loadsByItself && callback == .onArmed) else { return }
    var rig: ComponentRig? = ComponentRig(kind, inWindow: true)
    let scene = rig!.scene
    let pulls = rig!.driver
    let scroll = scene.scroll
    weak let component = rig!.component
    var ran = false
    let detach = { [weak scroll] in
      ran = true
      switch kind {
      case .header, .autoHeader: scroll?.header = nil
      case .backFooter, .autoFooter: scroll?.footer = nil
      case .trailer: scroll?.trailer = nil
      case .leader: scroll?.leader = nil
      }
    }
    switch callback {
    case .refreshingBlock: component?.refreshingBlock = detach
    case .beginCompletion: component?.beginRefreshingCompletionBlock = detach
    case .endCompletion:
      component?.refreshingBlock = { [weak component] in component?.endRefreshing() }
      component?.endRefreshingCompletionBlock = detach
    case .onArmed: component?.onArmed = detach
    }
    rig = nil  // from here on, only the scroll model holds the component
    #expect(component != nil)
    // Pull past the threshold and let go: every callback of a refresh runs.
    pulls.dragPastThreshold()
    scene.release()
    scene.clock.advance(by: 1)
    #expect(ran)
    #expect(component == nil)
    // The scroll model goes on, without the component.
    pulls.dragBack()
    scene.release()
    scene.clock.advance(by: 1)
    #expect(scroll.adjustedContentInset == scroll.contentInset)
  }

  /// An automatic footer whose block removes it, called at once while the offset is delivered.
  @Test func autoFooterWhoseBlockRemovesIt() {
    let scene = Scene()
    var calls = 0
    do {
      let footer = RefreshAutoNormalFooter(refreshingBlock: { [weak scroll = scene.scroll] in
        calls += 1
        scroll?.footer = nil
      })
      scene.scroll.footer = footer
    }
    weak let footer = scene.scroll.footer
    #expect(footer != nil)
    // 2000 - 667 + 44 = 1377: past the trigger line, growing.
    scene.pull(to: 1390)
    #expect(calls == 1)
    #expect(footer == nil)
    #expect(scene.scroll.adjustedContentInset.bottom == 0)
    scene.pull(to: 1395)
    scene.release()
    scene.clock.advance(by: 1)
    #expect(calls == 1)
  }

  /// A header whose callbacks release the whole scene: the scroll model, its window and the
  /// header go while the header's callback runs.
  @Test(arguments: Callback.allCases)
  func scrollModelFreedInsideAHeaderCallback(callback: Callback) {
    final class Holder {
      var scene: Scene?
    }
    let holder = Holder()
    holder.scene = Scene()
    let clock = holder.scene!.clock
    weak let scroll = holder.scene!.scroll
    weak var weakHeader: RefreshNormalHeader?
    var ran = false
    do {
      let header = RefreshNormalHeader(frame: .zero)
      header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      let release = {
        ran = true
        holder.scene = nil
      }
      switch callback {
      case .refreshingBlock: header.refreshingBlock = release
      case .beginCompletion: header.beginRefreshingCompletionBlock = release
      case .endCompletion:
        header.refreshingBlock = { [weak header] in header?.endRefreshing() }
        header.endRefreshingCompletionBlock = release
      case .onArmed: header.onArmed = release
      }
      holder.scene!.scroll.header = header
      weakHeader = header
    }
    holder.scene!.pull(to: -130)
    holder.scene?.release()
    clock.advance(by: 1)
    #expect(ran)
    #expect(holder.scene == nil)
    #expect(scroll == nil)
    #expect(weakHeader == nil)
    clock.advance(by: 1)
  }

  /// The scroll model holds its components and the observations they share: a scroll model
  /// that goes away takes both along, and the last component to leave takes the observations.
  @Test func observationsGoWithTheScrollModelOrTheComponent() {
    var scroll: ScrollModel? = ScrollModel(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let observers = scroll!.observationRegistry.count
    weak var weakHeader: RefreshNormalHeader?
    weak var weakFooter: RefreshBackNormalFooter?
    do {
      let header = RefreshNormalHeader(refreshingBlock: {})
      let footer = RefreshBackNormalFooter(refreshingBlock: {})
      scroll!.header = header
      scroll!.footer = footer
      weakHeader = header
      weakFooter = footer
    }
    // contentOffset, contentSize and panState, shared by the two.
    #expect(scroll!.observationRegistry.count == observers + 3)
    scroll!.footer = nil
    #expect(weakFooter == nil)
    #expect(scroll!.observationRegistry.count == observers + 3)
    #expect(weakHeader != nil)
    scroll = nil
    #expect(weakHeader == nil)
  }
}
