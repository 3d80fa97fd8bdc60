import Foundation
import Refresh

/// A 35-point footer that loads more when the end of the list comes into view, and hides while
/// the list is empty.
///
/// It is seed 003's load-more footer as a ``RefreshAutoStateFooter``: it loads as soon as it is
/// fully in view (or when its title is tapped), with the seed's titles and colours:
///
/// | state | title | text | background |
/// | --- | --- | --- | --- |
/// | idle | 上拉加載更多 | black | red |
/// | refreshing | 正在加載更多數據... | black | blue |
/// | no more data | the localized "No more data" | black | light grey |
///
/// Tell it how many items the list holds with ``setItemCount(_:)`` (or set ``isEmpty``): an
/// empty list hides it, and a hidden footer gives back its bottom inset and stops loading, as
/// the seed hides its footer when it has no rows.
///
/// ```swift
/// let footer = LoadMoreFooter {
///   feed.loadMore { scroll.footer?.endRefreshing() }
/// }
/// scroll.footer = footer
/// footer.setItemCount(feed.items.count)
/// ```
@MainActor
public final class LoadMoreFooter: RefreshAutoStateFooter, StateStyledComponent {
  /// The footer's height, 35 points, as in the seed.
  public static let footerHeight: CGFloat = 35

  /// The font size of the title, 17 points.
  public static let fontSize: CGFloat = 17

  /// The seed's styles, by state.
  public static let seedStyles: [RefreshState: LabelStyle] = [
    .idle: LabelStyle(
      title: "上拉加載更多", textColor: SeedColor.black, backgroundColor: SeedColor.red),
    .refreshing: LabelStyle(
      title: "正在加載更多數據...", textColor: SeedColor.black, backgroundColor: SeedColor.blue),
    .willRefresh: LabelStyle(
      title: "正在加載更多數據...", textColor: SeedColor.black, backgroundColor: SeedColor.blue),
    .noMoreData: LabelStyle(
      title: nil, textColor: SeedColor.black, backgroundColor: SeedColor.lightGray),
  ]

  /// The seed's title and colours in each state.
  public let stylesPart = StateStylesPart()

  /// Whether the list is empty: an empty list hides the footer, which then gives back its inset.
  ///
  /// Setting it sets ``View/isHidden``; `false`, the default, shows the footer.
  public var isEmpty = false {
    didSet { isHidden = isEmpty }
  }

  /// Tells the footer how many items the list holds: none hides it, any shows it.
  ///
  /// - Parameter count: The number of items (rows) in the list.
  public func setItemCount(_ count: Int) {
    isEmpty = count <= 0
  }

  public override func prepare() {
    super.prepare()
    frame.size.height = Self.footerHeight
    stateLabel.isBold = false
    stateLabel.fontSize = Self.fontSize
    addPart(stylesPart)
    for (state, style) in Self.seedStyles {
      setStyle(style, for: state)
    }
  }
}
