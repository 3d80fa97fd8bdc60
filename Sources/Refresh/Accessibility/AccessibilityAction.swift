import Foundation

/// An action assistive technology offers on a view beside activating it: UIKit's
/// `UIAccessibilityCustomAction`.
///
/// A screen reader lists a view's actions by name (``View/accessibilityCustomActions``) and
/// performs one on request (``View/performAccessibilityAction(named:)``). A scroll model with a
/// header or a footer offers "Refresh" and "Load more" itself, since a pull is a gesture a
/// screen-reader user cannot make.
///
/// ```swift
/// row.accessibilityCustomActions = [
///   AccessibilityAction(name: "Delete") { feed.delete(item); return true }
/// ]
/// ```
@MainActor
public struct AccessibilityAction {
  /// What assistive technology reads for it, in the user's language.
  public var name: String
  /// Performs it; returns whether it could.
  public var handler: @MainActor () -> Bool
  /// Whether a scroll model made it for one of its components, so that setting the actions it
  /// returned (`actions.append(x)`) does not store it among the ones set.
  var isComponentAction = false

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - name: What assistive technology reads for it.
  ///   - handler: Performs it, returning whether it could (`false` tells the user nothing
  ///     happened).
  public init(name: String, handler: @escaping @MainActor () -> Bool) {
    self.name = name
    self.handler = handler
  }
}

extension View {
  /// Performs the first of ``accessibilityCustomActions`` with this name, as a screen reader
  /// does when the user picks it.
  ///
  /// ```swift
  /// list.performAccessibilityAction(named: "Refresh")  // the header plays its pull
  /// ```
  ///
  /// - Parameter name: The action's name, compared exactly.
  /// - Returns: What the action's handler returned, or `false` when the view has no action of
  ///   that name.
  @discardableResult
  public func performAccessibilityAction(named name: String) -> Bool {
    guard let action = accessibilityCustomActions.first(where: { $0.name == name }) else {
      return false
    }
    return action.handler()
  }
}
