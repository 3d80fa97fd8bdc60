import Foundation

/// An automatic header with a spinner while loading: the automatic normal footer mirrored at
/// the top, for a chat list's older messages.
///
/// ```swift
/// list.header = RefreshAutoNormalHeader { loadOlderMessages() }
/// ```
@MainActor
open class RefreshAutoNormalHeader: RefreshAutoStateHeader {
  /// The spinner shown while loading.
  public let loadingView = ActivityIndicatorView()

  open override func prepare() {
    super.prepare()
    addPart(ArrowAndSpinner(spinner: loadingView, in: self))
  }
}
