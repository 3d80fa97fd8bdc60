import Foundation
import Observing

/// The headless `UIView`: a rectangle in a tree of views, with UIKit's geometry, hierarchy,
/// layout and display hooks, observable with `Observing`.
///
/// Subclass it as you would subclass `UIView`: lay out subviews in ``layoutSubviews()``, draw in
/// ``draw(in:)``, and react to the hierarchy in the `willMove`/`didMove` hooks.
///
/// ```swift
/// final class Badge: View {
///   let label = Label()
///   override init(frame: CGRect) {
///     super.init(frame: frame)
///     addSubview(label)
///   }
///   override func layoutSubviews() {
///     super.layoutSubviews()
///     label.frame = bounds
///   }
/// }
/// ```
///
/// Geometry and appearance are `@Observed`: `view.observe(\.frame)` works as KVO does, and so
/// does `\.bounds`, which follows `frame` (and, in a ``ScrollModel``, `contentOffset`).
/// Assignments of non-finite geometry are refused: the previous value stays.
@MainActor
open class View: Observable {
  /// The registry of this view's observers.
  public nonisolated let observationRegistry = ObservationRegistry()

  /// The view's rectangle in its superview's coordinates.
  ///
  /// A change of size marks the view as needing layout. Non-finite rectangles are refused.
  @Observed(validate: acceptFiniteRect)
  public var frame: CGRect = .zero {
    didSet {
      recordAnimation(of: .frame, from: oldValue, to: frame)
      if frame.size != oldValue.size {
        frameSizeDidChange()
        if autoresizesSubviews { resizeSubviews(withOldSize: oldValue.size) }
      }
    }
  }

  /// ``frame``, read as stored, unreported (see `Observed._untrackedValue`): for the attached
  /// components, which read theirs and the scroll model's on every offset change.
  var untrackedFrame: CGRect { _frame._untrackedValue }

  /// ``isHidden`` and ``isUserInteractionEnabled`` as stored, unreported: for the attached
  /// components, which test them on every offset change of their scroll model.
  var untrackedIsHidden: Bool { _isHidden._untrackedValue }
  var untrackedIsUserInteractionEnabled: Bool { _isUserInteractionEnabled._untrackedValue }

  /// The opacity, 0...1 (values outside are clamped, `NaN` is refused).
  @Observed(validate: acceptUnitInterval)
  public var alpha: CGFloat = 1 {
    didSet { recordAnimation(of: .alpha, from: oldValue, to: alpha) }
  }

  /// Whether the view and its subviews are hidden.
  ///
  /// Showing a view asks its window for a frame, so display that came due while it was hidden
  /// runs.
  @Observed public var isHidden = false {
    didSet {
      guard oldValue, !isHidden else { return }
      // Display that came due below it while it was hidden was left out of the passes, and
      // its ancestors no longer say so.
      if needsDisplay || subviewsNeedDisplay { markAncestorsNeedDisplay() }
      window?.setNeedsFrame()
    }
  }

  /// Whether the view receives taps (and, for refresh components, scroll changes).
  @Observed public var isUserInteractionEnabled = true

  /// The color that fills the view's bounds before it draws, or `nil` for none.
  @Observed public var backgroundColor: Color?

  /// Whether the view keeps a layout direction of its own (UIKit's
  /// `semanticContentAttribute`); ``SemanticContentAttribute/unspecified`` by default, which
  /// takes the superview's (see ``effectiveUserInterfaceLayoutDirection``).
  ///
  /// A change lays out and redraws the view and its subviews.
  @Observed public var semanticContentAttribute: SemanticContentAttribute = .unspecified {
    didSet {
      if semanticContentAttribute != oldValue { layoutDirectionDidChange() }
    }
  }

  /// Asks the subtree for layout and display after its direction changed.
  func layoutDirectionDidChange() {
    setNeedsLayout()
    setNeedsDisplay()
    for subview in subviews { subview.layoutDirectionDidChange() }
  }

  /// The view's rotation.
  @Observed public var transform: Transform = .identity {
    didSet {
      recordAnimation(of: .rotation, from: oldValue.rotation, to: transform.rotation)
    }
  }

  /// Whether subviews are clipped to the bounds when drawn.
  ///
  /// Read for every view of every frame drawn, and a `Bool` is read and written whole by code
  /// that calls out to nothing while it holds it, so the dynamic exclusivity check is turned
  /// off.
  @exclusivity(unchecked) public var clipsToBounds = false

  /// How the view follows a change of its superview's bounds size (UIKit's
  /// `autoresizingMask`); empty by default, as in UIKit.
  ///
  /// ```swift
  /// header.autoresizingMask = .flexibleWidth  // as wide as the scroll model, always
  /// ```
  public var autoresizingMask: AutoresizingMask = []

  /// Whether subviews follow their ``autoresizingMask`` when this view's size changes (`true`
  /// by default, as in UIKit).
  public var autoresizesSubviews = true

  /// Called when the view is tapped (see ``Window/sendTap(at:)``).
  public var onTap: ((View) -> Void)?

  /// Whether assistive technology reads this view as one element
  /// (`UIView.isAccessibilityElement`): `false` for a plain view, whose subviews are read
  /// instead; `true` for labels and refresh components.
  public var isAccessibilityElement = false

  /// What the view reads as (`UIView.accessibilityLabel`); a label reads its text, and a
  /// refresh component its title, unless set.
  ///
  /// Main-actor confined and read or written whole, so the dynamic exclusivity check is turned
  /// off.
  @exclusivity(unchecked) open var accessibilityLabel: String?

  /// The view's current value, read after its label (`UIView.accessibilityValue`).
  public var accessibilityValue: String?

  /// The actions assistive technology offers on this view beside activating it.
  ///
  /// UIKit's `UIView.accessibilityCustomActions`; none unless set. A scroll model adds the
  /// actions of its refresh components ("Refresh", "Load more") to the ones set.
  open var accessibilityCustomActions: [AccessibilityAction] {
    get { customAccessibilityActions }
    set { customAccessibilityActions = newValue }
  }
  private var customAccessibilityActions: [AccessibilityAction] = []

  // `superview`, `window`, `needsLayout` and `needsDisplay` are read on every change that
  // redraws or lays out (a title, an offset) and on every frame. Main-actor confined, and
  // every access to them is a whole load or store that calls out to no other code while it
  // holds them (`setNeedsLayout()` walks the ancestors through copies), so no access can
  // overlap another and the dynamic exclusivity checks are turned off.

  /// The view containing this one.
  @exclusivity(unchecked) public private(set) weak var superview: View?

  /// The views this one contains, back to front.
  ///
  /// Read for every view of every frame drawn. Main-actor confined, and only this file's
  /// hierarchy methods change it, in statements that call out to no other code while they
  /// hold it (the hooks run before and after), while every read copies the array out at once;
  /// no access can overlap another, so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) public private(set) var subviews: [View] = []

  /// The window the view is in, or `nil` when it is not on screen.
  @exclusivity(unchecked) public internal(set) weak var window: Window?

  /// Whether ``layoutSubviews()`` is due.
  @exclusivity(unchecked) public private(set) var needsLayout = true

  /// Whether layout may be due below this view.
  ///
  /// Set on the ancestors of every view marked by ``setNeedsLayout()``, so that a layout pass
  /// walks only the branches that need it, not a list's every row. A set flag implies its
  /// ancestors' (the mark stops at the first ancestor that has it); a subtree attached with
  /// flags set is marked from its root up by ``insertSubview(_:at:)``. Read and written whole,
  /// with no call out in between.
  @exclusivity(unchecked) private(set) var subviewsNeedLayout = false

  /// Whether ``draw(in:)`` is due in the next display pass.
  @exclusivity(unchecked) public private(set) var needsDisplay = true

  /// Whether display may be due below this view.
  ///
  /// Set on the ancestors of every view marked by ``setNeedsDisplay()``, so that a display
  /// pass, and the window's test for pending work, walk only the branches that need it: a
  /// frame in which nothing changed visits the window alone. A set flag implies its visible
  /// ancestors' (the mark stops at the first ancestor that has it): a display pass clears the
  /// flags of what it visits and leaves those of a hidden view, whose display waits until it
  /// is shown, and showing it marks its ancestors again. Read and written whole, with no call
  /// out in between.
  @exclusivity(unchecked) private(set) var subviewsNeedDisplay = false

  /// The presentation animations running on this view, by property.
  ///
  /// Main-actor confined and never accessed re-entrantly (no access calls out while it holds
  /// the dictionary), and read by setters on every change while any animation runs anywhere,
  /// so the dynamic exclusivity check is turned off.
  @exclusivity(unchecked) var animationTracks = AnimationTracks()

  /// Creates a view with a frame.
  ///
  /// - Parameter frame: The view's rectangle in its future superview's coordinates.
  public init(frame: CGRect) {
    self.frame = frame.isFinite ? frame : .zero
  }

  /// Creates a view with a zero frame.
  public convenience init() {
    self.init(frame: .zero)
  }

  // MARK: - Geometry

  /// The origin of the view's own coordinate system: zero, except in a ``ScrollModel``, where
  /// it is the content offset.
  open var boundsOrigin: CGPoint { .zero }

  /// The bounds origin as shown on screen now: the animated content offset of a scroll model.
  open var presentedBoundsOrigin: CGPoint { boundsOrigin }

  /// The view's rectangle in its own coordinates: ``boundsOrigin`` and the size of ``frame``.
  ///
  /// Setting it changes the frame's size, keeping the frame's center.
  public var bounds: CGRect {
    get { CGRect(origin: boundsOrigin, size: frame.size) }
    set {
      guard newValue.size.isFinite else { return }
      let center = CGPoint(x: frame.midX, y: frame.midY)
      frame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The center of the frame, in the superview's coordinates.
  public var center: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// Converts a point from this view's coordinates to another view's (or the window's, for
  /// `nil`), through their common ancestor.
  ///
  /// - Parameters:
  ///   - point: A point in this view's coordinates.
  ///   - view: The target view, or `nil` for the root of this view's tree.
  /// - Returns: The same point in `view`'s coordinates.
  public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
    let inRoot = pointInRoot(point)
    guard let view else { return inRoot }
    let origin = view.pointInRoot(.zero)
    return CGPoint(x: inRoot.x - origin.x, y: inRoot.y - origin.y)
  }

  /// Converts a rectangle from this view's coordinates to another view's.
  ///
  /// - Parameters:
  ///   - rect: A rectangle in this view's coordinates.
  ///   - view: The target view, or `nil` for the root of this view's tree.
  /// - Returns: The same rectangle in `view`'s coordinates.
  public func convert(_ rect: CGRect, to view: View?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  private func pointInRoot(_ point: CGPoint) -> CGPoint {
    var result = point
    var view: View? = self
    while let current = view {
      let origin = current.boundsOrigin
      result.x += current.frame.minX - origin.x
      result.y += current.frame.minY - origin.y
      view = current.superview
    }
    return result
  }

  // MARK: - Hierarchy

  /// Adds a view at the front of the subviews.
  ///
  /// - Parameter view: The view to add; it leaves its current superview first.
  public func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts a view among the subviews.
  ///
  /// The hooks run in UIKit's order: the view's ``willMove(toSuperview:)`` and
  /// ``willMove(toWindow:)``, then ``didMoveToWindow()`` and ``didMoveToSuperview()``, then this
  /// view's ``didAddSubview(_:)``.
  ///
  /// - Parameters:
  ///   - view: The view to insert; inserting a view into itself or an ancestor is ignored.
  ///   - index: The position, clamped to `0...subviews.count`.
  public func insertSubview(_ view: View, at index: Int) {
    guard view !== self, !isDescendant(of: view) else { return }
    if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
      subviews.remove(at: current)
      subviews.insert(view, at: min(max(index, 0), subviews.count))
      return
    }
    view.removeFromSuperview()
    view.willMove(toSuperview: self)
    let movesWindow = view.window !== window
    if movesWindow { view.propagateWillMove(toWindow: window) }
    subviews.insert(view, at: min(max(index, 0), subviews.count))
    view.superview = self
    if movesWindow { view.propagateDidMove(toWindow: window) }
    view.didMoveToSuperview()
    didAddSubview(view)
    view.markNeedsLayout()
    if view.needsDisplay || view.subviewsNeedDisplay { view.markAncestorsNeedDisplay() }
    setNeedsLayout()
  }

  /// Removes the view from its superview, running the hierarchy hooks.
  public func removeFromSuperview() {
    guard let superview else { return }
    willMove(toSuperview: nil)
    let hadWindow = window != nil
    if hadWindow { propagateWillMove(toWindow: nil) }
    superview.willRemoveSubview(self)
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
    if hadWindow { propagateDidMove(toWindow: nil) }
    didMoveToSuperview()
    superview.setNeedsLayout()
  }

  /// Called when the frame's size changed: the view needs layout.
  func frameSizeDidChange() {
    setNeedsLayout()
  }

  /// Moves and resizes the subviews by their ``autoresizingMask`` after this view's size
  /// changed from `oldSize` (the bounds size is the frame size).
  private func resizeSubviews(withOldSize oldSize: CGSize) {
    let newSize = frame.size
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      subview.frame = subview.autoresizingMask.resized(subview.frame, from: oldSize, to: newSize)
    }
  }

  /// Whether the view is `view` or one of its descendants.
  ///
  /// - Parameter view: A possible ancestor.
  /// - Returns: `true` when `view` is this view or contains it.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  private func propagateWillMove(toWindow newWindow: Window?) {
    willMove(toWindow: newWindow)
    for subview in subviews { subview.propagateWillMove(toWindow: newWindow) }
  }

  private func propagateDidMove(toWindow newWindow: Window?) {
    window = newWindow
    if newWindow != nil {
      needsDisplay = true
      subviewsNeedDisplay = !subviews.isEmpty
      newWindow?.setNeedsFrame()
    }
    didMoveToWindow()
    for subview in subviews { subview.propagateDidMove(toWindow: newWindow) }
  }

  /// Called before the view moves to a new superview (or leaves, with `nil`); call `super`.
  ///
  /// - Parameter newSuperview: The future superview, or `nil` when the view is removed.
  open func willMove(toSuperview newSuperview: View?) {}

  /// Called after the view moved to a new superview or left one; call `super`.
  open func didMoveToSuperview() {}

  /// Called before the view (or an ancestor) moves to a new window; call `super`.
  ///
  /// - Parameter newWindow: The future window, or `nil` when leaving the screen.
  open func willMove(toWindow newWindow: Window?) {}

  /// Called after the view moved to a window or left one; call `super`.
  ///
  /// ``window`` is already up to date.
  open func didMoveToWindow() {}

  /// Called after a subview was added; call `super`.
  ///
  /// - Parameter subview: The added view.
  open func didAddSubview(_ subview: View) {}

  /// Called before a subview is removed; call `super`.
  ///
  /// - Parameter subview: The view about to be removed.
  open func willRemoveSubview(_ subview: View) {}

  // MARK: - Layout and display

  /// Marks the view as needing layout; the next layout pass (or ``layoutIfNeeded()``) runs
  /// ``layoutSubviews()``.
  ///
  /// Marking a view that is already marked does nothing more, as in UIKit: its ancestors were
  /// flagged and its window asked for a frame when it was marked (a component's state change
  /// marks it three times: its title, its arrow and the change itself).
  public func setNeedsLayout() {
    guard !needsLayout else { return }
    markNeedsLayout()
  }

  /// Marks the view, flags its ancestors and asks its window for a frame, whether or not it was
  /// marked already: for a view that joins a hierarchy, whose new ancestors know nothing of
  /// its mark.
  func markNeedsLayout() {
    needsLayout = true
    var ancestor = superview
    while let view = ancestor, !view.subviewsNeedLayout {
      view.subviewsNeedLayout = true
      ancestor = view.superview
    }
    window?.setNeedsFrame()
  }

  /// Lays out this view and its whole subtree now, where layout is due.
  ///
  /// Only the branches that hold a view marked by ``setNeedsLayout()`` are visited.
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    // Cleared before the walk: a view marked during it marks this one again.
    guard subviewsNeedLayout else { return }
    subviewsNeedLayout = false
    for subview in subviews {
      subview.layoutIfNeeded()
    }
  }

  /// Positions the subviews; override it to lay out your own, and call `super`.
  open func layoutSubviews() {}

  /// The size that best fits in `size` (`UIView.sizeThatFits(_:)`): for a plain view, its
  /// current size.
  ///
  /// Views with content (labels, images, spinners) override it to return their content's size.
  ///
  /// - Parameter size: The space available.
  /// - Returns: The size the view would like.
  open func sizeThatFits(_ size: CGSize) -> CGSize {
    bounds.size
  }

  /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin
  /// (`UIView.sizeToFit()`).
  open func sizeToFit() {
    frame.size = sizeThatFits(bounds.size)
  }

  /// Marks the view as needing display; the next display pass calls ``draw(in:)``.
  ///
  /// Marking a view that is already marked does nothing more: its window was asked for a frame
  /// when it was marked (or will be when the view, or a hidden ancestor, is shown, or when it
  /// joins a window), and frames keep coming while a shown view waits for display.
  public func setNeedsDisplay() {
    guard !needsDisplay else { return }
    needsDisplay = true
    markAncestorsNeedDisplay()
    window?.setNeedsFrame()
  }

  /// Flags the ancestors: display is due below them.
  private func markAncestorsNeedDisplay() {
    var ancestor = superview
    while let view = ancestor, !view.subviewsNeedDisplay {
      view.subviewsNeedDisplay = true
      ancestor = view.superview
    }
  }

  /// Whether layout or display is due anywhere in the subtree, display only where it would be
  /// drawn (a hidden view's waits until it is shown).
  var hasPendingWork: Bool {
    needsLayout || subviewsNeedLayout || (!isHidden && (needsDisplay || subviewsNeedDisplay))
  }

  /// Runs ``draw(in:)`` on every visible view of the subtree whose display is due.
  ///
  /// Only the branches flagged by ``setNeedsDisplay()`` are visited.
  func displayIfNeeded(in canvas: Canvas) {
    guard !isHidden else { return }
    if needsDisplay {
      needsDisplay = false
      draw(in: canvas)
    }
    // Cleared before the walk: a view marked during it marks this one again.
    guard subviewsNeedDisplay else { return }
    subviewsNeedDisplay = false
    for subview in subviews {
      subview.displayIfNeeded(in: canvas)
    }
  }

  /// Draws the view's content in its own coordinates; override it and call `super`.
  ///
  /// Renderers call it for every visible view on every frame they draw; the window's display
  /// pass also calls it (with a canvas that draws nothing) when the view first appears on screen
  /// and after ``setNeedsDisplay()``, as UIKit calls `drawRect:`. The background color has
  /// already been filled.
  ///
  /// - Parameter canvas: Where to draw.
  open func draw(in canvas: Canvas) {}

  /// Draws what lies in front of the subviews, in the view's own coordinates, after they drew
  /// (a scroll model's indicators); nothing for a plain view.
  func drawOverlay(in canvas: Canvas) {}

  // MARK: - Taps

  /// Takes a tap at a point in the view's own coordinates (see ``Window/sendTap(at:)``): calls
  /// ``onTap``, and returns whether the view took the tap.
  ///
  /// Override it to act on where the tap landed (a list selects the row there), and call
  /// `super` first, so that ``onTap`` still runs.
  ///
  /// - Parameter point: Where the tap landed, in this view's coordinates.
  /// - Returns: Whether the tap was taken; when not, it goes on to the superview.
  open func handleTap(at point: CGPoint) -> Bool {
    guard let onTap else { return false }
    onTap(self)
    return true
  }

  // MARK: - Hit testing

  /// The deepest visible, interactive view containing a point, or `nil`.
  ///
  /// - Parameter point: A point in this view's coordinates.
  /// - Returns: The view that should receive a touch there.
  public func hitTest(_ point: CGPoint) -> View? {
    guard !isHidden, isUserInteractionEnabled, alpha > 0.01,
      bounds.contains(point)
    else { return nil }
    for subview in subviews.reversed() {
      let origin = subview.frame.origin
      let inner = subview.boundsOrigin
      let local = CGPoint(x: point.x - origin.x + inner.x, y: point.y - origin.y + inner.y)
      if let hit = subview.hitTest(local) { return hit }
    }
    return self
  }
}

/// Refuses rectangles with non-finite coordinates.
private func acceptFiniteRect(_ current: CGRect, _ proposed: CGRect) -> CGRect? {
  proposed.isFinite ? proposed : nil
}

/// Clamps to 0...1 and refuses `NaN`.
private func acceptUnitInterval(_ current: CGFloat, _ proposed: CGFloat) -> CGFloat? {
  proposed.isNaN ? nil : min(max(proposed, 0), 1)
}
