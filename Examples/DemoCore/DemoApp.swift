import Foundation
import Gallery
import Refresh
import Rendering

/// The terminal demo without the terminal: a feed in a scroll model with a header and a footer,
/// driven by ``InputEvent``s and drawn onto a ``TerminalCanvas``.
///
/// The executable feeds it the keys and mouse reports it reads and writes the frames it draws;
/// tests feed it events on a manual clock and read the canvas.
///
/// ```swift
/// let clock = ManualFrameClock()
/// let app = DemoApp(clock: clock, columns: 60, rows: 24)
/// app.handle(.key(.character("r")))  // refresh
/// clock.advance(by: 2)
/// let canvas = TerminalCanvas(columns: 60, rows: 24)
/// app.render(into: canvas)
/// ```
@MainActor
public final class DemoApp {
  /// A header the `h` key cycles through.
  public struct HeaderStyle: Sendable {
    /// The name shown in the title bar.
    public var name: String
    /// Makes the header.
    public var make: @MainActor @Sendable () -> RefreshHeader

    /// Creates a header style.
    ///
    /// - Parameters:
    ///   - name: The name shown in the title bar.
    ///   - make: Makes the header.
    public init(name: String, make: @escaping @MainActor @Sendable () -> RefreshHeader) {
      self.name = name
      self.make = make
    }
  }

  /// The headers the `h` key cycles through; more can be added before the app starts.
  public static let standardHeaderStyles: [HeaderStyle] = [
    HeaderStyle(name: "Normal") { RefreshNormalHeader(frame: .zero) },
    HeaderStyle(name: "Gif") {
      let header = RefreshGifHeader(frame: .zero)
      header.setImages(["◜", "◝", "◞", "◟"].map(Image.glyph), for: .idle)
      header.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .pulling)
      header.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .refreshing)
      return header
    },
    // The seed documents' controls, from the Gallery.
    HeaderStyle(name: "Letters (seed 002)") { LettersRefreshHeader(frame: .zero) },
    HeaderStyle(name: "Colored (seed 003)") { ColoredRefreshHeader(frame: .zero) },
    HeaderStyle(name: "JSRefresh (seed 000)") { JSRefreshControl(frame: .zero) },
    HeaderStyle(name: "RefreshControl (seed 004)") { ValueChangedRefreshControl(frame: .zero) },
  ]

  /// The languages the `l` key cycles through.
  public static let languages = ["en", "zh-Hans", "zh-Hant", "ko", "ru", "uk"]

  /// The largest screen the app lays out, in cells; larger terminals show it in the corner.
  public static let maximumSize = (columns: 1000, rows: 500)

  /// The window of the view tree, on the clock the app was given.
  public let window: Window
  /// The scroll model showing the feed.
  public let scroll: ScrollModel
  /// The posts.
  public private(set) var feed: FeedModel
  /// Whether `q` was pressed.
  public private(set) var shouldQuit = false
  /// The frame rate the executable measures, shown in the status line.
  public var framesPerSecond: Double = 0
  /// How long the simulated server takes to answer a refresh, in seconds.
  public var refreshDelay: TimeInterval = 1.2
  /// How long the simulated server takes to answer for a page, in seconds.
  public var loadDelay: TimeInterval = 0.8
  /// The current date, for the headers' last update time (fixed in scripted sessions).
  public let currentDate: @MainActor @Sendable () -> Date

  /// The headers `h` cycles through.
  public var headerStyles: [HeaderStyle]
  /// The position of the current header in ``headerStyles``.
  public private(set) var headerStyleIndex = 0
  /// Whether the footer loads by itself (auto) or appears past the end (back).
  public private(set) var usesAutoFooter = true
  /// The position of the current language in ``languages``.
  public private(set) var languageIndex = 0

  private let feedView = FeedView(frame: .zero)
  private(set) var columns: Int
  private(set) var rows: Int
  private var pressedCell: (column: Int, row: Int)?
  private var pendingWork: [ClockTask] = []

  /// Creates the app for a screen of `columns` × `rows` cells.
  ///
  /// - Parameters:
  ///   - clock: The clock driving animations, physics and the simulated network.
  ///   - columns: The screen's width, in cells (at least 1; at most ``maximumSize``).
  ///   - rows: The screen's height, in cells.
  ///   - feed: The posts.
  ///   - headerStyles: The headers `h` cycles through.
  ///   - currentDate: The current date, for the last update time.
  public init(
    clock: FrameClock, columns: Int, rows: Int, feed: FeedModel = FeedModel(),
    headerStyles: [HeaderStyle] = DemoApp.standardHeaderStyles,
    currentDate: @escaping @MainActor @Sendable () -> Date = { Date() }
  ) {
    self.currentDate = currentDate
    self.columns = Self.clamp(columns, Self.maximumSize.columns)
    self.rows = Self.clamp(rows, Self.maximumSize.rows)
    self.feed = feed
    self.headerStyles = headerStyles.isEmpty ? Self.standardHeaderStyles : headerStyles
    window = Window(frame: .zero, clock: clock)
    scroll = ScrollModel(frame: .zero)
    window.backgroundColor = .white
    window.addSubview(scroll)
    scroll.addSubview(feedView)
    RefreshConfig.default.languageCode = Self.languages[languageIndex]
    layout()
    installHeader()
    installFooter()
    feedView.items = feed.items
    scroll.contentSize = CGSize(width: scroll.frame.width, height: feedView.frame.height)
    scroll.contentOffset = scroll.minimumContentOffset
  }

  private static func clamp(_ value: Int, _ maximum: Int) -> Int {
    min(max(value, 1), maximum)
  }

  // MARK: Layout

  /// The point at the center of a cell, in window coordinates.
  public static func point(column: Int, row: Int) -> CGPoint {
    CGPoint(
      x: (CGFloat(column) + 0.5) * TextMetrics.cellWidth,
      y: (CGFloat(row) + 0.5) * TextMetrics.lineHeight)
  }

  /// Lays the app out for a new screen size.
  ///
  /// - Parameters:
  ///   - columns: The width, in cells.
  ///   - rows: The height, in cells.
  public func resize(columns: Int, rows: Int) {
    self.columns = Self.clamp(columns, Self.maximumSize.columns)
    self.rows = Self.clamp(rows, Self.maximumSize.rows)
    layout()
  }

  private func layout() {
    let width = CGFloat(columns) * TextMetrics.cellWidth
    let height = CGFloat(rows) * TextMetrics.lineHeight
    window.frame = CGRect(x: 0, y: 0, width: width, height: height)
    // A title row above and a status row below the list, when there is room for them.
    let bars = rows >= 3 ? 1 : 0
    scroll.frame = CGRect(
      x: 0, y: CGFloat(bars) * TextMetrics.lineHeight, width: width,
      height: max(0, height - CGFloat(2 * bars) * TextMetrics.lineHeight))
    feedView.frame = CGRect(x: 0, y: 0, width: width, height: feedView.frame.height)
    scroll.contentSize = CGSize(width: width, height: feedView.frame.height)
    window.setNeedsLayout()
  }

  // MARK: Components

  private func installHeader() {
    let header = headerStyles[headerStyleIndex].make()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = currentDate
    header.refreshingBlock = { [weak self] in self?.simulateRefresh() }
    scroll.header = header
  }

  private func installFooter() {
    let footer: RefreshFooter =
      usesAutoFooter ? RefreshAutoNormalFooter(frame: .zero) : RefreshBackNormalFooter(frame: .zero)
    footer.refreshingBlock = { [weak self] in self?.simulateLoad() }
    if !feed.hasMorePages { footer.endRefreshingWithNoMoreData() }
    scroll.footer = footer
  }

  private func simulateRefresh() {
    schedule(after: refreshDelay) { app in
      let count = app.feed.refresh()
      app.feedChanged()
      app.scroll.header?.endRefreshing(
        result: count == 0 ? "No new posts" : "\(count) new post\(count == 1 ? "" : "s")")
    }
  }

  private func simulateLoad() {
    schedule(after: loadDelay) { app in
      app.feed.loadNextPage()
      app.feedChanged()
      if app.feed.hasMorePages {
        app.scroll.footer?.endRefreshing()
      } else {
        app.scroll.footer?.endRefreshingWithNoMoreData()
      }
    }
  }

  private func schedule(after delay: TimeInterval, _ work: @escaping @MainActor (DemoApp) -> Void) {
    pendingWork.removeAll { $0.isCancelled }
    pendingWork.append(
      window.clock.schedule(after: delay) { [weak self] in
        if let self { work(self) }
      })
  }

  private func feedChanged() {
    feedView.items = feed.items
    scroll.contentSize = CGSize(width: scroll.frame.width, height: feedView.frame.height)
  }

  // MARK: Input

  /// Handles one event: scrolling, pulling, and the keys of the help.
  ///
  /// - Parameter event: The event.
  public func handle(_ event: InputEvent) {
    switch event {
    case .key(let key): handle(key)
    case .mouse(let mouse): handle(mouse)
    }
  }

  private func handle(_ key: Key) {
    let line = TextMetrics.lineHeight
    let page = max(line, scroll.frame.height - 2 * line)
    switch key {
    // Arrows scroll like a wheel, so holding ↑ at the top pulls the header down.
    case .up, .character("k"): scroll.scroll(by: CGPoint(x: 0, y: -2 * line))
    case .down, .character("j"): scroll.scroll(by: CGPoint(x: 0, y: 2 * line))
    case .pageUp: scrollAnimated(by: -page)
    case .pageDown, .character(" "): scrollAnimated(by: page)
    case .home: scroll.setContentOffset(scroll.minimumContentOffset, animated: true)
    case .end: scroll.setContentOffset(scroll.maximumContentOffset, animated: true)
    case .character("r"): scroll.header?.beginRefreshing()
    case .character("h"):
      cancelPendingWork()
      headerStyleIndex = (headerStyleIndex + 1) % headerStyles.count
      installHeader()
    case .character("f"):
      cancelPendingWork()
      usesAutoFooter.toggle()
      installFooter()
    case .character("l"):
      languageIndex = (languageIndex + 1) % Self.languages.count
      RefreshConfig.default.languageCode = Self.languages[languageIndex]
    case .character("q"), .control(3): shouldQuit = true
    default: break
    }
  }

  private func scrollAnimated(by delta: CGFloat) {
    let target = scroll.clampedOffset(
      CGPoint(x: scroll.contentOffset.x, y: scroll.contentOffset.y + delta))
    scroll.setContentOffset(target, animated: true)
  }

  /// Ends the simulated requests of components that are being replaced.
  private func cancelPendingWork() {
    for task in pendingWork { task.cancel() }
    pendingWork = []
  }

  private func handle(_ mouse: MouseEvent) {
    let inWindow = Self.point(column: mouse.column, row: mouse.row)
    let inScroll = CGPoint(x: inWindow.x - scroll.frame.minX, y: inWindow.y - scroll.frame.minY)
    switch mouse.kind {
    case .press:
      pressedCell = (mouse.column, mouse.row)
      scroll.beginDragging(at: inScroll)
    case .drag:
      scroll.drag(to: inScroll)
    case .release:
      let wasTap = pressedCell.map { $0 == (mouse.column, mouse.row) } ?? false
      pressedCell = nil
      scroll.endDragging()
      if wasTap { window.sendTap(at: inWindow) }
    case .wheel(let dx, let dy):
      scroll.scroll(by: CGPoint(x: 0, y: CGFloat(dy + dx) * 3 * TextMetrics.lineHeight))
    }
  }

  // MARK: Drawing

  /// The title bar's text.
  public var titleText: String {
    let language = Self.languages[languageIndex]
    return " swift-refresh · header \(headerStyles[headerStyleIndex].name)"
      + " · footer \(usesAutoFooter ? "Auto" : "Back") · \(language)"
      + " · h header · f footer · l language · r refresh · q quit"
  }

  /// The status line's text: states, offset, adjusted inset, pulling percent, frame rate.
  public var statusText: String {
    let header = scroll.header
    let footer = scroll.footer
    let inset = scroll.adjustedContentInset
    func number(_ value: CGFloat) -> String {
      let text = String(format: "%.1f", Double(value))
      return text == "-0.0" ? "0.0" : text
    }
    return " header \(header?.state.description ?? "-")"
      + " · footer \(footer?.state.description ?? "-")"
      + " · offset \(number(scroll.contentOffset.y))"
      + " · inset \(number(inset.top))/\(number(inset.bottom))"
      + " · pull \(String(format: "%.2f", Double(header?.pullingPercent ?? 0)))"
      + " · \(Int(framesPerSecond.rounded())) fps"
  }

  /// Draws the screen: the title bar, the feed with its components, the status line.
  ///
  /// - Parameter canvas: A canvas of the app's size (cells beyond it are left alone).
  public func render(into canvas: TerminalCanvas) {
    window.layoutIfNeeded()
    canvas.clear(background: .white)
    window.render(in: canvas)
    canvas.state = CanvasState(
      clip: CGRect(
        x: 0, y: 0, width: CGFloat(canvas.columns) * canvas.cellSize.width,
        height: CGFloat(canvas.rows) * canvas.cellSize.height))
    guard rows >= 3 else { return }
    let width = CGFloat(columns) * TextMetrics.cellWidth
    let line = TextMetrics.lineHeight
    let title = CGRect(x: 0, y: 0, width: width, height: line)
    canvas.fill(title, color: Color(hex: 0x1F3A93))
    canvas.drawText(
      TextMetrics.truncated(titleText, toCells: columns), in: title,
      attributes: TextAttributes(isBold: true, color: .white))
    let status = CGRect(x: 0, y: CGFloat(rows - 1) * line, width: width, height: line)
    canvas.fill(status, color: Color(hex: 0xE5E5EA))
    canvas.drawText(
      TextMetrics.truncated(statusText, toCells: columns), in: status,
      attributes: TextAttributes(color: .black))
  }

  /// The screen's text, one line per row: what a person would read.
  public func screenText() -> String {
    let canvas = TerminalCanvas(columns: columns, rows: rows)
    render(into: canvas)
    return canvas.grid.text
  }
}
