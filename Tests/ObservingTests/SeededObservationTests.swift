import Observing
import TestSupport
import Testing

/// Random sequences of registrations, assignments, replacements and invalidations, checked
/// against a model of what KVO would deliver to each observer.
@Suite("Seeded random observation sequences")
struct SeededObservationTests {
  /// What one observer has received, in a form the model can predict.
  struct Delivery: Equatable, CustomStringConvertible {
    var isPrior: Bool
    var newValue: Double?
    var oldValue: Double?
    var description: String {
      let old = oldValue.map { "\($0)" } ?? "-"
      let new = newValue.map { "\($0)" } ?? "-"
      return (isPrior ? "prior " : "") + old + "->" + new
    }
  }

  /// The observable key paths the test picks from, all read as `Double`.
  enum Path: CaseIterable {
    case width, widthThroughBase, area, originY, modelNumber
  }

  final class Observer {
    let path: Path
    let options: ObservingOptions
    var token: ObservationToken?
    var received: [Delivery] = []
    var expected: [Delivery] = []
    init(path: Path, options: ObservingOptions) {
      self.path = path
      self.options = options
    }
  }

  final class World {
    let square = Square()
    let owner = Owner()

    /// Checks the bookkeeping of every registry in the world (debug builds).
    func checkInvariants() {
      square.observationRegistry._checkInvariants()
      owner.observationRegistry._checkInvariants()
      owner.model.observationRegistry._checkInvariants()
    }

    func value(_ path: Path) -> Double {
      switch path {
      case .width, .widthThroughBase: square.width
      case .area: square.area
      case .originY: square.origin.y
      case .modelNumber: Double(owner.model.number)
      }
    }
  }

  static let seeds: [UInt64] = Array(1...40)

  @Test(arguments: seeds)
  func randomSequenceMatchesTheModel(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let world = World()
    var observers: [Observer] = []
    let allOptions: [ObservingOptions] = [.old, .new, .prior, .initial, .skipsEqualValues]

    func register() {
      let path = Path.allCases.randomElement(using: &generator)!
      var options: ObservingOptions = []
      for option in allOptions where Bool.random(using: &generator) { options.insert(option) }
      let observer = Observer(path: path, options: options)
      let record: (ObservedChange<Double>) -> Void = { [unowned observer] change in
        observer.received.append(
          Delivery(isPrior: change.isPrior, newValue: change.newValue, oldValue: change.oldValue))
      }
      if options.contains(.initial) {
        observer.expected.append(
          Delivery(
            isPrior: false, newValue: options.contains(.new) ? world.value(path) : nil,
            oldValue: nil))
      }
      observer.token =
        switch path {
        case .width: world.square.observe(\.width, options: options) { record($1) }
        case .widthThroughBase:
          (world.square as Shape).observe(\Shape.width, options: options) { record($1) }
        case .area: world.square.observe(\.area, options: options) { record($1) }
        case .originY: world.square.observe(\.origin.y, options: options) { record($1) }
        case .modelNumber:
          world.owner.observe(\.model.number, options: options) { _, change in
            record(
              ObservedChange(
                newValue: change.newValue.map(Double.init),
                oldValue: change.oldValue.map(Double.init),
                isPrior: change.isPrior))
          }
        }
      observers.append(observer)
    }

    /// Performs `change` and records what every active observer of `affected` should receive.
    func change(affecting affected: Set<Path>, _ change: () -> Void) {
      let active = observers.filter { $0.token?.isValid == true && affected.contains($0.path) }
      let before = active.map { world.value($0.path) }
      for (observer, old) in zip(active, before) where observer.options.contains(.prior) {
        observer.expected.append(
          Delivery(
            isPrior: true, newValue: nil, oldValue: observer.options.contains(.old) ? old : nil))
      }
      change()
      for (observer, old) in zip(active, before) {
        let new = world.value(observer.path)
        if observer.options.contains(.skipsEqualValues), old == new { continue }
        observer.expected.append(
          Delivery(
            isPrior: false,
            newValue: observer.options.contains(.new) ? new : nil,
            oldValue: observer.options.contains(.old) ? old : nil))
      }
    }

    for _ in 0..<300 {
      switch generator.next() % 8 {
      case 0, 1:
        register()
      case 2:
        let width = Double(generator.next() % 4)
        change(affecting: [.width, .widthThroughBase, .area]) { world.square.width = width }
      case 3:
        let y = Double(generator.next() % 3)
        change(affecting: [.originY]) { world.square.origin = Point(x: 1, y: y) }
      case 4:
        change(affecting: []) { world.square.color = "c\(generator.next() % 3)" }
      case 5:
        let number = Int(generator.next() % 3)
        change(affecting: [.modelNumber]) { world.owner.model.number = number }
      case 6:
        let number = Int(generator.next() % 3)
        let old = world.owner.model
        change(affecting: [.modelNumber]) { world.owner.model = Model(number: number) }
        change(affecting: []) { old.number += 1 }  // the replaced model no longer counts
      default:
        if let observer = observers.filter({ $0.token?.isValid == true })
          .randomElement(using: &generator)
        {
          observer.token?.invalidate()
        }
      }
      world.checkInvariants()
    }
    for observer in observers {
      #expect(
        observer.received == observer.expected,
        "\(observer.path) \(observer.options.rawValue): \(observer.received) != \(observer.expected)"
      )
      observer.token?.invalidate()
    }
    #expect(world.square.observationRegistry.count == 0)
    #expect(world.owner.observationRegistry.count == 0)
    #expect(world.owner.model.observationRegistry.count == 0)
    world.checkInvariants()
  }
}
