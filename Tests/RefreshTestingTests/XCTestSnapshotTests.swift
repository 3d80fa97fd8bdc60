import Foundation
import Refresh
import RefreshTesting
import XCTest

/// `assertSnapshot` works the same from XCTest: the references are shared with the Swift
/// Testing suite's (named alike), and a failure would be an XCTest failure.
final class XCTestSnapshotTests: XCTestCase {
  // XCTest on Linux runs test methods on the main thread, but cannot call `@MainActor` ones.
  func testTheHeaderPulledHalfwayFromXCTest() {
    MainActor.assumeIsolated { Self.pulledHalfway() }
  }

  @MainActor
  static func pulledHalfway() {
    let scene = RefreshScene(size: CGSize(width: 378, height: 180), topInset: 0)
    RefreshConfig.default.languageCode = "en"  // the titles, whatever the machine's language
    let header = RefreshNormalHeader {}
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = { Date(timeIntervalSince1970: 1_768_470_060) }
    scene.scroll.header = header
    scene.pull(by: 27)
    XCTAssertTrue(assertSnapshot(of: header, as: .terminal(columns: 42, rows: 3)))
  }
}
