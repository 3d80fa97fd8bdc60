import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("Label")
struct LabelTests {
  /// Titles measured before are found again, for the right line limit.
  @Test func goingBackToAnEarlierTextGivesItsSizeAgain() {
    let label = Label(frame: .zero)
    let texts = ["Pull down", "Release to refresh", "下拉", "Pull down", "a\nbb", "下拉"]
    let widths: [CGFloat] = [81, 162, 36, 81, 18, 36]
    for (text, width) in zip(texts, widths) {
      label.text = text
      #expect(label.intrinsicContentSize.width == width, "\(text)")
    }
    label.numberOfLines = 0
    label.text = "a\nbb"
    #expect(label.intrinsicContentSize == CGSize(width: 18, height: 36))
    label.numberOfLines = 1
    #expect(label.intrinsicContentSize.height == 18)
  }

  let clock = ManualFrameClock()
  let window: Window
  let container = View(frame: CGRect(x: 0, y: 0, width: 375, height: 54))

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    window.addSubview(container)
  }

  @Test func defaultsAreUILabelsWithMJRefreshsFontSize() {
    let label = Label()
    #expect(label.text == nil)
    #expect(label.fontSize == 14)
    #expect(!label.isBold)
    #expect(label.textColor == .label)  // the terminal's own text color
    #expect(label.textAlignment == .left)
    #expect(label.numberOfLines == 1)
    #expect(label.intrinsicContentSize == .zero)
  }

  @Test(
    arguments: [
      ("下拉可以刷新", CGSize(width: 108, height: 18)),
      ("Pull down to refresh", CGSize(width: 180, height: 18)),
      ("最后更新：今天 12:30", CGSize(width: 180, height: 18)),
      ("Pull down\nto refresh", CGSize(width: 90, height: 18)),
      ("", CGSize.zero),
    ])
  func initWithTextSizesToFit(_ text: String, size: CGSize) {
    let label = Label(text: text)
    #expect(label.frame == CGRect(origin: .zero, size: size))
    #expect(label.intrinsicContentSize == size)
  }

  @Test func sizeToFitKeepsTheOriginAndWrapsMultiLineLabelsToTheirWidth() {
    let label = Label(frame: CGRect(x: 10, y: 20, width: 45, height: 5))
    label.text = "下拉可以刷新"
    label.sizeToFit()
    // One line takes the text's whole width, whatever the current width.
    #expect(label.frame == CGRect(x: 10, y: 20, width: 108, height: 18))
    label.numberOfLines = 0
    label.frame.size.width = 45
    label.sizeToFit()
    #expect(label.frame == CGRect(x: 10, y: 20, width: 36, height: 54))
    label.numberOfLines = 2
    label.sizeToFit()
    #expect(label.frame == CGRect(x: 10, y: 20, width: 36, height: 36))
    #expect(label.intrinsicContentSize == CGSize(width: 108, height: 18))
  }

  @Test func sizeThatFitsCutsOneLineToTheWidth() {
    let label = Label(text: "下拉可以刷新")
    #expect(label.sizeThatFits(CGSize(width: 50, height: 0)) == CGSize(width: 45, height: 18))
    #expect(label.sizeThatFits(.zero) == CGSize(width: 108, height: 18))
    label.numberOfLines = 0
    #expect(label.sizeThatFits(CGSize(width: 50, height: 0)) == CGSize(width: 36, height: 54))
  }

  @Test func eachTextChangeIsObservedOnceWithOldAndNewValues() {
    let label = Label()
    var changes: [String] = []
    let token = label.observe(\.text, options: [.old, .new]) { _, change in
      changes.append("\(change.oldValue.flatMap { $0 } ?? "nil") → \(change.newValue! ?? "nil")")
    }
    label.text = "下拉可以刷新"
    label.text = "松开立即刷新"
    label.text = nil
    #expect(changes == ["nil → 下拉可以刷新", "下拉可以刷新 → 松开立即刷新", "松开立即刷新 → nil"])
    token.invalidate()
  }

  @Test func fontAndColorAreObservable() {
    let label = Label()
    var sizes: [CGFloat] = []
    let token = label.observe(\.fontSize, options: .new) { _, change in
      sizes.append(change.newValue!)
    }
    label.fontSize = 12
    label.fontSize = .nan  // refused
    label.fontSize = 0  // refused
    label.fontSize = 16
    #expect(sizes == [12, 16])
    #expect(label.fontSize == 16)
    label.numberOfLines = -2
    #expect(label.numberOfLines == 0)
    token.invalidate()
  }

  @Test func aChangeOfSizeAsksTheSuperviewForLayout() {
    let label = Label(text: "下拉可以刷新")
    container.addSubview(label)
    clock.advance(by: 0)
    #expect(!container.needsLayout && !label.needsDisplay)

    label.text = "松开立即刷新"  // same size: redraw only
    #expect(label.needsDisplay)
    #expect(!container.needsLayout)

    label.isBold = true
    label.fontSize = 20
    label.textColor = .refreshText
    label.textAlignment = .center
    #expect(!container.needsLayout)

    label.text = "正在刷新数据中..."
    #expect(container.needsLayout)
    clock.advance(by: 0)
    label.numberOfLines = 0
    #expect(!container.needsLayout)  // one line either way
    label.text = "正在刷新\n数据中..."
    #expect(container.needsLayout)
    #expect(label.needsDisplay)
  }

  /// A superview that is to lay out anyway is not asked again; the sizes the label skipped
  /// measuring then are measured when asked, and the next change compares the right ones.
  @Test func aSuperviewThatLaysOutAnywaySeesTheNewSizeThen() {
    let label = Label(text: "a")
    container.addSubview(label)
    #expect(label.intrinsicContentSize.width == 9)
    clock.advance(by: 0)
    container.setNeedsLayout()
    label.text = "abcdef"
    #expect(label.needsDisplay && container.needsLayout)
    clock.advance(by: 0)
    #expect(!container.needsLayout)
    // Nothing measured "abcdef": the change measures it now, as the size it had.
    label.text = "a"
    #expect(container.needsLayout)
    #expect(label.intrinsicContentSize.width == 9)

    container.setNeedsLayout()
    label.numberOfLines = 0
    label.text = "a\nbcdef"
    clock.advance(by: 0)
    // Two lines measured for the limit it had, not the new one.
    label.numberOfLines = 1
    #expect(container.needsLayout)
    #expect(label.intrinsicContentSize.height == 1 * TextMetrics.lineHeight)
  }

  /// The same text set again changes nothing; a text drawn from other scalars is a new text,
  /// even where `==` calls the two equal, as `UILabel` compares its text.
  @Test func theSameCodeUnitsAreNoChangeAndOtherScalarsAre() {
    let label = Label(text: "caf\u{E9}")
    container.addSubview(label)
    #expect(label.intrinsicContentSize.width == 36)
    clock.advance(by: 0)
    label.text = "caf" + "\u{E9}"
    #expect(!label.needsDisplay)
    label.text = "cafe\u{301}"
    #expect(label.needsDisplay)
    #expect(label.intrinsicContentSize.width == 36)
    clock.advance(by: 0)
    label.text = nil
    #expect(label.needsDisplay && container.needsLayout)
    #expect(label.intrinsicContentSize == .zero)
  }

  @Test func drawsTheTextVerticallyCenteredWithItsAttributes() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 375, height: 54))
    label.text = "下拉可以刷新"
    label.fontSize = 14
    label.isBold = true
    label.textColor = .refreshText
    label.textAlignment = .center
    container.addSubview(label)
    let canvas = CanvasCallRecorder()
    window.render(in: canvas)
    let state = CanvasState(origin: .zero, clip: CGRect(x: 0, y: 0, width: 375, height: 667))
    let attributes = TextAttributes(
      fontSize: 14, isBold: true, color: .refreshText, alignment: .center)
    #expect(
      canvas.calls == [
        .text("下拉可以刷新", CGRect(x: 0, y: 18, width: 375, height: 18), attributes, state)
      ])
  }

  @Test func drawingCutsTheTextToTheBoundsCells() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 90, height: 27))
    label.text = "下拉可以刷新"
    let canvas = CanvasCallRecorder()
    label.render(in: canvas, at: CGPoint(x: 10, y: 100))
    let state = CanvasState(
      origin: CGPoint(x: 10, y: 100), clip: CGRect(x: 10, y: 100, width: 90, height: 27))
    // Ten cells: "下拉可以" and "…" fit; the fifth wide character would straddle the edge.
    #expect(
      canvas.calls == [
        .text("下拉可以…", CGRect(x: 0, y: 4.5, width: 90, height: 18), TextAttributes(), state)
      ])
  }

  @Test func multiLineLabelsDrawTheRowsThatFit() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 45, height: 80))
    label.text = "下拉可以刷新了"
    label.numberOfLines = 0
    let canvas = CanvasCallRecorder()
    label.draw(in: canvas)
    label.frame.size.height = 40  // two rows: the second ends with "…"
    label.draw(in: canvas)
    #expect(
      canvas.calls.map(\.drawnText) == [
        "下拉\n可以\n刷新\n了", "下拉\n可以…",
      ])
    #expect(
      canvas.calls.map(\.drawnRect) == [
        CGRect(x: 0, y: 4, width: 45, height: 72), CGRect(x: 0, y: 2, width: 45, height: 36),
      ])
  }

  /// The lines are laid out once and handed to the canvas as they are, until the text, the
  /// line limit or the cells and rows of the bounds change.
  @Test func theLaidOutLinesAreKeptUntilWhatTheyDependOnChanges() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 45, height: 80))
    label.text = "下拉可以刷新了"
    label.numberOfLines = 0
    let canvas = LineRecorder()
    func draw() -> [TextLine] {
      label.draw(in: canvas)
      return canvas.drawn.last ?? []
    }
    let first = draw()
    #expect(first.map(\.text) == ["下拉", "可以", "刷新", "了"])
    #expect(first.map(\.cellCount) == [4, 4, 4, 2])
    // Drawn again, the same storage: nothing was wrapped or measured again.
    #expect(storage(of: draw()) == storage(of: first))
    label.frame.origin = CGPoint(x: 30, y: 30)
    #expect(storage(of: draw()) == storage(of: first))
    label.frame.size.width = 46  // still five cells
    #expect(storage(of: draw()) == storage(of: first))
    label.frame.size.width = 54
    #expect(draw().map(\.text) == ["下拉可", "以刷新", "了"])
    label.frame.size.height = 36
    #expect(draw().map(\.text) == ["下拉可", "以刷…"])
    label.numberOfLines = 1
    #expect(draw().map(\.text) == ["下拉…"])
    label.text = "Pull"
    #expect(draw().map(\.text) == ["Pull"])
    #expect(draw().map(\.cellCount) == [4])
    label.text = nil
    label.draw(in: canvas)
    label.text = "Pull"
    #expect(draw().map(\.text) == ["Pull"])
    #expect(canvas.drawn.count == 10)
  }

  private func storage(of lines: [TextLine]) -> UnsafeRawPointer? {
    lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func drawsNothingWithoutTextOrRoom() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 8, height: 18))
    let canvas = CanvasCallRecorder()
    label.draw(in: canvas)
    label.text = "a"
    label.draw(in: canvas)
    label.frame.size = CGSize(width: 9, height: 0)
    label.draw(in: canvas)
    label.frame.size = CGSize(width: 9, height: 1)
    label.draw(in: canvas)
    #expect(canvas.calls.map(\.drawnText) == ["a"])
  }

  @Test func aTapReachesTheLabel() {
    let label = Label(text: "Tap me")
    container.addSubview(label)
    var taps = 0
    label.onTap = { _ in taps += 1 }
    #expect(window.sendTap(at: CGPoint(x: 5, y: 5)))
    #expect(taps == 1)
  }

  /// Each of the label's looks marks it for display when it changes, and not when it is
  /// assigned its own value again: once drawn, a label is drawn again only for a change.
  @Test(arguments: 0..<5)
  func aChangedLookMarksTheLabelForDisplay(look: Int) {
    let label = Label(text: "Pull down to refresh")
    window.addSubview(label)
    clock.advance(by: 0)
    #expect(!label.needsDisplay)
    func change(_ differently: Bool) {
      switch look {
      case 0: label.textAlignment = differently ? .center : label.textAlignment
      case 1: label.textColor = differently ? .orange : label.textColor
      case 2: label.isBold = differently ? !label.isBold : label.isBold
      case 3: label.fontSize = differently ? label.fontSize + 2 : label.fontSize
      default: label.text = differently ? "Release to refresh" : label.text
      }
    }
    change(false)
    #expect(!label.needsDisplay)
    change(true)
    #expect(label.needsDisplay)
    clock.advance(by: 0)
    #expect(!label.needsDisplay)
  }
}

extension CanvasCallRecorder.Call {
  /// The text of a text call.
  var drawnText: String? {
    if case .text(let text, _, _, _) = self { return text }
    return nil
  }

  /// The rectangle of a text call.
  var drawnRect: CGRect? {
    if case .text(_, let rect, _, _) = self { return rect }
    return nil
  }
}

/// A canvas that keeps the lines it is handed.
@MainActor
private final class LineRecorder: Canvas {
  var state = CanvasState(clip: .zero)
  private(set) var drawn: [[TextLine]] = []
  func fill(_ rect: CGRect, color: Color) {}
  func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes) {
    Issue.record("a label hands its lines, not a string: \(text)")
  }
  func drawText(lines: [TextLine], in rect: CGRect, attributes: TextAttributes) {
    drawn.append(lines)
  }
  func drawImage(_ image: Image, in rect: CGRect, tint: Color) {}
  func drawSpinner(in rect: CGRect, color: Color, frame: Int) {}
}
