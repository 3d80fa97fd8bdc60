import Foundation
import Gallery
import Refresh
import RefreshTesting
import Testing

/// Each seed's header pulled, armed, released and refreshing, frame by frame, as the terminal
/// draws it: a change in any of their animations shows up as a changed frame of a reference
/// in `__Snapshots__`.
@MainActor
@Suite("The gallery's headers frame by frame")
struct GallerySnapshotTests {
  static let headers: [(name: String, make: @MainActor () -> RefreshHeader)] = [
    ("letters", { LettersRefreshHeader(frame: .zero) }),
    ("colored", { ColoredRefreshHeader(frame: .zero) }),
    ("jsRefresh", { JSRefreshControl(frame: .zero) }),
    ("valueChanged", { ValueChangedRefreshControl(frame: .zero) }),
  ]

  /// A 42 × 8-cell window with no inset, the header hidden above it until pulled.
  func strip(of header: RefreshHeader) -> Filmstrip {
    header.lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    header.currentDate = { Date(timeIntervalSince1970: 1_768_470_060) }
    let scene = RefreshScene(size: CGSize(width: 378, height: 144), topInset: 0)
    scene.scroll.header = header
    scene.advance(frames: 0)
    let strip = Filmstrip(of: scene.window)
    let height = header.frame.height
    for fraction in [0.5, 1.2] {
      scene.pull(toOffset: -height * fraction)
      strip.capture("pulled \(Int(height * fraction)) of \(Int(height))")
    }
    scene.release()
    strip.capture("released")
    for _ in 0..<3 {
      scene.advance(frames: 12)
      strip.capture()
    }
    return strip
  }

  @Test func everyHeaderFrameByFrame() {
    for (name, make) in Self.headers {
      assertSnapshot(of: strip(of: make()), as: .terminal, named: name)
    }
  }

  @Test func theLettersInColourAndAsSVG() {
    let strip = strip(of: LettersRefreshHeader(frame: .zero))
    assertSnapshot(of: strip, as: .styledTerminal, named: "letters-styled")
    assertSnapshot(of: strip, as: .svg(columns: 3), named: "letters")
  }
}
