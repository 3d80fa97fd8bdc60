import Foundation
import TestSupport
import Testing

/// Code written against MJRefresh 3.7.9 fails to compile here with diagnostics that name each
/// replacement, and applying the compiler's fix-its, as Xcode's or SourceKit-LSP's "Fix all"
/// does, turns it into code that compiles.
///
/// The code is type-checked by `swiftc` in a file of its own against the built modules, not
/// compiled into this target: the declarations under test are unavailable or deprecated, and the
/// package's own build stays free of warnings.
@Suite("Fix-its for MJRefresh ports")
struct MJRefreshFixItTests {
  /// MJRefresh's README examples, as its README writes them.
  ///
  /// They come after the two changes no declaration can offer: `import MJRefresh` becomes `import Refresh` (and `UIKit`,
  /// `Foundation`), and the table view is a `ListView`. Its Swift examples (languages, strings
  /// tables, the chaining grammar) are as written, with `<i18n Bundle>` filled in; its
  /// Objective-C examples are written as MJRefresh's Swift users write them, with closures
  /// where the README uses selectors (`#selector` needs the Objective-C runtime).
  static let readmeExamples = """
    import Foundation
    import Refresh

    // Dynamic i18n switching
    MJRefreshConfig.default.language = "zh-hans"
    MJRefreshConfig.default.i18nFilename = "i18n File Name(not include type<.strings>)"
    MJRefreshConfig.default.i18nBundle = Bundle.main

    final class DIYHeader: MJRefreshStateHeader {
      func setupTexts() {
        // must use this localization methods
        stateLabel.text = Bundle.mj_localizedString(forKey: "")
        // or
        stateLabel.text = Bundle.mj_localizedString(forKey: "", value: "")
      }

      override func i18nDidChange() {
        // Reset texts function
        setupTexts()
        // Make sure to call super after resetting texts.
        super.i18nDidChange()
      }
    }

    @MainActor
    final class ExampleViewController {
      let tableView = ListView(frame: .zero)
      let collectionView = ListView(frame: .zero)
      let idleImages: [Image] = [.arrow]
      let refreshingImages: [Image] = [.arrow]

      // Swift chaining grammar
      func addRefreshHeader() {
        MJRefreshNormalHeader { [weak self] in
          // load some data
          self?.loadNewData()
        }.autoChangeTransparency(true)
        .link(to: tableView)
      }

      func loadNewData() {}
      func loadMoreData() {}

      // The drop-down refresh 01-Default
      func defaultHeader() {
        tableView.mj_header = MJRefreshNormalHeader(refreshingBlock: {
          self.loadNewData()
        })
        tableView.mj_header?.beginRefreshing()
      }

      // The drop-down refresh 02-Animation image, 03-Hide the time, 05-DIY title
      func gifHeader() {
        let header = MJRefreshGifHeader(refreshingBlock: { self.loadNewData() })
        header.setImages(idleImages, for: .idle)
        header.setImages(refreshingImages, for: MJRefreshState.refreshing)
        header.lastUpdatedTimeLabel.isHidden = true
        header.setTitle("Pull down to refresh", for: .idle)
        header.stateLabel.textColor = .red
        tableView.mj_header = header
      }

      // The pull to refresh 01-Default to 05-DIY title; 06-Hidden after loaded
      func autoFooters() {
        tableView.mj_footer = MJRefreshAutoNormalFooter(refreshingBlock: { self.loadMoreData() })
        let footer = MJRefreshAutoGifFooter(refreshingBlock: { self.loadMoreData() })
        footer.setImages(refreshingImages, for: .refreshing)
        footer.isRefreshingTitleHidden = true
        footer.setTitle("No more data", for: .noMoreData)
        tableView.mj_footer = footer
        tableView.mj_footer?.isHidden = true
        tableView.mj_footer?.endRefreshingWithNoMoreData()
      }

      // The pull to refresh 07-Automatic back and 08-Automatic back with animation images
      func backFooters() {
        tableView.mj_footer = MJRefreshBackNormalFooter(refreshingBlock: { self.loadMoreData() })
        let footer = MJRefreshBackGifFooter(refreshingBlock: { self.loadMoreData() })
        footer.setImages(idleImages, for: .idle)
        tableView.mj_footer = footer
      }

      // UICollectionView01: the header, the footer and the trailer
      func collectionView01() {
        collectionView.mj_header = MJRefreshNormalHeader(refreshingBlock: { self.loadNewData() })
        collectionView.mj_footer = MJRefreshAutoNormalFooter(refreshingBlock: {
          self.loadMoreData()
        })
        collectionView.mj_trailer = MJRefreshNormalTrailer(refreshingBlock: {
          self.loadMoreData()
        })
        if collectionView.mj_totalDataCount() == 0 {
          collectionView.mj_footer?.isHidden = true
        }
      }
    }

    """

  /// The class names, constants and members of MJRefresh the examples use, each with the name
  /// that takes its place here, as the compiler's message says it.
  static let renames = [
    ("MJRefreshConfig", "RefreshConfig"),
    ("language", "languageCode"),
    ("MJRefreshStateHeader", "RefreshStateHeader"),
    ("MJRefreshNormalHeader", "RefreshNormalHeader"),
    ("MJRefreshGifHeader", "RefreshGifHeader"),
    ("MJRefreshState", "RefreshState"),
    ("MJRefreshAutoNormalFooter", "RefreshAutoNormalFooter"),
    ("MJRefreshAutoGifFooter", "RefreshAutoGifFooter"),
    ("MJRefreshBackNormalFooter", "RefreshBackNormalFooter"),
    ("MJRefreshBackGifFooter", "RefreshBackGifFooter"),
    ("MJRefreshNormalTrailer", "RefreshNormalTrailer"),
    ("mj_header", "header"),
    ("mj_footer", "footer"),
    ("mj_trailer", "trailer"),
    ("mj_totalDataCount()", "totalDataCount"),
  ]

  @Test func everyErrorNamesItsReplacement() async throws {
    let result = try await SwiftCompiler.typecheck(Self.readmeExamples)
    #expect(result.status != 0)
    for (old, new) in Self.renames {
      #expect(
        result.errors.contains { $0.hasSuffix("error: '\(old)' has been renamed to '\(new)'") },
        "no fix-it from \(old) to \(new):\n\(result.output)")
    }
    // The localization helper moved to another type: its message says where.
    #expect(
      result.errors.contains {
        $0.contains(
          "'mj_localizedString(forKey:value:)' is unavailable: use "
            + "RefreshConfig.default.localizedString(forKey:value:)")
      }, "\(result.output)")
    // Nothing else: no error that leaves the user looking something up.
    let unexplained = result.errors.filter {
      !$0.contains("has been renamed to") && !$0.contains("mj_localizedString")
    }
    #expect(unexplained.isEmpty, "\(result.output)")
  }

  /// "Fix all", as an editor applies it, until nothing is left to fix: the port compiles, once
  /// the two localization lines name `RefreshConfig.default`, which a fix-it cannot move to.
  @Test func applyingTheFixItsPortsTheExamples() async throws {
    var source = Self.readmeExamples.replacingOccurrences(
      of: "Bundle.mj_localizedString", with: "RefreshConfig.default.localizedString")
    var result = try await SwiftCompiler.typecheck(source)
    for _ in 0..<3 where !result.errors.isEmpty && !result.fixIts.isEmpty {
      source = SwiftCompiler.applying(result.fixIts, to: source)
      result = try await SwiftCompiler.typecheck(source)
    }
    #expect(result.errors.isEmpty, "after the fix-its:\n\(source)\n\(result.output)")
    #expect(source.contains("tableView.header = RefreshNormalHeader(refreshingBlock: {"))
    #expect(source.contains("if collectionView.totalDataCount == 0 {"))
    #expect(!source.contains("MJRefresh") && !source.contains("mj_"))
  }

  /// Every class name of MJRefresh 3.7.9 and its state constants, used as a port uses them.
  @Test func everyClassNameAndStateHasAFixIt() async throws {
    let classes = [
      "Component", "Header", "StateHeader", "NormalHeader", "GifHeader", "Footer", "AutoFooter",
      "AutoStateFooter", "AutoNormalFooter", "AutoGifFooter", "BackFooter", "BackStateFooter",
      "BackNormalFooter", "BackGifFooter", "Trailer", "StateTrailer", "NormalTrailer", "Config",
      "State",
    ]
    let states = ["Idle", "Pulling", "Refreshing", "WillRefresh", "NoMoreData"]
    var source = "import Refresh\n\n"
    for name in classes { source += "let _: MJRefresh\(name).Type? = nil\n" }
    for state in states { source += "let _: RefreshState = MJRefreshState\(state)\n" }
    let result = try await SwiftCompiler.typecheck(source)
    for name in classes {
      #expect(
        result.errors.contains {
          $0.hasSuffix("'MJRefresh\(name)' has been renamed to 'Refresh\(name)'")
        }, "MJRefresh\(name):\n\(result.output)")
    }
    for state in states {
      let lowered = state.prefix(1).lowercased() + state.dropFirst()
      #expect(
        result.errors.contains {
          $0.hasSuffix("'MJRefreshState\(state)' has been renamed to 'RefreshState.\(lowered)'")
        }, "MJRefreshState\(state):\n\(result.output)")
    }
    #expect(result.errors.count == classes.count + states.count, "\(result.output)")
  }

  /// Members whose MJRefresh spelling differs, each with its fix-it.
  @Test func membersSpelledDifferentlyHaveFixIts() async throws {
    let source = """
      import Refresh

      @MainActor func port(_ header: RefreshHeader, _ footer: RefreshFooter) {
        header.beginRefreshing(completionBlock: {})
        header.endRefreshing(completionBlock: {})
        header.isAutoChangeAlpha = true
        header.endRefreshingAnimateCompletionBlock = {}
        footer.noticeNoMoreData()
        RefreshConfig.default.resetLanguageResourceCache()
      }

      """
    let result = try await SwiftCompiler.typecheck(source)
    let expected = [
      "'beginRefreshing(completionBlock:)' has been renamed to 'beginRefreshing(completion:)'",
      "'endRefreshing(completionBlock:)' has been renamed to 'endRefreshing(completion:)'",
      "'isAutoChangeAlpha' has been renamed to 'isAutomaticallyChangeAlpha'",
      "'endRefreshingAnimateCompletionBlock' has been renamed to "
        + "'endRefreshingAnimationBeginAction'",
      "'noticeNoMoreData()' has been renamed to 'endRefreshingWithNoMoreData()'",
      "'resetLanguageResourceCache()' is unavailable: not needed",
    ]
    for message in expected {
      #expect(result.errors.contains { $0.contains(message) }, "\(message):\n\(result.output)")
    }
    #expect(result.errors.count == expected.count, "\(result.output)")
  }

  /// MJRefresh's geometry shortcuts, as its DIY components use them, each with a message that
  /// names what it stands for here.
  @Test func geometryShortcutsNameTheirReplacements() async throws {
    let shortcuts = [
      ("view.mj_x", "frame.origin.x"), ("view.mj_y", "frame.origin.y"),
      ("view.mj_w", "frame.size.width"), ("view.mj_h", "frame.size.height"),
      ("view.mj_size.width", "frame.size"), ("view.mj_origin.x", "frame.origin"),
      ("scroll.mj_inset.top", "adjustedContentInset"),
      ("scroll.mj_insetT", "read adjustedContentInset.top; set contentInset.top"),
      ("scroll.mj_insetB", "read adjustedContentInset.bottom; set contentInset.bottom"),
      ("scroll.mj_insetL", "read adjustedContentInset.left; set contentInset.left"),
      ("scroll.mj_insetR", "read adjustedContentInset.right; set contentInset.right"),
      ("scroll.mj_offsetX", "contentOffset.x"), ("scroll.mj_offsetY", "contentOffset.y"),
      ("scroll.mj_contentW", "contentSize.width"), ("scroll.mj_contentH", "contentSize.height"),
    ]
    var source =
      "import Refresh\n\n@MainActor func layOut(_ view: View, in scroll: ScrollModel) {\n"
    for (expression, _) in shortcuts { source += "  _ = \(expression)\n" }
    source += "}\n"
    let result = try await SwiftCompiler.typecheck(source)
    for (expression, replacement) in shortcuts {
      let name = expression.split(separator: ".")[1]
      #expect(
        result.errors.contains {
          $0.contains("'\(name)' is unavailable: ") && $0.hasSuffix(replacement)
        },
        "\(name):\n\(result.output)")
    }
    #expect(result.errors.count == shortcuts.count, "\(result.output)")
  }

  /// The package's own former names still compile, with a deprecation warning that names the
  /// new one, for one release.
  @Test func formerNamesAreDeprecatedAliases() async throws {
    let source = """
      import Refresh

      @MainActor func former(_ header: RefreshHeader, _ footer: RefreshAutoFooter) {
        header.automaticallyChangeAlpha = true
        footer.automaticallyRefresh = false
        header.refreshingAction = {}
        _ = RefreshNormalHeader(refreshingAction: {})
        _ = RefreshNormalHeader(refreshingTarget: header, action: RefreshHeader.beginRefreshing)
      }

      """
    let result = try await SwiftCompiler.typecheck(source)
    #expect(result.errors.isEmpty, "\(result.output)")
    let expected = [
      "'automaticallyChangeAlpha' is deprecated: renamed to 'isAutomaticallyChangeAlpha'",
      "'automaticallyRefresh' is deprecated: renamed to 'isAutomaticallyRefresh'",
      "'refreshingAction' is deprecated: renamed to 'asyncRefreshingBlock'",
      "'init(refreshingAction:)' is deprecated: replaced by 'init(asyncRefreshingBlock:)'",
      "'init(refreshingTarget:action:)' is deprecated: replaced by "
        + "'init(refreshingTarget:refreshingAction:)'",
    ]
    for message in expected {
      #expect(result.warnings.contains { $0.contains(message) }, "\(message):\n\(result.output)")
    }
    #expect(result.warnings.count == expected.count, "\(result.output)")
  }
}
