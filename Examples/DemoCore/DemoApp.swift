import Foundation
import Gallery
import Refresh
import Rendering

/// The terminal demo without the terminal: feeds in tabs, each a ``ListView`` with a header and
/// a footer on a page of a horizontal pager, under a title bar and a tab strip and over a status
/// line, driven by ``InputEvent``s and drawn onto a ``TerminalCanvas``.
///
/// On a terminal, the executable puts it in a ``TerminalHost``'s window with
/// ``standardTabs`` and the host's dispatcher
/// (``init(window:dispatcher:feed:tabs:headerStyles:preferredLanguages:currentDate:)``, in the
/// terminal user's language); scripted sessions and tests make it a window of its own on a
/// manual clock, feed it events and read the canvas. Without tabs it shows one feed, with no
/// tab strip. Its parts: a ``FeedTab`` per tab (its ``FeedService``, the simulated server, and
/// its list), a ``TabStripView``, two ``BarView``s, and one table of ``KeyBinding``s for the
/// help, the title bar and the keys.
///
/// The window routes each drag as UIKit routes pans: one across turns the ``pager`` (and moves
/// no list), one up or down scrolls, or pulls, the list under the pointer alone. `h`, `f` and
/// `s` change every tab's components; `c`, `x` and the list keys act on the current tab.
///
/// ```swift
/// let clock = ManualFrameClock()
/// let app = DemoApp(clock: clock, columns: 60, rows: 24, tabs: DemoApp.standardTabs)
/// app.handle(.key(.tab))  // the "Popular" tab, the pager sliding there
/// app.handle(.key(.character("r")))  // refresh it
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

  /// A tab of the pager: a name for the tab strip and the feed its list shows.
  public struct Tab: Sendable {
    /// The name the tab strip shows.
    public var name: String
    /// The posts of the tab.
    public var feed: FeedModel

    /// Creates a tab.
    ///
    /// - Parameters:
    ///   - name: The name the tab strip shows.
    ///   - feed: The posts of the tab.
    public init(name: String, feed: FeedModel) {
      self.name = name
      self.feed = feed
    }
  }

  /// The executable's tabs: "Latest" (the shipped feed), "Popular" (the same posts, the most
  /// discussed first) and "Saved" (a few posts kept, in pages of five, to which refreshes bring
  /// nothing new).
  public static var standardTabs: [Tab] {
    [
      Tab(name: "Latest", feed: FeedModel()),
      Tab(name: "Popular", feed: FeedModel(archive: FeedData.popular, arriving: FeedData.rising)),
      Tab(name: "Saved", feed: FeedModel(archive: FeedData.saved, arriving: [], pageSize: 5)),
    ]
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
      [.tab, .character("]")], "Tab ]", "next tab (after the last, the first); the pager slides",
      titleHint: "Tab ] next tab"
    ) { $0.turnPage(by: 1) },
    KeyBinding(
      [.backTab, .character("[")], "Shift-Tab [",
      "previous tab (before the first, the last); the pager slides",
      titleHint: "Shift-Tab [ prev tab"
    ) { $0.turnPage(by: -1) },
    KeyBinding(
      [.character("h")], "h",
      "next header, on every tab: normal, gif, the seed controls (letters, colored, ...)",
      titleHint: "h header"
    ) { $0.nextHeaderStyle() },
    KeyBinding(
      [.character("f")], "f", "auto or back footer, on every tab", titleHint: "f footer"
    ) {
      $0.toggleFooter()
    },
    KeyBinding(
      [.character("s")], "s",
      "the two-level header on every tab: pull far to open the floor; s again closes it",
      titleHint: "s floor"
    ) { $0.secondFloorKey() },
    KeyBinding(
      [.character("c")], "c", "this tab as a chat: older posts load at the top, the end in view",
      titleHint: "c chat"
    ) { $0.toggleChat() },
    KeyBinding(
      [.character("x")], "x",
      "this tab's next request fails: the footer says \"Tap to retry\" (tap, or drag again)",
      titleHint: "x fail"
    ) { $0.currentTab.service.failsNextRequest = true },
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
  /// The horizontal pager whose pages are the tabs' lists (`ScrollModel/isPagingEnabled`).
  ///
  /// A horizontal drag pages it and leaves the lists where they are; a vertical one scrolls,
  /// or pulls, the list under the pointer alone (the window's touch routing). With one tab it
  /// takes no touches, so the list has them at once.
  public let pager: ScrollModel
  /// The tabs, one a page of ``pager``, in the tab strip's order.
  public let tabs: [FeedTab]
  /// The position of the current tab in ``tabs``: the page the pager shows, or the one it
  /// is sliding to after a key turned it.
  public var tabIndex: Int {
    if let keyTarget = pagedTabIndex, !pager.isDragging { return keyTarget }
    return nearestPage
  }
  /// The current tab.
  public var currentTab: FeedTab { tabs[tabIndex] }
  /// The list of the current tab.
  public var scroll: ListView { currentTab.list }
  /// The simulated server of the current tab.
  public var service: FeedService { currentTab.service }
  /// The posts of the current tab.
  public var feed: FeedModel { service.feed }
  /// Whether `q` was pressed.
  public private(set) var shouldQuit = false
  /// The frame rate the executable measures, shown in the status line.
  public var framesPerSecond: Double = 0
  /// The share of requests that fail by themselves on every tab (the `x` key fails the
  /// current tab's next one); 0 unless set, the executable's live session sets it (see
  /// ``FeedService/failureRate``).
  public var failureRate: Double {
    get { tabs[0].service.failureRate }
    set { for tab in tabs { tab.service.failureRate = newValue } }
  }
  /// How long the simulated servers take to answer a refresh, in seconds.
  public var refreshDelay: TimeInterval {
    get { tabs[0].service.refreshDelay }
    set { for tab in tabs { tab.service.refreshDelay = newValue } }
  }
  /// How long the simulated servers take to answer for a page, in seconds.
  public var loadDelay: TimeInterval {
    get { tabs[0].service.loadDelay }
    set { for tab in tabs { tab.service.loadDelay = newValue } }
  }
  /// The current date, for the headers' last update time (fixed in scripted sessions).
  public let currentDate: @MainActor @Sendable () -> Date

  /// The headers `h` cycles through.
  public var headerStyles: [HeaderStyle]
  /// The position of every tab's header in ``headerStyles`` (a chat's own header aside).
  public private(set) var headerStyleIndex = 0
  /// Whether the footers load by themselves (auto) or appear past the end (back).
  public private(set) var usesAutoFooter = true
  /// Whether the current tab's list is a chat: oldest post first, an automatic header loading
  /// older posts above, and the end kept in view (`c`).
  public var isChat: Bool { currentTab.isChat }
  /// The position of the current language in ``languages``.
  public private(set) var languageIndex = 0

  /// Turns mouse reports into gestures on the window, and gives the list keys to the current
  /// tab's list: the one given to the initializer (a ``TerminalHost``'s, on a terminal), or the
  /// app's own (scripted sessions and tests).
  public let dispatcher: InputDispatcher

  private var titleBar: BarView!
  private var statusBar: BarView!
  private var tabStrip: TabStripView!
  private let keysView = KeyHelpView(lines: DemoApp.keyHelp.components(separatedBy: "\n"))
  /// The page a key turned the pager to, until a drag takes it.
  private var pagedTabIndex: Int?
  private var pagerObservation: ObservationToken?

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
  ///   - feed: The posts, when there are no `tabs`.
  ///   - tabs: The pager's tabs, each a feed of its own list (``standardTabs`` are the
  ///     executable's); none by default: one list of `feed`, with no tab strip.
  ///   - headerStyles: The headers `h` cycles through.
  ///   - preferredLanguages: The user's languages, most wanted first: the app starts in the
  ///     first one the library has (``languageIndex(for:)``). The terminal user's by default
  ///     (`RefreshText.preferredLanguages`: `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
  ///   - currentDate: The current date, for the last update time.
  public convenience init(
    clock: FrameClock, columns: Int, rows: Int, feed: FeedModel = FeedModel(),
    tabs: [Tab] = [],
    headerStyles: [HeaderStyle] = DemoApp.standardHeaderStyles,
    preferredLanguages: [String] = RefreshText.preferredLanguages,
    currentDate: @escaping @MainActor @Sendable () -> Date = { Date() }
  ) {
    let window = Window(frame: .zero, clock: clock)
    self.init(
      window: window, columns: columns, rows: rows,
      tabs: tabs.isEmpty ? [Tab(name: "Feed", feed: feed)] : tabs,
      dispatcher: InputDispatcher(window: window), headerStyles: headerStyles,
      preferredLanguages: preferredLanguages, currentDate: currentDate)
  }

  /// Creates the app in a window that is already on screen, such as a ``TerminalHost``'s,
  /// at the window's size.
  ///
  /// - Parameters:
  ///   - window: The window; its clock drives the app.
  ///   - dispatcher: The dispatcher that turns the terminal's input into gestures on the
  ///     window (a ``TerminalHost``'s `dispatcher`): the app gives it the current tab's list as
  ///     the one the list keys go to. `nil` (the default): one of the app's own.
  ///   - feed: The posts, when there are no `tabs`.
  ///   - tabs: The pager's tabs; none by default: one list of `feed`, with no tab strip.
  ///   - headerStyles: The headers `h` cycles through.
  ///   - preferredLanguages: The user's languages, most wanted first: the app starts in the
  ///     first one the library has. The terminal user's by default.
  ///   - currentDate: The current date, for the last update time.
  public convenience init(
    window: Window, dispatcher: InputDispatcher? = nil, feed: FeedModel = FeedModel(),
    tabs: [Tab] = [],
    headerStyles: [HeaderStyle] = DemoApp.standardHeaderStyles,
    preferredLanguages: [String] = RefreshText.preferredLanguages,
    currentDate: @escaping @MainActor @Sendable () -> Date = { Date() }
  ) {
    self.init(
      window: window, columns: Int(window.frame.width / TextMetrics.cellWidth),
      rows: Int(window.frame.height / TextMetrics.lineHeight),
      tabs: tabs.isEmpty ? [Tab(name: "Feed", feed: feed)] : tabs,
      dispatcher: dispatcher ?? InputDispatcher(window: window), headerStyles: headerStyles,
      preferredLanguages: preferredLanguages, currentDate: currentDate)
  }

  private init(
    window: Window, columns: Int, rows: Int, tabs: [Tab], dispatcher: InputDispatcher,
    headerStyles: [HeaderStyle], preferredLanguages: [String],
    currentDate: @escaping @MainActor @Sendable () -> Date
  ) {
    self.window = window
    self.currentDate = currentDate
    self.columns = Self.clamp(columns, Self.maximumSize.columns)
    self.screenRows = Self.clamp(rows, Self.maximumSize.rows)
    self.headerStyles = headerStyles.isEmpty ? Self.standardHeaderStyles : headerStyles
    self.tabs = tabs.map { tab in
      FeedTab(name: tab.name, service: FeedService(clock: window.clock, feed: tab.feed))
    }
    self.dispatcher = dispatcher
    pager = ScrollModel(frame: .zero)
    pager.isPagingEnabled = true
    pager.showsVerticalScrollIndicator = false
    pager.showsHorizontalScrollIndicator = false
    // One page has nowhere to go: the list alone takes the touches, at once.
    pager.isScrollEnabled = tabs.count > 1
    // The terminal's own background: what the demo draws on it is in the terminal's own
    // foreground or in a gray that reads on both themes.
    window.backgroundColor = .systemBackground
    titleBar = BarView(color: Color(hex: 0x1F3A93), textColor: .white, isBold: true) {
      [unowned self] in titleText
    }
    statusBar = BarView(color: Color(hex: 0xE5E5EA), textColor: .black) {
      [unowned self] in statusText
    }
    tabStrip = TabStripView(names: self.tabs.map(\.name)) { [unowned self] in tabIndex }
    // A click on a tab's name slides there, as its key would.
    tabStrip.onSelect = { [unowned self] index in slide(to: index) }
    for tab in self.tabs { pager.addSubview(tab.list) }
    for view in [pager, keysView, titleBar!, tabStrip!, statusBar!] { window.addSubview(view) }
    languageIndex = Self.languageIndex(for: preferredLanguages)
    RefreshConfig.default.languageCode = Self.languages[languageIndex]
    nameTabs()
    layout()
    for tab in self.tabs {
      tab.setHeader(self.headerStyles[headerStyleIndex], currentDate: currentDate)
      tab.setFooter(auto: usesAutoFooter)
      tab.list.reloadData()
      tab.list.contentOffset = tab.list.minimumContentOffset
    }
    dispatcher.focusedList = self.tabs[0].list
    // A drag or a wheel swipe that turns the page makes the new tab current.
    pagerObservation = pager.observe(\.contentOffset) { [weak self] _, _ in
      self?.pagerMoved()
    }
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

  /// Whether the tab strip is on screen: with more than one tab, and room for it under the
  /// title bar and above a row of the list.
  public var showsTabStrip: Bool { tabs.count > 1 && screenRows >= 4 }

  private func layout() {
    let width = CGFloat(columns) * TextMetrics.cellWidth
    let line = TextMetrics.lineHeight
    let height = CGFloat(screenRows) * line
    let index = tabIndex
    window.frame = CGRect(x: 0, y: 0, width: width, height: height)
    // A title row above and a status row below the list, when there is room for them, and
    // the tab strip under the title.
    let hasBars = screenRows >= 3
    titleBar.isHidden = !hasBars
    statusBar.isHidden = !hasBars
    tabStrip.isHidden = !showsTabStrip
    titleBar.frame = CGRect(x: 0, y: 0, width: width, height: line)
    tabStrip.frame = CGRect(x: 0, y: line, width: width, height: line)
    statusBar.frame = CGRect(x: 0, y: height - line, width: width, height: line)
    let top: CGFloat = (hasBars ? 1 : 0) + (showsTabStrip ? 1 : 0)
    let bottom: CGFloat = hasBars ? 1 : 0
    let pageHeight = max(0, height - (top + bottom) * line)
    pager.frame = CGRect(x: 0, y: top * line, width: width, height: pageHeight)
    for (page, tab) in tabs.enumerated() {
      tab.list.frame = CGRect(x: CGFloat(page) * width, y: 0, width: width, height: pageHeight)
    }
    pager.contentSize = CGSize(width: CGFloat(tabs.count) * width, height: pageHeight)
    // The current page stays on screen at the new width.
    pager.stopScrolling()
    pagedTabIndex = nil
    pager.contentOffset = CGPoint(x: CGFloat(index) * width, y: 0)
    keysView.frame = pager.frame
    window.setNeedsLayout()
  }

  // MARK: Tabs

  /// The page nearest the pager's offset.
  private var nearestPage: Int {
    let width = pager.bounds.width
    guard width > 0 else { return min(pagedTabIndex ?? 0, tabs.count - 1) }
    return min(max(Int((pager.contentOffset.x / width).rounded()), 0), tabs.count - 1)
  }

  /// Turns the pager `step` pages on, animated, wrapping around the ends; the new tab's list
  /// takes the keys.
  ///
  /// - Parameter step: The pages to turn: 1 for the next tab, -1 for the previous one.
  public func turnPage(by step: Int) {
    guard tabs.count > 1 else { return }
    slide(to: ((tabIndex + step) % tabs.count + tabs.count) % tabs.count)
  }

  /// Slides the pager to a tab, animated; that tab's list takes the keys.
  ///
  /// - Parameter index: The tab's position in ``tabs``; one outside them is clamped.
  public func slide(to index: Int) {
    let index = min(max(index, 0), tabs.count - 1)
    select(index)
    pagedTabIndex = index
    pager.setContentOffset(CGPoint(x: CGFloat(index) * pager.bounds.width, y: 0), animated: true)
  }

  /// Shows a tab at once, without the slide.
  ///
  /// - Parameter index: The tab's position in ``tabs``; one outside them is clamped.
  public func showTab(_ index: Int) {
    let index = min(max(index, 0), tabs.count - 1)
    pager.stopScrolling()
    pagedTabIndex = nil
    pager.contentOffset = CGPoint(x: CGFloat(index) * pager.bounds.width, y: 0)
    select(index)
  }

  /// Makes a tab's list the one the keys go to, and redraws what names the tab.
  private func select(_ index: Int) {
    if shownTabIndex != index, window.accessibility.isScreenReaderRunning {
      window.accessibility.post(
        notification: .announcement,
        argument: "\(tabs[index].name), tab \(index + 1) of \(tabs.count)")
    }
    shownTabIndex = index
    dispatcher.focusedList = tabs[index].list
    titleBar.setNeedsDisplay()
    tabStrip.setNeedsDisplay()
    statusBar.setNeedsDisplay()
  }

  private var shownTabIndex = 0

  private func pagerMoved() {
    // A drag takes over from a key's slide; the slide is over once on its page.
    if pager.isDragging {
      pagedTabIndex = nil
    } else if let target = pagedTabIndex,
      pager.contentOffset.x == CGFloat(target) * pager.bounds.width
    {
      pagedTabIndex = nil
    }
    // At rest on a page, the lists look again at what is in view: a screen reader hears the
    // rows of the page turned to (a list out of the window's bounds reads nothing).
    let width = pager.bounds.width
    if window.accessibility.isScreenReaderRunning, width > 0,
      pager.contentOffset.x == (pager.contentOffset.x / width).rounded() * width
    {
      for tab in tabs { tab.list.setNeedsLayout() }
    }
    let index = tabIndex
    guard index != shownTabIndex else { return }
    select(index)
  }

  // MARK: Components

  /// Puts every tab's header and footer anew, leaving chat lists first.
  private func leaveChats() {
    for tab in tabs where tab.isChat {
      tab.leaveChat(
        header: headerStyles[headerStyleIndex], usesAutoFooter: usesAutoFooter,
        currentDate: currentDate)
    }
  }

  private func nextHeaderStyle() {
    leaveChats()
    headerStyleIndex = (headerStyleIndex + 1) % headerStyles.count
    for tab in tabs {
      tab.service.cancelPendingRequests()
      tab.setHeader(headerStyles[headerStyleIndex], currentDate: currentDate)
    }
  }

  private func toggleFooter() {
    leaveChats()
    usesAutoFooter.toggle()
    for tab in tabs {
      tab.service.cancelPendingRequests()
      tab.setFooter(auto: usesAutoFooter)
    }
  }

  /// Switches every tab to the two-level header, or closes the current tab's second floor
  /// when it is open.
  private func secondFloorKey() {
    if let header = scroll.header as? RefreshTwoLevelHeader, header.isSecondFloorOpen {
      header.closeSecondFloor()
      return
    }
    guard let index = headerStyles.firstIndex(where: { $0.name == Self.twoLevelStyleName })
    else { return }
    leaveChats()
    headerStyleIndex = index
    for tab in tabs {
      tab.service.cancelPendingRequests()
      tab.setHeader(headerStyles[headerStyleIndex], currentDate: currentDate)
    }
  }

  /// Turns the current tab's feed into a chat list and back.
  private func toggleChat() {
    let tab = currentTab
    if tab.isChat {
      tab.leaveChat(
        header: headerStyles[headerStyleIndex], usesAutoFooter: usesAutoFooter,
        currentDate: currentDate)
    } else {
      tab.enterChat()
    }
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
    nameTabs()
    titleBar.setNeedsDisplay()
  }

  /// Names the tabs in the strip in the current language (``DemoText/tabName(_:language:)``).
  private func nameTabs() {
    tabStrip.names = tabs.map { DemoText.tabName($0.name, language: Self.languages[languageIndex]) }
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
    "Shift-Tab [ prev tab", "l language", "f footer", "h header", "x fail", "c chat", "s floor",
    "Tab ] next tab", "q quit", "? keys", "r refresh",
  ]

  /// The title bar's hints of the keys that turn the pager, which one tab leaves out.
  static let tabTitleHints = ["Tab ] next tab", "Shift-Tab [ prev tab"]

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
    // One tab has no other to turn to: the title names no tab keys.
    let tabHints = tabs.count > 1 ? [] : Self.tabTitleHints
    var hints = (["r refresh"] + Self.keyBindings.compactMap(\.titleHint)).filter {
      !tabHints.contains($0)
    }
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
