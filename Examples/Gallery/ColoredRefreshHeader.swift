import Foundation
import Refresh

/// A 50-point header whose title and colours change with its state.
///
/// It is seed 003's hand-made header, which a scroll delegate restyled as the table moved, made
/// a ``RefreshStateHeader`` that restyles itself in ``RefreshComponent/stateDidChange(from:)``.
/// The titles are the seed's, in traditional Chinese; the colours are `UIColor`'s pure ones:
///
/// | state | title | text | background |
/// | --- | --- | --- | --- |
/// | idle | 下拉加載更多數據... | red | black |
/// | pulling | 松開立即刷新... | blue | yellow |
/// | refreshing | 正在加載新數據... | red | blue |
///
/// Change any of them with ``setStyle(_:for:)``. The title fills the header, in 17-point text
/// (`UILabel`'s default). The threshold is the library's `-(inset.top + 50)`: the seed adds
/// 35 points for a banner that, here, is part of the content.
///
/// ```swift
/// scroll.header = ColoredRefreshHeader {
///   feed.reload { scroll.header?.endRefreshing() }
/// }
/// ```
@MainActor
public final class ColoredRefreshHeader: RefreshStateHeader, StateStyledComponent {
  /// The header's height, 50 points, as in the seed.
  public static let headerHeight: CGFloat = 50

  /// The font size of the title, 17 points.
  public static let fontSize: CGFloat = 17

  /// The seed's styles, by state.
  public static let seedStyles: [RefreshState: LabelStyle] = [
    .idle: LabelStyle(
      title: "下拉加載更多數據...", textColor: SeedColor.red, backgroundColor: SeedColor.black),
    .pulling: LabelStyle(
      title: "松開立即刷新...", textColor: SeedColor.blue, backgroundColor: SeedColor.yellow),
    .refreshing: LabelStyle(
      title: "正在加載新數據...", textColor: SeedColor.red, backgroundColor: SeedColor.blue),
    .willRefresh: LabelStyle(
      title: "正在加載新數據...", textColor: SeedColor.red, backgroundColor: SeedColor.blue),
  ]

  /// The seed's title and colours in each state.
  public let stylesPart = StateStylesPart()

  public override func prepare() {
    super.prepare()
    frame.size.height = Self.headerHeight
    backgroundColor = SeedColor.red
    lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    lastUpdatedTimeLabel.isHidden = true
    stateLabel.isBold = false
    stateLabel.fontSize = Self.fontSize
    addPart(stylesPart)
    for (state, style) in Self.seedStyles {
      setStyle(style, for: state)
    }
  }
}
