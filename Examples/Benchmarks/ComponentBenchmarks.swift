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

  /// One pull–refresh–end gesture of 60 frames at 60 Hz: 20 frames of a finger pulling down past
  /// the header's threshold, the release and 15 frames of refreshing, then the end and 25
  /// frames of the header hiding (its 0.4 s animation) and the content settling.
  @MainActor
  private static func gesture(_ scroll: ScrollModel, _ clock: ManualFrameClock) {
    let frame = 1.0 / 60
    scroll.beginDragging(at: CGPoint(x: 100, y: 100))
    for step in 1...20 {
      scroll.drag(to: CGPoint(x: 100, y: 100 + Double(step) * 8))
      clock.advance(by: frame)
    }
    scroll.endDragging(velocity: .zero)
    for _ in 0..<15 { clock.advance(by: frame) }
    scroll.header?.endRefreshing()
    for _ in 0..<25 { clock.advance(by: frame) }
  }

  /// What a scene holds: nothing, or a `RefreshNormalHeader` and a `RefreshBackNormalFooter`,
  /// as created (the header keeps its last update time in `UserDefaults`, what users get) or
  /// with an in-memory last-updated store (what this section measured before issue 17).
  enum Scene {
    case bare, asCreated, inMemoryStore
  }

  @MainActor
  func makeScene(_ kind: Scene) -> (ScrollModel, ManualFrameClock) {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
    scroll.contentSize = CGSize(width: 375, height: 1200)
    scroll.alwaysBounceVertical = true
    if kind != .bare {
      let header = RefreshNormalHeader(refreshingBlock: {})
      if kind == .inMemoryStore { header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore() }
      scroll.header = header
      scroll.footer = RefreshBackNormalFooter(refreshingBlock: {})
    }
    return (scroll, clock)
  }

  @MainActor
  mutating func runComponents() {
    let section = "Components"

    // Each measurement below takes the three scenes' samples in turn (`interleaved(_:)`), so
    // that the ratios compare figures from the same stretch of time.
    let kinds = [Scene.bare, .asCreated, .inMemoryStore]
    let names = ["as created", "in-memory store"]

    // The bare scroll model's own update: the same cycle, no component attached.
    let cycleScenes = kinds.map(makeScene)
    let cycleCosts = interleaved(
      cycleScenes.map { scroll, clock in
        { iterations in for step in 0..<iterations { Self.cycle(scroll, clock, step: step) } }
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
    let offsetScrolls = kinds.map { makeScene($0).0 }
    for scroll in offsetScrolls { scroll.panState = .began }
    let offsetCosts = interleaved(offsetScrolls.map(offsetUpdates))
    for scroll in offsetScrolls { scroll.panState = .ended }
    let bareOffset = offsetCosts[0]
    record(section, "contentOffset update while pulling, bare", bareOffset)
    for (name, attachedOffset) in zip(names, offsetCosts.dropFirst()) {
      record(
        section, "same update, header and footer \(name)", attachedOffset,
        anchor: ("bare scroll model", bareOffset),
        goal: ("<= 4x the bare update", attachedOffset <= 4 * bareOffset))
    }

    // The whole gesture, frame by frame, with and without the components.
    let gestureCosts = interleaved(
      kinds.map(makeScene).map { scroll, clock in
        { iterations in for _ in 0..<iterations { Self.gesture(scroll, clock) } }
      })
    let bareGesture = gestureCosts[0]
    record(section, "pull-refresh-end gesture (60 frames), bare", bareGesture)
    for (name, attachedGesture) in zip(names, gestureCosts.dropFirst()) {
      record(
        section, "same gesture, header and footer \(name)", attachedGesture,
        anchor: ("bare scroll model", bareGesture),
        goal: ("<= 2x the bare gesture", attachedGesture <= 2 * bareGesture))
    }

    // What a scroll handler pays to be safe when a callback frees the component it follows, on
    // a bare scroll model with one handler: a strong capture, a weak one, and the unchecked
    // `unowned(unsafe)` one the components used long ago. (The components now share one
    // handler per property that captures nothing and holds them in the scroll model's
    // `AttachedComponents`.)
    enum Capture { case unchecked, weak, strong }
    let probe = RefreshComponent(frame: .zero)
    func handlerCost(_ capture: Capture) -> Double {
      let scroll = makeScene(.bare).0
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
      defer { token.invalidate() }
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
