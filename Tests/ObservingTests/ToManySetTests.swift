import Foundation
import Observing
import TestSupport
import Testing

private final class Team: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var members: Set<String> = ["ada"]
  var size: Int { members.count }
}

@Suite("To-many changes of observed sets")
struct ToManySetTests {
  @Test func aUnionInsertsOnlyTheElementsThatWereMissing() {
    let team = Team()
    let log = Log<ObservedChange<Set<String>>>()
    let token = team.observe(\.members, options: [.old, .new]) { _, change in log.append(change) }
    team.formUnion(["ada", "grace", "alan"], in: \.members)
    #expect(team.members == ["ada", "grace", "alan"])
    // An insertion has no old value, and sets have no indexes.
    #expect(log.values == [ObservedChange(kind: .insertion, newValue: ["grace", "alan"])])
    token.invalidate()
  }

  @Test func insertingAnElementAlreadyThereIsReportedEmpty() {
    let team = Team()
    let log = Log<ObservedChange<Set<String>>>()
    let token = team.observe(\.members, options: .new) { _, change in log.append(change) }
    team.insert("ada", into: \.members)
    team.insert("grace", into: \.members)
    #expect(
      log.values == [
        ObservedChange(kind: .insertion, newValue: []),
        ObservedChange(kind: .insertion, newValue: ["grace"]),
      ])
    token.invalidate()
  }

  @Test func subtractingAndRemovingReportTheElementsThatLeft() {
    let team = Team()
    team.members = ["ada", "grace", "alan", "barbara"]
    let log = Log<ObservedChange<Set<String>>>()
    let token = team.observe(\.members, options: [.old, .new, .prior]) { _, change in
      log.append(change)
    }
    team.subtract(["ada", "edsger"], from: \.members)
    team.remove("grace", from: \.members)
    #expect(team.members == ["alan", "barbara"])
    // A removal has no new value; the prior notification already carries the old one.
    #expect(
      log.values == [
        ObservedChange(kind: .removal, oldValue: ["ada"], isPrior: true),
        ObservedChange(kind: .removal, oldValue: ["ada"]),
        ObservedChange(kind: .removal, oldValue: ["grace"], isPrior: true),
        ObservedChange(kind: .removal, oldValue: ["grace"]),
      ])
    token.invalidate()
  }

  @Test func anIntersectionRemovesTheElementsOutsideIt() {
    let team = Team()
    team.members = ["ada", "grace", "alan"]
    let log = Log<ObservedChange<Set<String>>>()
    let token = team.observe(\.members, options: [.old, .new]) { _, change in log.append(change) }
    team.formIntersection(["grace", "edsger"], in: \.members)
    #expect(team.members == ["grace"])
    #expect(log.values == [ObservedChange(kind: .removal, oldValue: ["ada", "alan"])])
    token.invalidate()
  }

  @Test func replacingTheContentsReportsWhatLeftAndWhatArrived() {
    let team = Team()
    team.members = ["ada", "grace"]
    let log = Log<ObservedChange<Set<String>>>()
    let token = team.observe(\.members, options: [.old, .new]) { _, change in log.append(change) }
    team.replaceElements(of: \.members, with: ["grace", "alan"])
    #expect(team.members == ["grace", "alan"])
    #expect(
      log.values == [ObservedChange(kind: .replacement, newValue: ["alan"], oldValue: ["ada"])])
    token.invalidate()
  }

  @Test func keyPathObserversSeeASetting() {
    let team = Team()
    let log = Log<ObservedChange<Int>>()
    let token = team.observe(\.size, options: [.old, .new]) { _, change in log.append(change) }
    team.formUnion(["grace", "alan"], in: \.members)
    team.subtract(["ada"], from: \.members)
    #expect(
      log.values == [
        ObservedChange(newValue: 3, oldValue: 1),
        ObservedChange(newValue: 2, oldValue: 3),
      ])
    token.invalidate()
  }

  @Test func withoutObserversTheSetStillChanges() {
    let team = Team()
    team.formUnion(["grace"], in: \.members)
    team.formIntersection(["grace", "alan"], in: \.members)
    team.replaceElements(of: \.members, with: ["alan"])
    #expect(team.members == ["alan"])
  }

  /// An observer that applies every change to its own copy ends with the same set.
  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func changesReplayedOnACopyGiveTheSameSet(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let team = Team()
    let copy = Log<Set<String>>()
    copy.append(team.members)
    let token = team.observe(\.members, options: [.old, .new]) { _, change in
      var replayed = copy.values.last!
      switch change.kind {
      case .setting: replayed = change.newValue!
      case .insertion: replayed.formUnion(change.newValue!)
      case .removal: replayed.subtract(change.oldValue!)
      case .replacement: replayed = replayed.subtracting(change.oldValue!).union(change.newValue!)
      }
      #expect(change.indexes == nil)
      copy.append(replayed)
    }
    let names = (0..<8).map { "n\($0)" }
    for _ in 0..<60 {
      let some = Set(names.filter { _ in Bool.random(using: &random) })
      switch Int.random(in: 0..<6, using: &random) {
      case 0: team.formUnion(some, in: \.members)
      case 1: team.subtract(some, from: \.members)
      case 2: team.formIntersection(some, in: \.members)
      case 3: team.replaceElements(of: \.members, with: some)
      case 4: team.insert(names.randomElement(using: &random)!, into: \.members)
      default: team.members = some
      }
      #expect(copy.values.last == team.members)
    }
    #expect(copy.values.count == 61)
    token.invalidate()
  }
}
