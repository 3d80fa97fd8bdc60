import Foundation
import Refresh

/// A part that styles a component's state title by state: its text, its colour and the colour
/// behind it (seed 003's header and footer restyle their label so as the table moves).
///
/// It works on the component's ``StateTitlePart``, so it is added after it; ``setStyle(_:for:)``
/// sets the state's title there, and every state change gives the label that state's colours
/// (the colours it has when the state has no style):
///
/// ```swift
/// let styles = StateStylesPart()
/// header.addPart(styles)
/// styles.setStyle(
///   LabelStyle(title: "Release!", textColor: .white, backgroundColor: .blue), for: .pulling)
/// ```
@MainActor
public final class StateStylesPart: RefreshComponentPart {
  private var styles: [RefreshState: LabelStyle] = [:]
  private weak var component: RefreshComponent?

  /// Creates a part with no styles.
  public init() {}

  /// Sets how the title looks in a state, and shows it if that is the component's state.
  ///
  /// - Parameters:
  ///   - style: The title and colours, or `nil` to keep the current colours in that state and
  ///     show the localized default title.
  ///   - state: The state it belongs to.
  public func setStyle(_ style: LabelStyle?, for state: RefreshState) {
    styles[state] = style
    guard let component else { return }
    title(of: component)?.setTitle(style?.title, for: state)
    applyColors(in: component)
  }

  /// How the title looks in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its style, or `nil` when it has none.
  public func style(for state: RefreshState) -> LabelStyle? {
    styles[state]
  }

  /// Takes the styles set before it joined to the component's title.
  public func didAttach(to component: RefreshComponent) {
    self.component = component
    for (state, style) in styles { title(of: component)?.setTitle(style.title, for: state) }
    applyColors(in: component)
  }

  /// Forgets the component.
  public func willDetach(from component: RefreshComponent) {
    self.component = nil
  }

  /// Gives the label the new state's colours.
  public func show(
    _ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent
  ) {
    applyColors(in: component)
  }

  /// Places nothing: the title part lays the label out.
  public func place(in component: RefreshComponent) {}

  private func title(of component: RefreshComponent) -> StateTitlePart? {
    component.part(ofType: StateTitlePart.self)
  }

  private func applyColors(in component: RefreshComponent) {
    guard let style = styles[component.state], let label = title(of: component)?.label else {
      return
    }
    label.textColor = style.textColor
    label.backgroundColor = style.backgroundColor
  }
}

/// A component whose state title a ``StateStylesPart`` styles: ``ColoredRefreshHeader`` and
/// ``LoadMoreFooter``.
@MainActor
public protocol StateStyledComponent: RefreshComponent {
  /// The part that styles the title, which the component added.
  var stylesPart: StateStylesPart { get }
}

extension StateStyledComponent {
  /// Sets how the title looks in a state, and shows it if that is the current state.
  ///
  /// - Parameters:
  ///   - style: The title and colours, or `nil` to keep the current colours in that state and
  ///     show the localized default title.
  ///   - state: The state it belongs to.
  public func setStyle(_ style: LabelStyle?, for state: RefreshState) {
    stylesPart.setStyle(style, for: state)
  }

  /// How the title looks in a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its style, or `nil` when it has none.
  public func style(for state: RefreshState) -> LabelStyle? {
    stylesPart.style(for: state)
  }
}
