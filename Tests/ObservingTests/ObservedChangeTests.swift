import Foundation
import Observing
import Testing

/// `ObservedChange`: what it gives back of what it was made with, how it compares and how it
/// prints, whichever way it keeps its kind, indexes and phase.
@Suite("A change description")
struct ObservedChangeTests {
  /// Every kind, with and without indexes, in either phase.
  static let shapes: [(ObservedChangeKind, IndexSet?, Bool)] = [
    ObservedChangeKind.setting, .insertion, .removal, .replacement,
  ].flatMap { kind in
    [nil, IndexSet([1, 3])].flatMap { indexes in [false, true].map { (kind, indexes, $0) } }
  }

  @Test(arguments: 0..<shapes.count)
  func givesBackWhatItWasMadeWith(shape: Int) {
    let (kind, indexes, isPrior) = Self.shapes[shape]
    let change = ObservedChange(
      kind: kind, newValue: 2.5, oldValue: -1.0, indexes: indexes, isPrior: isPrior)
    #expect(change.kind == kind)
    #expect(change.newValue == 2.5)
    #expect(change.oldValue == -1.0)
    #expect(change.indexes == indexes)
    #expect(change.isPrior == isPrior)
  }

  @Test func defaultsToAnAssignmentAfterTheChange() {
    let change = ObservedChange<CGPoint>()
    #expect(change.kind == .setting)
    #expect(change.newValue == nil)
    #expect(change.oldValue == nil)
    #expect(change.indexes == nil)
    #expect(!change.isPrior)
  }

  /// Two changes are equal when all five properties are, however each was made.
  @Test(arguments: 0..<shapes.count)
  func equalsOnlyAChangeOfTheSameShape(shape: Int) {
    let (kind, indexes, isPrior) = Self.shapes[shape]
    let change = ObservedChange(kind: kind, newValue: 1, indexes: indexes, isPrior: isPrior)
    #expect(change == ObservedChange(kind: kind, newValue: 1, indexes: indexes, isPrior: isPrior))
    #expect(change != ObservedChange(kind: kind, newValue: 2, indexes: indexes, isPrior: isPrior))
    #expect(change != ObservedChange(kind: kind, newValue: 1, oldValue: 1, indexes: indexes))
    for (index, other) in Self.shapes.enumerated() where index != shape {
      let (otherKind, otherIndexes, otherPrior) = other
      #expect(
        change
          != ObservedChange(
            kind: otherKind, newValue: 1, indexes: otherIndexes, isPrior: otherPrior))
    }
  }

  /// `print` and `dump` show the five properties, not how they are stored.
  @Test func printsItsFiveProperties() {
    let assignment = ObservedChange(newValue: 2, oldValue: 1)
    #expect(
      String(describing: assignment)
        == "ObservedChange<Int>(kind: Observing.ObservedChangeKind.setting, newValue: Optional(2), "
        + "oldValue: Optional(1), indexes: nil, isPrior: false)")
    let insertion = ObservedChange(
      kind: .insertion, newValue: ["a"], indexes: IndexSet([0]), isPrior: true)
    #expect(
      String(describing: insertion)
        == "ObservedChange<Array<String>>(kind: Observing.ObservedChangeKind.insertion, "
        + "newValue: Optional([\"a\"]), oldValue: nil, indexes: Optional(1 indexes), "
        + "isPrior: true)")
    #expect(
      Mirror(reflecting: insertion).children.map(\.label) == [
        "kind", "newValue", "oldValue", "indexes", "isPrior",
      ])
  }
}
