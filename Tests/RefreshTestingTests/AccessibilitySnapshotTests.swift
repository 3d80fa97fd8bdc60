import Foundation
import Refresh
import RefreshTesting
import Testing

/// What a screen reader is told by each built-in component in each state it reaches, as
/// references: a change that makes a state silent, or says something else, fails here.
@MainActor
@Suite("Accessibility snapshots of the built-in components")
struct AccessibilitySnapshotTests {
  /// A step of a component's life, and what it does to the scene.
  typealias Step = (name: String, act: @MainActor (RefreshScene, RefreshComponent) -> Void)

  /// A header's states: at rest, armed by a pull, refreshing once released, failed.
  static let headerSteps: [Step] = [
    ("idle", { _, _ in }),
    ("pulling", { scene, _ in scene.pull(by: 60) }),
    (
      "refreshing",
      { scene, _ in
        scene.release()
        scene.advance(frames: 30)
      }
    ),
    (
      "failed",
      { scene, component in
        component.endRefreshingWithFailure("No connection")
        scene.advance(frames: 1)
      }
    ),
  ]

  /// A footer's: at rest, refreshing, out of data, reset, failed.
  static let footerSteps: [Step] = [
    ("idle", { _, _ in }),
    (
      "refreshing",
      { scene, component in
        component.beginRefreshing()
        scene.advance(frames: 30)
      }
    ),
    (
      "noMoreData",
      { scene, component in
        (component as? any NoMoreDataComponent)?.endRefreshingWithNoMoreData()
        scene.advance(frames: 30)
      }
    ),
    (
      "idle again",
      { scene, component in
        (component as? any NoMoreDataComponent)?.resetNoMoreData()
        scene.advance(frames: 1)
      }
    ),
    (
      "failed",
      { scene, component in
        component.beginRefreshing()
        scene.advance(frames: 30)
        component.endRefreshingWithFailure(nil)
        scene.advance(frames: 1)
      }
    ),
  ]

  nonisolated static let headers = [
    "RefreshNormalHeader", "RefreshStateHeader", "RefreshGifHeader",
  ]
  nonisolated static let footers = [
    "RefreshBackNormalFooter", "RefreshBackStateFooter", "RefreshAutoNormalFooter",
    "RefreshAutoStateFooter",
  ]

  static func make(_ name: String) -> RefreshComponent {
    switch name {
    case "RefreshNormalHeader": RefreshNormalHeader {}
    case "RefreshStateHeader": RefreshStateHeader {}
    case "RefreshGifHeader": RefreshGifHeader {}
    case "RefreshBackNormalFooter": RefreshBackNormalFooter {}
    case "RefreshBackStateFooter": RefreshBackStateFooter {}
    case "RefreshAutoNormalFooter": RefreshAutoNormalFooter {}
    default: RefreshAutoStateFooter {}
    }
  }

  /// Each step's state, elements and posts, one section a step.
  static func story(of name: String) -> String {
    let scene = RefreshScene(size: CGSize(width: 375, height: 300))
    let component = make(name)
    let isHeader = headers.contains(name)
    if isHeader {
      (component as? RefreshHeader)?.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
      scene.scroll.header = component as? RefreshHeader
    } else {
      scene.scroll.footer = component as? RefreshFooter
    }
    scene.advance(frames: 1)
    var sections: [String] = []
    for step in isHeader ? headerSteps : footerSteps {
      scene.window.accessibility.removeAllPosts()
      step.act(scene, component)
      sections.append(
        "── \(step.name) (state \(component.state))\n"
          + SnapshotStrategy<RefreshComponent>.accessibility.render(component))
    }
    return sections.joined()
  }

  @Test(arguments: headers + footers)
  func whatEachStateSays(component name: String) {
    assertSnapshot(of: Self.story(of: name), as: .lines, named: name)
  }

  /// A hidden view reads nothing, and the text escapes its quotes and line breaks, so that one
  /// element stays one line.
  @Test func hiddenViewsAreSkippedAndTextsEscaped() {
    let window = Window(
      frame: CGRect(x: 0, y: 0, width: 100, height: 40), clock: ManualFrameClock())
    let shown = Label(text: "Say \"hi\"\nthen go")
    let hidden = Label(text: "secret")
    hidden.isHidden = true
    window.addSubview(shown)
    window.addSubview(hidden)
    window.accessibility.post(notification: .announcement, argument: "Loading...")
    #expect(
      SnapshotStrategy<Window>.accessibility.render(window)
        == "  Label \"Say \\\"hi\\\"\\nthen go\"\nposts:\n  announcement \"Loading...\"\n")
    #expect(
      SnapshotStrategy<Label>.accessibility.render(hidden)
        == "(no accessibility element)\nposts:\n  announcement \"Loading...\"\n")
  }
}
