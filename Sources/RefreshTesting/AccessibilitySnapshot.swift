import Foundation
import Refresh

extension SnapshotStrategy where Value: View {
  /// What assistive technology is told of the view, as text: its accessibility elements in
  /// reading order, then the posts its window's `AccessibilityChannel` has made.
  ///
  /// Each visible element is a line with its type, its label and its value, indented by how
  /// deep it sits below the view; a hidden view, and all below it, reads nothing, as a screen
  /// reader skips it:
  ///
  /// ```text
  /// RefreshNormalHeader "Pull down to refresh"
  /// posts:
  ///   announcement "Release to refresh"
  /// ```
  ///
  /// A component author sees in the reference when a change makes a state silent, or says
  /// something else.
  public static var accessibility: SnapshotStrategy {
    SnapshotStrategy(pathExtension: "txt") { view in
      AccessibilitySnapshot.text(of: view)
    }
  }
}

/// The text of ``SnapshotStrategy/accessibility``.
@MainActor
enum AccessibilitySnapshot {
  static func text(of view: View) -> String {
    var lines: [String] = []
    elements(of: view, depth: 0, into: &lines)
    if lines.isEmpty { lines.append("(no accessibility element)") }
    let posts = view.window?.accessibility.posts ?? []
    if !posts.isEmpty {
      lines.append("posts:")
      for post in posts {
        lines.append("  \(kind(of: post.notification)) \(quoted(post.text))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The elements of `view` and below, in reading order: an element reads for itself and all
  /// below it; a view that is not one lets its subviews read, back to front.
  private static func elements(of view: View, depth: Int, into lines: inout [String]) {
    guard !view.isHidden else { return }
    if view.isAccessibilityElement {
      var line = String(repeating: "  ", count: depth) + String(describing: type(of: view))
      line += " " + quoted(view.accessibilityLabel ?? "")
      if let value = view.accessibilityValue, !value.isEmpty { line += " value " + quoted(value) }
      lines.append(line)
      return
    }
    for subview in view.subviews {
      elements(of: subview, depth: depth + 1, into: &lines)
    }
  }

  private static func kind(of notification: AccessibilityNotification) -> String {
    switch notification {
    case .announcement: "announcement"
    case .appeared: "appeared"
    case .focused: "focused"
    }
  }

  /// A text in quotes, with its quotes and line breaks escaped so that one element is one line.
  private static func quoted(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
    return "\"" + escaped + "\""
  }
}
