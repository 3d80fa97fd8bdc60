/// Counts a track among the live ones from ``begin()`` until the first ``end()``.
@MainActor
final class TrackLifetime {
  private(set) var isLive = false

  func begin() {
    guard !isLive else { return }
    isLive = true
    AnimationTransaction.flags.liveTracks += 1
  }

  func end() {
    guard isLive else { return }
    isLive = false
    AnimationTransaction.flags.liveTracks -= 1
  }
}
