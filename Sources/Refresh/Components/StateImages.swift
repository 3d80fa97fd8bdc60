import Foundation

/// The frames of the Gif variants, by state: chosen by the pull while idle, looped in the other
/// states (still after a failure that has no frames of its own).
@MainActor
final class StateImages: RefreshComponentPart {
  let gifView = ImageView(frame: .zero)
  private var images: [RefreshState: [Image]] = [:]
  private var durations: [RefreshState: TimeInterval] = [:]
  /// Whether the frames show only while refreshing (the automatic footer's, which has no pull).
  let showsOnlyWhileRefreshing: Bool

  /// Adds the frames' view to a component.
  ///
  /// - Parameters:
  ///   - component: The component; the view becomes its subview.
  ///   - showsOnlyWhileRefreshing: Whether the view is hidden outside refreshing.
  init(in component: RefreshComponent, showsOnlyWhileRefreshing: Bool = false) {
    self.showsOnlyWhileRefreshing = showsOnlyWhileRefreshing
    gifView.isHidden = showsOnlyWhileRefreshing
    component.addSubview(gifView)
  }

  /// Sets the frames of a state and how long one cycle takes (0.1 second per frame when `nil`).
  ///
  /// The component grows to the tallest frame that says its size, when that is taller than the
  /// component (MJRefresh's gif components do).
  ///
  /// - Returns: The component, for the components' chaining `setImages(_:duration:for:)`.
  @discardableResult
  func setImages<Component: RefreshComponent>(
    _ frames: [Image], duration: TimeInterval?, for state: RefreshState,
    in component: Component
  ) -> Component {
    images[state] = frames
    durations[state] = duration ?? Double(frames.count) * 0.1
    if let first = frames.first, gifView.image == nil { gifView.image = first }
    if let tallest = frames.compactMap(\.size?.height).max(), tallest > component.frame.height {
      component.frame.size.height = tallest
      component.extentDidChange()
    }
    component.setNeedsLayout()
    return component
  }

  /// The width the frames take: the widest frame that says its size, else the view's own.
  private var framesWidth: CGFloat {
    images.values.joined().compactMap(\.size?.width).max() ?? gifView.intrinsicContentSize.width
  }

  func images(for state: RefreshState) -> [Image] { images[state] ?? [] }

  /// While idle, the frame follows the pull: frame `Int(percent * count)`, clamped to the last.
  func follow(pullingPercent: CGFloat, in state: RefreshState) {
    guard state == .idle, let frames = images[.idle], !frames.isEmpty else { return }
    gifView.stopAnimating()
    let index = min(max(Int(pullingPercent * CGFloat(frames.count)), 0), frames.count - 1)
    gifView.image = frames[index]
  }

  /// Plays the state's frames (or shows its only frame); stops when idle.
  func show(_ state: RefreshState, from oldState: RefreshState, in component: RefreshComponent) {
    if showsOnlyWhileRefreshing { gifView.isHidden = !component.isRefreshing }
    switch state {
    case .pulling, .refreshing, .willRefresh, .failed:
      let frames = images[state] ?? []
      // A failure without frames of its own stops the refreshing ones: a failure shows no
      // spinner.
      if frames.isEmpty, state == .failed { gifView.stopAnimating() }
      guard !frames.isEmpty else { return }
      gifView.stopAnimating()
      if frames.count == 1 {
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
  func place(in component: RefreshComponent) {
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
