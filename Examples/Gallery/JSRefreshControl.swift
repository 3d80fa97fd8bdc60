import Foundation
import Refresh

/// Seed 000's `JSRefresh`: an orange 50-point header that names its state in purple.
///
/// The title is the state's name, as the seed prints its enum: "Normal", "Pulling",
/// "Refreshing", in 15-point purple text centred on an orange background, with no arrow or
/// spinner. Everything else, thresholds, the inset and target–action, comes from
/// ``TargetActionRefreshHeader``.
///
/// ```swift
/// let refresh = JSRefreshControl()
/// refresh.addTarget(controller, action: TableController.refreshAction)
/// scroll.header = refresh
/// ```
@MainActor
public final class JSRefreshControl: TargetActionRefreshHeader {
  /// The seed's background, `UIColor.orangeColor()`: rgb(255, 128, 0).
  public static let defaultBackgroundColor = Color(red: 255, green: 128, blue: 0)

  /// The seed's text colour, `UIColor.purpleColor()`: rgb(128, 0, 128).
  public static let defaultTextColor = Color(red: 128, green: 0, blue: 128)

  /// The seed's font size, 15 points.
  public static let fontSize: CGFloat = 15

  public override func prepare() {
    super.prepare()
    isIndicatorHidden = true
    backgroundColor = Self.defaultBackgroundColor
    stateLabel.textColor = Self.defaultTextColor
    stateLabel.fontSize = Self.fontSize
    setTitle("Normal", for: .idle)
    setTitle("Pulling", for: .pulling)
    setTitle("Refreshing", for: .refreshing)
    setTitle("Refreshing", for: .willRefresh)
  }
}
