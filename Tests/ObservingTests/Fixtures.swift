import Foundation

@testable import Observing

/// The documentation's example class.
final class Person: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var name = "a"
  @Observed var age = 0
  @Observed var friends: [String] = []
  @Observed(notifiesAutomatically: false) var nickname = "n"
  var plain = 0
}

/// A base class and a subclass, for inherited properties.
class Shape: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var width = 1.0
  @Observed var origin = Point(x: 0, y: 0)
  init() {}
}

final class Square: Shape {
  @Observed var color = "red"
  var area: Double { width * width }
}

struct Point: Equatable, Sendable {
  var x: Double
  var y: Double
}

/// An owner that holds another observable object, for key paths through objects.
final class Owner: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var model = Model(number: 0)
  @Observed var optionalModel: Model?
  /// Reads `model.number`: followed through the model by recording.
  var modelNumberText: String { "\(model.number)" }
  /// Reads no `@Observed` property: notified by hand only.
  var unobserved = 0
}

final class Model: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var number: Int
  init(number: Int) { self.number = number }
}

/// Objects that refer to each other, for chains that come back to an object they passed:
/// a `Ring`'s link leads home, to a `Ring` (or another `RingStop`).
class RingStop: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var number: Int
  init(number: Int) { self.number = number }
}

final class Ring: RingStop {
  @Observed var link = RingLink(home: RingStop(number: -1))
}

final class RingLink: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var home: RingStop
  init(home: RingStop) { self.home = home }
}

/// Computed properties with automatic and declared dependencies, and manual notification.
final class Account: Observable {
  let observationRegistry = ObservationRegistry()
  @Observed var first = "Ada"
  @Observed var last = "Lovelace"
  @Observed var showsTitle = false
  @Observed var title = "Countess"
  private var backing = 20.0

  /// Reads `first` and `last`: found by recording.
  var fullName: String { "\(first) \(last)" }

  /// Reads `title` only when `showsTitle` is true: declared so it is always followed.
  var display: String { showsTitle ? "\(title) \(fullName)" : fullName }

  /// Backed by a plain stored property: notified by hand.
  var fahrenheit: Double { backing * 9 / 5 + 32 }

  class func keyPathsAffectingValue(for keyPath: AnyKeyPath) -> Set<AnyKeyPath> {
    keyPath == \Account.display ? [\Account.title] : []
  }

  func setCelsius(_ value: Double) {
    willChangeValue(for: \.fahrenheit)
    backing = value
    didChangeValue(for: \.fahrenheit)
  }
}

/// Collects what handlers receive.
final class Log<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []
  var values: [Value] { lock.withLock { storage } }
  func append(_ value: Value) { lock.withLock { storage.append(value) } }
}

/// One object with ten `Int` properties: a property per thread for the concurrency tests (eight
/// threads share its registry), and more properties than a registry remembers as unobserved.
final class Panel: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var p0 = 0
  @Observed var p1 = 0
  @Observed var p2 = 0
  @Observed var p3 = 0
  @Observed var p4 = 0
  @Observed var p5 = 0
  @Observed var p6 = 0
  @Observed var p7 = 0
  @Observed var p8 = 0
  @Observed var p9 = 0

  static let properties: [ReferenceWritableKeyPath<Panel, Int> & Sendable] = [
    \.p0, \.p1, \.p2, \.p3, \.p4, \.p5, \.p6, \.p7, \.p8, \.p9,
  ]

  /// Where property `index`'s storage sits, as its setter finds it.
  func offset(of index: Int) -> Int {
    let storage: [ReferenceWritableKeyPath<Panel, Observed<Int>>] = [
      \._p0, \._p1, \._p2, \._p3, \._p4, \._p5, \._p6, \._p7, \._p8, \._p9,
    ]
    return Observed<Int>.offset(in: self, storage[index])
  }
}
