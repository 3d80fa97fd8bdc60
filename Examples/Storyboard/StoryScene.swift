import Foundation
import Refresh

/// The stage a storyboard plays on: a phone-sized window on a manual clock, with a scroll model
/// filling it.
///
/// A storyboard's `setup` dresses it (content, insets, a component, other views); its steps
/// then drive ``scroll`` with gestures, or touch ``window`` where the window routes them to the
/// scroll model under the finger, while the player advances ``clock``:
///
/// ```swift
/// setup: { scene in
///   let feed = scene.installFeed(title: "Feed", rowCount: 20)  // the scroll model's rows
///   scene.scroll.header = RefreshNormalHeader { feed.prepend(2) }
/// }
/// ```
@MainActor
final class StoryScene {
  /// The size of every frame: an iPhone's screen, in points.
  static let screenSize = CGSize(width: 375, height: 667)

  /// The clock the player advances; everything in the window moves on it.
  let clock = ManualFrameClock()

  /// The window that is rendered into each frame.
  let window: Window

  /// The scroll model the gestures drive; it fills the window until `setup` moves it, and
  /// ``installFeed(title:rowCount:newestNumber:)`` makes it a ``ListView`` of posts.
  private(set) var scroll: ScrollModel

  /// The posts of the feed `setup` installed, if any.
  private(set) var feed: FeedRows?

  /// The data sources of the lists on stage (a list holds its data source weakly).
  private var dataSources: [FeedRows] = []

  /// The component whose state the captions show; the scroll model's header, footer or trailer
  /// (the first there is) unless set.
  var subject: RefreshComponent? {
    get { chosenSubject ?? scroll.header ?? scroll.footer ?? scroll.trailer }
    set { chosenSubject = newValue }
  }

  private var chosenSubject: RefreshComponent?

  /// The axis of the content offset the captions show: horizontal for a trailer, vertical
  /// otherwise, unless set.
  var captionAxis: Axis {
    get { chosenAxis ?? (subject is RefreshTrailer ? .horizontal : .vertical) }
    set { chosenAxis = newValue }
  }

  private var chosenAxis: Axis?

  /// The scroll model whose content offset the captions show: ``scroll`` unless set.
  ///
  /// A story over nested scroll models points it, from a `.call` step, at the one that moves
  /// at the moment: a pager while it turns, then the list pulled on the page it turned to.
  var captionScroll: ScrollModel {
    get { chosenCaptionScroll ?? scroll }
    set { chosenCaptionScroll = newValue }
  }

  private var chosenCaptionScroll: ScrollModel?

  /// A direction of scrolling.
  enum Axis: Sendable {
    /// Left to right: the caption shows the offset's `x`.
    case horizontal
    /// Top to bottom: the caption shows the offset's `y`.
    case vertical
  }

  /// Creates an empty stage: a window of ``screenSize`` and a scroll model filling it.
  init() {
    window = Window(frame: CGRect(origin: .zero, size: Self.screenSize), clock: clock)
    scroll = ScrollModel(frame: window.bounds)
    window.addSubview(scroll)
  }

  /// Dresses the stage as a feed: the scroll model becomes a ``ListView`` of posts (call it
  /// first in `setup`), under a navigation bar whose height is its top inset, scrolled to the
  /// top.
  ///
  /// - Parameters:
  ///   - title: The navigation bar's title.
  ///   - rowCount: How many posts.
  ///   - newestNumber: The number of the newest post (see ``FeedRows/init(rowCount:newestNumber:)``).
  /// - Returns: The feed, to add posts to from the steps.
  @discardableResult
  func installFeed(title: String, rowCount: Int, newestNumber: Int? = nil) -> FeedRows {
    let rows = FeedRows(rowCount: rowCount, newestNumber: newestNumber)
    let list = installList(of: rows, frame: scroll.frame)
    scroll.removeFromSuperview()
    scroll = list
    feed = rows
    scroll.contentInset = EdgeInsets(top: NavigationBar.height)
    scroll.contentOffset = CGPoint(x: 0, y: -NavigationBar.height)
    window.addSubview(NavigationBar(title: title, width: window.frame.width))
    return rows
  }

  /// Puts a list of posts in the window, or in a view of it.
  ///
  /// ```swift
  /// // The second page of a horizontal pager of 375 × 603 pages.
  /// scene.installList(
  ///   of: FeedRows(rowCount: 20), frame: CGRect(x: 375, y: 0, width: 375, height: 603),
  ///   in: scene.scroll)
  /// ```
  ///
  /// - Parameters:
  ///   - rows: The posts; the scene keeps them for the list.
  ///   - frame: The list's frame in its superview.
  ///   - container: The list's superview: the window unless given (a pager, say).
  /// - Returns: The list, laid out.
  @discardableResult
  func installList(of rows: FeedRows, frame: CGRect, in container: View? = nil) -> ListView {
    let list = ListView(frame: frame)
    rows.list = list
    list.dataSource = rows
    dataSources.append(rows)
    (container ?? window).addSubview(list)
    list.reloadData()
    return list
  }

  /// The first view of a type in the window, depth first, back to front: how steps find the
  /// content `setup` installed.
  ///
  /// ```swift
  /// .call { scene in scene.first(CarouselView.self)?.frame.origin.x = 10 }
  /// ```
  ///
  /// - Parameter type: The view's type.
  /// - Returns: The view, or `nil` when there is none.
  func first<Found: View>(_ type: Found.Type) -> Found? {
    func search(_ view: View) -> Found? {
      if let found = view as? Found { return found }
      for subview in view.subviews {
        if let found = search(subview) { return found }
      }
      return nil
    }
    return search(window)
  }
}
