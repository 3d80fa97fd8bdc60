import Foundation
import Observing
import Refresh

/// A header of letters that grow in with the pull and dance one after another while refreshing.
///
/// It is seed 002's custom `UIRefreshControl`, a row of five labels, written as a
/// ``RefreshHeader``:
///
/// - **Pulling.** Each letter's opacity is ``RefreshComponent/pullingPercent`` `p`, and its scale
///   is the seed's stretch: `min(p, 1)` across and `p` down, so the letters grow to full size as
///   the 60-point header comes into view, then stretch taller the further you pull.
/// - **Refreshing.** One after another, each letter turns 45° and takes the next colour of
///   ``turnColors`` (0.2 s), then turns back and returns to ``restingColor`` (0.1 s); then all
///   the letters grow to 1.5× (0.3 s) and back (0.3 s). The cycle (2.1 s for five letters)
///   repeats until refreshing ends, which stops it at once and puts every letter back at rest.
///   Taking the header off screen stops it too; it starts again when the header comes back.
///
/// Views have no scale transform, so a scale is shown by size: a letter's frame is
/// ``letterSize`` times the scale, centred on the letter's place, and its font size is
/// ``letterFontSize`` times the vertical scale (at least 1 point). ``letterScale`` reads the
/// scale back.
///
/// The steps are `View.animate` blocks chained by their completions on the window's clock:
/// model values change when a step begins and the presented ones follow (rotations and frames
/// animate, with the library's ease-in-ease-out curve where the seed is linear; colours and font
/// sizes change at once).
///
/// ```swift
/// let header = LettersRefreshHeader(word: "FRESH") {
///   feed.reload { scroll.header?.endRefreshing() }
/// }
/// scroll.header = header
/// ```
///
/// The seed's timer that stands in for the network belongs to the caller: end refreshing when
/// your work is done.
@MainActor
public final class LettersRefreshHeader: RefreshHeader {
  /// The header's height, 60 points: the seed's pull is measured in sixtieths of a point.
  public static let headerHeight: CGFloat = 60

  /// A letter's frame at scale 1: two cells wide, one line high.
  public static let letterSize = CGSize(width: 18, height: 18)

  /// The distance between the centres of neighbouring letters, in points.
  public static let letterSpacing: CGFloat = 27

  /// A letter's font size at scale 1, in points.
  public static let letterFontSize: CGFloat = 20

  /// How far a letter turns while it has its turn: 45°, clockwise.
  public static let turnAngle: CGFloat = .pi / 4

  /// How long a letter takes to turn and change colour, 0.2 s.
  public static let turnDuration: TimeInterval = 0.2

  /// How long a letter takes to turn back, 0.1 s.
  public static let returnDuration: TimeInterval = 0.1

  /// How big the letters grow together at the end of a cycle, 1.5×.
  public static let beatScale: CGFloat = 1.5

  /// How long the letters take to grow, and again to shrink back, 0.3 s each.
  public static let beatDuration: TimeInterval = 0.3

  /// The seed's palette: `UIColor`'s magenta, brown, yellow, red and green.
  public static let seedColors: [Color] = [
    Color(red: 255, green: 0, blue: 255), Color(red: 153, green: 102, blue: 51),
    Color(red: 255, green: 255, blue: 0), Color(red: 255, green: 0, blue: 0),
    Color(red: 0, green: 255, blue: 0),
  ]

  /// The header's background, a dark grey on which the white letters show.
  public static let defaultBackgroundColor = Color(red: 40, green: 40, blue: 40)

  /// The word whose letters the header shows, "FRESH" unless set; one label per character.
  public var word = "FRESH" {
    didSet {
      guard word != oldValue else { return }
      rebuildLetters()
    }
  }

  /// The labels of the letters, left to right.
  public private(set) var letterLabels: [Label] = []

  /// The colour of the letters at rest; the seed's white.
  public var restingColor: Color = .white {
    didSet {
      for label in letterLabels where label.textColor == oldValue {
        label.textColor = restingColor
      }
    }
  }

  /// The colours the letters take while refreshing: letter `i` turns in colour
  /// `turnColors[i % turnColors.count]`; ``seedColors`` unless set, ``restingColor`` when empty.
  public var turnColors: [Color] = LettersRefreshHeader.seedColors

  /// The scale the letters are shown at (model value): `(min(p, 1), p)` while pulling, 1 while
  /// refreshing, ``beatScale`` while they beat.
  public private(set) var letterScale = CGSize.zero

  /// Whether the refreshing sequence is running (the seed's `isAnimating`).
  public private(set) var isAnimatingLetters = false

  /// The index of the letter whose turn it is, or `nil` when none is turning (at rest, or while
  /// the letters beat together).
  public private(set) var turningLetterIndex: Int?

  /// How long one cycle of the sequence takes: each letter's turn, then the beat.
  public var cycleDuration: TimeInterval {
    Double(letterLabels.count) * (Self.turnDuration + Self.returnDuration) + 2 * Self.beatDuration
  }

  /// Counts runs of the sequence; a completion from an older run does nothing.
  private var sequenceRun = 0
  private var pullObservation: ObservationToken?

  /// Creates a header showing a word, that calls a closure when it refreshes.
  ///
  /// - Parameters:
  ///   - word: The letters to show.
  ///   - refreshingBlock: Called when refreshing begins.
  public convenience init(word: String, refreshingBlock: @escaping () -> Void) {
    self.init(frame: .zero)
    self.word = word
    self.refreshingBlock = refreshingBlock
  }

  public override func prepare() {
    super.prepare()
    frame.size.height = Self.headerHeight
    backgroundColor = Self.defaultBackgroundColor
    lastUpdatedTimeStore = InMemoryLastUpdatedTimeStore()
    rebuildLetters()
    // `pullingPercent` is not `open`: follow it by observation.
    pullObservation = observe(\.pullingPercent) { header, _ in header.followPull() }
  }

  public override func placeSubviews() {
    super.placeSubviews()
    layoutLetters()
  }

  public override func stateDidChange(from oldState: RefreshState) {
    super.stateDidChange(from: oldState)
    switch state {
    case .refreshing, .willRefresh:
      View.animate(withDuration: fastAnimationDuration) { self.showLettersAtRest() }
      if state == .refreshing { startLetterSequence() }
    default:
      stopLetterSequence()
      followPull()
    }
  }

  /// Stops the sequence when the header leaves the screen, and starts it on the next frame when
  /// the header comes on screen while refreshing (once the letters are on screen too).
  public override func didMoveToWindow() {
    super.didMoveToWindow()
    guard let clock = window?.clock else {
      stopLetterSequence()
      return
    }
    if state == .refreshing {
      clock.schedule(after: 0) { [weak self] in self?.startLetterSequence() }
    }
  }

  // MARK: Letters

  private func rebuildLetters() {
    stopLetterSequence()
    for label in letterLabels { label.removeFromSuperview() }
    letterLabels = word.map { character in
      let label = Label(text: String(character))
      label.textAlignment = .center
      label.isBold = true
      label.textColor = restingColor
      label.fontSize = Self.letterFontSize
      return label
    }
    for label in letterLabels { addSubview(label) }
    if isRefreshing {
      showLettersAtRest()
      startLetterSequence()
    } else {
      followPull()
    }
  }

  /// Sets the letters' opacity and scale from the pull (not while refreshing).
  private func followPull() {
    guard !isRefreshing else { return }
    let percent = max(pullingPercent, 0)
    letterScale = CGSize(width: min(percent, 1), height: percent)
    for label in letterLabels where label.alpha != min(percent, 1) {
      label.alpha = percent
    }
    layoutLetters()
  }

  /// Full size, fully opaque.
  private func showLettersAtRest() {
    letterScale = CGSize(width: 1, height: 1)
    for label in letterLabels where label.alpha != 1 {
      label.alpha = 1
    }
    layoutLetters()
  }

  /// Places each letter at its slot, sized by ``letterScale``; assigns only what changed, so
  /// that a layout pass does not cut a running animation short.
  private func layoutLetters() {
    let count = CGFloat(letterLabels.count)
    let size = CGSize(
      width: Self.letterSize.width * letterScale.width,
      height: Self.letterSize.height * letterScale.height)
    let fontSize = max(Self.letterFontSize * letterScale.height, 1)
    for (index, label) in letterLabels.enumerated() {
      let centerX = frame.width / 2 + (CGFloat(index) - (count - 1) / 2) * Self.letterSpacing
      let letterFrame = CGRect(
        x: centerX - size.width / 2, y: frame.height / 2 - size.height / 2,
        width: size.width, height: size.height)
      if label.frame != letterFrame { label.frame = letterFrame }
      label.fontSize = fontSize
    }
  }

  // MARK: The refreshing sequence

  /// Whether a step of run `run` may go on.
  private func continues(_ run: Int) -> Bool {
    run == sequenceRun && isAnimatingLetters && state == .refreshing && window != nil
  }

  private func startLetterSequence() {
    guard !isAnimatingLetters, state == .refreshing, window != nil, !letterLabels.isEmpty
    else { return }
    isAnimatingLetters = true
    sequenceRun += 1
    turnLetter(at: 0, run: sequenceRun)
  }

  /// Stops the sequence at once and puts every letter back at rest, unturned and resting-coloured.
  private func stopLetterSequence() {
    guard isAnimatingLetters else { return }
    isAnimatingLetters = false
    sequenceRun += 1
    turningLetterIndex = nil
    for label in letterLabels {
      label.transform = .identity
      label.textColor = restingColor
    }
  }

  /// The colour letter `index` takes while it turns.
  private func turnColor(forLetterAt index: Int) -> Color {
    turnColors.isEmpty ? restingColor : turnColors[index % turnColors.count]
  }

  /// Letter `index` turns and takes a colour, then turns back; then the next letter, or the beat
  /// after the last.
  private func turnLetter(at index: Int, run: Int) {
    guard continues(run) else { return }
    guard index < letterLabels.count else {
      beat(run: run)
      return
    }
    let label = letterLabels[index]
    turningLetterIndex = index
    step(Self.turnDuration, run: run) {
      label.transform = Transform(rotationAngle: Self.turnAngle)
      label.textColor = self.turnColor(forLetterAt: index)
    } then: {
      self.step(Self.returnDuration, run: run) {
        label.transform = .identity
        label.textColor = self.restingColor
      } then: {
        self.turnLetter(at: index + 1, run: run)
      }
    }
  }

  /// All the letters grow to ``beatScale`` and back; then the cycle starts again.
  private func beat(run: Int) {
    turningLetterIndex = nil
    step(Self.beatDuration, run: run) {
      self.letterScale = CGSize(width: Self.beatScale, height: Self.beatScale)
      self.layoutLetters()
    } then: {
      self.step(Self.beatDuration, run: run) {
        self.letterScale = CGSize(width: 1, height: 1)
        self.layoutLetters()
      } then: {
        self.turnLetter(at: 0, run: run)
      }
    }
  }

  /// One step of the sequence: animates `changes`, then runs `next` if run `run` goes on.
  ///
  /// An animation that changes nothing on screen completes before `View.animate` returns;
  /// chaining from there would loop without time passing, so the sequence stops instead.
  private func step(
    _ duration: TimeInterval, run: Int, _ changes: () -> Void,
    then next: @escaping () -> Void
  ) {
    var hasReturned = false
    View.animate(withDuration: duration, animations: changes) { [weak self] _ in
      guard let self, self.continues(run) else { return }
      guard hasReturned else {
        self.stopLetterSequence()
        return
      }
      next()
    }
    hasReturned = true
  }
}
