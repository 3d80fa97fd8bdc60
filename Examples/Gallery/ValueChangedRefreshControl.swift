import Foundation
import Refresh

/// Seed 004's `RefreshControl`: a red 50-point header with an arrow, a spinner and a Chinese
/// message.
///
/// The message is "下拉刷新" (pull down to refresh) while normal, "松手就刷新" (release to
/// refresh) while pulling and "正在刷新..." (refreshing) while refreshing, in 11-point grey to
/// the right of the arrow, which turns over 0.25 s when releasing would refresh and gives way to
/// the spinner while refreshing. Target–action and the inset come from
/// ``TargetActionRefreshHeader``.
///
/// ```swift
/// let refreshControl = ValueChangedRefreshControl()
/// refreshControl.addTarget(self, action: StatusesController.loadData)
/// scroll.header = refreshControl
/// ```
@MainActor
public final class ValueChangedRefreshControl: TargetActionRefreshHeader {
  /// The seed's background, `UIColor.red`: rgb(255, 0, 0).
  public static let defaultBackgroundColor = Color(red: 255, green: 0, blue: 0)

  /// The seed's message colour, `UIColor.gray`: rgb(128, 128, 128).
  public static let defaultTextColor = Color(red: 128, green: 128, blue: 128)

  /// The seed's font size, 11 points.
  public static let fontSize: CGFloat = 11

  public override func prepare() {
    super.prepare()
    backgroundColor = Self.defaultBackgroundColor
    stateLabel.textColor = Self.defaultTextColor
    stateLabel.fontSize = Self.fontSize
    setTitle("下拉刷新", for: .idle)
    setTitle("松手就刷新", for: .pulling)
    setTitle("正在刷新...", for: .refreshing)
    setTitle("正在刷新...", for: .willRefresh)
  }
}
