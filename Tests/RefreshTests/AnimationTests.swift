import Foundation
import Observing
import Testing

@testable import Refresh

@MainActor
@Suite("View animations")
struct AnimationTests {
  let clock = ManualFrameClock()
  let window: Window
  let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

  init() {
    window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    window.addSubview(view)
  }

  @Test func theModelValueChangesAtOnceAndObserversSeeItOnce() {
    var seen: [CGFloat] = []
    let token = view.observe(\.alpha, options: .new) { _, change in seen.append(change.newValue!) }
    View.animate(withDuration: 0.4) { view.alpha = 0 }
    #expect(view.alpha == 0)
    #expect(seen == [0])
    #expect(view.presentedAlpha == 1)
    clock.advance(by: 0.2)
    #expect(abs(view.presentedAlpha - 0.5) < 1e-9)  // the ease-in-out curve is symmetric
    clock.advance(by: 0.2)
    #expect(view.presentedAlpha == 0)
    #expect(seen == [0])
    token.invalidate()
  }

  @Test func theCurveEasesInAndOut() {
    #expect(AnimationCurve.easeInOut(0) == 0)
    #expect(AnimationCurve.easeInOut(1) == 1)
    #expect(abs(AnimationCurve.easeInOut(0.5) - 0.5) < 1e-9)
    #expect(AnimationCurve.easeInOut(0.1) < 0.1)
    #expect(AnimationCurve.easeInOut(0.9) > 0.9)
    // CSS ease-in-out at x = 0.25 is 0.1291 (the cubic-bezier(0.42, 0, 0.58, 1) curve).
    #expect(abs(AnimationCurve.easeInOut(0.25) - 0.1291) < 0.0005)
  }

  @Test func completionRunsWhenTheClockReachesTheEnd() {
    var completions: [Bool] = []
    View.animate(withDuration: 0.25) {
      view.frame.origin.y = 50
    } completion: {
      completions.append($0)
    }
    clock.advance(by: 0.2)
    #expect(completions.isEmpty)
    #expect(view.presentedFrame.origin.y > 0 && view.presentedFrame.origin.y < 50)
    clock.advance(by: 0.05)
    #expect(completions == [true])
    #expect(view.presentedFrame.origin.y == 50)
  }

  @Test func aDelayHoldsThePresentedValue() {
    var done = false
    View.animate(withDuration: 0.2, delay: 0.3) {
      view.frame.origin.x = 40
    } completion: { _ in
      done = true
    }
    #expect(view.frame.origin.x == 40)
    clock.advance(by: 0.3)
    #expect(view.presentedFrame.origin.x == 0)
    clock.advance(by: 0.1)
    #expect(abs(view.presentedFrame.origin.x - 20) < 1e-9)
    #expect(!done)
    clock.advance(by: 0.1)
    #expect(done)
  }

  @Test func aViewWithoutAWindowCompletesAtOnce() {
    let loose = View()
    var done = false
    View.animate(withDuration: 1) {
      loose.alpha = 0.2
    } completion: { _ in
      done = true
    }
    #expect(done)
    #expect(loose.presentedAlpha == 0.2)
  }

  @Test func aBlockThatChangesNothingCompletesAtOnce() {
    var done = false
    View.animate(withDuration: 1) {
    } completion: { _ in
      done = true
    }
    #expect(done)
  }

  @Test func aNewAnimationStartsFromWhatIsPresented() {
    View.animate(withDuration: 1) { view.frame.origin.y = 100 }
    clock.advance(by: 0.5)
    #expect(abs(view.presentedFrame.origin.y - 50) < 1e-9)
    View.animate(withDuration: 1) { view.frame.origin.y = 0 }
    #expect(abs(view.presentedFrame.origin.y - 50) < 1e-9)
    clock.advance(by: 0.5)
    #expect(abs(view.presentedFrame.origin.y - 25) < 1e-9)
  }

  @Test func changesOutsideAnimationsJumpOnScreen() {
    View.animate(withDuration: 1) { view.alpha = 0 }
    clock.advance(by: 0.5)
    view.alpha = 0.7
    #expect(view.presentedAlpha == 0.7)
    View.animate(withDuration: 1) {
      View.performWithoutAnimation { view.alpha = 0.3 }
    }
    #expect(view.presentedAlpha == 0.3)
  }

  @Test func rotationsAnimate() {
    View.animate(withDuration: 0.25) { view.transform = Transform(rotationAngle: .pi) }
    clock.advance(by: 0.125)
    #expect(abs(view.presentedRotation - .pi / 2) < 1e-9)
    clock.advance(by: 0.2)
    #expect(view.presentedRotation == .pi)
    #expect(!view.hasRunningAnimations)
  }

  @Test(arguments: [-1.0, .nan, .infinity])
  func badDurationsCountAsZero(duration: Double) {
    var done = false
    View.animate(withDuration: duration) {
      view.alpha = 0.5
    } completion: { _ in
      done = true
    }
    clock.advance(by: 0)
    #expect(done)
    #expect(view.presentedAlpha == 0.5)
  }

  /// An inner block commits its own changes when it ends, on its own duration; the outer
  /// block's changes, before and after it, animate on the outer duration.
  @Test func nestedBlocksEachAnimateTheirOwnChanges() {
    let other = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(other)
    View.animate(withDuration: 1) {
      view.alpha = 0
      View.animate(withDuration: 0.5) { other.alpha = 0 }
      view.frame.origin.y = 100
    }
    clock.advance(by: 0.25)
    #expect(abs(other.presentedAlpha - 0.5) < 1e-9)
    clock.advance(by: 0.25)
    #expect(other.presentedAlpha == 0)
    #expect(abs(view.presentedAlpha - 0.5) < 1e-9)
    #expect(abs(view.presentedFrame.origin.y - 50) < 1e-9)
    clock.advance(by: 0.5)
    #expect(view.presentedAlpha == 0)
    #expect(view.presentedFrame.origin.y == 100)
  }

  /// Several changes in one block, of several views and properties, each get a track; once
  /// they are over no track is left anywhere, so setters take their fast path again.
  @Test func everyChangeOfABlockAnimatesAndItsTracksEnd() {
    let other = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(other)
    let liveBefore = AnimationTransaction.flags.liveTracks
    var completions = 0
    View.animate(withDuration: 0.5) {
      view.alpha = 0
      view.frame.origin.x = 60
      other.transform = Transform(rotationAngle: .pi)
    } completion: { _ in
      completions += 1
    }
    #expect(AnimationTransaction.flags.liveTracks == liveBefore + 3)
    clock.advance(by: 0.25)
    #expect(abs(view.presentedAlpha - 0.5) < 1e-9)
    #expect(abs(view.presentedFrame.origin.x - 30) < 1e-9)
    #expect(abs(other.presentedRotation - .pi / 2) < 1e-9)
    clock.advance(by: 0.25)
    #expect(completions == 1)
    #expect(AnimationTransaction.flags.liveTracks == liveBefore)
    #expect(view.animationTracks.isEmpty && other.animationTracks.isEmpty)
  }

  /// A property changed twice in one block keeps the second change's track, which starts from
  /// the model value the first left (nothing is presented for it before the block commits);
  /// the count of live tracks counts the property once.
  @Test func aPropertyChangedTwiceInABlockHasOneTrack() {
    let liveBefore = AnimationTransaction.flags.liveTracks
    View.animate(withDuration: 1) {
      view.alpha = 0.5
      view.alpha = 0
    }
    #expect(AnimationTransaction.flags.liveTracks == liveBefore + 1)
    clock.advance(by: 0.5)
    #expect(abs(view.presentedAlpha - 0.25) < 1e-9)
    clock.advance(by: 0.5)
    #expect(AnimationTransaction.flags.liveTracks == liveBefore)
  }

  /// A completion that runs at once (no view in a window) may animate again: its block records
  /// and commits its own changes, and the block that called it has nothing left to commit.
  @Test func aCompletionRunAtOnceMayAnimateAgain() {
    let loose = View()
    var completions: [String] = []
    View.animate(withDuration: 1) {
      loose.alpha = 0.2
    } completion: { _ in
      completions.append("loose")
      View.animate(withDuration: 1) {
        view.alpha = 0
      } completion: { _ in
        completions.append("view")
      }
    }
    #expect(completions == ["loose"])
    #expect(view.presentedAlpha == 1)
    clock.advance(by: 1)
    #expect(completions == ["loose", "view"])
    #expect(view.presentedAlpha == 0)
  }

  /// A change inside `performWithoutAnimation` in an animation block jumps on screen, and the
  /// block's other changes still animate.
  @Test func changesWithoutAnimationInsideABlockLeaveTheOthersAnimating() {
    View.animate(withDuration: 1) {
      view.frame.origin.y = 100
      View.performWithoutAnimation { view.alpha = 0.3 }
    }
    #expect(view.presentedAlpha == 0.3)
    clock.advance(by: 0.5)
    #expect(abs(view.presentedFrame.origin.y - 50) < 1e-9)
  }

  /// A view without a window runs no animation, whatever it was asked to animate; one in a
  /// window runs its animation until the clock passes its end.
  @Test func onlyAViewInAWindowHasRunningAnimations() {
    let loose = View()
    View.animate(withDuration: 1) { loose.alpha = 0 }
    #expect(!loose.hasRunningAnimations)
    View.animate(withDuration: 1) { view.alpha = 0 }
    #expect(view.hasRunningAnimations)
    clock.advance(by: 1)
    #expect(!view.hasRunningAnimations)
  }
}
