import Foundation
import Gallery
import Refresh
import RefreshTesting
import Rendering
import Testing

/// Seed 002: the letters header, 60 points high on a 64-point inset, so that the pull
/// `p = (-64 - offsetY) / 60` and the threshold is -124.
@MainActor
@Suite("Letters header (seed 002)")
struct LettersRefreshHeaderTests {
  let scene = RefreshScene()
  let header = LettersRefreshHeader(frame: .zero)
  var scroll: ScrollModel { scene.scroll }
  var letters: [Label] { header.letterLabels }

  let magenta = Color(red: 255, green: 0, blue: 255)
  let brown = Color(red: 153, green: 102, blue: 51)
  let yellow = Color(red: 255, green: 255, blue: 0)
  let red = Color(red: 255, green: 0, blue: 0)
  let green = Color(red: 0, green: 255, blue: 0)

  init() {
    scene.scroll.header = header
    scene.clock.advance(by: 0)
  }

  /// Pulls past the threshold and lets go: refreshing begins at the clock's current time.
  func refresh() {
    scene.pull(toOffset: -154)
    scene.release()
  }

  /// Moves the clock to a time since the test began.
  func advance(to time: TimeInterval) {
    scene.clock.advance(by: time - scene.clock.now)
  }

  @Test func fiveLettersInARowAboveTheContent() {
    #expect(header.frame == CGRect(x: 0, y: -60, width: 375, height: 60))
    #expect(letters.map(\.text) == ["F", "R", "E", "S", "H"])
    #expect(letters.map(\.center.x) == [133.5, 160.5, 187.5, 214.5, 241.5])
    #expect(letters.allSatisfy { $0.textColor == .white })
    #expect(abs(header.cycleDuration - 2.1) < 1e-12)
  }

  /// A pull, and the opacity and scale the letters take at it.
  typealias Pull = (offsetY: CGFloat, alpha: CGFloat, width: CGFloat, height: CGFloat)

  nonisolated static let pulls: [Pull] = [
    (-64, 0, 0, 0),
    (-79, 0.25, 0.25, 0.25),
    (-94, 0.5, 0.5, 0.5),
    (-124, 1, 1, 1),
    (-154, 1, 1, 1.5),
  ]

  @Test(arguments: pulls)
  func lettersFadeInAndStretchWithThePull(pull: Pull) {
    scene.pull(toOffset: pull.offsetY)
    #expect(header.letterScale == CGSize(width: pull.width, height: pull.height))
    for label in letters {
      #expect(label.alpha == pull.alpha)
      #expect(label.frame.size == CGSize(width: 18 * pull.width, height: 18 * pull.height))
      #expect(label.center.y == 30)
      #expect(label.fontSize == max(20 * pull.height, 1))
    }
    #expect(letters[2].center.x == 187.5)
  }

  @Test func releasedPastTheThresholdItRefreshesAndTheLettersSettle() {
    var refreshes = 0
    header.refreshingBlock = { refreshes += 1 }
    refresh()
    #expect(header.state == .refreshing)
    #expect(header.isAnimatingLetters)
    #expect(header.letterScale == CGSize(width: 1, height: 1))
    #expect(letters.allSatisfy { $0.frame.size == CGSize(width: 18, height: 18) })
    #expect(scroll.adjustedContentInset.top == 124)
    scene.clock.advance(by: 0.25)
    #expect(refreshes == 1)
    #expect(scroll.contentOffset.y == -124)
  }

  nonisolated static let turns: [(time: TimeInterval, letter: Int)] = [
    (0.1, 0), (0.4, 1), (0.7, 2), (1.0, 3), (1.3, 4), (2.2, 0), (2.5, 1),
  ]

  @Test(arguments: turns)
  func eachLetterTurnsInItsColourOneAfterAnother(time: TimeInterval, letter: Int) {
    let colors = [magenta, brown, yellow, red, green]
    refresh()
    advance(to: time)
    #expect(header.turningLetterIndex == letter)
    for (index, label) in letters.enumerated() {
      if index == letter {
        #expect(label.transform.rotation == .pi / 4)
        #expect(label.textColor == colors[index])
        // Halfway through its 0.2 s turn.
        #expect(abs(label.presentedRotation - .pi / 8) < 1e-9)
      } else {
        #expect(label.transform.rotation == 0)
        #expect(label.textColor == .white)
      }
    }
  }

  @Test func aLetterTurnsBackInATenthOfASecond() {
    refresh()
    advance(to: 0.2)
    #expect(letters[0].transform.rotation == 0)
    #expect(letters[0].textColor == .white)
    #expect(abs(letters[0].presentedRotation - .pi / 4) < 1e-9)
    advance(to: 0.25)
    #expect(abs(letters[0].presentedRotation - .pi / 8) < 1e-9)
    advance(to: 0.31)
    #expect(letters[0].presentedRotation == 0)
    #expect(header.turningLetterIndex == 1)
  }

  @Test func thenAllTheLettersGrowToOneAndAHalfAndBack() {
    refresh()
    advance(to: 1.65)
    #expect(header.turningLetterIndex == nil)
    #expect(header.letterScale == CGSize(width: 1.5, height: 1.5))
    for label in letters {
      #expect(label.frame.size == CGSize(width: 27, height: 27))
      #expect(label.fontSize == 30)
      #expect(label.transform.rotation == 0)
      // Halfway from 18 to 27.
      #expect(abs(label.presentedFrame.width - 22.5) < 1e-9)
      #expect(abs(label.presentedFrame.midX - label.frame.midX) < 1e-9)
    }
    advance(to: 1.95)
    #expect(header.letterScale == CGSize(width: 1, height: 1))
    #expect(letters.allSatisfy { $0.fontSize == 20 })
    #expect(abs(letters[4].presentedFrame.height - 22.5) < 1e-9)
    advance(to: 2.15)
    #expect(letters[4].presentedFrame.size == CGSize(width: 18, height: 18))
    #expect(header.turningLetterIndex == 0)
  }

  @Test func endingStopsTheSequenceAtOnceAndRestsTheLetters() {
    refresh()
    advance(to: 0.45)
    #expect(header.turningLetterIndex == 1)
    header.endRefreshing()
    #expect(!header.isAnimatingLetters)
    #expect(header.turningLetterIndex == nil)
    for label in letters {
      #expect(label.transform.rotation == 0)
      #expect(label.presentedRotation == 0)
      #expect(label.textColor == .white)
    }
    advance(to: 5)
    #expect(letters.allSatisfy { $0.transform.rotation == 0 && $0.textColor == .white })
    #expect(header.turningLetterIndex == nil)
    // Hidden again: back to the pull's appearance.
    #expect(letters.allSatisfy { $0.alpha == 0 })
    #expect(scroll.adjustedContentInset.top == 64)
  }

  @Test func aNewRefreshStartsFromTheFirstLetter() {
    refresh()
    advance(to: 1.0)
    header.endRefreshing()
    advance(to: 2)
    refresh()
    advance(to: 2.1)
    #expect(header.turningLetterIndex == 0)
    #expect(letters[0].textColor == magenta)
  }

  @Test func removalStopsTheSequence() {
    refresh()
    advance(to: 0.1)
    scroll.header = nil
    #expect(header.state == .idle)
    #expect(!header.isAnimatingLetters)
    advance(to: 3)
    #expect(letters.allSatisfy { $0.transform.rotation == 0 && $0.textColor == .white })
  }

  @Test func leavingTheScreenPausesTheSequenceAndComingBackRestartsIt() {
    refresh()
    advance(to: 0.4)
    scroll.removeFromSuperview()
    #expect(header.state == .refreshing)
    #expect(!header.isAnimatingLetters)
    #expect(letters.allSatisfy { $0.transform.rotation == 0 })
    advance(to: 1)
    scene.window.addSubview(scroll)
    #expect(!header.isAnimatingLetters)  // until the next frame, when the letters are on screen
    scene.clock.runFrameNow()
    #expect(header.isAnimatingLetters)
    #expect(header.turningLetterIndex == 0)
    advance(to: 1.35)
    #expect(header.turningLetterIndex == 1)
  }

  @Test func anotherWordAndOtherColours() {
    header.word = "GO"
    header.turnColors = [.blue]
    header.restingColor = .yellow
    #expect(letters.map(\.text) == ["G", "O"])
    #expect(letters.map(\.center.x) == [174, 201])
    #expect(letters.allSatisfy { $0.textColor == .yellow })
    #expect(abs(header.cycleDuration - 1.2) < 1e-12)
    refresh()
    advance(to: 0.4)
    #expect(header.turningLetterIndex == 1)
    #expect(letters[1].textColor == .blue)
    #expect(letters[0].textColor == .yellow)
  }

  @Test func theTerminalShowsTheWordOnceFullyPulled() {
    scene.pull(toOffset: -64)
    #expect(!scene.terminalCanvas().grid.text.contains("F"))
    // The header spans y = 64 ..< 124 on screen; the letters' row is row 5 (90 ..< 108).
    scene.pull(toOffset: -124)
    let canvas = scene.terminalCanvas()
    #expect(canvas.grid.text(ofRow: 5).contains("F  R  E  S  H"))
    #expect(canvas[14, 5].character == "F")
    #expect(canvas[14, 5].foreground.xterm256Index == Color.white.xterm256Index)
    #expect(
      canvas[0, 4].background.xterm256Index == Color(red: 40, green: 40, blue: 40).xterm256Index)
  }

  @Test func theSVGShowsTheLettersAndTheTurningColour() {
    refresh()
    advance(to: 0.7)  // the "E" is turning, yellow
    let svg = scene.svgDocument()
    for letter in ["F", "R", "E", "S", "H"] {
      #expect(svg.contains(">\(letter)</text>"))
    }
    #expect(svg.contains("fill=\"#ffff00\""))
    #expect(svg.contains("font-size=\"20\""))
  }
}
