import Foundation

/// What a refresh component tells assistive technology.
extension RefreshComponent {
  /// The title the component shows now, if it shows one (its state label's text).
  var shownTitle: String? {
    // The label through its part, not bound to a name of its own: a label is referenced
    // weakly, so retaining it goes through its side table.
    guard let titles = titlePart, !titles.label.isHidden else { return nil }
    return titles.label.text
  }

  /// Announces what a sighted user sees change with the state.
  ///
  /// It announces the title once armed
  /// ("Release to refresh"), refreshing ("Loading..."), out of data ("No more data"), failed
  /// ("Refresh failed", "Load failed. Tap to retry."), and the
  /// idle title again when a pull goes back before its threshold. The component reads as its
  /// title (``View/accessibilityLabel``) in every state without being told.
  func announceState(from oldState: RefreshState) {
    let announces =
      switch state {
      case .pulling, .refreshing, .noMoreData, .failed: true
      case .idle: oldState == .pulling
      case .willRefresh: false
      }
    if announces, let title = shownTitle { postAccessibility(.announcement, title) }
  }
}
