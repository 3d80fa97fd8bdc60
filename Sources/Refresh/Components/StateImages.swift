import Foundation

/// The frames of the "gif" components, by state, and choosing one by the pull.
@MainActor
final class StateImages {
  let gifView = ImageView(frame: .zero)
  private var images: [RefreshState: [Image]] = [:]
  private var durations: [RefreshState: TimeInterval] = [:]

  init(in container: View) {
    container.addSubview(gifView)
  }

  /// Sets the frames of a state and how long one cycle takes.
  func setImages(_ frames: [Image], duration: TimeInterval?, for state: RefreshState) {
    images[state] = frames
    durations[state] = duration ?? Double(frames.count) * 0.1
    if let first = frames.first, gifView.image == nil { gifView.image = first }
  }

  func images(for state: RefreshState) -> [Image] { images[state] ?? [] }

  /// While idle, the frame follows the pull: frame `Int(percent * count)`, clamped to the last.
  func follow(pullingPercent: CGFloat, in state: RefreshState) {
    let frames = images[.idle] ?? []
    guard state == .idle, !frames.isEmpty else { return }
    gifView.stopAnimating()
    let index = min(max(Int(pullingPercent * CGFloat(frames.count)), 0), frames.count - 1)
    gifView.image = frames[index]
  }

  /// Plays the state's frames (or shows its only frame); stops when idle.
  func show(_ state: RefreshState) {
    switch state {
    case .pulling, .refreshing, .willRefresh:
      let frames = images[state] ?? []
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
}
