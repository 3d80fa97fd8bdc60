import Foundation
import Testing

@testable import Refresh

/// One place to theme every built-in component: ``RefreshConfig/textColor`` and
/// ``RefreshConfig/tintColor``, changed at run time as the language is.
@MainActor
@Suite("RefreshConfig: colors")
struct RefreshConfigColorTests {
  /// Runs `body` with the shared configuration, restoring its colors afterwards.
  func withColors(_ body: (RefreshConfig) throws -> Void) rethrows {
    let config = RefreshConfig.default
    let saved = (config.textColor, config.tintColor)
    defer {
      config.textColor = saved.0
      config.tintColor = saved.1
    }
    try body(config)
  }

  @Test func theDefaultsReadOnLightAndDarkTerminals() {
    let config = RefreshConfig()
    #expect(config.textColor == .secondaryLabel)
    #expect(config.tintColor == .secondaryLabel)
    let header = RefreshNormalHeader()
    #expect(header.stateLabel.textColor == RefreshConfig.default.textColor)
    #expect(header.lastUpdatedTimeLabel.textColor == RefreshConfig.default.textColor)
    #expect(header.arrowView.tintColor == RefreshConfig.default.tintColor)
    #expect(header.loadingView.color == RefreshConfig.default.tintColor)
  }

  @Test func everyBuiltInComponentFollowsAtRunTime() {
    withColors { config in
      let scene = Scene()
      let header = RefreshNormalHeader()
      let footer = RefreshAutoNormalFooter()
      scene.scroll.header = header
      scene.scroll.footer = footer
      let back = RefreshBackNormalFooter()
      let trailer = RefreshNormalTrailer()
      let gif = RefreshGifHeader()
      config.textColor = .label
      config.tintColor = .orange
      let labels = [
        header.stateLabel, header.lastUpdatedTimeLabel, footer.stateLabel, back.stateLabel,
        trailer.stateLabel, gif.stateLabel, gif.lastUpdatedTimeLabel,
      ]
      #expect(labels.allSatisfy { $0.textColor == .label })
      #expect(header.arrowView.tintColor == .orange)
      #expect(back.arrowView.tintColor == .orange)
      #expect(trailer.arrowView.tintColor == .orange)
      #expect(header.loadingView.color == .orange)
      #expect(footer.loadingView.color == .orange)
      #expect(back.loadingView.color == .orange)
      // A component made afterwards starts in the new colors.
      let later = RefreshNormalHeader()
      #expect(later.stateLabel.textColor == .label && later.arrowView.tintColor == .orange)
    }
  }

  @Test func aColorTheAppSetItselfIsKept() {
    withColors { config in
      let header = RefreshNormalHeader()
      header.lastUpdatedTimeLabel.textColor = .blue
      header.loadingView.color = .green
      config.textColor = .label
      config.tintColor = .orange
      #expect(header.stateLabel.textColor == .label)
      #expect(header.lastUpdatedTimeLabel.textColor == .blue)
      #expect(header.loadingView.color == .green)
      #expect(header.arrowView.tintColor == .orange)
      // The title's own color tints the arrow, as in MJRefresh, until it follows again.
      header.stateLabel.textColor = .red
      #expect(header.arrowView.tintColor == .red)
      config.tintColor = .purple
      #expect(header.arrowView.tintColor == .red)
      header.stateLabel.textColor = .label
      #expect(header.arrowView.tintColor == .purple)
    }
  }

  @Test func aComponentThatIsGoneIsNotKeptAlive() {
    weak var gone: RefreshNormalHeader?
    withColors { config in
      do {
        let header = RefreshNormalHeader()
        gone = header
      }
      config.tintColor = .orange
    }
    #expect(gone == nil)
  }
}
