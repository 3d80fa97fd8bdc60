import Foundation
import Testing

@testable import Refresh

/// Right-to-left layouts: UIKit's `semanticContentAttribute`, the language's direction, labels
/// and the components' indicators mirrored.
@MainActor
@Suite("Layout direction", .serialized)
struct LayoutDirectionTests {
  /// Runs `body` in a language, restoring the shared configuration afterwards.
  func inLanguage(_ language: String?, _ body: () throws -> Void) rethrows {
    let config = RefreshConfig.default
    let saved = config.languageCode
    config.languageCode = language
    defer { config.languageCode = saved }
    try body()
  }

  @Test func theDirectionComesFromTheTitlesLanguage() {
    inLanguage("ar") {
      #expect(RefreshConfig.default.layoutDirection == .rightToLeft)
      #expect(View().effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }
    inLanguage("he_IL.UTF-8") { #expect(View.defaultLayoutDirection == .rightToLeft) }
    inLanguage("zh-Hans") { #expect(View().effectiveUserInterfaceLayoutDirection == .leftToRight) }
    inLanguage("fa") { #expect(View.defaultLayoutDirection == .leftToRight) }  // English titles
  }

  /// The direction is kept between reads (labels read it on every draw) and read again after
  /// each switch of language.
  @Test func theDirectionFollowsEachSwitchOfLanguage() {
    inLanguage("en") {
      let config = RefreshConfig.default
      #expect(config.layoutDirection == .leftToRight)
      #expect(config.layoutDirection == .leftToRight)
      config.languageCode = "ar"
      #expect(config.layoutDirection == .rightToLeft)
      #expect(View().effectiveUserInterfaceLayoutDirection == .rightToLeft)
      config.languageCode = "ja"
      #expect(config.layoutDirection == .leftToRight)
      config.languageCode = "iw"
      #expect(config.layoutDirection == .rightToLeft)
    }
  }

  @Test func aForcedAttributeReachesTheSubviews() {
    inLanguage("en") {
      let parent = View()
      let child = View()
      let grandchild = View()
      parent.addSubview(child)
      child.addSubview(grandchild)
      #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
      parent.semanticContentAttribute = .forceRightToLeft
      #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      child.semanticContentAttribute = .forceLeftToRight
      #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
      #expect(parent.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      View.defaultLayoutDirection = .rightToLeft
      #expect(View().effectiveUserInterfaceLayoutDirection == .rightToLeft)
      View.resetDefaultLayoutDirection()
      #expect(View().effectiveUserInterfaceLayoutDirection == .leftToRight)
    }
  }

  @Test(
    "Left and right swap, center stays",
    arguments: [
      (TextAlignment.left, TextAlignment.right), (.center, .center), (.right, .left),
    ])
  func alignment(alignment: TextAlignment, rightToLeft: TextAlignment) {
    #expect(alignment.resolved(for: .leftToRight) == alignment)
    #expect(alignment.resolved(for: .rightToLeft) == rightToLeft)
    let label = Label(frame: CGRect(x: 0, y: 0, width: 90, height: 18))
    label.text = "abc"
    label.textAlignment = alignment
    label.semanticContentAttribute = .forceRightToLeft
    let canvas = CanvasCallRecorder()
    label.render(in: canvas, at: .zero)
    guard case .text(_, _, let attributes, _) = canvas.calls.last else {
      Issue.record("no text drawn")
      return
    }
    #expect(attributes.alignment == rightToLeft)
  }

  @Test(arguments: [false, true])
  func theArrowAndSpinnerSitRightOfTheTitle(rightToLeft: Bool) {
    let scene = Scene()
    scene.scroll.semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
    let header = RefreshNormalHeader()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    let footer = RefreshAutoNormalFooter()
    scene.scroll.header = header
    scene.scroll.footer = footer
    scene.scroll.layoutIfNeeded()
    let title = max(header.stateLabel.textWidth, header.lastUpdatedTimeLabel.textWidth)
    let footerTitle = footer.stateLabel.textWidth
    // MJRefresh's centerX = w/2 - textWidth/2 - 25, mirrored about the middle.
    let side: CGFloat = rightToLeft ? 1 : -1
    #expect(header.arrowView.center.x == 375 / 2 + side * (title / 2 + 25))
    #expect(header.loadingView.center.x == header.arrowView.center.x)
    #expect(footer.loadingView.center.x == 375 / 2 + side * (footerTitle / 2 + 25))
  }

  /// MJRefresh's normal header centers its arrow once the title is hidden, though the time
  /// still shows (its gif header keeps the frames beside the time).
  @Test func withTheTitleHiddenTheArrowCentersThoughTheTimeShows() {
    let scene = Scene()
    let header = RefreshNormalHeader()
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.stateLabel.isHidden = true
    scene.scroll.header = header
    scene.scroll.layoutIfNeeded()
    #expect(!header.lastUpdatedTimeLabel.isHidden)
    #expect(header.arrowView.center.x == CGFloat(375) / 2)
    #expect(header.loadingView.center.x == CGFloat(375) / 2)
  }
}
