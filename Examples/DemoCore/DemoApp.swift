import Foundation
import Gallery
import Refresh
import Rendering

/// The terminal demo without the terminal: a feed in a ``ListView`` with a header and a footer,
/// a title bar and a status line, driven by ``InputEvent``s and drawn onto a ``TerminalCanvas``.
///
/// On a terminal, the executable puts it in a ``TerminalHost``'s window
/// (``init(window:feed:headerStyles:preferredLanguages:currentDate:)``, in the terminal user's
/// language); scripted sessions and tests make it a window of its own on a manual clock, feed it
/// events and read the canvas. Its parts: a
/// ``FeedService`` (the simulated server), a ``FeedListSource`` (the rows), two ``BarView``s, and
/// one table of ``KeyBinding``s for the help, the title bar and the keys.
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
    HeaderStyle(name: DemoApp.twoLevelStyleName) {
      let header = RefreshTwoLevelHeader(frame: .zero)
      header.secondFloorView = SecondFloorView()
      return header
    },
  ]

  /// The name of the two-level header's style, which the `s` key switches to.
  public static let twoLevelStyleName = "Two-level (second floor)"

  /// The languages the `l` key cycles through: every language the library has
  /// (`RefreshText.availableLanguages`), MJRefresh's six first.
  public static let languages = [
    "en", "zh-Hans", "zh-Hant", "ko", "ru", "uk", "ja", "pt-BR", "th", "de", "fr", "es", "ar",
    "he",
  ]

  /// The position in ``languages`` of the first of the user's languages that the library has,
  /// or of English when it has none, as the library chooses its own titles' language.
  ///
  /// ```swift
  /// DemoApp.languageIndex(for: ["ar_EG.UTF-8"])  // the position of "ar"
  /// ```
  ///
  /// - Parameter preferredLanguages: The user's languages, most wanted first (locale names
  ///   such as `"zh_CN.UTF-8"` or codes such as `"ko-KR"`).
  /// - Returns: A position in ``languages``.
  public static func languageIndex(for preferredLanguages: [String]) -> Int {
    let wanted = preferredLanguages.lazy.compactMap(RefreshText.canonicalLanguage(for:)).first
    return wanted.flatMap { languages.firstIndex(of: $0) } ?? 0
  }

  /// The largest screen the app lays out, in cells; larger terminals show it in the corner.
  public static let maximumSize = TerminalHost.maximumSize

  /// The demo's own keys, behind the help text, the title bar and ``handleOwnKey(_:)``.
  ///
  /// The list's keys (↑ ↓ j k, PgUp PgDn Space, Home End g G, Enter,
  /// r F5) are the library's (`InputDispatcher.defaultKeyBindings`).
  public static let keyBindings: [KeyBinding] = [
    KeyBinding(
      [.character("?")], "?", "show these keys (any key closes them)", titleHint: "? keys"
    ) { $0.showKeys() },
    KeyBinding(
      [.character("h")], "h",
      "next header: normal, gif, the seed controls (letters, colored, ...)",
      titleHint: "h header"
    ) { $0.nextHeaderStyle() },
    KeyBinding([.character("f")], "f", "auto or back footer", titleHint: "f footer") {
      $0.toggleFooter()
    },
    KeyBinding(
      [.character("s")], "s",
      "the two-level header: pull far to open the second floor; s again closes it",
      titleHint: "s floor"
    ) { $0.secondFloorKey() },
    KeyBinding(
      [.character("c")], "c", "chat list: older posts load at the top, the end stays in view",
      titleHint: "c chat"
    ) { $0.toggleChat() },
    KeyBinding(
      [.character("x")], "x",
      "the next request fails: a failed footer says \"Tap to retry\" (tap, or drag again)",
      titleHint: "x fail"
    ) { $0.service.failsNextRequest = true },
    KeyBinding(
      [.character("l")], "l",
      "next language (en, zh-Hans, zh-Hant, ko, ru, uk, ja, pt-BR, th, de, fr, es, ar, he)",
      titleHint: "l language"
    ) { $0.nextLanguage() },
    KeyBinding(
      [.character("q"), .control(3)], "q",
      "quit (Ctrl-C, Ctrl-\\ and Ctrl-Z also quit; the terminal is always restored)",
      titleHint: "q quit"
    ) { $0.shouldQuit = true },
  ]

  /// The list's keys, from the library, as the help prints them, one command a line.
  public static var listKeyHelp: String {
    let dispatcher = InputDispatcher(window: Window(frame: .zero, clock: ManualFrameClock()))
    return ListViewCommand.allCases.map { command in
      helpLine(dispatcher.keyNames(for: command), command.description)
    }.joined(separator: "\n")
  }

  /// The keys as the help prints them: the list's, then the demo's own, one a line.
  public static var keyHelp: String {
    ([listKeyHelp] + keyBindings.map { helpLine($0.keyNames, $0.summary) })
      .joined(separator: "\n")
  }

  private static func helpLine(_ names: String, _ summary: String) -> String {
    "  \(names.padding(toLength: 13, withPad: " ", startingAt: 0))\(summary)"
  }

  /// The window of the view tree, on the clock the app was given.
  public let window: Window
  /// The list showing the feed.
  public let scroll: ListView
  /// The simulated server.
  public let service: FeedService
  /// The posts.
  public var feed: FeedModel { service.feed }
  /// Whether `q` was pressed.
  public private(set) var shouldQuit = false
  /// The frame rate the executable measures, shown in the status line.
  public var framesPerSecond: Double = 0
  /// The share of requests that fail by themselves (the `x` key fails the next one); 0 unless
  /// set, the executable's live session sets it (see ``FeedService/failureRate``).
  public var failureRate: Double {
    get { service.failureRate }
    set { service.failureRate = newValue }
  }
  /// How long the simulated server takes to answer a refresh, in seconds.
  public var refreshDelay: TimeInterval {
    get { service.refreshDelay }
    set { service.refreshDelay = newValue }
  }
  /// How long the simulated server takes to answer for a page, in seconds.
  public var loadDelay: TimeInterval {
    get { service.loadDelay }
    set { service.loadDelay = newValue }
  }
  /// The current date, for the headers' last update time (fixed in scripted sessions).
  public let currentDate: @MainActor @Sendable () -> Date

  /// The headers `h` cycles through.
  public var headerStyles: [HeaderStyle]
  /// The position of the current header in ``headerStyles``.
  public private(set) var headerStyleIndex = 0
  /// Whether the footer loads by itself (auto) or appears past the end (back).
  public private(set) var usesAutoFooter = true
  /// Whether the list is a chat: oldest post first, an automatic header loading older posts
  /// above, and the end kept in view (`c`).
  public private(set) var isChat = false
  /// The position of the current language in ``languages``.
  public private(set) var languageIndex = 0

  /// Turns mouse reports into gestures on the window (scripted sessions and tests; on a
  /// terminal the host's own dispatcher does it).
  public let dispatcher: InputDispatcher

  private let source = FeedListSource()
  private var titleBar: BarView!
  private var statusBar: BarView!
  private let keysView = KeyHelpView(lines: DemoApp.keyHelp.components(separatedBy: "\n"))

  /// Whether the keys are shown over the list (`?`); the next key closes them.
  public var isShowingKeys: Bool { !keysView.isHidden }
  private(set) var columns: Int
  private(set) var screenRows: Int

  /// Creates the app in a window of its own, for a screen of `columns` × `rows` cells.
  ///
  /// - Parameters:
  ///   - clock: The clock driving animations, physics and the simulated network.
  ///   - columns: The screen's width, in cells (at least 1; at most ``maximumSize``).
  ///   - rows: The screen's height, in cells.
  ///   - feed: The posts.
  ///   - headerStyles: The headers `h` cycles through.
  ///   - preferredLanguages: The user's languages, most wanted first: the app starts in the
  ///     first one the library has (``languageIndex(for:)``). The terminal user's by default
  ///     (`RefreshText.preferredLanguages`: `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
  ///   - currentDate: The current date, for the last update time.
  public convenience init(
    clock: FrameClock, columns: Int, rows: Int, feed: FeedModel = FeedModel(),
    headerStyles: [HeaderStyle] = DemoApp.standardHeaderStyles,
    preferredLanguages: [String] = RefreshText.preferredLanguages,
    currentDate: @escaping @MainActor @Sendable () -> Date = { Date() }
  ) {
    self.init(
      window: Window(frame: .zero, clock: clock), columns: columns, rows: rows, feed: feed,
      headerStyles: headerStyles, preferredLanguages: preferredLanguages,
      currentDate: currentDate)
  }

  /// Creates the app in a window that is already on screen, such as a ``TerminalHost``'s,
  /// at the window's size.
  ///
  /// - Parameters:
  ///   - window: The window; its clock drives the app.
  ///   - feed: The posts.
  ///   - headerStyles: The headers `h` cycles through.
  ///   - preferredLanguages: The user's languages, most wanted first: the app starts in the
  ///     first one the library has. The terminal user's by default.
  ///   - currentDate: The current date, for the last update time.
  public convenience init(
    window: Window, feed: FeedModel = FeedModel(),
    headerStyles: [HeaderStyle] = DemoApp.standardHeaderStyles,
    preferredLanguages: [String] = RefreshText.preferredLanguages,
    currentDate: @escaping @MainActor @Sendable () -> Date = { Date() }
  ) {
    self.init(
      window: window, columns: Int(window.frame.width / TextMetrics.cellWidth),
      rows: Int(window.frame.height / TextMetrics.lineHeight), feed: feed,
      headerStyles: headerStyles, preferredLanguages: preferredLanguages,
      currentDate: currentDate)
  }

  private init(
    window: Window, columns: Int, rows: Int, feed: FeedModel, headerStyles: [HeaderStyle],
    preferredLanguages: [String], currentDate: @escaping @MainActor @Sendable () -> Date
  ) {
    self.window = window
    self.currentDate = currentDate
    self.columns = Self.clamp(columns, Self.maximumSize.columns)
    self.screenRows = Self.clamp(rows, Self.maximumSize.rows)
    self.headerStyles = headerStyles.isEmpty ? Self.standardHeaderStyles : headerStyles
    service = FeedService(clock: window.clock, feed: feed)
    scroll = ListView(frame: .zero)
    dispatcher = InputDispatcher(window: window)
    // The terminal's own background: what the demo draws on it is in the terminal's own
    // foreground or in a gray that reads on both themes.
    window.backgroundColor = .systemBackground
    titleBar = BarView(color: Color(hex: 0x1F3A93), textColor: .white, isBold: true) {
      [unowned self] in titleText
    }
    statusBar = BarView(color: Color(hex: 0xE5E5EA), textColor: .black) {
      [unowned self] in statusText
    }
    for view in [scroll, keysView, titleBar!, statusBar!] { window.addSubview(view) }
    languageIndex = Self.languageIndex(for: preferredLanguages)
    RefreshConfig.default.languageCode = Self.languages[languageIndex]
    layout()
    installHeader()
    installFooter()
    source.items = service.feed.items
    scroll.dataSource = source
    scroll.reloadData()
    scroll.contentOffset = scroll.minimumContentOffset
  }

  private static func clamp(_ value: Int, _ maximum: Int) -> Int {
    min(max(value, 1), maximum)
  }

  // MARK: Layout

  /// The point at the center of a cell, in window coordinates.
  public static func point(column: Int, row: Int) -> CGPoint {
    InputDispatcher.point(column: column, row: row)
  }

  /// Lays the app out for a new screen size.
  ///
  /// - Parameters:
  ///   - columns: The width, in cells.
  ///   - rows: The height, in cells.
  public func resize(columns: Int, rows: Int) {
    self.columns = Self.clamp(columns, Self.maximumSize.columns)
    self.screenRows = Self.clamp(rows, Self.maximumSize.rows)
    layout()
  }

  private func layout() {
    let width = CGFloat(columns) * TextMetrics.cellWidth
    let line = TextMetrics.lineHeight
    let height = CGFloat(screenRows) * line
    window.frame = CGRect(x: 0, y: 0, width: width, height: height)
    // A title row above and a status row below the list, when there is room for them.
    let hasBars = screenRows >= 3
    titleBar.isHidden = !hasBars
    statusBar.isHidden = !hasBars
    titleBar.frame = CGRect(x: 0, y: 0, width: width, height: line)
    statusBar.frame = CGRect(x: 0, y: height - line, width: width, height: line)
    let bars: CGFloat = hasBars ? 1 : 0
    scroll.frame = CGRect(
      x: 0, y: bars * line, width: width, height: max(0, height - 2 * bars * line))
    keysView.frame = scroll.frame
    window.setNeedsLayout()
  }

  // MARK: Components

  private func installHeader() {
    let header = headerStyles[headerStyleIndex].make()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = currentDate
    header.refreshingBlock = { [weak self] in
      self?.service.fetchNewPosts { answer in
        guard let self else { return }
        guard case .success(let count) = answer else {
          self.scroll.header?.endRefreshingWithFailure()
          return
        }
        self.source.items = self.service.feed.items
        self.scroll.insertRows(at: Array(0..<count))
        self.scroll.header?.endRefreshing(
          result: count == 0 ? "No new posts" : "\(count) new post\(count == 1 ? "" : "s")")
      }
    }
    scroll.header = header
  }

  private func installFooter() {
    let footer: RefreshFooter =
      usesAutoFooter ? RefreshAutoNormalFooter(frame: .zero) : RefreshBackNormalFooter(frame: .zero)
    footer.refreshingBlock = { [weak self] in
      self?.service.fetchNextPage { answer in
        guard let self else { return }
        // A failed load stays failed until it is tapped or reached by a new drag.
        guard case .success(let hasMorePages) = answer else {
          self.scroll.footer?.endRefreshingWithFailure()
          return
        }
        self.source.items = self.service.feed.items
        self.scroll.reloadData()
        if hasMorePages {
          self.scroll.footer?.endRefreshing()
        } else {
          self.scroll.footer?.endRefreshingWithNoMoreData()
        }
      }
    }
    if !service.feed.hasMorePages { footer.endRefreshingWithNoMoreData() }
    scroll.footer = footer
  }

  private func nextHeaderStyle() {
    service.cancelPendingRequests()
    if isChat { leaveChat() }
    headerStyleIndex = (headerStyleIndex + 1) % headerStyles.count
    installHeader()
  }

  private func toggleFooter() {
    service.cancelPendingRequests()
    if isChat { leaveChat() }
    usesAutoFooter.toggle()
    installFooter()
  }

  /// Switches to the two-level header, or closes its second floor when it is open.
  private func secondFloorKey() {
    if let header = scroll.header as? RefreshTwoLevelHeader, header.isSecondFloorOpen {
      header.closeSecondFloor()
      return
    }
    guard let index = headerStyles.firstIndex(where: { $0.name == Self.twoLevelStyleName })
    else { return }
    service.cancelPendingRequests()
    if isChat { leaveChat() }
    headerStyleIndex = index
    installHeader()
  }

  /// Turns the feed into a chat list and back.
  private func toggleChat() {
    service.cancelPendingRequests()
    if isChat {
      leaveChat()
      return
    }
    isChat = true
    scroll.footer = nil
    scroll.staysAtEnd = true
    let header = RefreshAutoNormalHeader(frame: .zero)
    header.refreshingBlock = { [weak self] in self?.loadOlderPosts() }
    if !service.feed.hasMorePages { header.endRefreshingWithNoMoreData() }
    scroll.header = header
    source.items = Array(service.feed.items.reversed())
    scroll.reloadData()
    scroll.contentOffset = scroll.maximumContentOffset
  }

  /// The older posts of a chat, inserted above the rows on screen, which stay where they are.
  private func loadOlderPosts() {
    service.fetchNextPage { [weak self] answer in
      guard let self, self.isChat else { return }
      guard case .success(let hasMorePages) = answer else {
        self.scroll.header?.endRefreshingWithFailure()
        return
      }
      let shown = self.source.items.count
      self.source.items = Array(self.service.feed.items.reversed())
      self.scroll.insertRows(at: Array(0..<max(0, self.source.items.count - shown)))
      guard let header = self.scroll.header as? RefreshAutoHeader else { return }
      if hasMorePages {
        header.endRefreshing()
      } else {
        header.endRefreshingWithNoMoreData()
      }
    }
  }

  private func leaveChat() {
    isChat = false
    scroll.staysAtEnd = false
    installHeader()
    installFooter()
    source.items = service.feed.items
    scroll.reloadData()
    scroll.contentOffset = scroll.minimumContentOffset
  }

  private func showKeys() {
    let accessibility = window.accessibility
    guard !accessibility.isScreenReaderRunning else {
      // The accessible mode draws nothing, so an overlay would be unseen and would hold back
      // the next key to close it: the keys are said instead, a line each.
      for line in ["Keys:"] + Self.keyHelp.components(separatedBy: "\n") {
        accessibility.post(notification: .announcement, argument: line)
      }
      return
    }
    keysView.isHidden = false
    keysView.setNeedsDisplay()
  }

  private func hideKeys() {
    keysView.isHidden = true
    // The list under it is drawn again on the next frame.
    scroll.setNeedsDisplay()
  }

  private func nextLanguage() {
    languageIndex = (languageIndex + 1) % Self.languages.count
    RefreshConfig.default.languageCode = Self.languages[languageIndex]
    titleBar.setNeedsDisplay()
  }

  // MARK: Input

  /// Handles one event: a key from the table, a mouse report as a gesture; a paste is not a
  /// run of keys, and the demo, which has nowhere to type, leaves it (and focus reports) to the
  /// dispatcher, which ignores them.
  ///
  /// - Parameter event: The event.
  public func handle(_ event: InputEvent) {
    switch event {
    case .key(let key): handle(key)
    case .mouse, .paste, .focusGained, .focusLost, .reply: dispatcher.handle(event)
    }
  }

  /// Handles a key: the demo's own binding, or else the list's (the library's key bindings,
  /// through ``dispatcher``).
  ///
  /// - Parameter key: The key.
  public func handle(_ key: Key) {
    if !handleOwnKey(key) { dispatcher.handle(.key(key)) }
  }

  /// Runs the demo's own binding of a key, if it has one; on a terminal the host's dispatcher
  /// gives the list the keys this leaves.
  ///
  /// While the keys are shown (``isShowingKeys``), any key closes them and does nothing else.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key is one of the demo's own, or closed the keys.
  @discardableResult
  public func handleOwnKey(_ key: Key) -> Bool {
    if isShowingKeys {
      hideKeys()
      return true
    }
    guard let binding = Self.keyBindings.first(where: { $0.keys.contains(key) }) else {
      return false
    }
    binding.action(self)
    titleBar.setNeedsDisplay()
    return true
  }

  // MARK: Drawing

  /// The title bar's text, fitted to the screen's width (see ``titleText(fittingCells:)``).
  public var titleText: String { titleText(fittingCells: columns) }

  /// The title bar's hints that give way first when the bar is too narrow for all of them:
  /// the scene already names the header, footer and language those keys change, and `?` lists
  /// every key.
  static let titleHintsDroppedFirst = [
    "l language", "f footer", "h header", "x fail", "c chat", "s floor", "q quit", "? keys",
    "r refresh",
  ]

  /// The title bar's text for a bar `cells` wide: the scene, then as many key hints as fit.
  ///
  /// The hints stay in the key table's order. When they do not all fit, the app's name goes
  /// first, then the hints in ``titleHintsDroppedFirst``'s order, so that at 100 columns the
  /// bar still shows `r`, `s`, `c`, `x`, `?` and `q`. What still does not fit is cut where the
  /// bar ends.
  ///
  /// - Parameter cells: The bar's width, in cells.
  /// - Returns: The text, starting with a space.
  public func titleText(fittingCells cells: Int) -> String {
    let language = Self.languages[languageIndex]
    let header = isChat ? "Chat (auto header)" : headerStyles[headerStyleIndex].name
    let footer = isChat ? "none" : usesAutoFooter ? "Auto" : "Back"
    let scene = "header \(header) · footer \(footer) · \(language)"
    var hints = ["r refresh"] + Self.keyBindings.compactMap(\.titleHint)
    func line(named: Bool) -> String {
      ([(named ? " swift-refresh · " : " ") + scene] + hints).joined(separator: " · ")
    }
    func fits(_ text: String) -> Bool { TextMetrics.cellCount(of: text) <= cells }
    if fits(line(named: true)) { return line(named: true) }
    for hint in Self.titleHintsDroppedFirst where !fits(line(named: false)) {
      hints.removeAll { $0 == hint }
    }
    return line(named: false)
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
    // An open second floor is the header's own state of the screen: it says so, not "idle".
    let headerState =
      (header as? RefreshTwoLevelHeader)?.isSecondFloorOpen == true
      ? "second floor" : header?.state.description ?? "-"
    return " header \(headerState)"
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
    canvas.clear(background: .systemBackground)
    window.render(in: canvas)
  }

  /// The screen's text, one line per row: what a person would read.
  public func screenText() -> String {
    let canvas = TerminalCanvas(columns: columns, rows: screenRows)
    render(into: canvas)
    return canvas.grid.text
  }
}
