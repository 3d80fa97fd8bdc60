import Foundation

/// A piece of a component's look that follows the component: its state title, its last update
/// time, its arrow and spinner, its frames, or one of your own.
///
/// A component is its edge's behaviour plus the parts it shows. The built-in variants are
/// compositions: ``RefreshStateHeader`` is a header with a ``StateTitlePart`` and a
/// ``LastUpdatedTimePart``, ``RefreshNormalHeader`` adds an ``ArrowAndSpinnerPart``,
/// ``RefreshGifHeader`` a ``StateImagesPart``. Compose your own the same way, in
/// ``RefreshComponent/prepare()``:
///
/// ```swift
/// final class ClockHeader: RefreshHeader {
///   let indicator = ArrowAndSpinnerPart()
///   let title = Label(text: "Pull for the latest")
///
///   override func prepare() {
///     super.prepare()
///     addSubview(title)
///     addPart(indicator)
///   }
/// }
/// ```
///
/// ``RefreshComponent/addPart(_:)`` attaches a part (``didAttach(to:)``: add your views to the
/// component there), and from then on the component tells it, in the order the parts were
/// added, of each state change (``show(_:from:in:)``, inside
/// ``RefreshComponent/stateDidChange(from:)``), of each layout pass (``place(in:)``, inside
/// ``RefreshComponent/placeSubviews()``), of a change of language
/// (``languageDidChange(in:)``, inside ``RefreshComponent/i18nDidChange()``), of anything else
/// it shows that changed (``update(in:)``: a title set, a result held, the last update time),
/// and, when the part asks for it, of every change of ``RefreshComponent/pullingPercent``
/// (``follow(pullingPercent:in:)``). ``RefreshComponent/removePart(_:)`` detaches it
/// (``willDetach(from:)``: take your views away).
///
/// A part belongs to one component at a time. Every requirement but ``show(_:from:in:)`` and
/// ``place(in:)`` has a default that does nothing.
@MainActor
public protocol RefreshComponentPart: AnyObject {
  /// The part joined `component`: add its views to it and show the component's current state.
  ///
  /// - Parameter component: The component it was added to.
  func didAttach(to component: RefreshComponent)

  /// The part is leaving `component`: remove its views from it.
  ///
  /// - Parameter component: The component it is removed from.
  func willDetach(from component: RefreshComponent)

  /// Shows a new state.
  ///
  /// - Parameters:
  ///   - state: The new state (the component's ``RefreshComponent/state``).
  ///   - oldState: The state before it; the same as `state` when the component asks the part
  ///     to show its state again (after its edge moved, say).
  ///   - component: The component.
  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent)

  /// Shows again what the part shows, after something other than the state changed: a title
  /// set for a state, a result a header holds, its last update time, a failure's message.
  ///
  /// - Parameter component: The component.
  func update(in component: RefreshComponent)

  /// Updates localized text; by default, ``update(in:)``.
  ///
  /// - Parameter component: The component, whose layout follows.
  func languageDidChange(in component: RefreshComponent)

  /// Lays the part out in the component's bounds.
  ///
  /// - Parameter component: The component being laid out.
  func place(in component: RefreshComponent)

  /// Whether the part follows ``RefreshComponent/pullingPercent``, as a gif's idle frames do;
  /// read once, when the part is added. `false` by default: most parts change with the state
  /// alone, and a part that follows the percent is told on every offset change of a pull.
  var followsPullingPercent: Bool { get }

  /// Follows a new pulling percent (only for a part whose ``followsPullingPercent`` is `true`).
  ///
  /// - Parameters:
  ///   - pullingPercent: The component's new ``RefreshComponent/pullingPercent``.
  ///   - component: The component.
  func follow(pullingPercent: CGFloat, in component: RefreshComponent)
}

extension RefreshComponentPart {
  /// Does nothing: a part with no views of its own.
  public func didAttach(to component: RefreshComponent) {}

  /// Does nothing.
  public func willDetach(from component: RefreshComponent) {}

  /// Does nothing: a part that shows the state alone.
  public func update(in component: RefreshComponent) {}

  /// Shows again what the part shows (``update(in:)``).
  public func languageDidChange(in component: RefreshComponent) {
    update(in: component)
  }

  /// `false`: the part changes with the state alone.
  public var followsPullingPercent: Bool { false }

  /// Does nothing.
  public func follow(pullingPercent: CGFloat, in component: RefreshComponent) {}
}
