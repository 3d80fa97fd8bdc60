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
///   tenth of a second up to the release (`VelocitySampler/window`, the scroll model's own), so
///   a quick flick flings the content and a pointer that held still does not.
/// - A wheel notch scrolls the deepest scroll model under the pointer by ``wheelStep``
///   (`ScrollModel/scroll(by:)`): at the top, turning the wheel up pulls a header down.
/// - A press and release on the same cell is also a tap (`Window/sendTap(at:)`): on a
///   `ListView`'s row, it selects the row and tells the list's delegate.
/// - Keys go to ``onKey`` first; the keys it leaves (it takes one by calling ``takeKey()``)
///   go to the ``keyTarget`` list through ``keyBindings``: ↑ ↓ `k` `j` move the selection,
///   PgUp PgDn Space scroll a screen, Home End `g` `G` go to the ends, Enter activates the
///   selected row, `r` and F5 refresh as a pull does (`ListView/perform(_:)`).
@MainActor
public final class InputDispatcher {
  /// The window whose views receive the gestures.
  public let window: Window

  /// Called with every key first, before ``keyBindings``; call ``takeKey()`` in it to keep
  /// the key from them.
  ///
  /// ```swift
  /// dispatcher.onKey = { key in
  ///   if key == .character("r") {  // this app's `r` is its own
  ///     reloadEverything()
  ///     dispatcher.takeKey()
  ///   }
  /// }
  /// ```
  public var onKey: ((Key) -> Void)?

  /// The keys a list answers when ``onKey`` leaves them, and what each asks of it.
  ///
  /// They are ``defaultKeyBindings`` unless changed: remove a key to leave it unbound, or bind
  /// another.
  public var keyBindings: [Key: ListViewCommand] = InputDispatcher.defaultKeyBindings

  /// The keys a terminal user expects of a list, as `less`, `tig` and table views answer them:
  /// ↑ ↓ and `k` `j` a row, PgUp PgDn and Space a screen, Home End and `g` `G` the ends, Enter
  /// the selected row, `r` and F5 a refresh.
  public static let defaultKeyBindings: [Key: ListViewCommand] = [
    .up: .moveUp, .character("k"): .moveUp,
    .down: .moveDown, .character("j"): .moveDown,
    .pageUp: .pageUp, .pageDown: .pageDown, .character(" "): .pageDown,
    .home: .top, .character("g"): .top,
    .end: .bottom, .character("G"): .bottom,
    .enter: .activate,
    .character("r"): .refresh, .function(5): .refresh,
  ]

  /// The keys bound to each command, in the order a help text lists them ("↑ k").
  ///
  /// - Parameter command: A command.
  /// - Returns: Its keys' names, separated by spaces, or an empty string when none is bound.
  public func keyNames(for command: ListViewCommand) -> String {
    let order: [Key] = [
      .up, .down, .pageUp, .pageDown, .home, .end, .enter, .function(5), .character(" "),
    ]
    let keys = keyBindings.filter { $0.value == command }.map(\.key).sorted { first, second in
      let a = order.firstIndex(of: first) ?? order.count
      let b = order.firstIndex(of: second) ?? order.count
      return a != b ? a < b : first.name < second.name
    }
    return keys.map(\.name).joined(separator: " ")
  }

  /// The list the keys go to when none is set as ``keyTarget``.
  public weak var focusedList: ListView?

  /// The list that receives the keys ``onKey`` leaves: ``focusedList`` (a press on a list
  /// focuses it) while it is in the window and shown, otherwise the frontmost shown list in
  /// the window.
  public var keyTarget: ListView? {
    if let focusedList, focusedList.window === window, !Self.isHidden(focusedList) {
      return focusedList
    }
    return Self.frontmostList(in: window)
  }

  /// Keeps the key being handled by ``onKey`` from ``keyBindings``.
  ///
  /// Call it from ``onKey``; elsewhere it does nothing.
  public func takeKey() {
    if isHandlingKey { keyWasTaken = true }
  }

  private var isHandlingKey = false
  private var keyWasTaken = false

  /// Called with every mouse event, after it was turned into a gesture.
  public var onMouse: ((MouseEvent) -> Void)?

  /// How far one wheel notch scrolls, in points: three lines (the usual setting of desktop
  /// systems) vertically, three cells horizontally.
  public var wheelStep = CGSize(
    width: 3 * TextMetrics.cellWidth, height: 3 * TextMetrics.lineHeight)

  /// The scroll model being dragged, if a press began over one.
  public private(set) weak var draggedScrollModel: ScrollModel?

  private var pressedCell: (column: Int, row: Int)?
  private var movedOffTheCell = false
  /// The pointer's recent positions, sampled as the scroll model samples a finger.
  private var sampler = VelocitySampler()

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

  /// Called with the text of every paste (``InputEvent/paste(_:)``).
  ///
  /// Without it a paste does nothing. No key binding ever sees pasted text: a paste of `r`s
  /// refreshes nothing.
  ///
  /// ```swift
  /// dispatcher.onPaste = { text in searchField.text += text }
  /// ```
  public var onPaste: ((String) -> Void)?

  /// Called when the terminal window comes to the front (`true`) or goes to the back
  /// (`false`), where the terminal reports it (``TerminalModes/focusReporting``).
  public var onFocusChange: ((Bool) -> Void)?

  /// Handles one event.
  ///
  /// - Parameter event: A key, a mouse event, a paste or a focus report.
  public func handle(_ event: InputEvent) {
    switch event {
    case .key(let key): handle(key)
    case .mouse(let mouse):
      handle(mouse)
      onMouse?(mouse)
    case .paste(let text): onPaste?(text)
    case .focusGained: onFocusChange?(true)
    case .focusLost: onFocusChange?(false)
    case .reply: break
    }
  }

  private func handle(_ key: Key) {
    isHandlingKey = true
    keyWasTaken = false
    onKey?(key)
    isHandlingKey = false
    guard !keyWasTaken, let command = keyBindings[key], let list = keyTarget else { return }
    list.perform(command)
  }

  /// Whether a view or one of its ancestors is hidden.
  private static func isHidden(_ view: View) -> Bool {
    var current: View? = view
    while let view = current {
      if view.isHidden { return true }
      current = view.superview
    }
    return false
  }

  /// The frontmost shown list in a view's subtree, searching the front subviews first.
  private static func frontmostList(in view: View) -> ListView? {
    guard !view.isHidden else { return nil }
    if let list = view as? ListView { return list }
    for subview in view.subviews.reversed() {
      if let list = frontmostList(in: subview) { return list }
    }
    return nil
  }

  private func handle(_ mouse: MouseEvent) {
    // Where in its cell the pointer is, to the pixel where the terminal reports pixels.
    let point = CGPoint(
      x: (CGFloat(mouse.column) + CGFloat(mouse.columnFraction)) * TextMetrics.cellWidth,
      y: (CGFloat(mouse.row) + CGFloat(mouse.rowFraction)) * TextMetrics.lineHeight)
    switch mouse.kind {
    case .press:
      guard mouse.button == 0 else { return }
      endDrag(at: point)
      pressedCell = (mouse.column, mouse.row)
      movedOffTheCell = false
      guard let scroll = scrollModel(at: point) else { return }
      if let list = scroll as? ListView { focusedList = list }
      draggedScrollModel = scroll
      let local = position(of: point, in: scroll)
      sampler.removeAll()
      sampler.record(local, at: window.clock.now)
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
    let moved = sampler.lastPoint != local
    // The release is a sample too, so a pointer that held still before it has no velocity.
    record(local)
    if moved, scroll.isDragging { scroll.drag(to: local) }
    scroll.endDragging(velocity: sampler.velocity)
    sampler.removeAll()
  }

  private func record(_ point: CGPoint) {
    sampler.record(point, at: window.clock.now)
  }

  /// A window point in a scroll model's frame coordinates (its frame's origin at zero), which
  /// do not move with the content.
  private func position(of point: CGPoint, in scroll: ScrollModel) -> CGPoint {
    let origin = scroll.superview.map { $0.convert(scroll.frame.origin, to: nil) } ?? .zero
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }
}
