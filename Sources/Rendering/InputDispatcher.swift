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
/// - A press of the left button, drags and the release are a touch that enters at the window
///   (`Window/touchBegan(at:)`, `Window/touchMoved(to:)`, `Window/touchEnded(at:)`), which
///   routes it as UIKit routes pans: over a lone scroll model the drag begins at the press;
///   over nested ones (a pager of lists) the first movement picks the axis, and the innermost
///   scroll model along it takes the drag. The release ends it with the velocity of the pointer
///   over the last tenth of a second (`VelocitySampler/window`), so a quick flick flings the
///   content and a pointer that held still does not.
/// - A wheel notch scrolls, by ``wheelStep`` (`ScrollModel/scroll(by:)`), the innermost scroll
///   model under the pointer that scrolls along the notch's axis: at the top, turning the wheel
///   up pulls a header down. A scroll model with `ScrollModel/isPagingEnabled` turns one page
///   per swipe instead, animated (`ScrollModel/setContentOffset(_:animated:)`): the first notch
///   of a burst turns it, and the notches that follow, each sooner than
///   `ScrollModel/wheelReleaseDelay` after the one before, turn nothing, so a horizontal swipe
///   over a list in a pager turns one page however many notches the trackpad sends.
/// - A press and release on the same cell is also a tap (`Window/sendTap(at:)`): on a
///   `ListView`'s row, it selects the row and tells the list's delegate.
/// - Keys go to ``onKey`` first; the keys it leaves (it takes one by calling ``takeKey()``)
///   go to the ``keyTarget`` list through ``keyBindings``: ↑ ↓ `k` `j` move the selection,
///   PgUp PgDn Space scroll a screen, Home End `g` `G` go to the ends, Enter activates the
///   selected row, `r` and F5 refresh as a pull does (`ListView/perform(_:)`), and `a` reads
///   the list's accessibility actions by number ("1 Refresh, 2 Load more"), of which the next
///   key, if it is one of the numbers, performs that one.
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
  /// the selected row, `r` and F5 a refresh, `a` the list's actions (then a number performs
  /// one, as a screen reader's actions menu does).
  public static let defaultKeyBindings: [Key: ListViewCommand] = [
    .up: .moveUp, .character("k"): .moveUp,
    .down: .moveDown, .character("j"): .moveDown,
    .pageUp: .pageUp, .pageDown: .pageDown, .character(" "): .pageDown,
    .home: .top, .character("g"): .top,
    .end: .bottom, .character("G"): .bottom,
    .enter: .activate,
    .character("r"): .refresh, .function(5): .refresh,
    .character("a"): .readActions,
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

  /// The scroll model being dragged, if a press began over one (`Window/draggedScrollModel`).
  public var draggedScrollModel: ScrollModel? { window.draggedScrollModel }

  private var pressedCell: (column: Int, row: Int)?
  private var movedOffTheCell = false

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
    // An offer of actions lasts one key: a number in it performs that action, and any other
    // key (or one the app took) ends it and is handled as ever.
    let offer = offeredActions
    offeredActions = nil
    guard !keyWasTaken else { return }
    if let offer, let list = offer.list, case .character(let character) = key,
      let number = character.wholeNumberValue, offer.names.indices.contains(number - 1)
    {
      list.performAccessibilityAction(named: offer.names[number - 1])
      return
    }
    guard let command = keyBindings[key], let list = keyTarget else { return }
    if list.perform(command), command == .readActions {
      offeredActions = OfferedActions(
        list: list, names: list.accessibilityCustomActions.map(\.name))
    }
  }

  /// The actions ``ListViewCommand/readActions`` read out, for the next key to pick by number.
  private var offeredActions: OfferedActions?

  /// A list's actions as they were read out; the list weakly, as the dispatcher does not own
  /// it.
  private struct OfferedActions {
    weak var list: ListView?
    let names: [String]
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
      // A press while a drag is under way (its release was lost) ends that drag here.
      window.touchEnded(at: point)
      pressedCell = (mouse.column, mouse.row)
      movedOffTheCell = false
      if let list = scrollModel(at: point) as? ListView { focusedList = list }
      window.touchBegan(at: point)
    case .drag:
      if let pressed = pressedCell, pressed != (mouse.column, mouse.row) { movedOffTheCell = true }
      window.touchMoved(to: point)
    case .release:
      let wasTap =
        pressedCell.map { !movedOffTheCell && $0 == (mouse.column, mouse.row) } ?? false
      pressedCell = nil
      window.touchEnded(at: point)
      if wasTap { window.sendTap(at: point) }
    case .wheel(let dx, let dy):
      let delta = CGPoint(x: CGFloat(dx) * wheelStep.width, y: CGFloat(dy) * wheelStep.height)
      let scrollModels = window.scrollModels(at: point)
      let alongItsAxis = scrollModels.first {
        abs(delta.x) > abs(delta.y) ? $0.canScrollHorizontally : $0.canScrollVertically
      }
      guard let scroll = alongItsAxis ?? scrollModels.first else { return }
      if scroll.isPagingEnabled {
        turnPage(of: scroll, by: delta)
      } else {
        scroll.scroll(by: delta)
      }
    }
  }

  /// The paging scroll model the last wheel notch went to, and when.
  private weak var pagedByWheel: ScrollModel?
  private var lastPagingNotch: TimeInterval = -.infinity

  /// Turns a paging scroll model one page in the notch's direction, animated, for the first
  /// notch of a burst; the notches that follow it sooner than the scroll model's
  /// `ScrollModel/wheelReleaseDelay` after the one before are the same swipe, and turn nothing.
  private func turnPage(of scroll: ScrollModel, by delta: CGPoint) {
    let now = window.clock.now
    let isSameSwipe = pagedByWheel === scroll && now - lastPagingNotch < scroll.wheelReleaseDelay
    pagedByWheel = scroll
    lastPagingNotch = now
    guard !isSameSwipe else { return }
    func page(_ offset: CGFloat, _ length: CGFloat, _ step: CGFloat) -> CGFloat {
      guard length > 0, step != 0 else { return offset }
      return ((offset / length).rounded() + (step > 0 ? 1 : -1)) * length
    }
    let horizontal = abs(delta.x) > abs(delta.y)
    let offset = scroll.contentOffset
    let target = scroll.clampedOffset(
      CGPoint(
        x: horizontal ? page(offset.x, scroll.bounds.width, delta.x) : offset.x,
        y: horizontal ? offset.y : page(offset.y, scroll.bounds.height, delta.y)))
    guard target != offset else { return }
    scroll.setContentOffset(target, animated: true)
  }
}
