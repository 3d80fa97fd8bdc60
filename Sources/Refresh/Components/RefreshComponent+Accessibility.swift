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
  /// idle title again when a pull goes back before its threshold. A refresh that ends without
  /// a result to show says it finished (``finishedAnnouncement``); one that ends with a result
  /// announces the result instead. The component reads as its title
  /// (``View/accessibilityLabel``) in every state without being told.
  func announceState(from oldState: RefreshState) {
    switch state {
    case .pulling, .refreshing, .noMoreData, .failed:
      if let title = shownTitle { postAccessibility(.announcement, title) }
    case .idle where oldState == .pulling:
      if let title = shownTitle { postAccessibility(.announcement, title) }
    case .idle where oldState == .refreshing && !isHoldingResult:
      if let finished = finishedAnnouncement { postAccessibility(.announcement, finished) }
    case .idle, .willRefresh:
      break
    }
  }
}
