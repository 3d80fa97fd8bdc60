import Foundation
import Testing

@testable import Refresh

/// A layout pass walks only the branches that hold a view marked for layout, and still lays
/// out every marked view: marked during the pass, deep under marked ancestors, or in a subtree
/// built before it was attached.
@MainActor
@Suite("View layout pass")
struct ViewLayoutPassTests {
  /// Counts its layouts; optionally resizes its first subview when laid out.
  final class Counted: View {
    var layouts = 0
    var childWidth: CGFloat?
    override func layoutSubviews() {
      super.layoutSubviews()
      layouts += 1
      if let childWidth, let child = subviews.first {
        child.frame.size.width = childWidth
      }
    }
  }

  /// A root with `branches` subviews of `leaves` subviews each, laid out once.
  func tree(branches: Int, leaves: Int) -> (root: Counted, branches: [Counted], leaves: [Counted]) {
    let root = Counted()
    var allBranches: [Counted] = []
    var allLeaves: [Counted] = []
    for _ in 0..<branches {
      let branch = Counted()
      root.addSubview(branch)
      allBranches.append(branch)
      for _ in 0..<leaves {
        let leaf = Counted()
        branch.addSubview(leaf)
        allLeaves.append(leaf)
      }
    }
    root.layoutIfNeeded()
    return (root, allBranches, allLeaves)
  }

  @Test func everyViewIsLaidOutOnceAtFirst() {
    let (root, branches, leaves) = tree(branches: 3, leaves: 4)
    #expect(root.layouts == 1)
    #expect(branches.map(\.layouts) == [1, 1, 1])
    #expect(leaves.map(\.layouts) == Array(repeating: 1, count: 12))
    root.layoutIfNeeded()
    #expect(root.layouts == 1)
    #expect(leaves.map(\.layouts) == Array(repeating: 1, count: 12))
  }

  @Test func onlyTheMarkedViewIsLaidOutAgain() {
    let (root, branches, leaves) = tree(branches: 3, leaves: 4)
    leaves[6].setNeedsLayout()
    #expect(!root.needsLayout)
    root.layoutIfNeeded()
    #expect(root.layouts == 1)
    #expect(branches.map(\.layouts) == [1, 1, 1])
    #expect(leaves.map(\.layouts) == [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1])
    // Two marks under one branch, then one under another: the first mark's path is reused.
    leaves[0].setNeedsLayout()
    leaves[1].setNeedsLayout()
    leaves[11].setNeedsLayout()
    root.layoutIfNeeded()
    #expect(leaves.map(\.layouts) == [2, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2])
    #expect(leaves.allSatisfy { !$0.needsLayout })
  }

  /// The walk: a mark flags the marked view's ancestors, and only them; a pass clears them.
  @Test func aMarkFlagsOnlyTheAncestorsOfTheMarkedView() {
    let (root, branches, leaves) = tree(branches: 3, leaves: 2)
    let everyView = [root] + branches + leaves
    #expect(everyView.allSatisfy { !$0.subviewsNeedLayout })
    leaves[3].setNeedsLayout()
    #expect(root.subviewsNeedLayout)
    #expect(branches.map(\.subviewsNeedLayout) == [false, true, false])
    #expect(leaves.allSatisfy { !$0.subviewsNeedLayout })
    root.layoutIfNeeded()
    #expect(everyView.allSatisfy { !$0.subviewsNeedLayout && !$0.needsLayout })
  }

  @Test func aViewMarkedByItsSuperviewsLayoutIsLaidOutInTheSamePass() {
    let (root, branches, leaves) = tree(branches: 2, leaves: 2)
    branches[1].childWidth = 40
    branches[1].setNeedsLayout()
    root.layoutIfNeeded()
    #expect(branches.map(\.layouts) == [1, 2])
    // The branch resized its first leaf, which marked it for layout during the pass.
    #expect(leaves.map(\.layouts) == [1, 1, 2, 1])
    #expect(leaves[2].frame.width == 40)
  }

  @Test func aSubtreeBuiltBeforeItIsAttachedIsLaidOutWhole() {
    let (root, _, _) = tree(branches: 1, leaves: 1)
    let branch = Counted()
    let leaf = Counted()
    let deep = Counted()
    branch.addSubview(leaf)
    leaf.addSubview(deep)
    root.addSubview(branch)
    root.layoutIfNeeded()
    #expect([root.layouts, branch.layouts, leaf.layouts, deep.layouts] == [2, 1, 1, 1] as [Int])
    deep.setNeedsLayout()
    root.layoutIfNeeded()
    #expect([root.layouts, branch.layouts, leaf.layouts, deep.layouts] == [2, 1, 1, 2] as [Int])
  }

  @Test func aViewLaidOutOnItsOwnLeavesItsAncestorsToTheirPass() {
    let (root, branches, leaves) = tree(branches: 2, leaves: 2)
    leaves[3].setNeedsLayout()
    leaves[0].setNeedsLayout()
    branches[0].layoutIfNeeded()
    #expect(leaves.map(\.layouts) == [2, 1, 1, 1] as [Int])
    root.layoutIfNeeded()
    #expect(leaves.map(\.layouts) == [2, 1, 1, 2] as [Int])
  }

  @Test func aViewMovedToAnotherBranchIsLaidOutThere() {
    let (root, branches, leaves) = tree(branches: 2, leaves: 1)
    let moved = leaves[0]
    branches[1].addSubview(moved)
    root.layoutIfNeeded()
    #expect(moved.layouts == 2)
    #expect(branches.map(\.layouts) == [2, 2])
  }

  /// A view marked before it moves is laid out in its new place: marking it again would do
  /// nothing (it is marked), so the move flags its new ancestors.
  @Test func aViewMarkedBeforeItMovesIsLaidOutInItsNewPlace() {
    let (root, branches, leaves) = tree(branches: 2, leaves: 1)
    let moved = leaves[0]
    moved.setNeedsLayout()
    root.layoutIfNeeded()
    #expect(moved.layouts == 2)
    moved.setNeedsLayout()
    branches[1].addSubview(moved)
    #expect(branches[1].subviewsNeedLayout)
    root.layoutIfNeeded()
    #expect(moved.layouts == 3)
    #expect(!moved.needsLayout && !root.subviewsNeedLayout)
  }

  /// Marking a marked view again flags nothing more, and the pass lays it out once.
  @Test func markingAgainBeforeThePassLaysOutOnce() {
    let (root, branches, leaves) = tree(branches: 2, leaves: 2)
    leaves[1].setNeedsLayout()
    leaves[1].setNeedsLayout()
    branches[0].setNeedsLayout()
    branches[0].setNeedsLayout()
    #expect(branches.map(\.subviewsNeedLayout) == [true, false])
    root.layoutIfNeeded()
    #expect(leaves.map(\.layouts) == [1, 2, 1, 1])
    #expect(branches.map(\.layouts) == [2, 1])
  }

  /// A view marked while it had no window asks its new window for a frame when it joins it,
  /// and that frame lays it out.
  @Test func aViewMarkedWithoutAWindowIsLaidOutByTheWindowItJoins() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), clock: clock)
    clock.advance(by: 1)
    let view = Counted()
    view.setNeedsLayout()
    view.layoutIfNeeded()
    view.setNeedsLayout()
    #expect(view.layouts == 1)
    window.addSubview(view)
    clock.advance(by: 1.0 / 60)
    #expect(view.layouts == 2)
    #expect(!view.needsLayout)
  }
}
