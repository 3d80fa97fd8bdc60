import Foundation

/// What a refresh component tells assistive technology.
extension RefreshComponent {
  /// The title the component shows now, if it shows one (its state label's text).
  var shownTitle: String? {
    for part in parts {
      guard let titles = part as? StateTitleLabel, !titles.label.isHidden else { continue }
      return titles.label.text
    }
    return nil
  }

  /// Announces what a sighted user sees change with the state.
  ///
  /// It announces the title once armed
  /// ("Release to refresh"), refreshing ("Loading..."), out of data ("No more data"), failed
  /// ("Refresh failed", "Load failed. Tap to retry."), and the
  /// idle title again when a pull goes back before its threshold. The component reads its
  /// title (``View/accessibilityLabel``) in every state.
  func announceState(from oldState: RefreshState) {
    let title = shownTitle
    accessibilityLabel = title
    let announces =
      switch state {
      case .pulling, .refreshing, .noMoreData, .failed: true
      case .idle: oldState == .pulling
      case .willRefresh: false
      }
    if announces, let title { postAccessibility(.announcement, title) }
  }
}
