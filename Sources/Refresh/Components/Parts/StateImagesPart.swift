import Foundation

/// The frames of the Gif variants, by state: MJRefresh's `gifView` and
/// `setImages:duration:forState:`.
///
/// While idle the frame follows the pull (frame `Int(pullingPercent * count)`, the last once
/// fully pulled); in the other states a state's frames loop over their duration (a single frame
/// stays still, and a failure without frames of its own stops the refreshing ones). The frames
/// sit left of the component's text, or fill the component without one.
///
/// ```swift
/// let frames = StateImagesPart()
/// frames.setImages(["◜", "◝", "◞", "◟"].map(Image.glyph), for: .idle)
/// frames.setImages(["◐", "◓", "◑", "◒"].map(Image.glyph), duration: 0.4, for: .refreshing)
/// header.addPart(frames)
/// ```
@MainActor
public final class StateImagesPart: RefreshComponentPart {
  /// The view that shows the frames.
  public let gifView = ImageView(frame: .zero)
  private var images: [RefreshState: [Image]] = [:]
  private var durations: [RefreshState: TimeInterval] = [:]
  /// Whether the frames show only while refreshing (the automatic footer's, which has no pull
  /// for idle frames to follow).
  public let showsOnlyWhileRefreshing: Bool
  /// The component the part belongs to.
  private weak var component: RefreshComponent?

  /// Creates frames, shown in every state or only while refreshing.
  ///
  /// - Parameter showsOnlyWhileRefreshing: Whether the view is hidden outside refreshing;
  ///   `false` by default.
  public init(showsOnlyWhileRefreshing: Bool = false) {
    self.showsOnlyWhileRefreshing = showsOnlyWhileRefreshing
    gifView.isHidden = showsOnlyWhileRefreshing
  }

  /// The space MJRefresh's gif components keep between the text and the frames, 20 points: a
  /// title whose ``StateTitlePart/labelLeftInset`` is still the default takes it when frames
  /// are added beside it.
  public static let labelLeftInset: CGFloat = 20

  /// Idle frames follow the pull, unless the frames show only while refreshing.
  public var followsPullingPercent: Bool { !showsOnlyWhileRefreshing }

  /// Adds the part's views to `component` (taking it from another component first) and shows
  /// its state.
  public func didAttach(to component: RefreshComponent) {
    if let owner = self.component, owner !== component { owner.removePart(self) }
    self.component = component
    // MJRefresh's gif components keep 20 points beside the text, not 25.
    if let title = component.titlePart, title.labelLeftInset == StateTitlePart.defaultLabelLeftInset
    {
      title.labelLeftInset = Self.labelLeftInset
    }
    component.addSubview(gifView)
    growToTallestFrame(of: images.values.joined())
    show(component.state, from: component.state, in: component)
  }

  /// Takes the part's views away from `component`.
  public func willDetach(from component: RefreshComponent) {
    gifView.stopAnimating()
    gifView.removeFromSuperview()
    self.component = nil
  }

  /// Sets the frames of a state and how long one cycle takes (0.1 second per frame when `nil`).
  ///
  /// The component grows to the tallest frame that says its size, when that is taller than the
  /// component (MJRefresh's gif components do).
  ///
  /// - Parameters:
  ///   - frames: The frames; idle frames follow the pull, others loop.
  ///   - duration: One loop's length; 0.1 second per frame when `nil`.
  ///   - state: The state they belong to.
  public func setImages(_ frames: [Image], duration: TimeInterval? = nil, for state: RefreshState) {
    images[state] = frames
    durations[state] = duration ?? Double(frames.count) * 0.1
    if let first = frames.first, gifView.image == nil { gifView.image = first }
    growToTallestFrame(of: frames)
    component?.setNeedsLayout()
  }

  /// The frames of a state.
  ///
  /// - Parameter state: A state.
  /// - Returns: Its frames, none when it has none.
  public func images(for state: RefreshState) -> [Image] { images[state] ?? [] }

  /// Makes the component as tall as the tallest of `frames` that says its size, when that is
  /// taller than the component.
  private func growToTallestFrame(of frames: some Sequence<Image>) {
    guard let component, let tallest = frames.compactMap(\.size?.height).max(),
      tallest > component.frame.height
    else { return }
    component.frame.size.height = tallest
    component.extentDidChange()
  }

  /// The width the frames take: the widest frame that says its size, else the view's own.
  private var framesWidth: CGFloat {
    images.values.joined().compactMap(\.size?.width).max() ?? gifView.intrinsicContentSize.width
  }

  /// While idle, the frame follows the pull: frame `Int(percent * count)`, clamped to the last.
  public func follow(pullingPercent: CGFloat, in component: RefreshComponent) {
    guard component.untrackedState == .idle, let frames = images[.idle], !frames.isEmpty else {
      return
    }
    gifView.stopAnimating()
    let index = min(max(Int(pullingPercent * CGFloat(frames.count)), 0), frames.count - 1)
    gifView.image = frames[index]
  }

  /// Plays the state's frames (or shows its only frame); stops when idle.
  public func show(
    _ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent
  ) {
    if showsOnlyWhileRefreshing { gifView.isHidden = !component.isRefreshing }
    switch state {
    case .pulling, .refreshing, .willRefresh, .failed:
      let frames = images[state] ?? []
      // A failure without frames of its own stops the refreshing ones: a failure shows no
      // spinner.
      if frames.isEmpty, state == .failed { gifView.stopAnimating() }
      guard !frames.isEmpty else { return }
      gifView.stopAnimating()
      if frames.count == 1 || component.reducesMotion {
        // One image, or reduced motion: the first image, still.
        gifView.image = frames[0]
      } else {
        gifView.animationImages = frames
        gifView.animationDuration = durations[state] ?? Double(frames.count) * 0.1
        gifView.startAnimating()
      }
    case .idle, .noMoreData:
      gifView.stopAnimating()
    }
  }

  /// Fills the component without a text; with one, hugs it from the left: the frames end
  /// `gap` points before the text, as MJRefresh's right-aligned gif view (`contentMode = right`,
  /// `width = w / 2 - textWidth / 2 - labelLeftInset`) shows them.
  public func place(in component: RefreshComponent) {
    guard let text = component.textBesideIndicator(forFrames: true) else {
      gifView.frame = component.bounds
      return
    }
    let size = component.frame.size
    let available = max(0, size.width * 0.5 - text.gap - text.width / 2)
    let width = min(available, framesWidth)
    // Right to left, the frames hug the text from the right, mirrored.
    let x =
      component.effectiveUserInterfaceLayoutDirection == .rightToLeft
      ? size.width - available : available - width
    gifView.frame = CGRect(x: x, y: 0, width: width, height: size.height)
  }
}
