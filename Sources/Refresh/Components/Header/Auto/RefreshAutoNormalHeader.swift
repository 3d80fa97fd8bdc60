import Foundation

/// An automatic header with a spinner while loading: the automatic normal footer mirrored at
/// the top, for a chat list's older messages.
///
/// ```swift
/// list.header = RefreshAutoNormalHeader { loadOlderMessages() }
/// ```
open class RefreshAutoNormalHeader: RefreshAutoStateHeader, SpinnerComponent {
  /// The spinner, beside the title while loading.
  public let indicatorPart = ArrowAndSpinnerPart(showsArrow: false)

  open override func prepare() {
    super.prepare()
    addPart(indicatorPart)
  }
}
