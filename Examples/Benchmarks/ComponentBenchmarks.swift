import Foundation
import Observing
import Refresh

extension Bench {
  /// One full drag–refresh–end cycle, driven frame by frame: a pull past the header's
  /// threshold, release, refresh, end, then a pull up into the footer and back.
  @MainActor
  private static func cycle(_ scroll: ScrollModel, _ clock: ManualFrameClock, step: Int) {
    let phase = step % 120
    switch phase {
    case 0: scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    case 1..<30: scroll.drag(to: CGPoint(x: 100, y: 100 + Double(phase) * 8))
    case 30: scroll.endDragging(velocity: .zero)
    case 60: scroll.header?.endRefreshing()
    case 70: scroll.beginDragging(at: CGPoint(x: 100, y: 500))
    case 71..<90: scroll.drag(to: CGPoint(x: 100, y: 500 - Double(phase - 70) * 40))
    case 90: scroll.endDragging(velocity: CGPoint(x: 0, y: -1500))
    case 110: scroll.footer?.endRefreshing()
    default: clock.advance(by: 1.0 / 60)
    }
  }

  /// One pull–refresh–end gesture, as a user's finger makes it, frame by frame at 60 Hz: 20
  /// frames of a finger pulling down past the header's threshold, the release and 30 frames
  /// (the 0.25 s show animation completes on the 15th and the refreshing callback runs), then
  /// `endRefreshing()` and 30 frames of the header hiding (its 0.4 s animation) and the
  /// content settling.
  ///
  /// Each phase's time is added to `phases` (the pull, the release and its frames, the end
  /// call, the frames after it), so that a slow phase shows on its own.
  @MainActor
  private static func gesture(_ scene: BenchScene, phases: inout GesturePhases) {
    let (scroll, clock) = (scene.scroll, scene.clock)
    let frame = 1.0 / 60
    var mark = DispatchTime.now().uptimeNanoseconds
    func lap(_ phase: WritableKeyPath<GesturePhases, UInt64>) {
      let now = DispatchTime.now().uptimeNanoseconds
      phases[keyPath: phase] &+= now &- mark
      mark = now
    }
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    for step in 1...20 {
      scroll.drag(to: CGPoint(x: 100, y: 100 + Double(step) * 8))
      clock.advance(by: frame)
    }
    lap(\.pull)
    scroll.endDragging(velocity: .zero)
    for _ in 0..<30 { clock.advance(by: frame) }
    lap(\.release)
    scroll.header?.endRefreshing()
    lap(\.end)
    for _ in 0..<30 { clock.advance(by: frame) }
    lap(\.settle)
    phases.gestures += 1
  }

  /// The time a run of gestures spent in each phase, in nanoseconds, and how many gestures.
  struct GesturePhases {
    var pull: UInt64 = 0
    var release: UInt64 = 0
    var end: UInt64 = 0
    var settle: UInt64 = 0
    var gestures = 0

    /// Each phase's mean per gesture, in nanoseconds.
    var means: [Double] {
      [pull, release, end, settle].map { Double($0) / Double(max(gestures, 1)) }
    }
  }

  /// What a scene holds: nothing, or a `RefreshNormalHeader` and a `RefreshBackNormalFooter`,
  /// as created (the header keeps its last update time in `UserDefaults`, what users get) or
  /// with an in-memory last-updated store (what this section measured before issue 17).
  enum Scene {
    case bare, asCreated, inMemoryStore
  }

  /// A window on a manual clock with a scroll model filling it, and what the scene's header
  /// has refreshed.
  ///
  /// The scene holds its window: a view references its window weakly, so a window that nobody
  /// holds goes away, and its scroll model then has no clock (no animation, no physics, no
  /// refresh that waits for a show animation). Until issue 36 the scenes lost their windows so,
  /// and this section measured components that never refreshed.
  @MainActor
  final class BenchScene {
    let window: Window
    let scroll: ScrollModel
    let clock = ManualFrameClock()
    /// How many times the header's refreshing callback ran.
    var refreshes = 0

    init(_ kind: Scene) {
      window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
      scroll = ScrollModel(frame: window.bounds)
      window.addSubview(scroll)
      scroll.contentSize = CGSize(width: 375, height: 1200)
      scroll.alwaysBounceVertical = true
      if kind != .bare {
        let header = RefreshNormalHeader { [unowned self] in self.refreshes += 1 }
        if kind == .inMemoryStore { header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore() }
        scroll.header = header
        scroll.footer = RefreshBackNormalFooter(refreshingBlock: {})
      }
      clock.advance(by: 0)
    }
  }

  @MainActor
  mutating func runComponents() {
    let section = "Components"

    // Each measurement below takes the three scenes' samples in turn (`interleaved(_:)`), so
    // that the ratios compare figures from the same stretch of time.
    let kinds = [Scene.bare, .asCreated, .inMemoryStore]
    let names = ["as created", "in-memory store"]

    // The bare scroll model's own update: the same cycle, no component attached.
    let cycleScenes = kinds.map(BenchScene.init)
    let cycleCosts = interleaved(
      cycleScenes.map { scene in
        { iterations in
          for step in 0..<iterations { Self.cycle(scene.scroll, scene.clock, step: step) }
        }
      })
    let bareCost = cycleCosts[0]
    record(section, "drag-refresh-end cycle step, bare scroll model", bareCost)
    for (name, attachedCost) in zip(names, cycleCosts.dropFirst()) {
      record(
        section, "same step, header and footer \(name)", attachedCost,
        anchor: ("bare scroll model", bareCost))
      // The goal reads "attached components add less than 2x": what they add, against the bare
      // scroll model's own cost.
      let added = attachedCost - bareCost
      record(
        section, "cost they add per step, \(name)", added,
        anchor: ("bare scroll model", bareCost),
        goal: ("adds < 2x the bare scroll model", added < 2 * bareCost))
    }

    // A single contentOffset update while pulling, with and without components.
    func offsetUpdates(_ scroll: ScrollModel) -> (Int) -> Void {
      { iterations in
        for index in 0..<iterations {
          scroll.contentOffset = CGPoint(x: 0, y: -Double(index % 100))
        }
      }
    }
    let offsetScenes = kinds.map(BenchScene.init)
    for scene in offsetScenes { scene.scroll.panState = .began }
    let offsetCosts = interleaved(offsetScenes.map { offsetUpdates($0.scroll) })
    for scene in offsetScenes { scene.scroll.panState = .ended }
    let bareOffset = offsetCosts[0]
    record(section, "contentOffset update while pulling, bare", bareOffset)
    for (name, attachedOffset) in zip(names, offsetCosts.dropFirst()) {
      record(
        section, "same update, header and footer \(name)", attachedOffset,
        anchor: ("bare scroll model", bareOffset),
        goal: ("<= 4x the bare update", attachedOffset <= 4 * bareOffset))
    }

    // The whole gesture, frame by frame, with and without the components. Every gesture with a
    // header must have run its refreshing callback once and ended idle: a bench that measured
    // less than that work would flatter the components.
    let gestureScenes = kinds.map(BenchScene.init)
    var phases = kinds.map { _ in GesturePhases() }
    let gestureCosts = interleaved(
      gestureScenes.indices.map { index in
        { iterations in
          for _ in 0..<iterations { Self.gesture(gestureScenes[index], phases: &phases[index]) }
        }
      })
    for (index, kind) in kinds.enumerated() where kind != .bare {
      let scene = gestureScenes[index]
      precondition(
        scene.refreshes == phases[index].gestures,
        "\(kind): \(phases[index].gestures) gestures ran \(scene.refreshes) refreshes")
      precondition(scene.scroll.header?.state == .idle, "\(kind): the header did not end idle")
    }
    let bareGesture = gestureCosts[0]
    record(section, "pull-refresh-end gesture (80 frames), bare", bareGesture)
    for (name, attachedGesture) in zip(names, gestureCosts.dropFirst()) {
      record(
        section, "same gesture, header and footer \(name)", attachedGesture,
        anchor: ("bare scroll model", bareGesture),
        goal: ("<= 2x the bare gesture", attachedGesture <= 2 * bareGesture))
    }
    // Where the time goes: each phase's mean over every gesture measured above (the slow
    // samples included, so the phases add up to more than the fastest sample), as created
    // against bare.
    let phaseNames = [
      "pull (20 frames)", "release and 30 frames", "endRefreshing() itself",
      "30 frames after the end",
    ]
    for (phase, (attached, bare)) in zip(phaseNames, zip(phases[1].means, phases[0].means)) {
      record(section, "  \(phase), as created", attached, anchor: ("bare", bare))
    }

    // What a scroll handler pays to be safe when a callback frees the component it follows, on
    // a bare scroll model with one handler: a strong capture, a weak one, and the unchecked
    // `unowned(unsafe)` one the components used long ago. (The components now share one
    // handler per property that captures nothing and holds them in the scroll model's
    // `AttachedComponents`.)
    enum Capture { case unchecked, weak, strong }
    let probe = RefreshComponent(frame: .zero)
    func handlerCost(_ capture: Capture) -> Double {
      let scene = BenchScene(.bare)
      let scroll = scene.scroll
      weak let weakProbe = probe
      unowned(unsafe) let unsafeProbe = probe
      let token =
        switch capture {
        case .unchecked:
          scroll.observe(\.contentOffset, options: [.old, .new]) { _, _ in
            blackHole(unsafeProbe.isRefreshing)
          }
        case .weak:
          scroll.observe(\.contentOffset, options: [.old, .new]) { _, _ in
            blackHole(weakProbe?.isRefreshing)
          }
        case .strong:
          scroll.observe(\.contentOffset, options: [.old, .new]) { [probe] _, _ in
            blackHole(probe.isRefreshing)
          }
        }
      defer {
        token.invalidate()
        withExtendedLifetime(scene) {}
      }
      scroll.panState = .began
      defer { scroll.panState = .ended }
      return nanoseconds(offsetUpdates(scroll))
    }
    let uncheckedHandler = handlerCost(.unchecked)
    record(section, "offset update, one unowned(unsafe) handler (before)", uncheckedHandler)
    record(
      section, "offset update, one weak handler", handlerCost(.weak),
      anchor: ("unowned(unsafe)", uncheckedHandler))
    record(
      section, "offset update, one strong handler (components)", handlerCost(.strong),
      anchor: ("unowned(unsafe)", uncheckedHandler))
    withExtendedLifetime(probe) {}
  }
}
